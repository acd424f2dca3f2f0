// Personal invitations (docs/decisions/0210-invitations-threat-model.md): a link and a code per
// learner, made in the console, redeemed by the learner with the document number. The server
// sends nothing itself: the console prints cards and opens WhatsApp links.
//
// - The link's token has 128 random bits and is stored as a sha256 hash (like sign-in tokens).
// - The code has 10 digits and is stored as a salted scrypt hash (passwords.ts): it is always
//   typed together with the document number, so it is checked only against that learner's live
//   invitation (else their newest), one hash per try whatever the document (record 0267).
// - One row is one invitation: using its link or its code uses it (single use). Issuing a new
//   one revokes the learner's earlier unused ones (a lost card stops working).
// - Every wrong document (with a link) or wrong code (with a document) counts in the row, in the
//   database; at MAX_FAILED_ATTEMPTS the row is revoked and the coordinator issues a new one.
// - A deactivated learner's invitations are refused, and so are expired ones; why a card is
//   refused is told only with the right document (record 0267).
import { randomBytes, randomInt } from 'node:crypto';
import type { Db, Queryable } from './db/db.ts';
import { hashPassword, verifyPassword } from './security/passwords.ts';
import { hashToken } from './security/tokens.ts';
import { audit, type Actor } from './console/audit.ts';
import { acrossCompanies, forCompanyOf, setRequestCompany } from './db/company-scope.ts';
import { FIRST_COMPANY_ID } from './db/company-store.ts';

/** How long an invitation lives (record 0210). */
export const INVITATION_LIFETIME_MS = {
  /** A printed card or a WhatsApp message for the first day: two weeks. */
  tarjeta: 14 * 24 * 60 * 60 * 1000,
  /** A fresh code for a learner on another phone: one day. */
  codigo: 24 * 60 * 60 * 1000,
} as const;

/** The session an invitation opens: long-lived on the learner's phone, revocable (record 0210). */
export const INVITATION_SESSION_TTL_MS = 90 * 24 * 60 * 60 * 1000;

/** Wrong attempts an invitation survives; the next one revokes it. */
export const MAX_FAILED_ATTEMPTS = 5;

/** Digits of a code. */
export const CODE_DIGITS = 10;

export type InvitationKind = keyof typeof INVITATION_LIFETIME_MS;

export interface IssuedInvitation {
  userId: number;
  /** Raw link token: shown once (card, WhatsApp), never stored. */
  token: string;
  /** Raw code, CODE_DIGITS digits: shown once, never stored. */
  code: string;
  expiresAt: string;
}

export const newInvitationToken = () => randomBytes(16).toString('base64url');

export function newInvitationCode(): string {
  let code = '';
  for (let i = 0; i < CODE_DIGITS; i++) code += String(randomInt(10));
  return code;
}

/** A code as typed: spaces, dots and dashes ignored; null unless exactly CODE_DIGITS digits. */
export function normalizeCode(input: string): string | null {
  const digits = input.replace(/[\s.-]/g, '');
  return new RegExp(`^\\d{${CODE_DIGITS}}$`).test(digits) ? digits : null;
}

/** A code for reading aloud and typing: «12345 67890». */
export const formatCode = (code: string) => `${code.slice(0, 5)} ${code.slice(5)}`;

/** A link token as it appears in the link: base64url, 22 characters. */
export const isInvitationTokenShaped = (value: string) => /^[A-Za-z0-9_-]{22}$/.test(value);

/** One invitation made and hashed, not yet saved: the raw link and code live only here. */
export interface MadeInvitation {
  learner: { id: number; name: string };
  token: string;
  code: string;
  codeHash: string;
}

/**
 * Makes a link and a code per learner and hashes the codes (scrypt on the thread pool, a few at
 * a time; `onProgress` after each). The slow part of issuing: a job runs it off the request
 * (record 0273).
 */
export async function makeInvitations(
  learners: { id: number; name: string }[],
  onProgress: (done: number) => void = () => {},
  concurrency = 4,
): Promise<MadeInvitation[]> {
  const made = new Array<MadeInvitation>(learners.length);
  let next = 0;
  let done = 0;
  const worker = async () => {
    while (next < learners.length) {
      const i = next++;
      const code = newInvitationCode();
      made[i] = {
        learner: learners[i]!,
        token: newInvitationToken(),
        code,
        codeHash: await hashPassword(code),
      };
      onProgress(++done);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, learners.length) }, worker));
  return made;
}

/**
 * Saves invitations made by makeInvitations inside the caller's transaction: each learner's
 * earlier unused ones revoked, one row and one audit row (no secret in it) per learner.
 */
