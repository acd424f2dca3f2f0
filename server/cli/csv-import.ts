// The learners CSV import a coordinator can trust (docs/decisions/0055-csv-import.md):
// - encoding: UTF-8 with or without BOM, else Windows-1252 (what Excel on Windows saves); a file
//   that is neither (UTF-16, bytes 1252 does not define) is refused naming the line;
// - rows: one record per line (no field of ours holds a line break), so an unbalanced quote
//   spoils its own line only; NUL and other control characters reject that row; every bad row
//   is reported with its line and the rest imported;
// - headers: documento and nombre, and the optional correo, contraseña, obra (decision 0078) and
//   the console's columns (accents, case and spaces ignored); a column that looks like a password
//   but is not recognised stops the import, so the file's passwords are never silently dropped;
//   other unknown columns are ignored with a notice. A row without a password gets none: the
//   learner enters by invitation or code only (record 0273);
// - speed (csv-save.ts): the file's passwords hashed concurrently on libuv's thread pool (one per core),
//   then rows saved in batches of one multi-row INSERT each (prepared, unnest of arrays), all in
//   one transaction; progress printed while it runs; hashing time reported apart.
import { detectDelimiter } from './csv.ts';
import { esCli as T } from './strings/es-cli.ts';

export { BATCH_SIZE, hashAll, saveRows, type ImportIo, type ImportRow } from './csv-save.ts';

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

export interface ImportTimings {
  /** Reading, validating and saving, without hashing. */
  importMs: number;
  hashMs: number;
  hashConcurrency: number;
}
