// Sessions in the database: sign-in tokens (stored as hashes) by scope, why a session ended
// (decision 0231), and the secret every server instance shares (decision 0233). Re-exported by
// store.ts.
import { randomBytes } from 'node:crypto';
import type { Queryable } from './db.ts';
import { acrossCompanies } from './company-scope.ts';
import type { Role } from './store.ts';
import { hashToken, newToken } from '../security/tokens.ts';

/** Where a token was issued: the learner app or the console (decision 0185). */
export type TokenScope = 'app' | 'consola';

export async function issueToken(
  db: Queryable,
  userId: number,
  ttlMs: number,
  scope: TokenScope = 'app',
): Promise<string> {
  const token = newToken();
  // The session belongs to its account's company, named from the account's row, not left to the
  // transaction's default (record 0283): a sign-in may run before the request knows its company.
  // An account the transaction cannot see (another company's) gets no session.
  const rows = await db.query<{ user_id: number }>(
    `INSERT INTO tokens (user_id, company_id, token_hash, expires_at, scope)
     SELECT u.id, u.company_id, $2, now() + ($3::double precision * interval '1 millisecond'), $4
       FROM users u WHERE u.id = $1
     RETURNING user_id`,
    // At most a year: an invitation's session on the learner's phone is 90 days (record 0210).
    [userId, hashToken(token), Math.max(1, Math.min(ttlMs, 366 * 24 * 60 * 60 * 1000)), scope],
  );
  if (rows.length !== 1) throw new Error(`no account ${userId} in this company for a session`);
  return token;
}

/**
 * The learner's induction cycle when this session was opened (the newest cycle that had started
 * by then; 1 before any reinducción). A save without `cycle` belongs to it, so one from a session
 * older than a reinducción never lands in the new cycle (record 0267). Null for an unknown token.
 */
export async function sessionCycle(db: Queryable, token: string): Promise<number | null> {
  // A token is a random value: found across companies, it names one session (record 0283).
  const [row] = await acrossCompanies(db).query<{ cycle: number }>(
    `SELECT COALESCE((SELECT max(c.cycle) FROM induction_cycles c
                       WHERE c.user_id = t.user_id AND c.started_at <= t.created_at), 1) AS cycle
       FROM tokens t WHERE t.token_hash = $1`,
    [hashToken(token)],
  );
  return row ? Number(row.cycle) : null;
}

/** The user id of a live token (not revoked, not expired), else null. */
export async function userIdForToken(db: Queryable, token: string): Promise<number | null> {
  return (await sessionForToken(db, token))?.userId ?? null;
}

/** The account behind a live token of an active user, with its role, else null. */
export async function sessionForToken(
  db: Queryable,
  token: string,
): Promise<{
  userId: number;
  companyId: number;
  role: Role;
  name: string;
  scope: TokenScope;
} | null> {
  // Found across companies (a random value names one session); the session names its company.
  const [row] = await acrossCompanies(db).query<{
    user_id: number;
    company_id: number;
    role: Role;
    name: string;
    scope: TokenScope;
  }>(
    `SELECT t.user_id, u.company_id, u.role, u.name, t.scope FROM tokens t
       JOIN users u ON u.id = t.user_id AND u.company_id = t.company_id
      WHERE t.token_hash = $1 AND t.revoked_at IS NULL AND t.expires_at > now() AND u.active`,
    [hashToken(token)],
  );
  return row
    ? {
        userId: Number(row.user_id),
        companyId: Number(row.company_id),
        role: row.role,
        name: row.name,
        scope: row.scope,
      }
    : null;
}

export async function revokeToken(db: Queryable, token: string): Promise<void> {
  await acrossCompanies(db).query(
    "UPDATE tokens SET revoked_at = now(), revoked_reason = 'salida' WHERE token_hash = $1 AND revoked_at IS NULL",
    [hashToken(token)],
  );
}

/**
 * A secret every server instance on this database shares (decision 0233): created once by
 * whichever asks first (a race leaves the first row), read by all.
 */
export async function sharedSecret(db: Queryable, name: string): Promise<string> {
  await db.query(
    'INSERT INTO server_secrets (name, value) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING',
    [name, randomBytes(32).toString('base64url')],
  );
  const [row] = await db.query<{ value: string }>(
    'SELECT value FROM server_secrets WHERE name = $1',
    [name],
  );
  return row!.value;
}

/** Why a session ends (decision 0231), as the 401's `reason` tells the app. */
export type SessionEndReason = 'expired' | 'password-reset' | 'deactivated';

/** Ends every session of a user, recording why (a password reset or a deactivation). */
export async function revokeUserTokens(
  db: Queryable,
  userId: number,
  reason: 'contrasena' | 'desactivada',
): Promise<void> {
  await db.query(
    'UPDATE tokens SET revoked_at = now(), revoked_reason = $2 WHERE user_id = $1 AND revoked_at IS NULL',
    [userId, reason],
  );
}

/**
 * Why a token that is no live session stopped being one: its account deactivated, its
 * password reset, else (unknown, signed out, expired) 'expired'. Names no one.
 */
export async function sessionEndReason(db: Queryable, token: string): Promise<SessionEndReason> {
  const [row] = await acrossCompanies(db).query<{ revoked_reason: string | null; active: boolean }>(
    `SELECT t.revoked_reason, u.active FROM tokens t JOIN users u ON u.id = t.user_id
      WHERE t.token_hash = $1`,
    [hashToken(token)],
  );
  if (!row) return 'expired';
  if (!row.active || row.revoked_reason === 'desactivada') return 'deactivated';
  if (row.revoked_reason === 'contrasena') return 'password-reset';
  return 'expired';
}

/** Housekeeping: tokens expired or revoked more than a day ago serve no purpose. */
export async function purgeTokens(db: Queryable): Promise<void> {
  // Every company's (record 0283).
  await acrossCompanies(db).query(
    `DELETE FROM tokens WHERE expires_at < now() - interval '1 day' OR revoked_at < now() - interval '1 day'`,
  );
}
