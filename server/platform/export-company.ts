// The export of a company's whole record (record 0293; docs/company-export.md): every row the
// company holds in every table of the wall, but its session and link secrets (`tokens`,
// `certificate_links`: hashes of credentials, worth nothing outside and never to be handed on).
// The file verifies outside the installation: the acceptance seals are HMACs under a key that
// stays secret, so the installation checks them here (the chain check of the console's
// registro) and signs each acceptance that holds, the chain head when the rows end where it
// says, and each certificate, with the company's Ed25519 key — the key whose id the
// certificates' QR statements and /api/gate-keys name — and signs the whole content too.
// scripts/verify-company-export.ts checks it with the public keys alone.
import { createHash, sign } from 'node:crypto';
import type { AppContext } from '../context.ts';
import type { Queryable } from '../db/db.ts';
import { forCompanyOf } from '../db/company-scope.ts';
import { companyById } from '../db/company-store.ts';
import { keyRing } from '../acceptance/installation-key.ts';
import { checkChain } from '../acceptance/store.ts';
import {
  canonicalJson,
  EXPORT_FORMAT,
  rowBytes,
  type CompanyExportContent,
  type CompanyExportFile,
  type ExportRow,
  type ExportValue,
  type SignedTable,
} from '../../src/domain/company-export/format.ts';

/**
 * Every table that holds a company's rows (a `company_id` column), in the order their rows are
 * listed; migration 070's `remove_company` deletes the same set. The platform's test compares it
 * with the database's own list.
 */
export const COMPANY_TABLES = [
  'users',
  'progress',
  'induction_cycles',
  'answers',
  'learning_sessions',
  'shown_texts',
  'published_statements',
  'acceptances',
  'acceptance_chain_head',
  'certificates',
  'audit_log',
  'audit_samples',
  'audit_exclusions',
  'company_configs',
  'obras',
  'data_notice_versions',
  'invitations',
  'console_invitation_sheets',
  'import_jobs',
  'console_notices',
  'sign_in_failures',
  'installation_keys',
  'lti_registrations',
  'lti_deployments',
  'lti_users',
  'lti_grade_targets',
] as const;

/** Deleted with the company but not exported: credentials' hashes (sessions, download links). */
export const NOT_EXPORTED = [
  'tokens',
  'certificate_links',
  // LTI (record 0295): the tool's wrapped private keys, one-time logins and registration links.
  'lti_tool_keys',
  'lti_logins',
  'lti_registration_links',
] as const;

/**
 * Columns left out of the export: credentials and what opens something in this installation (a
 * password's hash, an invitation's token and code hashes, a sheet's sealed codes, a stored key's
 * secret — derived keys' rows hold 'derivada'). Worth nothing outside, never to be handed on.
 */
export const NOT_EXPORTED_COLUMNS: Readonly<Record<string, readonly string[]>> = {
  users: ['password_hash'],
  invitations: ['token_hash', 'code_hash'],
  console_invitation_sheets: ['sealed'],
  installation_keys: ['secret'],
};

/** A database value as JSON: times as ISO text, bytes as base64, big numbers as text. */
function plain(value: unknown): ExportValue {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return value.toISOString();
  if (value instanceof Uint8Array) return Buffer.from(value).toString('base64');
  if (typeof value === 'bigint') return value.toString();
  if (Array.isArray(value)) return value.map(plain);
  if (typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, plain(v)]));
  return value as ExportValue;
}

export interface CompanySnapshot {
  tablas: Record<string, ExportRow[]>;
  conteos: Record<string, number>;
  /** sha256 of the rows but the company's own records of earlier exports (see stateHash). */
  estado: string;
}

/**
 * The company's state as a hash: its rows, without the audit rows that record an export (an
 * export writes one after it is made: the state it exported is the state before that row).
 */
export function stateHash(tablas: Record<string, ExportRow[]>): string {
  const kept = {
    ...tablas,
    audit_log: (tablas.audit_log ?? []).filter((r) => r.action !== 'exportar-empresa'),
  };
  return createHash('sha256').update(canonicalJson(kept)).digest('hex');
}

