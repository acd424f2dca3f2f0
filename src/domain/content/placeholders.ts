// The placeholder (template) engine of the course text (decision 0072): `{{a.b}}` inserts a
// configuration value, `{{#a.b}}…{{/a.b}}` shows its content when the value is present or true,
// `{{^a.b}}…{{/a.b}}` when it is missing or false. Sections nest; anything unbalanced is an
// error. Content fields are HTML, so inserted values are HTML-escaped.
import type { CompanyConfig, Obra } from '../config/index.ts';
import type { Course, Module } from './types.ts';
import { MONTHS } from '../certificate/spanish-date.ts';
import { joinAtFullStop } from './full-stop.ts';

/** The names the content may use, and whether they may be missing (decision 0072). */
export const PLACEHOLDERS = {
  'empresa.nombre': 'text',
  'empresa.nit': 'text',
  'empresa.claseRiesgo': 'text',
  'empresa.arl.nombre': 'text',
  'empresa.arl.linea': 'text',
  'sst.responsable.nombre': 'text',
  'sst.responsable.licencia': 'optional',
  'sst.responsable.contacto': 'optional',
  'politicaSST.resumen': 'optional',
  'politicaSST.firmante': 'optional',
  'politicaSST.fecha': 'optional',
  'politicaAlcoholDrogas.resumen': 'optional',
  'reglamentoHigiene.ubicacion': 'optional',
  'obra.nombre': 'text',
  'obra.direccion': 'optional',
  'obra.puntoEncuentro': 'optional',
  'obra.alarma': 'optional',
  'obra.brigadistas': 'optional',
  'obra.clinicaCercana': 'optional',
  'obra.lineaEmergencias': 'text',
  'obra.canalReporte': 'optional',
  'obra.coordinadorAlturas': 'optional',
  'copasst.miembros': 'optional',
  'vigia.nombre': 'optional',
  'ccl.contacto': 'optional',
  'pesv.aplica': 'boolean',
  'curso.horas': 'text',
} as const satisfies Record<string, 'text' | 'optional' | 'boolean'>;

export type PlaceholderName = keyof typeof PLACEHOLDERS;
export const PLACEHOLDER_NAMES = Object.keys(PLACEHOLDERS) as PlaceholderName[];
/** Names that may be missing (must sit inside their own section) — booleans included. */
export const OPTIONAL_PLACEHOLDERS = PLACEHOLDER_NAMES.filter((n) => PLACEHOLDERS[n] !== 'text');
/** Names that are yes/no: only usable as sections. */
export const BOOLEAN_PLACEHOLDERS = PLACEHOLDER_NAMES.filter((n) => PLACEHOLDERS[n] === 'boolean');

export type PlaceholderValue = string | readonly string[] | boolean | undefined;
export type PlaceholderValues = Readonly<Record<string, PlaceholderValue>>;

// ---------------------------------------------------------------- parsing

export type TemplateNode =
  | { kind: 'text'; text: string }
  | { kind: 'value'; name: string }
  | { kind: 'section'; name: string; inverted: boolean; children: TemplateNode[] };

export class TemplateError extends Error {
  constructor(readonly problems: string[]) {
    super(problems.join('\n'));
    this.name = 'TemplateError';
  }
}

const NAME = '[a-zA-Z][a-zA-Z0-9]*(?:\\.[a-zA-Z][a-zA-Z0-9]*)*';
const TAG = new RegExp(`^\\{\\{([#^/]?)(${NAME})\\}\\}`);

