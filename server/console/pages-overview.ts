// The console's summary (/consola) and learners table (/consola/aprendices): counts per obra and
// contratista, and the searchable, filterable, sortable, paginated table (all in SQL).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ConsoleContext } from './console-context.ts';
import {
  BadParameter,
  dateParameter,
  pageParameter,
  sendHtml,
  textParameter,
} from './console-context.ts';
import { consolePage, escapeHtml, hiddenToken, plainDate, shortDate } from './layout.ts';
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
    throw new BadParameter('estado', `«${estado}» no es un estado de la lista.`);
  // Own keys only: «constructor» or «__proto__» are not sort columns.
  if (orden && !Object.hasOwn(SORTS, orden))
    throw new BadParameter('orden', `«${orden}» no es una columna de la tabla.`);
  if (dir && dir !== 'asc' && dir !== 'desc')
    throw new BadParameter('dir', 'debe ser «asc» o «desc».');
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
  if (!rows.length) return `<p>No hay aprendices registrados.</p>`;
  return `<div class="table-wrap"><table>
<caption>${escapeHtml(caption)}</caption>
<thead><tr><th scope="col">${head}</th><th scope="col" class="num">Inscritos</th><th scope="col" class="num">Sin iniciar</th><th scope="col" class="num">En curso</th><th scope="col" class="num">Completados</th><th scope="col" class="num">Reinducción vencida</th><th scope="col" class="num">Vence en 30 días</th></tr></thead>
<tbody>${rows
    .map(
      (r) =>
        `<tr><th scope="row"><a href="/consola/aprendices${link(r)}">${escapeHtml(label(r))}</a></th><td class="num">${r.inscritos}</td><td class="num">${r.sinIniciar}</td><td class="num">${r.enCurso}</td><td class="num">${r.completados} <span class="hint">(${pct(r.completados, r.inscritos)})</span></td><td class="num">${r.vencida}</td><td class="num">${r.porVencer}</td></tr>`,
    )
    .join('')}</tbody></table></div>`;
}

