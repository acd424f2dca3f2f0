// Editing a company's configuration one section at a time (record 0292). Pure: the console's
// pages (server/console/pages-company-config-edit.ts) read the current version's file, call
// `applySection` with what the coordinator typed, and store the result through the same path as
// an imported file (import.ts, storeCompanyConfig). A section changes only its own fields of the
// file's JSON; everything else is written back as it was. What a field may hold is decided by the
// same reader as config/*.json (loadCompanyConfig): a required field left empty is kept as "" so
// the reader names it; an optional one left empty is removed (the course's default text).
import { formatPath } from '../../src/domain/config/load-config.ts';
import { RISK_CLASSES } from '../../src/domain/config/schema.ts';

type Json = Record<string, unknown>;
type Path = ReadonlyArray<string | number>;

/** How a field is typed in its form. */
export type FieldKind = 'text' | 'textarea' | 'number' | 'list' | 'select';

export interface SectionField {
  /** The form field's name. */
  name: string;
  /** Where it sits in the file (also how the reader names it in its errors). */
  path: Path;
  kind: FieldKind;
  /** Kept as "" when left empty, so the reader says it is obligatory. */
  required?: boolean;
  options?: readonly string[];
}

/** The sections a coordinator edits, each its own page. */
export const SECTION_IDS = ['empresa', 'responsable', 'aviso', 'reinduccion'] as const;
export type SectionId = (typeof SECTION_IDS)[number];

const text = (name: string, path: Path, required = false): SectionField => ({
  name,
  path,
  kind: 'text',
  required,
});

export const SECTION_FIELDS: Record<SectionId, readonly SectionField[]> = {
  empresa: [
    text('nombre', ['empresa', 'nombre'], true),
    text('nit', ['empresa', 'nit'], true),
    {
      name: 'claseRiesgo',
      path: ['empresa', 'claseRiesgo'],
      kind: 'select',
      required: true,
      options: RISK_CLASSES,
    },
    text('arlNombre', ['empresa', 'arl', 'nombre'], true),
    text('arlLinea', ['empresa', 'arl', 'linea'], true),
    { name: 'numeroTrabajadores', path: ['empresa', 'numeroTrabajadores'], kind: 'number' },
  ],
  responsable: [
    text('nombre', ['sst', 'responsable', 'nombre'], true),
    text('licencia', ['sst', 'responsable', 'licencia']),
    text('contacto', ['sst', 'responsable', 'contacto']),
    text('firmanteNombre', ['certificado', 'firmante', 'nombre']),
    text('firmanteCargo', ['certificado', 'firmante', 'cargo']),
    text('firmanteLicencia', ['certificado', 'firmante', 'licencia']),
  ],
  aviso: [{ name: 'aviso', path: ['datosPersonales', 'aviso'], kind: 'textarea' }],
  reinduccion: [{ name: 'periodoMeses', path: ['reinduccion', 'periodoMeses'], kind: 'number' }],
};

/** An obra's fields in the file, besides its slug (which never changes: decision 0070). */
export const OBRA_FIELDS = [
  'nombre',
  'direccion',
  'puntoEncuentro',
  'alarma',
  'brigadistas',
  'lineaEmergencias',
  'clinicaCercana',
  'canalReporte',
  'coordinadorAlturas',
] as const;

/** The fields of the obra at `index` of the file's list. */
export function obraFields(index: number): SectionField[] {
  return OBRA_FIELDS.map((name) => ({
    name,
    path: ['obras', index, name],
    kind: name === 'brigadistas' ? 'list' : 'text',
    required: name === 'nombre',
  }));
}

const isObject = (v: unknown): v is Json =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

function getAt(root: unknown, path: Path): unknown {
  let at: unknown = root;
  for (const key of path) {
    if (typeof key === 'number') at = Array.isArray(at) ? at[key] : undefined;
    else at = isObject(at) ? at[key] : undefined;
  }
  return at;
}

/** Sets (or, for undefined, removes) the value at `path`, removing objects left empty. */
function setAt(root: Json, path: Path, value: unknown): void {
  const parents: unknown[] = [root];
  let at: unknown = root;
  for (const key of path.slice(0, -1)) {
    const container = at as Json & unknown[];
    let next = container[key as never] as unknown;
    if (next === undefined) {
      if (value === undefined) return;
      next = {};
      container[key as never] = next as never;
    }
    parents.push(next);
    at = next;
  }
  const last = path[path.length - 1]!;
  const container = at as Json & unknown[];
  if (value === undefined) delete container[last as never];
  else container[last as never] = value as never;
  // An optional group emptied (the certificate's signatory, datosPersonales) goes with its fields.
  for (let i = path.length - 1; i > 0; i--) {
    const holder = parents[i];
    if (!isObject(holder) || Object.keys(holder).length) break;
    delete (parents[i - 1] as Json)[path[i - 1] as string];
  }
}

