// The console's summary (/consola) and learners table (/consola/aprendices): counts per obra and
// contratista, and the searchable, filterable, sortable, paginated table (all in SQL).
import { CONFIG_PATH } from './pages-company-config.ts';
import { esCompanyConfig as CC } from './strings/es-company-config.ts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ConsoleContext } from './console-context.ts';
import {
  BadParameter,
  dateParameter,
  pageParameter,
  sendHtml,
  textParameter,
} from './console-context.ts';
import {
  consolePage,
  escapeHtml,
  hiddenToken,
  plainDate,
  shortDate,
  type Viewer,
} from './layout.ts';
import {
  contratistas,
  ESTADO_LABEL,
  FILTER_ONLY,
  ESTADOS,
  learnersPage,
  SORTS,
  summary,
  type Filters,
  type SortKey,
  type SummaryRow,
} from './queries.ts';
import { heldSheetsHtml, sheetKeyInput } from './pages-invitations.ts';
import { esConsole as C } from './strings/es-console.ts';
import { esOverview as T } from './strings/es-overview.ts';

/**
 * The table's filters from a query string (decision 0182). Absent or empty values take their
 * defaults; a value the console cannot use (unknown sort key or state, a page out of range,
 * control characters, a day that does not exist) is a BadParameter, answered with a 400 page.
 */
export function readFilters(query: Record<string, unknown>): Filters {
  const text = (k: string) => textParameter(k, query[k]);
  const estado = text('estado');
  const orden = text('orden');
  const dir = text('dir');
  if (
    estado &&
    !(ESTADOS as readonly string[]).includes(estado) &&
    !(FILTER_ONLY as readonly string[]).includes(estado)
  )
    throw new BadParameter('estado', T.badEstado(estado));
  // Own keys only: «constructor» or «__proto__» are not sort columns.
  if (orden && !Object.hasOwn(SORTS, orden)) throw new BadParameter('orden', T.badOrden(orden));
  if (dir && dir !== 'asc' && dir !== 'desc') throw new BadParameter('dir', T.badDir);
  return {
    q: text('q') || undefined,
    obra: text('obra') || undefined,
    contratista: text('contratista') || undefined,
    estado: (estado || 'todos') as Filters['estado'],
    desde: dateParameter('desde', text('desde')) || undefined,
    hasta: dateParameter('hasta', text('hasta')) || undefined,
    ingreso: dateParameter('ingreso', text('ingreso')) || undefined,
    orden: (orden || 'nombre') as SortKey,
    dir: dir === 'desc' ? 'desc' : 'asc',
    pagina: pageParameter('pagina', query.pagina),
  };
}

export function filterQuery(filters: Filters, changes: Partial<Filters> = {}): string {
  const merged = { ...filters, ...changes };
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(merged))
    if (
      v !== undefined &&
      v !== '' &&
      !(k === 'estado' && v === 'todos') &&
      !(k === 'pagina' && v === 1)
    )
      params.set(k, String(v));
  const s = params.toString();
  return s ? `?${s}` : '';
}

const pct = (n: number, of: number) => (of ? `${Math.round((n / of) * 100)} %` : '—');

function summaryTable(
  caption: string,
  head: string,
  rows: SummaryRow[],
  label: (r: SummaryRow) => string,
  link: (r: SummaryRow) => string,
) {
  if (!rows.length) return `<p>${T.noLearners}</p>`;
  // data-label: on a phone each row is a card that names its numbers (record 0274).
  const [a, b, c, d, e, f] = T.summaryColumns.map((label) => ` data-label="${label}"`);
  return `<div class="table-wrap"><table class="stack">
<caption>${escapeHtml(caption)}</caption>
<thead><tr><th scope="col">${head}</th>${T.summaryColumns.map((c) => `<th scope="col" class="num">${c}</th>`).join('')}</tr></thead>
<tbody>${rows
    .map(
      (r) =>
        `<tr><th scope="row"><a href="/consola/aprendices${link(r)}">${escapeHtml(label(r))}</a></th><td class="num"${a}>${r.inscritos}</td><td class="num"${b}>${r.sinIniciar}</td><td class="num"${c}>${r.enCurso}</td><td class="num"${d}>${r.completados} <span class="hint">(${pct(r.completados, r.inscritos)})</span></td><td class="num"${e}>${r.vencida}</td><td class="num"${f}>${r.porVencer}</td></tr>`,
    )
    .join('')}</tbody></table></div>`;
}