export async function saveInvitations(
  tx: Queryable,
  actor: Actor,
  made: MadeInvitation[],
  kind: InvitationKind,
  expiresAt: Date,
): Promise<void> {
  for (const m of made) {
    await revokeUnusedInvitations(tx, m.learner.id);
    await tx.query(
      `INSERT INTO invitations (user_id, kind, token_hash, code_hash, created_by, expires_at)
       VALUES ($1, $2, $3, $4, $5, $6)`,
      [m.learner.id, kind, hashToken(m.token), m.codeHash, actor.userId, expiresAt],
    );
    await audit(
      tx,
      actor,
      'invitacion-emitida',
      { id: Number(m.learner.id), name: m.learner.name },
      { tipo: kind, vence: expiresAt.toISOString() },
    );
  }
}

/** The chosen learners who may get an invitation (active learners), in no particular order. */
export async function invitableLearners(
  db: Queryable,
  userIds: number[],
): Promise<{ id: number; name: string }[]> {
  const rows = await db.query<{ id: number; name: string }>(
    `SELECT id, name FROM users WHERE id = ANY($1::integer[]) AND active AND role = 'aprendiz'`,
    [[...new Set(userIds)]],
  );
  return rows.map((r) => ({ id: Number(r.id), name: r.name }));
}

/**
 * Issues one invitation per learner (active learners only; others are skipped), revoking each
 * one's earlier unused invitations, and writes one audit row per learner (no secret in it).
 */
export async function issueInvitations(
  db: Db,
  actor: Actor,
  userIds: number[],
  kind: InvitationKind,
  now = new Date(),
): Promise<IssuedInvitation[]> {
  const unique = [...new Set(userIds)];
  if (!unique.length) return [];
  const learners = await invitableLearners(db, unique);
  const expiresAt = new Date(now.getTime() + INVITATION_LIFETIME_MS[kind]);
  // The hashes first (scrypt runs on the thread pool), then one short transaction.
  const made = await makeInvitations(learners);
  await db.transaction((tx) => saveInvitations(tx, actor, made, kind, expiresAt));
  const order = new Map(unique.map((id, i) => [id, i]));
  return made
    .map((m) => ({
      userId: Number(m.learner.id),
      token: m.token,
      code: m.code,
      expiresAt: expiresAt.toISOString(),
    }))
    .sort((a, b) => order.get(a.userId)! - order.get(b.userId)!);
}

/**
 * Revokes a learner's unused invitations: on deactivation and on reactivation, so that a
 * reactivated worker needs a new card (record 0267).
 */
export async function revokeUnusedInvitations(db: Queryable, userId: number): Promise<void> {
  await db.query(
    `UPDATE invitations SET revoked_at = now()
      WHERE user_id = $1 AND used_at IS NULL AND revoked_at IS NULL`,
    [userId],
  );
}

export type RedeemRefusal =
  /** Nothing matches: unknown link, unknown document, wrong code, or link for another document. */
  | 'no-match'
  /** The invitation was already used. */
  | 'used'
  | 'expired'
  /** Replaced by a newer one, or its attempt budget is spent. */
  | 'revoked'
  | 'deactivated';

export type RedeemResult = { ok: true; userId: number } | { ok: false; reason: RedeemRefusal };

interface InvitationRow {
  id: number;
  user_id: number;
  company_id: number;
  document: string;
  name: string;
  active: boolean;
  expired: boolean;
  used_at: Date | string | null;
  revoked_at: Date | string | null;
  failed_attempts: number;
  code_hash: string;
}

const ROW_SELECT = `
  SELECT i.id, i.user_id, i.company_id, u.document, u.name, u.active, i.expires_at <= now() AS expired,
         i.used_at, i.revoked_at, i.failed_attempts, i.code_hash
    FROM invitations i JOIN users u ON u.id = i.user_id`;

const learnerOf = (row: InvitationRow) => ({ id: Number(row.user_id), name: row.name });

async function auditRefusal(
  db: Queryable,
  row: InvitationRow | null,
  via: 'enlace' | 'codigo',
  reason: RedeemRefusal,
) {
  await audit(
    db,
    { userId: null, name: row?.name ?? 'desconocido' },
    'invitacion-rechazada',
    row ? learnerOf(row) : null,
    { via, motivo: reason },
  );
}

/** Why a row cannot be used now, else null. */
function refusalOf(row: InvitationRow): RedeemRefusal | null {
  if (!row.active) return 'deactivated';
  if (row.used_at !== null) return 'used';
  if (row.revoked_at !== null) return 'revoked';
  if (row.expired) return 'expired';
  return null;
}

