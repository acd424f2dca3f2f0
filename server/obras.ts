// Obras: the configuration file's (the defaults) and those a coordinator adds from the console
// (decision 0215). A learner's obra is stored as a slug; people type names. `obraKey` folds a
// name or a slug the same way (accents, case, spaces and punctuation ignored), so «Torre
// Norte», «TORRE  NORTE», «torre-norte» and «Tórre Norte» all find one obra.
import type { Queryable } from './db/db.ts';
import { obraSchema, type Obra } from '../src/domain/config/schema.ts';
import {
  obraPlaceholderValues,
  type PlaceholderValues,
} from '../src/domain/content/placeholders.ts';

/** A name or slug folded for matching: lower case, no accents, words joined by '-'. */
export function obraKey(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

export interface KnownObra {
  slug: string;
  nombre: string;
  /** 'config': from the configuration file (a default); 'consola': added in the console. */
  source: 'config' | 'consola';
  facts: Obra;
}

/** The obra a typed name or slug means, or null. A slug wins over a name. */
export function matchObra(obras: readonly KnownObra[], typed: string): KnownObra | null {
  const key = obraKey(typed);
  if (!key) return null;
  return obras.find((o) => o.slug === key) ?? obras.find((o) => obraKey(o.nombre) === key) ?? null;
}

/** The slug a new obra gets: its folded name, with -2, -3… when taken. Derived once. */
export function newObraSlug(nombre: string, taken: ReadonlySet<string>): string {
  const base = obraKey(nombre).slice(0, 60).replace(/-+$/, '') || 'obra';
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}

/** The facts a console form sends, as the configuration's field names (all text). */
export const OBRA_FACT_FIELDS = [
  ['direccion', 'Dirección'],
  ['puntoEncuentro', 'Punto de encuentro'],
  ['alarma', 'Alarma de evacuación'],
  ['brigadistas', 'Brigadistas (uno por línea o separados por coma)'],
  ['lineaEmergencias', 'Línea de emergencias'],
  ['clinicaCercana', 'Clínica más cercana'],
  ['canalReporte', 'Canal de reporte (incidentes, actos y condiciones inseguras)'],
  ['coordinadorAlturas', 'Coordinador de trabajo en alturas'],
] as const;
export type ObraFactField = (typeof OBRA_FACT_FIELDS)[number][0];

/**
 * Checks an obra's name and facts with the configuration's own rules (obraSchema); the slug is
 * given (derived by the caller). Returns the obra or Spanish problems.
 */
export function checkObra(
  slug: string,
  nombre: string,
  facts: Partial<Record<ObraFactField, string>>,
): { obra: Obra; problems: [] } | { obra: null; problems: string[] } {
  const brigadistas = (facts.brigadistas ?? '')
    .split(/[\n,;]/)
    .map((s) => s.trim())
    .filter(Boolean);
  const parsed = obraSchema.safeParse({
    slug,
    nombre: nombre.trim().replace(/\s+/g, ' '),
    direccion: facts.direccion,
    puntoEncuentro: facts.puntoEncuentro,
    alarma: facts.alarma,
    brigadistas,
    clinicaCercana: facts.clinicaCercana,
    lineaEmergencias: facts.lineaEmergencias?.trim() || undefined,
    canalReporte: facts.canalReporte,
    coordinadorAlturas: facts.coordinadorAlturas,
  });
  if (parsed.success) {
    const text = [parsed.data.nombre, ...Object.values(parsed.data).flat()].join('\n');
    // eslint-disable-next-line no-control-regex
    if (/[<>\u0000-\u0008\u000b-\u001f\u007f\u202a-\u202e\u2066-\u2069]/.test(text))
      return {
        obra: null,
        problems: ['los datos de la obra no pueden llevar < > ni caracteres de control'],
      };
    if (parsed.data.nombre.length > 120)
      return { obra: null, problems: ['el nombre de la obra es demasiado largo (máximo 120)'] };
    return { obra: parsed.data, problems: [] };
  }
  const label = (path: PropertyKey[]) => {
    const key = String(path[0] ?? '');
    if (key === 'nombre') return 'Nombre';
    return OBRA_FACT_FIELDS.find(([k]) => k === key)?.[1] ?? key;
  };
  return {
    obra: null,
    problems: parsed.error.issues.map((i) => `${label(i.path)}: ${i.message}`),
  };
}

/** The `obra.*` placeholder values of one obra, what the standalone app fills with. */
export const obraValues = (obra: Obra): PlaceholderValues =>
  Object.fromEntries(
    Object.entries(obraPlaceholderValues(obra)).filter(([, v]) => v !== undefined),
  );

export interface ObraRow {
  slug: string;
  nombre: string;
  facts: Record<string, unknown> | string;
}

/** An obra row's facts as the configuration's obra (a row the schema refuses keeps its name). */
export const consoleObraFacts = (row: ObraRow): Obra => {
  const facts = typeof row.facts === 'string' ? JSON.parse(row.facts) : row.facts;
  const parsed = obraSchema.safeParse({ ...facts, slug: row.slug, nombre: row.nombre });
  return parsed.success
    ? parsed.data
    : { slug: row.slug, nombre: row.nombre, lineaEmergencias: '123' };
};

/** The obras added in the console, in Spanish order of their names. */
export async function consoleObras(db: Queryable): Promise<KnownObra[]> {
  const rows = await db.query<ObraRow>(
    'SELECT slug, nombre, facts FROM obras ORDER BY spanish_sort_key(nombre) COLLATE "C", slug',
  );
  return rows.map((r) => ({
    slug: r.slug,
    nombre: r.nombre,
    source: 'consola' as const,
    facts: consoleObraFacts(r),
  }));
}

/** The configuration file's obras (the defaults), without the console's. */
export const configObras = (config: readonly Obra[]): KnownObra[] =>
  config.map((o) => ({ slug: o.slug, nombre: o.nombre, source: 'config', facts: o }));

/** Every obra a learner may be given: the configuration's first (defaults), then the console's. */
export async function allObras(db: Queryable, config: readonly Obra[]): Promise<KnownObra[]> {
  const fromConfig = configObras(config);
  const taken = new Set(fromConfig.map((o) => o.slug));
  return [...fromConfig, ...(await consoleObras(db)).filter((o) => !taken.has(o.slug))];
}

export class ObraExistsError extends Error {
  constructor(readonly existing: string) {
    super(`ya existe la obra «${existing}»`);
  }
}

/**
 * Creates an obra from a name (and facts): the slug is derived here, once. A name that folds
 * to an existing obra's name or slug is refused (ObraExistsError) — the same obra typed twice.
 */
export async function createObra(
  db: Queryable,
  known: readonly KnownObra[],
  nombre: string,
  facts: Partial<Record<ObraFactField, string>>,
  actorId: number | null,
): Promise<{ obra: Obra } | { problems: string[] }> {
  const existing = matchObra(known, nombre);
  if (existing) throw new ObraExistsError(existing.nombre);
  const slug = newObraSlug(nombre, new Set(known.map((o) => o.slug)));
  const checked = checkObra(slug, nombre, facts);
  if (!checked.obra) return { problems: checked.problems };
  const { slug: _slug, nombre: name, ...rest } = checked.obra;
  const rows = await db.query<{ slug: string }>(
    `INSERT INTO obras (slug, nombre, match_key, facts, created_by)
     VALUES ($1, $2, $3, $4::jsonb, $5) ON CONFLICT DO NOTHING RETURNING slug`,
    [slug, name, obraKey(name), JSON.stringify(rest), actorId],
  );
  if (!rows.length) throw new ObraExistsError(name);
  return { obra: checked.obra };
}

/** Saves an obra's name and facts; the slug stays. Only console obras can be edited. */
export async function updateObra(
  db: Queryable,
  slug: string,
  nombre: string,
  facts: Partial<Record<ObraFactField, string>>,
): Promise<{ obra: Obra } | { problems: string[] }> {
  const checked = checkObra(slug, nombre, facts);
  if (!checked.obra) return { problems: checked.problems };
  const { slug: _slug, nombre: name, ...rest } = checked.obra;
  try {
    await db.query(
      `UPDATE obras SET nombre = $2, match_key = $3, facts = $4::jsonb, updated_at = now()
        WHERE slug = $1`,
      [slug, name, obraKey(name), JSON.stringify(rest)],
    );
  } catch (error) {
    if (String((error as Error).message).includes('match_key'))
      return { problems: [`ya existe otra obra con el nombre «${name}»`] };
    throw error;
  }
  return { obra: checked.obra };
}