const NO_TOTALS = {
  inscritos: 0,
  sinIniciar: 0,
  enCurso: 0,
  completados: 0,
  vencida: 0,
  porVencer: 0,
};

/** The obra-wide reinducción form (a coordinator's only; a typed word confirms it). */
const obraReinductionForm = (cc: ConsoleContext, viewer: Viewer) =>
  viewer.role === 'coordinador'
    ? `<h2 id="reinduccion-obra">${T.reinductionHeading}</h2>
<p>${T.reinductionIntro}</p>
<form method="post" action="/consola/reinduccion-obra" class="filters">${hiddenToken(viewer)}
<div><label for="obra-reinduccion">${T.obra}</label><select id="obra-reinduccion" name="obra">${cc.obras.map((o) => `<option value="${escapeHtml(o.slug)}">${escapeHtml(o.nombre)}</option>`).join('')}</select></div>
<div><label for="confirmar-obra">${T.confirmReinduction}</label><input id="confirmar-obra" name="confirmar" autocomplete="off" required pattern="REINDUCCION"></div>
<div><button type="submit" class="danger">${T.startReinduction}</button></div></form>`
    : '';

/** The summary's body: the totals as cards, the tables per obra and per contratista. */
function overviewBody(cc: ConsoleContext, viewer: Viewer, rows: SummaryRow[]) {
  const total = rows.find((r) => r.level === 'total') ?? NO_TOTALS;
  const card = (n: number, label: string, estado: string, cls = '') =>
    `<li class="${cls}"><a href="/consola/aprendices${estado ? `?estado=${estado}` : ''}"><span class="n">${n}</span>${label}</a></li>`;
  return `<h1>${T.overviewHeading}</h1>
<p>${T.period(cc.scope.reinductionMonths)} <a href="${CONFIG_PATH}">${CC.title}</a></p>
<ul class="cards" aria-label="${T.totalsLabel}">
${card(total.inscritos, T.cards.inscritos, '')}${card(total.sinIniciar, T.cards.sinIniciar, 'sin-iniciar')}${card(total.enCurso, T.cards.enCurso, 'en-curso')}${card(total.completados, T.cards.completados, 'completado')}${card(total.vencida, T.cards.vencida, 'vencida', 'late')}${card(total.porVencer, T.cards.porVencer, 'por-vencer', 'soon')}
</ul>
<h2>${T.byObra}</h2>
${summaryTable(
  T.byObraCaption,
  T.obra,
  rows.filter((r) => r.level === 'obra'),
  (r) => cc.obraName(r.obra),
  (r) => `?obra=${encodeURIComponent(r.obra ?? '')}`,
)}
<h2>${T.byContratista}</h2>
${summaryTable(
  T.byContratistaCaption,
  T.contratista,
  rows.filter((r) => r.level === 'contratista'),
  (r) => r.contratista || T.direct,
  (r) => `?contratista=${encodeURIComponent(r.contratista || '-')}`,
)}
<p><a href="/consola/contratistas">${T.reviewContratistas}</a></p>
${obraReinductionForm(cc, viewer)}`;
}

const option = (value: string, label: string, selected: string | undefined) =>
  `<option value="${escapeHtml(value)}"${value === (selected ?? '') ? ' selected' : ''}>${escapeHtml(label)}</option>`;