/** Parses a template into nodes, or the list of its syntax problems (in Spanish). */
export function parseTemplate(text: string): { nodes: TemplateNode[]; problems: string[] } {
  const problems: string[] = [];
  const root: TemplateNode[] = [];
  const open: Array<{ name: string; inverted: boolean; children: TemplateNode[] }> = [];
  const target = () => open[open.length - 1]?.children ?? root;
  let i = 0;
  let textStart = 0;
  const flush = (end: number) => {
    if (end > textStart) target().push({ kind: 'text', text: text.slice(textStart, end) });
  };
  while (i < text.length) {
    const at = text.indexOf('{{', i);
    if (at < 0) break;
    const m = TAG.exec(text.slice(at));
    if (!m) {
      const end = text.indexOf('}}', at);
      const shown = end < 0 ? text.slice(at, at + 30) : text.slice(at, end + 2);
      problems.push(
        `marcador mal escrito «${shown}»: se espera {{nombre}}, {{#nombre}}, {{^nombre}} o {{/nombre}}, sin espacios`,
      );
      i = at + 2;
      continue;
    }
    flush(at);
    const [whole, sigil, name] = m as unknown as [string, string, string];
    if (sigil === '#' || sigil === '^') {
      const section = { name, inverted: sigil === '^', children: [] as TemplateNode[] };
      target().push({ kind: 'section', ...section });
      open.push(section);
    } else if (sigil === '/') {
      const current = open[open.length - 1];
      if (!current) problems.push(`se cierra {{/${name}}} sin haberse abierto`);
      else if (current.name !== name)
        problems.push(
          `se cierra {{/${name}}} pero la sección abierta es {{${current.inverted ? '^' : '#'}${current.name}}}`,
        );
      else open.pop();
    } else target().push({ kind: 'value', name });
    i = at + whole.length;
    textStart = i;
  }
  flush(text.length);
  for (const s of open.reverse())
    problems.push(
      `la sección {{${s.inverted ? '^' : '#'}${s.name}}} no se cierra con {{/${s.name}}}`,
    );
  return { nodes: root, problems };
}

// ---------------------------------------------------------------- checking

/**
 * Problems of a template against the known names: syntax, unknown names, an optional name
 * used bare outside a `{{#name}}` section of itself, a yes/no name used bare.
 */
export function checkTemplate(
  text: string,
  knownNames: Iterable<string> = PLACEHOLDER_NAMES,
  optionalNames: Iterable<string> = OPTIONAL_PLACEHOLDERS,
  booleanNames: Iterable<string> = BOOLEAN_PLACEHOLDERS,
): string[] {
  const known = new Set(knownNames);
  const optional = new Set(optionalNames);
  const booleans = new Set(booleanNames);
  const { nodes, problems } = parseTemplate(text);
  const reported = new Set<string>();
  const report = (p: string) => {
    if (!reported.has(p)) {
      reported.add(p);
      problems.push(p);
    }
  };
  const walk = (list: TemplateNode[], present: ReadonlySet<string>) => {
    for (const node of list) {
      if (node.kind === 'text') continue;
      if (!known.has(node.name)) {
        report(`marcador desconocido {{${node.name}}}`);
        if (node.kind === 'section') walk(node.children, present);
        continue;
      }
      if (node.kind === 'value') {
        if (booleans.has(node.name))
          report(
            `{{${node.name}}} es un sí/no: úsalo solo como sección {{#${node.name}}}…{{/${node.name}}} o {{^${node.name}}}…{{/${node.name}}}`,
          );
        else if (optional.has(node.name) && !present.has(node.name))
          report(
            `{{${node.name}}} puede faltar en la configuración: úsalo solo dentro de {{#${node.name}}}…{{/${node.name}}} y da una frase alternativa en {{^${node.name}}}…{{/${node.name}}}`,
          );
      } else {
        const inside = new Set(present);
        if (node.inverted) inside.delete(node.name);
        else inside.add(node.name);
        walk(node.children, inside);
      }
    }
  };
  walk(nodes, new Set());
  return problems;
}

// ---------------------------------------------------------------- filling

const escapeHtml = (s: string) =>
  s
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');

/** «A», «A y B», «A, B y C». */
export function joinSpanish(items: readonly string[]): string {
  if (items.length <= 1) return items[0] ?? '';
  return `${items.slice(0, -1).join(', ')} y ${items[items.length - 1]}`;
}

