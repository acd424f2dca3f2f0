// The learners CSV import a coordinator can trust (docs/decisions/0055-csv-import.md):
// - encoding: UTF-8 with or without BOM, else Windows-1252 (what Excel on Windows saves); a file
//   that is neither (UTF-16, bytes 1252 does not define) is refused naming the line;
// - rows: one record per line (no field of ours holds a line break), so an unbalanced quote
//   spoils its own line only; NUL and other control characters reject that row; every bad row
//   is reported with its line and the rest imported;
// - headers: documento, nombre, correo, contraseña and the optional obra (decision 0078; accents,
//   case and spaces ignored); a column
//   that looks like a password but is not recognised stops the import, so passwords are never
//   silently generated instead of the file's; other unknown columns are ignored with a notice;
// - speed: passwords hashed concurrently on libuv's thread pool (one per core), then rows saved
//   in batches of one multi-row INSERT each (prepared, unnest of arrays), all in one transaction;
//   progress printed while it runs; hashing time reported apart.
import { availableParallelism } from 'node:os';
import type { Db } from '../db/db.ts';
import { generatePassword, hashPassword } from '../security/passwords.ts';
import { detectDelimiter } from './csv.ts';
import { auditMany, type Actor } from '../console/audit.ts';
import { esCli as T } from './strings/es-cli.ts';

export type CsvEncoding = 'utf-8' | 'utf-8-bom' | 'windows-1252';

export type Decoded = { text: string; encoding: CsvEncoding } | { error: string };

/** Bytes Windows-1252 leaves undefined: a file with them is not 1252 either. */
const UNDEFINED_1252 = new Set([0x81, 0x8d, 0x8f, 0x90, 0x9d]);

const lineOf = (bytes: Uint8Array, index: number) => {
  let line = 1;
  for (let i = 0; i < index; i++) if (bytes[i] === 0x0a) line++;
  return line;
};

export function decodeCsv(bytes: Uint8Array): Decoded {
  if (
    (bytes[0] === 0xff && bytes[1] === 0xfe) ||
    (bytes[0] === 0xfe && bytes[1] === 0xff) ||
    (bytes.length >= 4 && bytes[1] === 0 && bytes[3] === 0 && bytes[0] !== 0)
  )
    return {
      error: T.csvUtf16,
    };
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf)
    return { text: new TextDecoder('utf-8').decode(bytes.subarray(3)), encoding: 'utf-8-bom' };
  try {
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(bytes), encoding: 'utf-8' };
  } catch {
    // Not UTF-8: Windows-1252, unless it has bytes 1252 does not define.
  }
  const bad = bytes.findIndex((b) => UNDEFINED_1252.has(b));
  if (bad >= 0)
    return {
      error: T.csvUnknownEncoding(lineOf(bytes, bad), bytes[bad]!.toString(16).toUpperCase()),
    };
  return { text: decodeWindows1252(bytes), encoding: 'windows-1252' };
}

/** 0x80–0x9F of Windows-1252 (undefined ones kept as their C1 code point). */
const CP1252_HIGH =
  '\u20ac\u0081\u201a\u0192\u201e\u2026\u2020\u2021\u02c6\u2030\u0160\u2039\u0152\u008d\u017d\u008f' +
  '\u0090\u2018\u2019\u201c\u201d\u2022\u2013\u2014\u02dc\u2122\u0161\u203a\u0153\u009d\u017e\u0178';

/** Windows-1252 by hand: Node's TextDecoder treats the label as Latin-1 (0x80 is not €). */
export function decodeWindows1252(bytes: Uint8Array): string {
  let out = '';
  for (let i = 0; i < bytes.length; i += 8192) {
    const chunk = bytes.subarray(i, i + 8192);
    out += String.fromCharCode(
      ...Array.from(chunk, (b) => (b >= 0x80 && b < 0xa0 ? CP1252_HIGH.charCodeAt(b - 0x80) : b)),
    );
  }
  return out;
}

export interface CsvRow {
  line: number;
  fields: string[];
  /** Why the line cannot be read as a record (Spanish), when it cannot. */
  error?: string;
}

/** One line as CSV fields; an unclosed quote is an error of this line only. */
export function parseCsvLine(
  text: string,
  delimiter: string,
): { fields: string[]; error?: string } {
  const fields: string[] = [];
  let field = '';
  let inQuotes = false;
  let started = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (inQuotes) {
      if (c === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i++;
        } else inQuotes = false;
      } else field += c;
    } else if (c === '"' && !started) {
      inQuotes = true;
      started = true;
    } else if (c === delimiter) {
      fields.push(field);
      field = '';
      started = false;
    } else {
      field += c;
      started = true;
    }
  }
  fields.push(field);
  return inQuotes ? { fields, error: T.csvOpenQuote } : { fields };
}