/** Every exported row of the company, each table's rows in a fixed order. */
export async function companySnapshot(db: Queryable, company: number): Promise<CompanySnapshot> {
  const scoped = forCompanyOf(db, company);
  const tablas: Record<string, ExportRow[]> = {};
  for (const table of COMPANY_TABLES) {
    const rows = await scoped.query<Record<string, unknown>>(
      `SELECT * FROM ${table} WHERE company_id = $1`,
      [company],
    );
    const plainRows = rows.map((r) => plain(r) as ExportRow);
    for (const column of NOT_EXPORTED_COLUMNS[table] ?? [])
      for (const r of plainRows) delete r[column];
    const keyed = plainRows.map((r) => [canonicalJson(r), r] as const);
    keyed.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    tablas[table] = keyed.map(([, r]) => r);
  }
  const conteos = Object.fromEntries(Object.entries(tablas).map(([t, r]) => [t, r.length]));
  return { tablas, conteos, estado: stateHash(tablas) };
}

export interface BuiltExport {
  text: string;
  sha256: string;
  estado: string;
  conteos: Record<string, number>;
  fileName: string;
}

/**
 * The company's export, signed. `by` names who exported it (the platform account). The company
 * must exist (the caller checked).
 */
export async function buildCompanyExport(
  ctx: AppContext,
  company: number,
  by: string,
  now = new Date(),
): Promise<BuiltExport> {
  const address = await companyById(ctx.db, company);
  if (!address) throw new Error(`empresa ${company} no existe`);
  const scoped = forCompanyOf(ctx.db, company);
  const key = await ctx.installationKey(company);
  const ring = await keyRing(scoped, key);
  const snapshot = await companySnapshot(ctx.db, company);
  const chain = await checkChain(scoped, key);
  const [created] = await ctx.db.query<{ created_at: Date | string }>(
    'SELECT created_at FROM companies WHERE id = $1',
    [company],
  );

  const signRow = (table: SignedTable, row: ExportRow) => ({
    clave: key.keyId,
    valor: sign(null, rowBytes(table, row), key.signingKey).toString('base64url'),
  });
  const firmasDeFilas: CompanyExportContent['firmasDeFilas'] = {
    acceptances: {},
    acceptance_chain_head: {},
    certificates: {},
  };
  for (const row of snapshot.tablas.acceptances ?? []) {
    const id = Number(row.id);
    // Signed only when its seal, its link and the text it names held at the export.
    if (chain.broken.has(id) || chain.unknownKey.has(id) || chain.textAltered.has(id)) continue;
    firmasDeFilas.acceptances[String(row.id)] = signRow('acceptances', row);
  }
  if (!chain.tail)
    for (const row of snapshot.tablas.acceptance_chain_head ?? [])
      firmasDeFilas.acceptance_chain_head[String(row.company_id)] = signRow(
        'acceptance_chain_head',
        row,
      );
  for (const row of snapshot.tablas.certificates ?? [])
    firmasDeFilas.certificates[String(row.id)] = signRow('certificates', row);

  const claves: Record<string, string> = {};
  for (const [id, material] of ring.keys) claves[id] = material.publicKey;
  const content: CompanyExportContent = {
    formato: EXPORT_FORMAT,
    empresa: {
      id: company,
      nombre: address.name,
      direccion: address.slug,
      creada: new Date(created!.created_at).toISOString(),
    },
    exportadaEn: now.toISOString(),
    exportadaPor: by,
    claves,
    tablas: snapshot.tablas,
    conteos: snapshot.conteos,
    firmasDeFilas,
  };
  const contenido = JSON.stringify(content);
  const file: CompanyExportFile = {
    formato: EXPORT_FORMAT,
    contenido,
    firma: {
      clave: key.keyId,
      algoritmo: 'Ed25519',
      valor: sign(null, Buffer.from(contenido, 'utf8'), key.signingKey).toString('base64url'),
    },
  };
  const text = `${JSON.stringify(file, null, 1)}\n`;
  return {
    text,
    sha256: createHash('sha256').update(text).digest('hex'),
    estado: snapshot.estado,
    conteos: snapshot.conteos,
    fileName: `exportacion-${address.slug}-${now.toISOString().slice(0, 10)}.json`,
  };
}
