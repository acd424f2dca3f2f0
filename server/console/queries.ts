// The console's reads, all in SQL (docs/decisions/0112-console-queries.md): filters, sorting and
// pagination happen in the database, so a page of 50 out of 10,000 learners reads 50 rows into
// memory. Every value is a $n parameter; sort keys come from a fixed list.
import type { Queryable } from '../db/db.ts';
import { esOverview } from './strings/es-overview.ts';

export const ESTADOS = ['sin-iniciar', 'en-curso', 'completado', 'vencida', 'por-vencer'] as const;
export type Estado = (typeof ESTADOS)[number];
/** Filters beside the states: who still lacks the induction, the deactivated, everyone. */
export const FILTER_ONLY = ['pendiente', 'inactivo', 'todos'] as const;
export type EstadoFilter = Estado | (typeof FILTER_ONLY)[number];
export const ESTADO_LABEL: Record<EstadoFilter, string> = esOverview.estados;

// Names and contratistas sort by their stored Spanish key (decision 0217), compared as bytes on
// both engines: «Édgar» before «Sergio», ñ after n.
export const SORTS = {
  nombre: 'u.name_sort COLLATE "C"',
  documento: 'u.document',
  obra: 'obra_slug',
  contratista: 'u.contratista_sort COLLATE "C"',
  avance: 'COALESCE(p.score, 0)',
  finalizado: 'p.completed_at',
  ingreso: 'u.fecha_ingreso',
} as const;
export type SortKey = keyof typeof SORTS;

export interface Filters {
  q?: string;
  obra?: string;
  /** '' = any; '-' = direct employees (no contratista). */
  contratista?: string;
  estado?: EstadoFilter;
  /** Completion date range, aaaa-mm-dd (inclusive). */
  desde?: string;
  hasta?: string;
  /** «Ingresó desde»: fecha_ingreso on or after this day, aaaa-mm-dd. */
  ingreso?: string;
  orden?: SortKey;
  dir?: 'asc' | 'desc';
  pagina?: number;
}

export interface Scope {
  courseId: string;
  /** The configuration's first obra: a learner without one belongs to it. */
  defaultObra: string;
  reinductionMonths: number;
}

export const PAGE_SIZE = 50;

/**
 * Midnight of a date in Colombia (UTC-5 all year, no daylight saving) as a timestamptz, whatever
 * the database session's time zone: dates typed by the coordinator are Colombian days.
 */
export const colombiaMidnight = (dateSql: string) =>
  `((${dateSql})::date + interval '5 hours') AT TIME ZONE 'UTC'`;

/** The learners' current-cycle view, with its parameters $1-$3. */
const BASE = `
  FROM users u
  LEFT JOIN progress p ON p.user_id = u.id AND p.course_id = $1 AND p.cycle = u.cycle
  LEFT JOIN certificates c ON c.user_id = u.id AND c.course_id = $1 AND c.cycle = u.cycle
  CROSS JOIN LATERAL (SELECT COALESCE(u.obra, $2) AS obra_slug,
    p.completed_at + ($3::integer * interval '1 month') AS due_at) x
 WHERE u.role = 'aprendiz'`;

const STARTED = `(COALESCE(p.score, 0) > 0 OR COALESCE(p.route, '') ~ '[0-9]')`;
export const ESTADO_SQL: Record<Estado, string> = {
  'sin-iniciar': `(p.completed_at IS NULL AND NOT ${STARTED})`,
  'en-curso': `(p.completed_at IS NULL AND ${STARTED})`,
  completado: 'p.completed_at IS NOT NULL',
  vencida: 'x.due_at < now()',
  'por-vencer': `(x.due_at >= now() AND x.due_at < now() + interval '30 days')`,
};

const ESTADO_EXPR = `CASE WHEN p.completed_at IS NOT NULL THEN 'completado'
  WHEN ${STARTED} THEN 'en-curso' ELSE 'sin-iniciar' END`;

/**
 * Search ignores case and accents, as a coordinator types a name on a tablet: «Nunez» finds
 * «Núñez», «lucia» finds «Lucía». The same folding runs in SQL (translate(), in PGlite and
 * PostgreSQL alike, no extension) and on the typed text.
 */
const ACCENTED_LOWER = 'áéíóúüñàèìòùâêîôûäëïö';
const PLAIN_LOWER = 'aeiouunaeiouaeiouaeio';
// Capitals too: with a C locale (PGlite's), lower() leaves «Í» or «Ñ» as they are.
const ACCENTED = ACCENTED_LOWER + ACCENTED_LOWER.toUpperCase();
const PLAIN = PLAIN_LOWER + PLAIN_LOWER;
export function searchKey(text: string): string {
  return [...text.trim().toLowerCase()]
    .map((c) => {
      const k = ACCENTED.indexOf(c);
      return k >= 0 ? PLAIN[k] : c;
    })
    .join('');
}