/** The learners table's filters form. */
function filterForm(cc: ConsoleContext, filters: Filters, companies: string[]) {
  return `<form class="filters" method="get" action="/consola/aprendices" role="search" aria-label="${T.filterLabel}">
<div><label for="q">${T.search}</label><input id="q" name="q" type="search" value="${escapeHtml(filters.q ?? '')}"></div>
<div><label for="obra">${T.obra}</label><select id="obra" name="obra">${option('', T.allObras, filters.obra)}${cc.obras.map((o) => option(o.slug, o.nombre, filters.obra)).join('')}</select></div>
<div><label for="contratista">${T.contratista}</label><select id="contratista" name="contratista">${option('', T.allContratistas, filters.contratista)}${option('-', T.direct, filters.contratista)}${companies.map((c) => option(c, c, filters.contratista)).join('')}</select></div>
<div><label for="estado">${T.estado}</label><select id="estado" name="estado">${(['todos', 'pendiente', ...ESTADOS, 'inactivo'] as const).map((e) => option(e, ESTADO_LABEL[e], filters.estado)).join('')}</select></div>
<div><label for="desde">${T.completedFrom}</label><input id="desde" name="desde" type="date" value="${filters.desde ?? ''}"></div>
<div><label for="hasta">${T.completedTo}</label><input id="hasta" name="hasta" type="date" value="${filters.hasta ?? ''}"></div>
<div><label for="ingreso">${T.enteredFrom}</label><input id="ingreso" name="ingreso" type="date" value="${filters.ingreso ?? ''}"></div>
<input type="hidden" name="orden" value="${filters.orden}"><input type="hidden" name="dir" value="${filters.dir}">
<div class="actions"><button type="submit">${T.filter}</button><a class="button secondary" href="/consola/aprendices">${T.clear}</a></div>
</form>`;
}

type LearnersPage = Awaited<ReturnType<typeof learnersPage>>;

/** The learners table: sortable headers, a row per learner, a checkbox each when `picks`. */
function learnersTable(cc: ConsoleContext, filters: Filters, page: LearnersPage, picks: boolean) {
  const sortHeader = (key: SortKey, label: string, cls = '') => {
    const active = filters.orden === key;
    const dir = active && filters.dir === 'asc' ? 'desc' : 'asc';
    const sort = active ? (filters.dir === 'asc' ? 'ascending' : 'descending') : 'none';
    return `<th scope="col"${cls} aria-sort="${sort}"><a class="sort" href="/consola/aprendices${filterQuery(filters, { orden: key, dir, pagina: 1 })}">${label}${active ? `<span aria-hidden="true"> ${filters.dir === 'asc' ? '▲' : '▼'}</span>` : ''}</a></th>`;
  };
  const pick = (r: LearnersPage['rows'][number]) =>
    picks
      ? `<td class="pick">${r.active ? `<input type="checkbox" name="ids" value="${r.id}" form="${PICK_FORM}" aria-label="${escapeHtml(T.pickLabel(r.name))}">` : ''}</td>`
      : '';
  const rows = page.rows
    .map(
      (r) =>
        `<tr>${pick(r)}<td><a href="/consola/aprendices/${r.id}">${escapeHtml(r.name)}</a></td><td class="code wide">${escapeHtml(r.document)}</td><td class="wide">${escapeHtml(cc.obraName(r.obra))}</td><td class="wide">${escapeHtml(r.contratista ?? T.directShort)}</td><td class="wide">${escapeHtml(r.cargo ?? '')}</td><td class="estado">${escapeHtml(r.active ? ESTADO_LABEL[r.estado] : T.deactivated)}${r.cycle > 1 ? ` <span class="hint">${T.cycle(r.cycle)}</span>` : ''}</td><td class="num">${r.score} %</td><td class="wide">${r.firstAnswered ? `${r.firstCorrect}/${r.firstAnswered}` : ''}</td><td class="wide">${plainDate(r.fechaIngreso)}</td><td class="num">${r.daysSinceEntry ?? ''}</td><td class="wide">${shortDate(r.completedAt)}</td><td class="wide">${shortDate(r.dueAt)}</td></tr>`,
    )
    .join('');
  return `<div class="table-wrap" tabindex="0" role="region" aria-label="${T.tableLabel}"><table class="learners">
<caption>${T.caption(escapeHtml(filters.orden ?? 'nombre'), filters.dir === 'desc')}</caption>
<thead><tr>${picks ? `<th scope="col" class="pick"><span class="sr">${T.pick}</span></th>` : ''}${sortHeader('nombre', T.columns.nombre)}${sortHeader('documento', T.columns.documento, ' class="wide"')}${sortHeader('obra', T.columns.obra, ' class="wide"')}${sortHeader('contratista', T.columns.contratista, ' class="wide"')}<th scope="col" class="wide">${T.columns.cargo}</th><th scope="col" class="estado">${T.columns.estado}</th>${sortHeader('avance', T.columns.avance, ' class="num"')}<th scope="col" class="wide">${T.columns.firstTry}</th>${sortHeader('ingreso', T.columns.ingreso, ' class="wide"')}<th scope="col" class="num"><abbr title="${T.columns.daysTitle}">${T.columns.days}</abbr></th>${sortHeader('finalizado', T.columns.finalizado, ' class="wide"')}<th scope="col" class="wide">${T.columns.reinduccion}</th></tr></thead>
<tbody>${rows || `<tr><td colspan="${picks ? 13 : 12}">${T.noMatch}</td></tr>`}</tbody>
</table></div>`;
}