/** Present = a non-empty text, a non-empty list, or true. */
export function isPresent(value: PlaceholderValue): boolean {
  if (value === undefined || value === false) return false;
  if (value === true) return true;
  if (typeof value === 'string') return value.trim() !== '';
  return value.length > 0;
}

/**
 * Placeholders whose value may be a phone number: in HTML it becomes a `tel:` link, so a worker
 * calls the line with one tap (decision 0172). A contact that is an e-mail stays text.
 */
const PHONE_PLACEHOLDERS: ReadonlySet<string> = new Set([
  'empresa.arl.linea',
  'obra.lineaEmergencias',
  'sst.responsable.contacto',
]);

/** The `tel:` address of a phone number (digits, spaces, +, #, *, -), or null if it is not one. */
export function telHref(value: string): string | null {
  const v = value.trim();
  if (!/^\+?[\d\s#*-]+$/.test(v) || (v.match(/\d/g) ?? []).length < 3) return null;
  return `tel:${v.replace(/[\s-]/g, '').replace(/#/g, '%23')}`;
}

function render(
  nodes: TemplateNode[],
  values: PlaceholderValues,
  out: string[],
  escape: (s: string) => string,
  links = false,
  afterValue: Set<number> = new Set(),
): void {
  for (const node of nodes) {
    if (node.kind === 'text') {
      // «… de {{empresa.nombre}}.» with a name that ends in a full stop: one stop (record 0274).
      const last = out.length - 1;
      if (afterValue.delete(last)) out[last] = joinAtFullStop(out[last]!, node.text);
      else out.push(node.text);
    } else if (node.kind === 'section') {
      if (isPresent(values[node.name]) !== node.inverted)
        render(node.children, values, out, escape, links, afterValue);
    } else {
      const value = values[node.name];
      if (typeof value === 'boolean')
        throw new TemplateError([`{{${node.name}}} es un sí/no: solo puede usarse como sección`]);
      if (!isPresent(value))
        throw new TemplateError([
          `falta el valor de {{${node.name}}} (úsalo dentro de {{#${node.name}}}…{{/${node.name}}})`,
        ]);
      const text = typeof value === 'string' ? value : joinSpanish(value as readonly string[]);
      const tel = links && PHONE_PLACEHOLDERS.has(node.name) ? telHref(text) : null;
      out.push(tel ? `<a class="tel" href="${tel}">${escape(text)}</a>` : escape(text));
      afterValue.add(out.length - 1);
    }
  }
}

/**
 * Fills a template. Values are HTML-escaped unless `html: false` (for fields shown as plain
 * text, where React escapes). Throws TemplateError on syntax errors or a bare missing value.
 */
export function fillTemplate(
  text: string,
  values: PlaceholderValues,
  options: { html?: boolean } = {},
): string {
  if (!text.includes('{{')) return text;
  const { nodes, problems } = parseTemplate(text);
  if (problems.length) throw new TemplateError(problems);
  const out: string[] = [];
  const html = options.html !== false;
  render(nodes, values, out, html ? escapeHtml : (v) => v, html);
  return out.join('');
}

/**
 * The template as a fully configured company sees it, values not filled (for the honest hours,
 * decision 0073): `{{#x}}` sections kept, `{{^x}}` sections dropped, each `{{x}}` replaced by
 * `marker` (one word).
 */
export function unfilledTemplate(text: string, marker = 'dato'): string {
  if (!text.includes('{{')) return text;
  const { nodes, problems } = parseTemplate(text);
  if (problems.length) throw new TemplateError(problems);
  const out: string[] = [];
  const walk = (list: TemplateNode[]) => {
    for (const node of list) {
      if (node.kind === 'text') out.push(node.text);
      else if (node.kind === 'value') out.push(marker);
      else if (!node.inverted) walk(node.children);
    }
  };
  walk(nodes);
  return out.join('');
}

// ---------------------------------------------------------------- values

/** 2026-01-15 → «15 de enero de 2026». */
export function spanishDate(iso: string): string {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  return `${d} de ${MONTHS[m - 1]} de ${y}`;
}

/** 1.5 → «1,5»; 2 → «2». */
export const spanishNumber = (n: number) => String(n).replace('.', ',');

/** The `obra.*` placeholder values of one obra (a console obra's too: decision 0215). */
export function obraPlaceholderValues(
  obra: Obra,
): Record<Extract<PlaceholderName, `obra.${string}`>, PlaceholderValue> {
  return {
    'obra.nombre': obra.nombre,
    'obra.direccion': obra.direccion,
    'obra.puntoEncuentro': obra.puntoEncuentro,
    'obra.alarma': obra.alarma,
    'obra.brigadistas': obra.brigadistas,
    'obra.clinicaCercana': obra.clinicaCercana,
    'obra.lineaEmergencias': obra.lineaEmergencias,
    'obra.canalReporte': obra.canalReporte,
    'obra.coordinadorAlturas': obra.coordinadorAlturas,
  };
}

/** The flat map of placeholder names to values for one obra of a configuration (decision 0072). */
export function placeholderValues(
  config: CompanyConfig,
  obra: Obra,
  course: Pick<Course, 'hours'>,
): Record<PlaceholderName, PlaceholderValue> {
  return {
    'empresa.nombre': config.empresa.nombre,
    'empresa.nit': config.empresa.nit,
    'empresa.claseRiesgo': config.empresa.claseRiesgo,
    'empresa.arl.nombre': config.empresa.arl.nombre,
    'empresa.arl.linea': config.empresa.arl.linea,
    'sst.responsable.nombre': config.sst.responsable.nombre,
    'sst.responsable.licencia': config.sst.responsable.licencia,
    'sst.responsable.contacto': config.sst.responsable.contacto,
    'politicaSST.resumen': config.politicaSST?.resumen,
    'politicaSST.firmante': config.politicaSST?.firmante,
    'politicaSST.fecha': config.politicaSST?.fecha
      ? spanishDate(config.politicaSST.fecha)
      : undefined,
    'politicaAlcoholDrogas.resumen': config.politicaAlcoholDrogas?.resumen,
    'reglamentoHigiene.ubicacion': config.reglamentoHigiene?.ubicacion,
    ...obraPlaceholderValues(obra),
    'copasst.miembros': config.copasst?.miembros,
    'vigia.nombre': config.vigia?.nombre,
    'ccl.contacto': config.ccl?.contacto,
    'pesv.aplica': config.pesv?.aplica ?? false,
    'curso.horas': spanishNumber(course.hours),
  };
}

/** Fields shown as plain text (attributes, React text), filled without HTML escaping. */
const PLAIN_FIELDS = new Set(['alt', 'fuente']);

function fillValue(value: unknown, values: PlaceholderValues, plain: boolean): unknown {
  if (typeof value === 'string')
    return value.includes('{{') ? fillTemplate(value, values, { html: !plain }) : value;
  if (Array.isArray(value)) return value.map((v) => fillValue(v, values, plain));
  if (value && typeof value === 'object')
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [k, fillValue(v, values, PLAIN_FIELDS.has(k))]),
    );
  return value;
}

/** Every string of a content object filled (alt/fuente as plain text, the rest as HTML). */
export function fillFields<T>(value: T, values: PlaceholderValues): T {
  return fillValue(value, values, false) as T;
}

/** A module with every placeholder filled (its title is shown as plain text in the side menu). */
export function fillModule<M extends Module>(module: M, values: PlaceholderValues): M {
  const filled = fillValue(module, values, false) as M;
  return { ...filled, title: fillTemplate(module.title, values, { html: false }) };
}

/** The course (introduction and every module) with its placeholders filled for one obra. */
export function fillCourse<C extends Pick<Course, 'introduction' | 'modules'>>(
  course: C,
  values: PlaceholderValues,
): C {
  return {
    ...course,
    introduction: fillValue(course.introduction, values, false) as C['introduction'],
    modules: course.modules.map((m) => fillModule(m, values)),
  };
}