function where(scope: Scope, filters: Filters): { sql: string; params: unknown[] } {
  const params: unknown[] = [scope.courseId, scope.defaultObra, scope.reinductionMonths];
  const clauses: string[] = [];
  const add = (sql: (n: string) => string, value: unknown) => {
    params.push(value);
    clauses.push(sql(`$${params.length}`));
  };
  const estado = filters.estado ?? 'todos';
  clauses.push(estado === 'inactivo' ? 'NOT u.active' : 'u.active');
  // Who still lacks the induction: not started or in progress.
  if (estado === 'pendiente')
    clauses.push(`(${ESTADO_SQL['sin-iniciar']} OR ${ESTADO_SQL['en-curso']})`);
  else if (estado !== 'todos' && estado !== 'inactivo') clauses.push(ESTADO_SQL[estado]);
  if (filters.q?.trim()) {
    const like = `%${searchKey(filters.q).replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const folded = (column: string) => `translate(lower(${column}), '${ACCENTED}', '${PLAIN}')`;
    add(
      (n) =>
        `(${folded('u.name')} LIKE ${n} OR lower(u.document) LIKE ${n} OR ${folded("COALESCE(u.email, '')")} LIKE ${n} OR ${folded("COALESCE(u.cargo, '')")} LIKE ${n})`,
      like,
    );
  }
  if (filters.obra) add((n) => `x.obra_slug = ${n}`, filters.obra);
  if (filters.contratista === '-') clauses.push("COALESCE(u.contratista, '') = ''");
  else if (filters.contratista) add((n) => `u.contratista = ${n}`, filters.contratista);
  if (filters.desde) add((n) => `p.completed_at >= ${colombiaMidnight(n)}`, filters.desde);
  if (filters.hasta)
    add((n) => `p.completed_at < ${colombiaMidnight(`${n}::date + 1`)}`, filters.hasta);
  if (filters.ingreso) add((n) => `u.fecha_ingreso >= ${n}::date`, filters.ingreso);
  return { sql: `${BASE} AND ${clauses.join(' AND ')}`, params };
}

export interface LearnerRow {
  id: number;
  name: string;
  document: string;
  email: string | null;
  obra: string;
  contratista: string | null;
  cargo: string | null;
  fechaIngreso: string | null;
  /** Whole days from fecha_ingreso to today in Colombia; null without a date. */
  daysSinceEntry: number | null;
  estado: Estado;
  score: number;
  completedAt: string | null;
  dueAt: string | null;
  certificateCode: string | null;
  active: boolean;
  cycle: number;
  /** First-attempt result of the current cycle: correct of answered. */
  firstCorrect: number;
  firstAnswered: number;
}

const iso = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString());
const ymd = (v: Date | string | null) =>
  v === null ? null : typeof v === 'string' ? v.slice(0, 10) : v.toISOString().slice(0, 10);

type RawRow = Record<string, unknown>;
const toRow = (r: RawRow): LearnerRow => ({
  id: Number(r.id),
  name: String(r.name),
  document: String(r.document),
  email: (r.email as string | null) ?? null,
  obra: String(r.obra_slug),
  contratista: (r.contratista as string | null) || null,
  cargo: (r.cargo as string | null) || null,
  fechaIngreso: ymd(r.fecha_ingreso as Date | string | null),
  daysSinceEntry: r.days_since_entry === null ? null : Number(r.days_since_entry),
  estado: r.estado as Estado,
  score: Number(r.score ?? 0),
  completedAt: iso(r.completed_at as Date | null),
  dueAt: iso(r.due_at as Date | null),
  certificateCode: (r.certificate_code as string | null) ?? null,
  active: Boolean(r.active),
  cycle: Number(r.cycle),
  firstCorrect: Number(r.first_correct ?? 0),
  firstAnswered: Number(r.first_answered ?? 0),
});

/** Today's date in Colombia (UTC-5 all year), whatever the session's time zone. */
const TODAY_IN_COLOMBIA = `((now() - interval '5 hours') AT TIME ZONE 'UTC')::date`;

const ROW_COLUMNS = `u.id, u.name, u.document, u.email, x.obra_slug, u.contratista, u.cargo,
  u.fecha_ingreso, ${TODAY_IN_COLOMBIA} - u.fecha_ingreso AS days_since_entry,
  ${ESTADO_EXPR} AS estado, p.score, p.completed_at,
  CASE WHEN p.completed_at IS NOT NULL THEN x.due_at END AS due_at, c.code AS certificate_code,
  u.active, u.cycle`;

const FIRST_ATTEMPT = `LEFT JOIN LATERAL (
  SELECT count(*) FILTER (WHERE a.correct) AS first_correct, count(*) AS first_answered
    FROM answers a WHERE a.user_id = f.id AND a.course_id = $1 AND a.cycle = f.cycle) fa ON true`;

function orderBy(filters: Filters): string {
  const key = filters.orden && filters.orden in SORTS ? filters.orden : 'nombre';
  const dir = filters.dir === 'desc' ? 'DESC' : 'ASC';
  return `ORDER BY ${SORTS[key]} ${dir} NULLS LAST, u.id ${dir}`;
}

/** The filtered, sorted slice, then each row's first-attempt counts (kept in order by `ord`). */
const slice = (sql: string, order: string, limit: number, offset: number) =>
  `WITH f AS (SELECT ${ROW_COLUMNS}, row_number() OVER (${order}) AS ord,
                     count(*) OVER () AS total ${sql} ${order}
              LIMIT ${limit} OFFSET ${offset})
   SELECT f.*, fa.first_correct, fa.first_answered FROM f ${FIRST_ATTEMPT} ORDER BY f.ord`;

/** One page of learners and the total that match. */
export async function learnersPage(
  db: Queryable,
  scope: Scope,
  filters: Filters,
): Promise<{ rows: LearnerRow[]; total: number; page: number; pages: number }> {
  const { sql, params } = where(scope, filters);
  const read = (page: number) =>
    db.query<RawRow>(slice(sql, orderBy(filters), PAGE_SIZE, (page - 1) * PAGE_SIZE), params);
  // One pass gives the page and the total (count(*) OVER ()); only a page past the end needs
  // the count on its own, then the last page is read.
  let page = Math.max(1, filters.pagina ?? 1);
  let rows = await read(page);
  let total = rows.length ? Number(rows[0]!.total) : 0;
  if (!rows.length && page > 1) {
    const [count] = await db.query<{ n: number }>(`SELECT count(*)::integer AS n ${sql}`, params);
    total = Number(count?.n ?? 0);
    page = Math.max(1, Math.ceil(total / PAGE_SIZE));
    rows = total ? await read(page) : [];
  }
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  return { rows: rows.map(toRow), total, page, pages };
}

/** Every learner that matches (exports), in batches of `batch` rows, in the table's order. */
export async function* learnersAll(
  db: Queryable,
  scope: Scope,
  filters: Filters,
  batch = 2000,
): AsyncGenerator<LearnerRow[]> {
  const { sql, params } = where(scope, filters);
  for (let offset = 0; ; offset += batch) {
    const rows = await db.query<RawRow>(slice(sql, orderBy(filters), batch, offset), params);
    if (rows.length) yield rows.map(toRow);
    if (rows.length < batch) return;
  }
}

export interface SummaryRow {
  /** null on the total row. */
  obra: string | null;
  contratista: string | null;
  level: 'total' | 'obra' | 'contratista';
  inscritos: number;
  sinIniciar: number;
  enCurso: number;
  completados: number;
  vencida: number;
  porVencer: number;
}

/** Counts of active learners: in total, per obra and per contratista ('' = direct). */
export async function summary(db: Queryable, scope: Scope): Promise<SummaryRow[]> {
  const rows = await db.query<RawRow>(
    `SELECT x.obra_slug AS obra, COALESCE(u.contratista, '') AS contratista,
            GROUPING(x.obra_slug) AS g_obra, GROUPING(COALESCE(u.contratista, '')) AS g_contratista,
            count(*)::integer AS inscritos,
            count(*) FILTER (WHERE ${ESTADO_SQL['sin-iniciar']})::integer AS sin_iniciar,
            count(*) FILTER (WHERE ${ESTADO_SQL['en-curso']})::integer AS en_curso,
            count(*) FILTER (WHERE ${ESTADO_SQL.completado})::integer AS completados,
            count(*) FILTER (WHERE ${ESTADO_SQL.vencida})::integer AS vencida,
            count(*) FILTER (WHERE ${ESTADO_SQL['por-vencer']})::integer AS por_vencer
       ${BASE} AND u.active
      GROUP BY GROUPING SETS ((), (x.obra_slug), (COALESCE(u.contratista, '')))
      ORDER BY 3 DESC, 4 DESC, 1, spanish_sort_key(COALESCE(u.contratista, '')) COLLATE "C"`,
    [scope.courseId, scope.defaultObra, scope.reinductionMonths],
  );
  return rows.map((r) => {
    const gObra = Number(r.g_obra);
    const gContratista = Number(r.g_contratista);
    const level = gObra && gContratista ? 'total' : gContratista ? 'obra' : 'contratista';
    return {
      obra: level === 'obra' ? String(r.obra) : null,
      contratista: level === 'contratista' ? String(r.contratista) : null,
      level,
      inscritos: Number(r.inscritos),
      sinIniciar: Number(r.sin_iniciar),
      enCurso: Number(r.en_curso),
      completados: Number(r.completados),
      vencida: Number(r.vencida),
      porVencer: Number(r.por_vencer),
    };
  });
}

/** The contratistas present, for the filter's list. */
export async function contratistas(db: Queryable): Promise<string[]> {
  const rows = await db.query<{ contratista: string }>(
    `SELECT contratista FROM users
      WHERE role = 'aprendiz' AND contratista IS NOT NULL AND contratista <> ''
      GROUP BY contratista ORDER BY spanish_sort_key(contratista) COLLATE "C", contratista`,
  );
  return rows.map((r) => r.contratista);
}
