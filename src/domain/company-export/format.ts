// The export of a company that leaves (record 0293; docs/company-export.md): one JSON file whose
// `contenido` is the company's whole record as JSON text, signed with the company's Ed25519 key,
// and whose acceptance, chain head and certificate rows each carry their own signature, so a
// change names the row. Pure: the bytes signed and the chain's rules; the server signs
// (server/platform/export-company.ts), scripts/verify-company-export.ts checks.

export const EXPORT_FORMAT = 'curso-sst/exportacion-empresa/v1';
/** The prefix of a row's signed bytes. */
export const ROW_FORMAT = 'curso-sst/exportacion/fila/v1';
/** The first acceptance's previous seal (decision 0220). */
export const GENESIS_SEAL = '0'.repeat(64);

/** The tables whose rows carry a signature of their own. */
export const SIGNED_TABLES = ['acceptances', 'acceptance_chain_head', 'certificates'] as const;
export type SignedTable = (typeof SIGNED_TABLES)[number];

export type ExportValue = string | number | boolean | null | ExportValue[] | ExportObject;
export interface ExportObject {
  [key: string]: ExportValue;
}
export type ExportRow = ExportObject;

/** The file as written: `contenido` is the JSON text that is signed, byte for byte. */
export interface CompanyExportFile {
  formato: typeof EXPORT_FORMAT;
  contenido: string;
  firma: { clave: string; algoritmo: 'Ed25519'; valor: string };
}

export interface CompanyExportContent {
  formato: typeof EXPORT_FORMAT;
  empresa: { id: number; nombre: string; direccion: string; creada: string };
  exportadaEn: string;
  exportadaPor: string;
  /** key id → the company's raw 32-byte Ed25519 public key, base64url (as /api/gate-keys). */
  claves: Record<string, string>;
  /** Every table's rows of the company, columns as the database names them (bytea: base64). */
  tablas: Record<string, ExportRow[]>;
  /** Rows per table. */
  conteos: Record<string, number>;
  /**
   * Per signed table, row id → `{ clave, valor }` (Ed25519 over `rowBytes`); the chain head by
   * its company id. An acceptance whose seal did not match at the export has none.
   */
  firmasDeFilas: Record<SignedTable, Record<string, { clave: string; valor: string }>>;
}

/** JSON with object keys sorted at every level: the same text for the same row everywhere. */
export function canonicalJson(value: ExportValue): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const keys = Object.keys(value).sort();
  return `{${keys.map((k) => `${JSON.stringify(k)}:${canonicalJson(value[k]!)}`).join(',')}}`;
}

/** The bytes a row's signature covers: the format, the table, the row's canonical JSON. */
export function rowBytes(table: SignedTable, row: ExportRow): Uint8Array {
  return new TextEncoder().encode(`${ROW_FORMAT}\n${table}\n${canonicalJson(row)}`);
}

/** A problem of an acceptance chain, or null: GENESIS first, each row linking the one before. */
export function chainProblem(
  rows: readonly ExportRow[],
  head: ExportRow | undefined,
): { row: ExportRow | null; problem: 'enlace' | 'cabeza-conteo' | 'cabeza-sello' } | null {
  let previous = GENESIS_SEAL;
  for (const row of rows) {
    if (row.prev_seal !== previous) return { row, problem: 'enlace' };
    previous = String(row.seal);
  }
  if (!head) return rows.length ? { row: null, problem: 'cabeza-conteo' } : null;
  if (Number(head.count) !== rows.length) return { row: null, problem: 'cabeza-conteo' };
  if (head.last_seal !== previous) return { row: null, problem: 'cabeza-sello' };
  return null;
}

/** Acceptances in chain order (by id, as the server appends them). */
export const byId = (a: ExportRow, b: ExportRow) => Number(a.id) - Number(b.id);
