// The platform role's rows (record 0286): its accounts, their sessions and its audit, all the
// installation's (migration 066: outside the wall, no company_id), and what it reads of the
// companies. A platform account is never a row of `users`; a platform token is never in `tokens`.
import type { Queryable } from '../db/db.ts';
import { acrossCompanies } from '../db/company-scope.ts';
import { hashPassword } from '../security/passwords.ts';
import { hashToken, newToken } from '../security/tokens.ts';

/** A platform account's correo already taken (case aside). */
export class DuplicatePlatformAccountError extends Error {
  readonly code = 'DUPLICATE_PLATFORM_ACCOUNT';
  constructor() {
    super('A platform account with that email exists');
  }
}

export interface PlatformAccount {
  id: number;
  name: string;
  email: string;
}

/** A new platform account (the CLI's `plataforma add`); its id. */
export async function createPlatformAccount(
  db: Queryable,
  input: { name: string; email: string; password: string },
): Promise<PlatformAccount> {
  const hash = await hashPassword(input.password);
  try {
    const [row] = await db.query<{ id: number }>(
      'INSERT INTO platform_accounts (name, email, password_hash) VALUES ($1, $2, $3) RETURNING id',
      [input.name, input.email, hash],
    );
    return { id: Number(row!.id), name: input.name, email: input.email };
  } catch (error) {
    if ((error as { code?: string }).code === '23505') throw new DuplicatePlatformAccountError();
    throw error;
  }
}

/** The account a sign-in names by its correo, active or not (the caller refuses a disabled one). */
export async function platformAccountByEmail(
  db: Queryable,
  email: string,
): Promise<(PlatformAccount & { passwordHash: string; disabled: boolean }) | null> {
  const [row] = await db.query<{
    id: number;
    name: string;
    email: string;
    password_hash: string;
    disabled: boolean;
  }>(
    'SELECT id, name, email, password_hash, disabled FROM platform_accounts WHERE lower(email) = lower($1)',
    [email],
  );
  return row
    ? {
        id: Number(row.id),
        name: row.name,
        email: row.email,
        passwordHash: row.password_hash,
        disabled: row.disabled,
      }
    : null;
}

/** A new session of a platform account; the raw token (stored only as its hash). */
export async function issuePlatformSession(
  db: Queryable,
  accountId: number,
  ttlMs: number,
): Promise<string> {
  const token = newToken();
  await db.query(
    `INSERT INTO platform_sessions (account_id, token_hash, expires_at)
     VALUES ($1, $2, now() + ($3::double precision * interval '1 millisecond'))`,
    [accountId, hashToken(token), Math.max(1, ttlMs)],
  );
  return token;
}

/** The account of a live platform session (not revoked, not expired, account not disabled). */
export async function platformSessionForToken(
  db: Queryable,
  token: string,
): Promise<PlatformAccount | null> {
  const [row] = await db.query<{ id: number; name: string; email: string }>(
    `SELECT a.id, a.name, a.email FROM platform_sessions s
       JOIN platform_accounts a ON a.id = s.account_id
      WHERE s.token_hash = $1 AND s.revoked_at IS NULL AND s.expires_at > now()
        AND NOT a.disabled`,
    [hashToken(token)],
  );
  return row ? { id: Number(row.id), name: row.name, email: row.email } : null;
}

export async function revokePlatformSession(db: Queryable, token: string): Promise<void> {
  await db.query(
    'UPDATE platform_sessions SET revoked_at = now() WHERE token_hash = $1 AND revoked_at IS NULL',
    [hashToken(token)],
  );
}

export type PlatformAction =
  | 'crear-cuenta'
  | 'ingreso'
  | 'ingreso-fallido'
  | 'salida'
  | 'crear-empresa'
  | 'crear-coordinador'
  // A company created from a configuration file whose later step failed: its rows were removed
  // (record 0293).
  | 'crear-empresa-deshecha'
  // Version 1 of a company's configuration, from the file given at its creation (record 0293).
  | 'importar-configuracion'
  // A company that leaves (record 0293): its export (sha256, state hash, counts), its deletion.
  | 'exportar-empresa'
  | 'eliminar-empresa'
  // The installation's operator set (record 0294).
  | 'fijar-operador';

/** One row of the platform's own audit (append-only, migration 066). */
export async function platformAudit(
  db: Queryable,
  actor: { id: number | null; name: string },
  action: PlatformAction,
  company: number | null,
  details: Record<string, unknown> = {},
): Promise<void> {
  await db.query(
    `INSERT INTO platform_audit (actor_id, actor_name, action, target_company_id, details)
     VALUES ($1, $2, $3, $4, $5::jsonb)`,
    [actor.id, actor.name, action, company, JSON.stringify(details)],
  );
}

export interface CompanyRow {
  id: number;
  name: string;
  createdAt: string;
  learners: number;
}

/**
 * Every company with how many learners it has — a number, never who (record 0286). The count
 * reads `users` of every company: `todas`, the platform's one read across the wall.
 */
export async function companiesOverview(db: Queryable): Promise<CompanyRow[]> {
  const [companies, counts] = await Promise.all([
    db.query<{ id: number; name: string; created_at: Date | string }>(
      'SELECT id, name, created_at FROM companies ORDER BY id',
    ),
    acrossCompanies(db).query<{ company_id: number; n: number }>(
      `SELECT company_id, count(*)::int AS n FROM users WHERE role = 'aprendiz'
        GROUP BY company_id`,
    ),
  ]);
  const learners = new Map(counts.map((c) => [Number(c.company_id), Number(c.n)]));
  return companies.map((c) => ({
    id: Number(c.id),
    name: c.name,
    createdAt: new Date(c.created_at).toISOString(),
    learners: learners.get(Number(c.id)) ?? 0,
  }));
}