/** One more failed attempt on these rows; a row that reaches the budget is revoked. */
async function countFailure(db: Queryable, ids: number[]) {
  // Run even with no row, so a code check does the same work for any document (record 0267).
  await db.query(
    `UPDATE invitations
        SET failed_attempts = failed_attempts + 1,
            revoked_at = CASE WHEN failed_attempts + 1 >= $2 THEN COALESCE(revoked_at, now())
                              ELSE revoked_at END
      WHERE id = ANY($1::integer[])`,
    [ids, MAX_FAILED_ATTEMPTS],
  );
}

/** Marks the row used unless someone used it meanwhile (single use under concurrency). */
async function claim(db: Queryable, row: InvitationRow): Promise<boolean> {
  const rows = await db.query<{ id: number }>(
    `UPDATE invitations SET used_at = now()
      WHERE id = $1 AND used_at IS NULL AND revoked_at IS NULL AND expires_at > now()
      RETURNING id`,
    [row.id],
  );
  return rows.length === 1;
}

/**
 * Redeems a link: the token and the document number typed on the landing page. The link is
 * a random value: it is looked up across companies and names its invitation's company, in which
 * everything after it acts — the rest of the request too (`setRequestCompany`, record 0283), so
 * the session the route then opens is that company's. An unknown link is recorded in company 1's
 * log, the company of the address it was typed on for now.
 */
export async function redeemLink(
  given: Queryable,
  token: string,
  document: string,
): Promise<RedeemResult> {
  const [row] = await acrossCompanies(given).query<InvitationRow>(
    `${ROW_SELECT} WHERE i.token_hash = $1`,
    [hashToken(token)],
  );
  if (!row) {
    await auditRefusal(forCompanyOf(given, FIRST_COMPANY_ID), null, 'enlace', 'no-match');
    return { ok: false, reason: 'no-match' };
  }
  const companyId = Number(row.company_id);
  setRequestCompany(companyId);
  const db = forCompanyOf(given, companyId);
  const refusal = refusalOf(row);
  if (row.document !== document) {
    // A forwarded link is useless without the right document; each try on a live one counts.
    // Whether the card was used, replaced or its worker deactivated is told only to someone who
    // has both (record 0267): with any other document it is «no coinciden», nothing more.
    if (!refusal) await countFailure(db, [row.id]);
    await auditRefusal(db, row, 'enlace', 'no-match');
    return { ok: false, reason: 'no-match' };
  }
  if (refusal) {
    await auditRefusal(db, row, 'enlace', refusal);
    return { ok: false, reason: refusal };
  }
  if (!(await claim(db, row))) {
    await auditRefusal(db, row, 'enlace', 'used');
    return { ok: false, reason: 'used' };
  }
  await audit(db, { userId: null, name: row.name }, 'invitacion-usada', learnerOf(row), {
    via: 'enlace',
  });
  return { ok: true, userId: Number(row.user_id) };
}

/**
 * Redeems a code: the document number and the code, both typed. One row is checked, with one
 * hash, whatever the document (record 0267): the learner's live invitation, or when none is live
 * their newest one (so the code of the last card still gets its own answer, «ya se usó», «venció»),
 * or for an unknown document or a learner without invitations a dummy hash. The work, and so the
 * time, does not tell an unknown document from a worker with many cards.
 */
export async function redeemCode(
  given: Queryable,
  document: string,
  code: string,
  company: number = FIRST_COMPANY_ID,
): Promise<RedeemResult> {
  // A document names no company: the code is checked among the learners of the company of the
  // address it was typed on (`company`, record 0288; company 1 without one, record 0283); the
  // rest of the request (the session the route then opens) is that company's too.
  setRequestCompany(company);
  const db = forCompanyOf(given, company);
  const [row] = await db.query<InvitationRow>(
    `${ROW_SELECT} WHERE u.document = $1
      ORDER BY (u.active AND i.used_at IS NULL AND i.revoked_at IS NULL AND i.expires_at > now()) DESC,
               i.created_at DESC, i.id DESC
      LIMIT 1`,
    [document],
  );
  const matches = await verifyPassword(code, row?.code_hash ?? null);
  if (!row || !matches) {
    await countFailure(db, row && refusalOf(row) === null ? [row.id] : []);
    await auditRefusal(db, row ?? null, 'codigo', 'no-match');
    return { ok: false, reason: 'no-match' };
  }
  const refusal = refusalOf(row);
  if (refusal) {
    await auditRefusal(db, row, 'codigo', refusal);
    return { ok: false, reason: refusal };
  }
  if (!(await claim(db, row))) {
    await auditRefusal(db, row, 'codigo', 'used');
    return { ok: false, reason: 'used' };
  }
  await audit(db, { userId: null, name: row.name }, 'invitacion-usada', learnerOf(row), {
    via: 'codigo',
  });
  return { ok: true, userId: Number(row.user_id) };
}
