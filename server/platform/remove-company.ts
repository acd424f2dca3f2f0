// A company that leaves (record 0293): its export, downloaded and recorded, then its deletion.
// The deletion removes every row of the company in every table, its keys' ids and its
// `companies` row, through the one path migration 070 sanctions (`remove_company`), in one
// transaction with the platform's audit row — who, when, the company's name, the export's sha256
// and its counts: the only trace the installation keeps. Allowed only when the newest export
// recorded for the company is of its current state (the same rows, compared by their hash) and
// the company's name is typed to confirm; company 1 (the installation's own) never.
import type { AppContext } from '../context.ts';
import type { Db, Queryable } from '../db/db.ts';
import { forCompanyOf } from '../db/company-scope.ts';
import { companyById, FIRST_COMPANY_ID } from '../db/company-store.ts';
import { audit } from '../console/audit.ts';
import { buildCompanyExport, companySnapshot, type BuiltExport } from './export-company.ts';
import { platformAudit, type PlatformAccount } from './store.ts';
import { esPlatform as T } from './strings/es-platform.ts';

/** The newest export the platform recorded for the company, or null. */
export interface RecordedExport {
  at: string;
  by: string;
  sha256: string;
  estado: string;
  conteos: Record<string, number>;
}

export async function latestExport(db: Queryable, company: number): Promise<RecordedExport | null> {
  const [row] = await db.query<{ at: Date | string; actor_name: string; details: unknown }>(
    `SELECT at, actor_name, details FROM platform_audit
      WHERE action = 'exportar-empresa' AND target_company_id = $1
      ORDER BY at DESC, id DESC LIMIT 1`,
    [company],
  );
  if (!row) return null;
  const details = (
    typeof row.details === 'string' ? JSON.parse(row.details) : row.details
  ) as Record<string, unknown>;
  return {
    at: new Date(row.at).toISOString(),
    by: row.actor_name,
    sha256: String(details.sha256 ?? ''),
    estado: String(details.estado ?? ''),
    conteos: (details.conteos ?? {}) as Record<string, number>,
  };
}

const who = (account: PlatformAccount) => T.who(`${account.name} <${account.email}>`);

/** Builds the company's export and records it (the platform's audit and the company's log). */
export async function exportCompany(
  ctx: AppContext,
  account: PlatformAccount,
  company: number,
): Promise<BuiltExport> {
  const built = await buildCompanyExport(ctx, company, who(account));
  const address = await companyById(ctx.db, company);
  await platformAudit(ctx.db, account, 'exportar-empresa', company, {
    empresa: address?.name ?? '',
    sha256: built.sha256,
    estado: built.estado,
    conteos: built.conteos,
  });
  await audit(
    forCompanyOf(ctx.db, company),
    { userId: null, name: who(account) },
    'exportar-empresa',
    null,
    { sha256: built.sha256, archivo: built.fileName },
  );
  return built;
}

export type RemovalRefusal = 'not-found' | 'first' | 'no-export' | 'changed' | 'name';

/** Whether the newest recorded export is of the company's current state. */
export async function exportIsCurrent(
  db: Queryable,
  company: number,
): Promise<{ recorded: RecordedExport | null; current: boolean }> {
  const recorded = await latestExport(db, company);
  if (!recorded) return { recorded, current: false };
  const { estado } = await companySnapshot(db, company);
  return { recorded, current: estado === recorded.estado };
}

/** The same name, whatever its case and spaces. */
const sameName = (a: string, b: string) =>
  a.trim().replace(/\s+/g, ' ').toLowerCase() === b.trim().replace(/\s+/g, ' ').toLowerCase();

/** Deletes every row of `company` (migration 070's path), with `after` in the same transaction. */
export async function removeCompanyRows(
  db: Db,
  company: number,
  after?: (tx: Queryable) => Promise<void>,
): Promise<void> {
  await forCompanyOf(db, company).transaction(async (tx) => {
    await tx.query('SELECT remove_company($1)', [company]);
    if (after) await after(tx);
  });
}

/** Deletes the company when its current state was exported and its name typed; else why not. */
export async function removeCompany(
  ctx: AppContext,
  account: PlatformAccount,
  company: number,
  typedName: string,
): Promise<{ ok: true; name: string } | { ok: false; refusal: RemovalRefusal }> {
  const address = await companyById(ctx.db, company);
  if (!address) return { ok: false, refusal: 'not-found' };
  if (company === FIRST_COMPANY_ID) return { ok: false, refusal: 'first' };
  if (!sameName(typedName, address.name)) return { ok: false, refusal: 'name' };
  const { recorded, current } = await exportIsCurrent(ctx.db, company);
  if (!recorded) return { ok: false, refusal: 'no-export' };
  if (!current) return { ok: false, refusal: 'changed' };
  await removeCompanyRows(ctx.db, company, (tx) =>
    platformAudit(tx, account, 'eliminar-empresa', company, {
      empresa: address.name,
      direccion: address.slug,
      sha256: recorded.sha256,
      exportadaEn: recorded.at,
      conteos: recorded.conteos,
    }),
  );
  return { ok: true, name: address.name };
}
