// The page that stops invitations for learners whose obra lacks the facts they should read
// first (record 0273): it answers 409, names what each obra lacks, links to its page and offers
// «Hacer las invitaciones de todos modos» with the same form fields.
import type { FastifyRequest } from 'fastify';
import type { ConsoleContext } from './console-context.ts';
import { fields } from './console-context.ts';
import { consolePage, escapeHtml } from './layout.ts';
import type { Viewer } from './layout.ts';
import { esConsole } from './strings/es-console.ts';
import { esInvitations as T } from './strings/es-invitations.ts';
import { missingObraFacts } from './obra-readiness.ts';

/** The obras of these learners that lack a needed fact, with what each lacks. */
export async function obrasWithoutFacts(cc: ConsoleContext, ids: number[]) {
  const rows = await cc.app.db.query<{ obra: string | null }>(
    `SELECT DISTINCT obra FROM users WHERE id = ANY($1::integer[]) AND active AND role = 'aprendiz'`,
    [ids],
  );
  return rows
    .map((r) => cc.obras.find((o) => o.slug === (r.obra ?? cc.obras[0]!.slug)))
    .filter((o) => o !== undefined)
    .map((o) => ({
      obra: o,
      missing: missingObraFacts(o),
    }))
    .filter((o) => o.missing.length);
}

/** The page that says which obras lack their facts, with their pages and «de todos modos». */
export function factsPage(
  viewer: Viewer & { formToken: string },
  lacking: Awaited<ReturnType<typeof obrasWithoutFacts>>,
  request: FastifyRequest,
) {
  const again = Object.entries(request.body as Record<string, unknown>)
    .filter(([name]) => ['tipo', 'ids', 'hoja', 'importacion'].includes(name))
    .map(([name]) => [name, fields(request, name)] as const);
  const hidden = again
    .flatMap(([name, values]) => values.map((v) => [name, v] as const))
    .map(([name, v]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(v)}">`)
    .join('');
  const items = lacking
    .map(
      (l) =>
        `<li><a href="/consola/obras/${escapeHtml(l.obra.slug)}">${escapeHtml(T.completeObra(l.obra.nombre))}</a> (${escapeHtml(T.missingFacts(l.missing))})</li>`,
    )
    .join('');
  return consolePage(
    T.title,
    `<h1>${T.obrasWithoutFacts}</h1>
<div class="notice" role="status"><p>${T.obrasWithoutFactsIntro}</p></div>
<ul>${items}</ul>
<form method="post" action="/consola/invitaciones"><input type="hidden" name="_xsrf" value="${escapeHtml(viewer.formToken)}"><input type="hidden" name="sin_datos" value="si">${hidden}<button type="submit" class="secondary">${T.inviteAnyway}</button></form>
<p><a href="/consola/aprendices">${esConsole.backToLearners}</a></p>`,
    { viewer },
  );
}