/** Every non-blank line of the file as a row, with its line number. */
export function parseCsvRows(text: string): { rows: CsvRow[]; delimiter: ',' | ';' } {
  const lines = text.split(/\r\n|\n|\r/);
  const delimiter = detectDelimiter(lines[0] ?? '');
  const rows: CsvRow[] = [];
  lines.forEach((content, i) => {
    if (content.trim() === '') return;
    rows.push({ line: i + 1, ...parseCsvLine(content, delimiter) });
  });
  return { rows, delimiter };
}

type Column =
  | 'document'
  | 'name'
  | 'email'
  | 'password'
  | 'obra'
  | 'contratista'
  | 'cargo'
  | 'fechaIngreso'
  | 'celular';

const HEADER_ALIASES: Record<string, Column> = {
  documento: 'document',
  nombre: 'name',
  correo: 'email',
  email: 'email',
  contrasena: 'password',
  clave: 'password',
  password: 'password',
  obra: 'obra',
  contratista: 'contratista',
  cargo: 'cargo',
  fechaingreso: 'fechaIngreso',
  fechadeingreso: 'fechaIngreso',
  celular: 'celular',
  movil: 'celular',
};

const simplify = (h: string) =>
  h
    .trim()
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[\s_.-]+/g, '');

export function headerColumn(header: string): Column | undefined {
  return HEADER_ALIASES[simplify(header)];
}

/** A header meant as the password column that we could not read (e.g. «contrase�a»). */
const looksLikePassword = (header: string) => /^(contra|clave|pass)/.test(simplify(header));

/** Control characters (NUL included) in a cell: Spanish name of the first, or null. */
export function controlCharacter(value: string): string | null {
  for (const c of value) {
    const code = c.codePointAt(0)!;
    if (code === 0) return 'NUL';
    if (code < 32 || code === 127 || (code >= 0x80 && code < 0xa0))
      return `U+${code.toString(16).toUpperCase().padStart(4, '0')}`;
  }
  return null;
}

export interface HeaderCheck {
  columns: (Column | undefined)[];
  notices: string[];
  error?: string;
}

export function checkHeader(row: CsvRow): HeaderCheck {
  const columns = row.fields.map(headerColumn);
  const notices: string[] = [];
  const unknown = row.fields.filter((_, i) => columns[i] === undefined);
  const passwordLike = unknown.filter(looksLikePassword);
  const expected = T.csvExpected;
  if (row.error) return { columns, notices, error: T.csvBadHeaderRow(row.line, row.error) };
  if (passwordLike.length)
    return {
      columns,
      notices,
      error: T.csvPasswordLike(row.line, passwordLike[0]!, expected),
    };
  const missing = (['document', 'name'] as const).filter((k) => !columns.includes(k));
  if (missing.length)
    return {
      columns,
      notices,
      error: T.csvMissingColumns(
        row.line,
        expected,
        missing.map((m) => (m === 'document' ? 'documento' : 'nombre')).join(', '),
      ),
    };
  const twice = columns.find((c, i) => c !== undefined && columns.indexOf(c) !== i);
  if (twice) return { columns, notices, error: T.csvTwice(row.line, twice) };
  for (const header of unknown) notices.push(T.csvIgnored(row.line, header));
  return { columns, notices };
}

export interface ImportRow {
  line: number;
  document: string;
  name: string;
  email: string | null;
  /** Slug of the learner's obra (optional `obra` column); null = the configuration's first. */
  obra?: string | null;
  /** Optional columns for the console (decision 0112; fecha de ingreso as aaaa-mm-dd). */
  contratista?: string | null;
  cargo?: string | null;
  fechaIngreso?: string | null;
  /** Ten digits (decision 0158). */
  celular?: string | null;
  /** From the file, or generated (then shown once). */
  password: string;
  generated: boolean;
}

export interface ImportTimings {
  /** Reading, validating and saving, without hashing. */
  importMs: number;
  hashMs: number;
  hashConcurrency: number;
}

export interface ImportIo {
  out(line: string): void;
  err(line: string): void;
  /** Progress lines; default `out`. */
  progress?(line: string): void;
}

/** Hashes every password, `concurrency` at a time (scrypt runs on libuv's thread pool). */
export async function hashAll(
  passwords: string[],
  onProgress: (done: number) => void,
  concurrency = Math.max(2, availableParallelism()),
): Promise<string[]> {
  const hashes: string[] = new Array<string>(passwords.length);
  let next = 0;
  let done = 0;
  const worker = async () => {
    while (next < passwords.length) {
      const i = next++;
      hashes[i] = await hashPassword(passwords[i]!);
      onProgress(++done);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, passwords.length) }, worker));
  return hashes;
}