export async function overviewRoutes(app: FastifyInstance, cc: ConsoleContext) {
  app.get('/consola', { preHandler: cc.read }, async (request, reply) => {
    const viewer = request.viewer!;
    const rows = await summary(cc.app.db, cc.scope);
    const total = rows.find((r) => r.level === 'total') ?? {
      inscritos: 0,
      sinIniciar: 0,
      enCurso: 0,
      completados: 0,
      vencida: 0,
      porVencer: 0,
    };
    const card = (n: number, label: string, estado: string, cls = '') =>
      `<li class="${cls}"><a href="/consola/aprendices${estado ? `?estado=${estado}` : ''}"><span class="n">${n}</span>${label}</a></li>`;
    const reinduction =
      viewer.role === 'coordinador'
        ? `<h2 id="reinduccion-obra">Reinducción de una obra</h2>
<p>Inicia un ciclo nuevo para todos los aprendices activos de la obra que completaron su ciclo actual. El ciclo completado queda archivado en su historial (fechas, respuestas y certificado) y el aprendiz hace el curso de nuevo desde el inicio.</p>
<form method="post" action="/consola/reinduccion-obra" class="filters">${hiddenToken(viewer)}
<div><label for="obra-reinduccion">Obra</label><select id="obra-reinduccion" name="obra">${cc.obras.map((o) => `<option value="${escapeHtml(o.slug)}">${escapeHtml(o.nombre)}</option>`).join('')}</select></div>
<div><label for="confirmar-obra">Escribe REINDUCCION para confirmar</label><input id="confirmar-obra" name="confirmar" autocomplete="off" required pattern="REINDUCCION"></div>
<div><button type="submit" class="danger">Iniciar reinducción de la obra</button></div></form>`
        : '';
    const body = `<h1>Resumen de la inducción</h1>
<p>Periodo de reinducción: ${cc.scope.reinductionMonths} meses desde que el aprendiz completa el curso. Solo se cuentan aprendices activos.</p>
<ul class="cards" aria-label="Totales">
${card(total.inscritos, 'Inscritos', '')}${card(total.sinIniciar, 'Sin iniciar', 'sin-iniciar')}${card(total.enCurso, 'En curso', 'en-curso')}${card(total.completados, 'Completados', 'completado')}${card(total.vencida, 'Reinducción vencida', 'vencida', 'late')}${card(total.porVencer, 'Reinducción en 30 días', 'por-vencer', 'soon')}
</ul>
<h2>Por obra</h2>
${summaryTable(
  'Aprendices por obra',
  'Obra',
  rows.filter((r) => r.level === 'obra'),
  (r) => cc.obraName(r.obra),
  (r) => `?obra=${encodeURIComponent(r.obra ?? '')}`,
)}
<h2>Por contratista</h2>
${summaryTable(
  'Aprendices por contratista',
  'Contratista',
  rows.filter((r) => r.level === 'contratista'),
  (r) => r.contratista || 'Empleados directos',
  (r) => `?contratista=${encodeURIComponent(r.contratista || '-')}`,
)}
<p><a href="/consola/contratistas">Contratistas escritos de varias formas: revisar y unir</a></p>
${reinduction}`;
    return sendHtml(reply, consolePage('Resumen', body, { viewer, current: 'resumen' }));
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
      const option = (value: string, label: string, selected: string | undefined) =>
        `<option value="${escapeHtml(value)}"${value === (selected ?? '') ? ' selected' : ''}>${escapeHtml(label)}</option>`;
      const sortHeader = (key: SortKey, label: string, cls = '') => {
        const active = filters.orden === key;
        const dir = active && filters.dir === 'asc' ? 'desc' : 'asc';
        const sort = active ? (filters.dir === 'asc' ? 'ascending' : 'descending') : 'none';
        return `<th scope="col"${cls} aria-sort="${sort}"><a class="sort" href="/consola/aprendices${filterQuery(filters, { orden: key, dir, pagina: 1 })}">${label}${active ? `<span aria-hidden="true"> ${filters.dir === 'asc' ? '▲' : '▼'}</span>` : ''}</a></th>`;
      };
      // A coordinator picks learners for invitations (decision 0235): a checkbox per active
      // learner, tied by `form=` to the invitation form under the table (no script).
      const picks = viewer.role === 'coordinador';
      const pick = (r: (typeof page.rows)[number]) =>
        picks
          ? `<td class="pick">${r.active ? `<input type="checkbox" name="ids" value="${r.id}" form="${PICK_FORM}" aria-label="Elegir a ${escapeHtml(r.name)}">` : ''}</td>`
          : '';
      const rows = page.rows
        .map(
          (r) =>
            `<tr>${pick(r)}<td><a href="/consola/aprendices/${r.id}">${escapeHtml(r.name)}</a></td><td class="code wide">${escapeHtml(r.document)}</td><td class="wide">${escapeHtml(cc.obraName(r.obra))}</td><td class="wide">${escapeHtml(r.contratista ?? 'Directo')}</td><td class="wide">${escapeHtml(r.cargo ?? '')}</td><td class="estado">${escapeHtml(r.active ? ESTADO_LABEL[r.estado] : 'Desactivado')}${r.cycle > 1 ? ` <span class="hint">(ciclo ${r.cycle})</span>` : ''}</td><td class="num">${r.score} %</td><td class="wide">${r.firstAnswered ? `${r.firstCorrect}/${r.firstAnswered}` : ''}</td><td class="wide">${plainDate(r.fechaIngreso)}</td><td class="num">${r.daysSinceEntry ?? ''}</td><td class="wide">${shortDate(r.completedAt)}</td><td class="wide">${shortDate(r.dueAt)}</td></tr>`,
        )
        .join('');
      const body = `<h1>Aprendices</h1>
<form class="filters" method="get" action="/consola/aprendices" role="search" aria-label="Filtrar aprendices">
<div><label for="q">Buscar (nombre, documento, correo o cargo)</label><input id="q" name="q" type="search" value="${escapeHtml(filters.q ?? '')}"></div>
<div><label for="obra">Obra</label><select id="obra" name="obra">${option('', 'Todas', filters.obra)}${cc.obras.map((o) => option(o.slug, o.nombre, filters.obra)).join('')}</select></div>
<div><label for="contratista">Contratista</label><select id="contratista" name="contratista">${option('', 'Todos', filters.contratista)}${option('-', 'Empleados directos', filters.contratista)}${companies.map((c) => option(c, c, filters.contratista)).join('')}</select></div>
<div><label for="estado">Estado</label><select id="estado" name="estado">${(['todos', 'pendiente', ...ESTADOS, 'inactivo'] as const).map((e) => option(e, ESTADO_LABEL[e], filters.estado)).join('')}</select></div>
<div><label for="desde">Completado desde</label><input id="desde" name="desde" type="date" value="${filters.desde ?? ''}"></div>
<div><label for="hasta">Completado hasta</label><input id="hasta" name="hasta" type="date" value="${filters.hasta ?? ''}"></div>
<div><label for="ingreso">Ingresó desde</label><input id="ingreso" name="ingreso" type="date" value="${filters.ingreso ?? ''}"></div>
<input type="hidden" name="orden" value="${filters.orden}"><input type="hidden" name="dir" value="${filters.dir}">
<div class="actions"><button type="submit">Filtrar</button><a class="button secondary" href="/consola/aprendices">Limpiar</a></div>
</form>
<div class="actions"><a class="button secondary" href="/consola/exportar.csv${filterQuery(filters, { pagina: 1 })}" download>Exportar CSV (${page.total})</a></div>
<p role="status">${page.total} aprendices · página ${page.page} de ${page.pages}</p>
<div class="table-wrap" tabindex="0" role="region" aria-label="Tabla de aprendices"><table class="learners">
<caption>Aprendices que coinciden con los filtros, ordenados por ${escapeHtml(filters.orden ?? 'nombre')} (${filters.dir === 'desc' ? 'descendente' : 'ascendente'})</caption>
<thead><tr>${picks ? '<th scope="col" class="pick"><span class="sr">Elegir</span></th>' : ''}${sortHeader('nombre', 'Nombre')}${sortHeader('documento', 'Documento', ' class="wide"')}${sortHeader('obra', 'Obra', ' class="wide"')}${sortHeader('contratista', 'Contratista', ' class="wide"')}<th scope="col" class="wide">Cargo</th><th scope="col" class="estado">Estado</th>${sortHeader('avance', 'Avance', ' class="num"')}<th scope="col" class="wide">1.er intento</th>${sortHeader('ingreso', 'Ingreso', ' class="wide"')}<th scope="col" class="num"><abbr title="Días desde el ingreso">Días</abbr></th>${sortHeader('finalizado', 'Completado', ' class="wide"')}<th scope="col" class="wide">Reinducción</th></tr></thead>
<tbody>${rows || `<tr><td colspan="${picks ? 13 : 12}">Ningún aprendiz coincide con los filtros.</td></tr>`}</tbody>
</table></div>
${picks && page.rows.some((r) => r.active) ? `<form id="${PICK_FORM}" class="actions" method="post" action="/consola/invitaciones">${hiddenToken(viewer)}<input type="hidden" name="tipo" value="tarjeta"><button type="submit">Hacer invitaciones de los elegidos</button><span class="hint">Marca a los aprendices en la tabla: tarjetas para imprimir y mensajes de WhatsApp.</span></form>` : ''}
<p class="hint phone-only">En el teléfono se ven nombre, estado, avance y días desde el ingreso; abre un aprendiz para ver el resto, o gira el teléfono.</p>
<nav class="pager" aria-label="Paginación">${page.page > 1 ? `<a href="/consola/aprendices${filterQuery(filters, { pagina: page.page - 1 })}">« Anterior</a>` : ''}<span>Página ${page.page} de ${page.pages}</span>${page.page < page.pages ? `<a href="/consola/aprendices${filterQuery(filters, { pagina: page.page + 1 })}">Siguiente »</a>` : ''}</nav>`;
      return sendHtml(reply, consolePage('Aprendices', body, { viewer, current: 'aprendices' }));
    },
  );

  void plainDate;
}

/** The invitation form the learners table's checkboxes belong to. */
const PICK_FORM = 'invitar-elegidos';
