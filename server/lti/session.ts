// The launch page's ticket, traded for a learner session (record 0295). The launch answered a
// page holding a one-time ticket (its sha256 kept on the login); the page's script sends it back
// with the login's state, which the browser that began the login kept in its storage. So an
// id_token posted into someone else's browser (a login forged across sites) opens no session
// there: that browser never kept the state. The call carries no ambient credential (no session
// cookie, no Authorization), so it needs no XSRF token: the ticket is the credential, once.
//
// A browser whose storage refused both sessionStorage and localStorage (a strict iframe) asks
// the platform's storage when the LMS offers one (`almacen: 'plataforma'`); with neither it says so
// (`almacen: 'ninguno'`), and then the state must come back in the cookie the login's answer set
// (HttpOnly, SameSite=None; Secure; Partitioned, named by the state's hash).
import type { Queryable } from '../db/db.ts';
import { hashToken, newToken } from '../security/tokens.ts';
import { acrossCompanies, forCompanyOf } from '../db/company-scope.ts';
import { LtiRefusal } from './refusal.ts';
import { LAUNCH } from './strings.ts';

/** How long the launch page's ticket can be traded. */
export const TICKET_LIFETIME_MS = 2 * 60 * 1000;

/** The cookie standing in for a browser's storage: `lti_state_<first 8 of the state's hash>`. */
export const stateCookieName = (state: string) => `lti_state_${hashToken(state).slice(0, 8)}`;

/**
 * Where the launch page found the state its login kept: the browser's storage, the platform's
 * storage (LTI Client Side postMessages), or neither (then the login's cookie must come back).
 */
export type StateKept = 'navegador' | 'plataforma' | 'ninguno';

/** Gives the launched login its ticket (and its LMS user); the raw ticket, for the page. */
export async function issueTicket(
  db: Queryable,
  stateHash: string,
  ltiUserId: number,
): Promise<string> {
  const ticket = newToken();
  await db.query(
    `UPDATE lti_logins SET ticket_hash = $2, lti_user_id = $3, launched_at = now()
      WHERE state_hash = $1 AND exchanged_at IS NULL`,
    [stateHash, hashToken(ticket), ltiUserId],
  );
  return ticket;
}

export interface Exchanged {
  companyId: number;
  userId: number;
}

interface TicketRow {
  company_id: number;
  state_hash: string;
  stale: boolean;
  exchanged_at: Date | string | null;
  user_id: number | null;
}

/**
 * Trades a ticket (once, within two minutes of the launch) for the learner it names. The ticket
 * is a random value: it is found across companies and names its company. A ticket presented with
 * a state that is not its login's, or without proof that this browser kept it, is spent.
 */
export async function exchangeTicket(
  given: Queryable,
  input: { ticket: string; state: string; kept: StateKept; cookieState: string | undefined },
): Promise<Exchanged> {
  const [row] = await acrossCompanies(given).query<TicketRow>(
    `SELECT l.company_id, l.state_hash, l.exchanged_at,
            l.launched_at < now() - ($2::double precision * interval '1 millisecond') AS stale,
            u.user_id
       FROM lti_logins l LEFT JOIN lti_users u ON u.id = l.lti_user_id
      WHERE l.ticket_hash = $1`,
    [hashToken(input.ticket), TICKET_LIFETIME_MS],
  );
  if (!row) throw new LtiRefusal(401, LAUNCH.ticketUnknown);
  const companyId = Number(row.company_id);
  const db = forCompanyOf(given, companyId);
  // Spent now, whatever follows: a ticket is tried once.
  const spent = await db.query(
    `UPDATE lti_logins SET exchanged_at = now()
      WHERE ticket_hash = $1 AND exchanged_at IS NULL RETURNING state_hash`,
    [hashToken(input.ticket)],
  );
  if (spent.length !== 1) throw new LtiRefusal(401, LAUNCH.ticketUsed);
  if (row.stale) throw new LtiRefusal(401, LAUNCH.ticketExpired);
  const held =
    hashToken(input.state) === row.state_hash &&
    (input.kept !== 'ninguno' || input.cookieState === input.state);
  if (!held) throw new LtiRefusal(403, LAUNCH.stateNotHeld);
  if (row.user_id === null) throw new LtiRefusal(403, LAUNCH.sessionNotLinked);
  return { companyId, userId: Number(row.user_id) };
}