/** The value a field's input shows for the file's JSON. */
export function fieldText(file: unknown, field: SectionField): string {
  const value = getAt(file, field.path);
  if (Array.isArray(value)) return value.map(String).join(', ');
  if (value === undefined || value === null) return '';
  return String(value);
}

/** What the coordinator typed, as the file holds it (undefined: removed). */
function typedValue(field: SectionField, typed: string): unknown {
  const value = typed.trim();
  if (field.kind === 'list') {
    const names = value
      .split(/[\n,;]/)
      .map((s) => s.trim())
      .filter(Boolean);
    return names.length ? names : undefined;
  }
  if (value === '') return field.required ? '' : undefined;
  // A number field with other text stays text: the reader says it must be a number.
  if (field.kind === 'number' && /^-?\d+$/.test(value)) return Number(value);
  // The file's text keeps the coordinator's line breaks, without Windows' carriage returns.
  return field.kind === 'textarea' ? value.replace(/\r\n?/g, '\n') : value;
}

/** One field changed: where, and what it held and now holds (as the form shows them). */
export interface FieldChange {
  field: string;
  before: string;
  after: string;
}

export interface AppliedSection {
  /** The new file's text (2-space JSON, as the file format's examples are written). */
  text: string;
  changes: FieldChange[];
}

/**
 * `file`'s JSON with `fields` set to what was typed (`typed`, by form field name; a field not in
 * `typed` is not touched); the rest as it was. `prepare` first rewrites the file where a section needs it (the older `avisoDatos`).
 */
export function applySection(
  fileText: string,
  fields: readonly SectionField[],
  typed: Record<string, string>,
  prepare?: (file: Json) => void,
): AppliedSection {
  const file = JSON.parse(fileText) as Json;
  prepare?.(file);
  const changes: FieldChange[] = [];
  for (const field of fields) {
    // A field the form did not send stays as it was.
    if (!(field.name in typed)) continue;
    const before = getAt(file, field.path);
    const after = typedValue(field, typed[field.name] ?? '');
    if (JSON.stringify(before) === JSON.stringify(after)) continue;
    const shown = (v: unknown) =>
      Array.isArray(v) ? v.join(', ') : v === undefined ? '' : String(v);
    changes.push({ field: formatPath(field.path), before: shown(before), after: shown(after) });
    setAt(file, field.path, after);
  }
  return { text: `${JSON.stringify(file, null, 2)}\n`, changes };
}

/**
 * The data notice in one place: the older top-level `avisoDatos` (which `datosPersonales.aviso`
 * wins over) moves to `datosPersonales.aviso` when that is not given, so the notice page edits the
 * one text the learners are shown and emptying it gives the default text.
 */
export function noticeInOnePlace(file: Json): void {
  const older = file['avisoDatos'];
  if (older === undefined) return;
  delete file['avisoDatos'];
  if (getAt(file, ['datosPersonales', 'aviso']) === undefined && typeof older === 'string')
    setAt(file, ['datosPersonales', 'aviso'], older);
}

/**
 * The reader's error lines by the form field they name («<archivo>: <campo>: <qué está mal>»:
 * the message only); lines that name none of `fields` under ''.
 */
export function errorsByField(
  lines: readonly string[],
  fields: readonly SectionField[],
): Map<string, string[]> {
  // The longest path a line names wins (empresa.arl.nombre before empresa.arl).
  const sorted = [...fields].sort((a, b) => formatPath(b.path).length - formatPath(a.path).length);
  const out = new Map<string, string[]>();
  for (const line of lines) {
    let name = '';
    let message = line;
    for (const f of sorted) {
      const where = `: ${formatPath(f.path)}`;
      const at =
        line.indexOf(`${where}: `) >= 0 ? line.indexOf(`${where}: `) : line.indexOf(`${where} (`);
      if (at < 0) continue;
      name = f.name;
      message = line
        .slice(at + where.length)
        .replace(/^: /, '')
        .trim();
      break;
    }
    out.set(name, [...(out.get(name) ?? []), message]);
  }
  return out;
}

const SHORT = 80;

/** The audit row's lines: «campo: «antes» → «después»», or only the field for long texts. */
export function changeLines(changes: readonly FieldChange[]): string[] {
  return changes.map((c) =>
    c.before.length > SHORT || c.after.length > SHORT
      ? `${c.field}: texto cambiado`
      : `${c.field}: «${c.before}» → «${c.after}»`,
  );
}