/** The learners page's body: filters, export, the table, the invitation form and the pager. */
function learnersBody(
  cc: ConsoleContext,
  viewer: Viewer,
  filters: Filters,
  page: LearnersPage,
  companies: string[],
) {
  // A coordinator picks learners for invitations (decision 0235): a checkbox per active
  // learner, tied by `form=` to the invitation form under the table (no script).
  const picks = viewer.role === 'coordinador';
  return `<h1>${T.learnersTitle}</h1>
${filterForm(cc, filters, companies)}
<div class="actions"><a class="button secondary" href="/consola/exportar.csv${filterQuery(filters, { pagina: 1 })}" download>${T.exportCsv(page.total)}</a></div>
<p role="status">${T.count(page.total, page.page, page.pages)}</p>
${learnersTable(cc, filters, page, picks)}
${picks && page.rows.some((r) => r.active) ? `<form id="${PICK_FORM}" class="actions" method="post" action="/consola/invitaciones">${hiddenToken(viewer)}<input type="hidden" name="tipo" value="tarjeta">${sheetKeyInput()}<button type="submit">${T.invitePicked}</button><span class="hint">${T.invitePickedHint}</span></form>` : ''}
<p class="hint phone-only">${T.phoneHint}</p>
<nav class="pager" aria-label="${C.pagerLabel}">${page.page > 1 ? `<a href="/consola/aprendices${filterQuery(filters, { pagina: page.page - 1 })}">${C.previous}</a>` : ''}<span>${C.pageOf(page.page, page.pages)}</span>${page.page < page.pages ? `<a href="/consola/aprendices${filterQuery(filters, { pagina: page.page + 1 })}">${C.next}</a>` : ''}</nav>`;
}

export async function overviewRoutes(app: FastifyInstance, cc: ConsoleContext) {
  app.get('/consola', { preHandler: cc.read }, async (request, reply) => {
    const viewer = request.viewer!;
    const rows = await summary(cc.app.db, cc.scope);
    const body = overviewBody(cc, viewer, rows);
    return sendHtml(reply, consolePage(T.overviewTitle, body, { viewer, current: 'resumen' }));
  });

  app.get(
    '/consola/aprendices',
    { preHandler: cc.read },
    async (request: FastifyRequest, reply) => {
      const viewer = request.viewer!;
      const filters = readFilters(request.query as Record<string, unknown>);
      const [page, companies] = await Promise.all([
        learnersPage(cc.app.db, cc.scope, filters),
        contratistas(cc.app.db),
      ]);
      // The invitations sheets this browser may open again (record 0273), above the table.
      const body =
        (await heldSheetsHtml(cc, request)) + learnersBody(cc, viewer, filters, page, companies);
      return sendHtml(reply, consolePage(T.learnersTitle, body, { viewer, current: 'aprendices' }));
    },
  );
}

/** The invitation form the learners table's checkboxes belong to. */
const PICK_FORM = 'invitar-elegidos';
