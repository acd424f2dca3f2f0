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
import { esContratistas as T } from './strings/es-contratistas.ts';

const DIRECT = T.direct;
const shown = (name: string) => (name ? `«${escapeHtml(name)}»` : T.noContratista(DIRECT));
const plural = T.learners;

function groupRow(viewer: Viewer, g: ContratistaGroup, i: number) {
  const title = g.direct ? DIRECT : escapeHtml(g.spellings[0]!.name);
  const spellings = `<ul>${g.spellings.map((s) => `<li>${shown(s.name)}: ${plural(s.learners)}</li>`).join('')}</ul>`;
  const merge =
    g.spellings.length > 1 && viewer.role === 'coordinador'
      ? `<form method="post" action="/consola/contratistas/unir">${hiddenToken(viewer)}<input type="hidden" name="grupo" value="${escapeHtml(g.key)}">
<fieldset><legend>${T.mergeLegend}</legend>${g.spellings
          .map(
            (s, j) =>
              `<label class="check"><input type="radio" name="nombre" value="${escapeHtml(s.name)}"${j === 0 ? ' checked' : ''}> ${s.name ? escapeHtml(s.name) : T.directOption(DIRECT)}</label>`,
          )
          .join('')}</fieldset>
<button type="submit" id="unir-${i}">${T.mergeButton(g.spellings.length)}</button></form>`
      : '';
  return `<section class="contratista${g.spellings.length > 1 ? ' varios' : ''}" aria-labelledby="contratista-${i}"><h2 id="contratista-${i}">${title} <span class="hint">(${plural(g.learners)}${g.spellings.length > 1 ? T.writtenWays(g.spellings.length) : ''})</span></h2>${g.spellings.length > 1 ? spellings : ''}${merge}</section>`;
}

function page(viewer: Viewer, groups: ContratistaGroup[], notice = '') {
  const varied = groups.filter((g) => g.spellings.length > 1);
  return consolePage(
    T.title,
    `<h1>${T.title}</h1>
<p>${T.intro}</p>
${notice}
<p><strong>${T.varied(varied.length)}</strong></p>
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

  app.post('/consola/contratistas/unir', cc.form, async (request, reply) => {
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
          `<div class="notice bad" role="alert"><p>${escapeHtml(T.refused(result.refused))}</p></div>`,
        ),
        422,
      );
    return redirectWithNotice(
      reply,
      db,
      viewer.userId,
      '/consola/contratistas',
      `<p class="notice ok" role="status">${T.mergedHtml(result.merged.map(shown).join(', '), result.into ? `«${escapeHtml(result.into)}»` : DIRECT, plural(result.learners))}</p>`,
    );
  });
}
