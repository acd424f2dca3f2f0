// The contratistas page (decision 0240): each contratista once, whatever its spellings (accents,
// case, legal forms, «Empleados directos» / «Directo»), with the learners of each spelling and,
// for the coordinator, a merge action that keeps the spelling chosen. POST-redirect-GET.
import type { FastifyInstance } from 'fastify';
import { field, sendHtml, type ConsoleContext } from './console-context.ts';
import { consolePage, escapeHtml, hiddenToken, type Viewer } from './layout.ts';
import { redirectWithNotice, takeNotice } from './notices.ts';
import {
  contratistaSpellings,
  groupContratistas,
  mergeContratistas,
  type ContratistaGroup,
} from './contratistas.ts';

const DIRECT = 'Empleados directos';
const shown = (name: string) => (name ? `«${escapeHtml(name)}»` : `(sin contratista: ${DIRECT})`);
const plural = (n: number) => `${n} ${n === 1 ? 'aprendiz' : 'aprendices'}`;

function groupRow(viewer: Viewer, g: ContratistaGroup, i: number) {
  const title = g.direct ? DIRECT : escapeHtml(g.spellings[0]!.name);
  const spellings = `<ul>${g.spellings.map((s) => `<li>${shown(s.name)}: ${plural(s.learners)}</li>`).join('')}</ul>`;
  const merge =
    g.spellings.length > 1 && viewer.role === 'coordinador'
      ? `<form method="post" action="/consola/contratistas/unir">${hiddenToken(viewer)}<input type="hidden" name="grupo" value="${escapeHtml(g.key)}">
<fieldset><legend>Unir como un solo contratista, con el nombre:</legend>${g.spellings
          .map(
            (s, j) =>
              `<label class="check"><input type="radio" name="nombre" value="${escapeHtml(s.name)}"${j === 0 ? ' checked' : ''}> ${s.name ? escapeHtml(s.name) : `${DIRECT} (sin contratista)`}</label>`,
          )
          .join('')}</fieldset>
<button type="submit" id="unir-${i}">Unir ${g.spellings.length} nombres</button></form>`
      : '';
  return `<section class="contratista${g.spellings.length > 1 ? ' varios' : ''}" aria-labelledby="contratista-${i}"><h2 id="contratista-${i}">${title} <span class="hint">(${plural(g.learners)}${g.spellings.length > 1 ? `, escrito de ${g.spellings.length} formas` : ''})</span></h2>${g.spellings.length > 1 ? spellings : ''}${merge}</section>`;
}

function page(viewer: Viewer, groups: ContratistaGroup[], notice = '') {
  const varied = groups.filter((g) => g.spellings.length > 1);
  return consolePage(
    'Contratistas',
    `<h1>Contratistas</h1>
<p>Los nombres que solo difieren en tildes, mayúsculas, puntuación, forma societaria (S.A.S., Ltda.…) o palabras comunes («empleados», «personal», «de», «la»…) se muestran como uno. «Directo», «Empleados directos» y los aprendices sin contratista son los empleados directos. Unir cambia el contratista de esos aprendices al nombre elegido y queda en el registro de auditoría.</p>
${notice}
<p><strong>${varied.length ? `${varied.length} ${varied.length === 1 ? 'contratista aparece' : 'contratistas aparecen'} con nombres distintos.` : 'Cada contratista aparece con un solo nombre.'}</strong></p>
${[...varied, ...groups.filter((g) => g.spellings.length < 2)].map((g, i) => groupRow(viewer, g, i)).join('\n')}`,
    { viewer, current: 'resumen' },
  );
}

export async function contratistaRoutes(app: FastifyInstance, cc: ConsoleContext) {
  const db = cc.app.db;

  app.get<{ Querystring: { aviso?: string } }>(
    '/consola/contratistas',
    { preHandler: cc.read },
    async (request, reply) => {
      const viewer = request.viewer!;
      const { html } = await takeNotice(db, viewer.userId, request.query.aviso);
      return sendHtml(reply, page(viewer, groupContratistas(await contratistaSpellings(db)), html));
    },
  );

  app.post('/consola/contratistas/unir', { preHandler: cc.write }, async (request, reply) => {
    const viewer = request.viewer!;
    const result = await mergeContratistas(
      db,
      { userId: viewer.userId, name: viewer.name },
      field(request, 'grupo'),
      field(request, 'nombre'),
    );
    if ('refused' in result)
      return sendHtml(
        reply,
        page(
          viewer,
          groupContratistas(await contratistaSpellings(db)),
          `<div class="notice bad" role="alert"><p>No se unió nada: ${escapeHtml(result.refused)}</p></div>`,
        ),
        422,
      );
    return redirectWithNotice(
      reply,
      db,
      viewer.userId,
      '/consola/contratistas',
      `<p class="notice ok" role="status">Contratistas unidos: ${result.merged.map(shown).join(', ')} → ${result.into ? `«${escapeHtml(result.into)}»` : DIRECT} (${plural(result.learners)}).</p>`,
    );
  });
}