const INSERT_BATCH = `
WITH input AS (
  SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::integer[], $6::text[],
                       $7::text[], $8::text[], $9::date[], $10::text[])
    AS t(document, name, email, password_hash, ord, obra, contratista, cargo, fecha_ingreso,
         celular)
), inserted AS (
  INSERT INTO users (document, name, email, password_hash, obra, contratista, cargo, fecha_ingreso,
                     celular)
  SELECT document, name, email, password_hash, obra, contratista, cargo, fecha_ingreso, celular
    FROM input ORDER BY ord
  ON CONFLICT DO NOTHING
  RETURNING id, document
), progress_rows AS (
  INSERT INTO progress (user_id) SELECT id FROM inserted
)
SELECT id, document FROM inserted`;

export const BATCH_SIZE = 500;

/**
 * Saves validated rows: hashes first (reported apart), then batches in one transaction. Rows
 * whose document or correo already exists are returned as rejected with the reason.
 */
export async function saveRows(
  db: Db,
  input: ImportRow[],
  io: ImportIo,
  options: {
    hashConcurrency?: number;
    actor?: Actor;
    onProgress?: (done: number, total: number) => void;
  } = {},
): Promise<{
  imported: ImportRow[];
  /** Rows whose document is already registered (decision 0216): not errors. */
  registered: ImportRow[];
  rejected: { line: number; why: string }[];
  hashMs: number;
  /** The ids of the users this call created. */
  createdIds: number[];
}> {
  let rows = input;
  const progress = io.progress ?? io.out;
  // Rows already registered are set apart before hashing: a re-import of the same file costs
  // one query, not a password hash per row (decision 0216).
  const known = new Set(
    rows.length
      ? (
          await db.query<{ document: string }>(
            'SELECT document FROM users WHERE document = ANY($1::text[])',
            [rows.map((r) => r.document)],
          )
        ).map((r) => r.document)
      : [],
  );
  const registered = rows.filter((r) => known.has(r.document));
  rows = rows.filter((r) => !known.has(r.document));
  const step = Math.max(1, Math.ceil(rows.length / 10));
  const hashStarted = performance.now();
  const hashes = await hashAll(
    rows.map((r) => r.password),
    (done) => {
      options.onProgress?.(done, rows.length);
      if (done % step === 0 || done === rows.length) progress(T.csvHashed(done, rows.length));
    },
    options.hashConcurrency,
  );
  const hashMs = performance.now() - hashStarted;

  const inserted = new Set<string>();
  const createdIds: number[] = [];
  await db.transaction(async (tx) => {
    for (let start = 0; start < rows.length; start += BATCH_SIZE) {
      const batch = rows.slice(start, start + BATCH_SIZE);
      const result = await tx.query<{ id: number; document: string }>(INSERT_BATCH, [
        batch.map((r) => r.document),
        batch.map((r) => r.name),
        batch.map((r) => r.email),
        batch.map((_, i) => hashes[start + i]!),
        batch.map((_, i) => i),
        batch.map((r) => r.obra ?? null),
        batch.map((r) => r.contratista ?? null),
        batch.map((r) => r.cargo ?? null),
        batch.map((r) => r.fechaIngreso ?? null),
        batch.map((r) => r.celular ?? null),
      ]);
      for (const r of result) {
        inserted.add(r.document);
        createdIds.push(Number(r.id));
      }
      // Who each import created, in the import's own transaction (decision 0184).
      if (options.actor) {
        const byDocument = new Map(batch.map((r) => [r.document, r]));
        await auditMany(
          tx,
          options.actor,
          'crear-usuario',
          result.map((r) => {
            const row = byDocument.get(r.document)!;
            return {
              target: { id: Number(r.id), name: row.name },
              details: { via: 'importacion', documento: row.document, linea: row.line },
            };
          }),
        );
      }
      progress(T.csvSaved(Math.min(start + BATCH_SIZE, rows.length), rows.length));
    }
  });
  const imported = rows.filter((r) => inserted.has(r.document));
  const missed = rows.filter((r) => !inserted.has(r.document));
  const rejected: { line: number; why: string }[] = [];
  if (missed.length) {
    const existing = new Set(
      (
        await db.query<{ document: string }>(
          'SELECT document FROM users WHERE document = ANY($1::text[])',
          [missed.map((r) => r.document)],
        )
      ).map((r) => r.document),
    );
    for (const r of missed)
      if (existing.has(r.document)) registered.push(r);
      else
        rejected.push({
          line: r.line,
          why: T.csvEmailTaken(r.email ?? '', r.document),
        });
  }
  return { imported, registered, rejected, hashMs, createdIds };
}

export const newPassword = () => generatePassword();
