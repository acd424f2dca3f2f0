// CSV reading and writing for the admin CLI. Reads what spreadsheets export in Colombia:
// UTF-8 with or without BOM, comma or semicolon (Excel in Spanish uses ';'), quoted fields,
// CRLF or LF. Each record remembers the line it starts on, for error messages.

export interface CsvRecord {
  line: number;
  fields: string[];
}

/** Picks ';' or ',' from the header line (whichever appears more outside quotes). */
export function detectDelimiter(text: string): ',' | ';' {
  const firstLine = text.split(/\r?\n/, 1)[0] ?? '';
  const unquoted = firstLine.replace(/"[^"]*"/g, '');
  const semicolons = (unquoted.match(/;/g) ?? []).length;
  const commas = (unquoted.match(/,/g) ?? []).length;
  return semicolons > commas ? ';' : ',';
}

export function parseCsv(
  input: string,
  delimiter = detectDelimiter(input.replace(/^\uFEFF/, '')),
): CsvRecord[] {
  const text = input.replace(/^\uFEFF/, '');
  const records: CsvRecord[] = [];
  let fields: string[] = [];
  let field = '';
  let inQuotes = false;
  let line = 1;
  let recordLine = 1;
  let fieldStarted = false;
  const endField = () => {
    fields.push(field);
    field = '';
    fieldStarted = false;
  };
  const endRecord = () => {
    endField();
    // Blank lines (a lone empty field) are skipped, not reported.
    if (!(fields.length === 1 && fields[0]!.trim() === ''))
      records.push({ line: recordLine, fields });
    fields = [];
  };
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (inQuotes) {
      if (c === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i++;
        } else inQuotes = false;
      } else {
        if (c === '\n') line++;
        field += c;
      }
      continue;
    }
    if (c === '"' && !fieldStarted) {
      inQuotes = true;
      fieldStarted = true;
    } else if (c === delimiter) endField();
    else if (c === '\r' && text[i + 1] === '\n') continue;
    else if (c === '\n' || c === '\r') {
      endRecord();
      line++;
      recordLine = line;
    } else {
      field += c;
      fieldStarted = true;
    }
  }
  if (field !== '' || fields.length > 0) endRecord();
  return records;
}

/** One CSV cell: quoted when needed; cells people typed are guarded against formula injection. */
export function csvCell(
  value: string | number | null | undefined,
  options: { guardFormula?: boolean } = {},
): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (options.guardFormula && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n;]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export const csvLine = (cells: string[]) => cells.join(',');
