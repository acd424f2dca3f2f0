// Obras from the console (decision 0215): the list (the configuration's obras, which stay the
// defaults, and those added here), adding one with the per-obra facts the configuration has,
// its page (facts, editing, assigning learners by document). Every form
// redirects after POST.
import type { FastifyInstance } from 'fastify';
import type { ConsoleContext } from './console-context.ts';
import type { Db } from '../db/db.ts';
import { field, sendHtml } from './console-context.ts';
import { consolePage, escapeHtml, hiddenToken, type Viewer } from './layout.ts';
import { audit } from './audit.ts';
import { obraPackagesSection } from './obra-packages.ts';
import { auditObra } from './import-jobs.ts';
import { esObras as T } from './strings/es-obras.ts';
import {
  createObra,
  OBRA_FACT_FIELDS,
  ObraExistsError,
  updateObra,
  type KnownObra,
  type ObraFactField,
} from '../obras.ts';
import { normalizeDocument } from '../identity.ts';
import type { Obra } from '../../src/domain/config/schema.ts';

const factText = (obra: Obra, key: ObraFactField): string => {
  const value = obra[key];
  return Array.isArray(value) ? value.join(', ') : ((value as string | undefined) ?? '');
};

function obraForm(
  viewer: Viewer,
  action: string,
  values: Record<string, string>,
  button: string,
): string {
  const input = (name: string, label: string, extra = '') =>
    name === 'brigadistas'
      ? `<div class="field"><label for="${name}">${label}</label><textarea id="${name}" name="${name}" rows="3">${escapeHtml(values[name] ?? '')}</textarea></div>`
      : `<div class="field"><label for="${name}">${label}</label><input id="${name}" name="${name}" value="${escapeHtml(values[name] ?? '')}"${extra}></div>`;
  return `<form method="post" action="${action}">${hiddenToken(viewer)}
${input('nombre', T.nameLabel, ' required autocomplete="off"')}
${OBRA_FACT_FIELDS.map(([k, label]) => input(k, label)).join('\n')}
<button type="submit">${button}</button>
</form>`;
}

const formValues = (request: Parameters<typeof field>[0]) =>
  Object.fromEntries(
    ['nombre', ...OBRA_FACT_FIELDS.map(([k]) => k)].map((k) => [k, field(request, k)]),
  ) as Record<string, string>;

const problemsNotice = (text: string) =>
  `<div class="notice bad" role="alert"><p>${escapeHtml(text)}</p></div>`;

function listPage(
  viewer: Viewer,
  obras: readonly KnownObra[],
  counts: Map<string, number>,
  values: Record<string, string> = {},
  message = '',
) {
  const rows = obras
    .map(
      (o) =>
        `<tr><td><a href="/consola/obras/${escapeHtml(o.slug)}">${escapeHtml(o.nombre)}</a></td><td class="code" data-label="${T.colCode}">${escapeHtml(o.slug)}</td><td data-label="${T.colSource}">${o.source === 'config' ? T.sourceConfig : T.sourceConsole}</td><td class="num" data-label="${T.colLearners}">${counts.get(o.slug) ?? 0}</td></tr>`,
    )
    .join('');
  const add =
    viewer.role === 'coordinador'
      ? `<h2 id="agregar-obra">${T.addHeading}</h2>
<p>${T.addIntro}</p>
${message}
${obraForm(viewer, '/consola/obras', values, T.addButton)}`
      : '';
  return consolePage(
    T.title,
    `<h1>${T.title}</h1>
<div class="table-wrap"><table class="stack"><caption>${T.caption(obras.length)}</caption>
<thead><tr><th scope="col">${T.colObra}</th><th scope="col">${T.colCode}</th><th scope="col">${T.colSource}</th><th scope="col" class="num">${T.colLearners}</th></tr></thead>
<tbody>${rows}</tbody></table></div>
${add}`,
    { viewer, current: 'obras' },
  );
}

const DONE = T.done;

function obraPage(
  cc: ConsoleContext,
  viewer: Viewer,
  obra: KnownObra,
  learners: number,
  notice: string,
  formMessage = '',
  values?: Record<string, string>,
) {
  const facts = OBRA_FACT_FIELDS.map(
    ([k, label]) =>
      `<div><dt>${escapeHtml(label.replace(/ \(.*\)$/, ''))}</dt><dd>${escapeHtml(factText(obra.facts, k)) || `<span class="hint">${T.noFact}</span>`}</dd></div>`,
  ).join('');
  const current =
    values ??
    Object.fromEntries([
      ['nombre', obra.nombre],
      ...OBRA_FACT_FIELDS.map(([k]) => [k, factText(obra.facts, k)]),
    ]);
  const base = `/consola/obras/${escapeHtml(obra.slug)}`;
  const packages = obraPackagesSection(cc, obra);
  const edit =
    viewer.role !== 'coordinador'
      ? ''
      : obra.source === 'config'
        ? `<p class="hint">${T.inConfigHtml(`/consola/configuracion/obras/${encodeURIComponent(obra.slug)}`)}</p>`
        : `<h2>${T.editHeading}</h2>${formMessage}${obraForm(viewer, base, current, T.saveButton)}`;
  const assign =
    viewer.role === 'coordinador'
      ? `<h2>${T.assignHeading}</h2>
<form method="post" action="${base}/asignar">${hiddenToken(viewer)}
<div class="field"><label for="documentos">${T.documentsLabel}</label><textarea id="documentos" name="documentos" rows="4"></textarea></div>
<button type="submit">${T.assignButtonHtml(escapeHtml(obra.nombre))}</button>
</form>`
      : '';
  return consolePage(
    obra.nombre,
    `<h1>${escapeHtml(obra.nombre)}</h1>
${notice}
<dl class="facts"><div><dt>${T.colCode}</dt><dd class="code">${escapeHtml(obra.slug)}</dd></div><div><dt>${T.colLearners}</dt><dd><a href="/consola/aprendices?obra=${encodeURIComponent(obra.slug)}">${learners}</a></dd></div>${facts}</dl>
${packages}
${assign}
${edit}
<p><a href="/consola/obras">${T.back}</a></p>`,
    { viewer, current: 'obras' },
  );
}

async function learnerCounts(cc: ConsoleContext): Promise<Map<string, number>> {
  const rows = await cc.app.db.query<{ obra: string; n: number }>(
    `SELECT COALESCE(obra, $1) AS obra, count(*)::integer AS n FROM users
      WHERE role = 'aprendiz' AND active GROUP BY 1`,
    [cc.scope.defaultObra],
  );
  return new Map(rows.map((r) => [r.obra, Number(r.n)]));
}

const findObra = (cc: ConsoleContext, slug: string) =>
  cc.obras.find((o) => o.slug === slug) ?? null;

/** The list of obras and adding one. */
function obraListRoutes(app: FastifyInstance, cc: ConsoleContext) {
  const db = cc.app.db;
  app.get('/consola/obras', { preHandler: cc.read }, async (request, reply) =>
    sendHtml(reply, listPage(request.viewer!, cc.obras, await learnerCounts(cc))),
  );

  app.post('/consola/obras', cc.form, async (request, reply) => {
    const viewer = request.viewer!;
    const values = formValues(request);
    const refuse = async (text: string) =>
      sendHtml(
        reply,
        listPage(viewer, cc.obras, await learnerCounts(cc), values, problemsNotice(text)),
        422,
      );
    try {
      const made = await createObra(db, cc.obras, values.nombre ?? '', values, viewer.userId);
      if ('problems' in made) return refuse(T.notCreated(made.problems.join('; ')));
      await auditObra(
        db,
        { userId: viewer.userId, name: viewer.name },
        made.obra.slug,
        made.obra.nombre,
        'consola',
      );
      return reply.redirect(`/consola/obras/${made.obra.slug}?hecho=creada`, 303);
    } catch (error) {
      if (error instanceof ObraExistsError) return refuse(T.exists(error.message));
      throw error;
    }
  });
}

/** The notice an obra's page shows after a redirect: what was done, or how many were assigned. */
function doneNotice(q: { hecho?: string; asignados?: string; sin?: string }): string {
  const done = typeof q.hecho === 'string' ? DONE[q.hecho] : undefined;
  const assigned = typeof q.asignados === 'string' && /^\d{1,7}$/.test(q.asignados);
  const missing = typeof q.sin === 'string' && /^\d{1,7}$/.test(q.sin) ? Number(q.sin) : 0;
  return done
    ? `<p class="notice ok" role="status">${done}</p>`
    : assigned
      ? `<p class="notice ${missing ? 'bad' : 'ok'}" role="status">${T.assigned(Number(q.asignados), missing)}</p>`
      : '';
}

/** One obra's page and saving its edited facts (only an obra added in the console). */
function obraPageRoutes(app: FastifyInstance, cc: ConsoleContext) {
  const db = cc.app.db;
  app.get<{
    Params: { slug: string };
    Querystring: { hecho?: string; asignados?: string; sin?: string };
  }>('/consola/obras/:slug', { preHandler: cc.read }, async (request, reply) => {
    const obra = findObra(cc, request.params.slug);
    if (!obra) return reply.callNotFound();
    const notice = doneNotice(request.query);
    const counts = await learnerCounts(cc);
    return sendHtml(reply, obraPage(cc, request.viewer!, obra, counts.get(obra.slug) ?? 0, notice));
  });

  app.post<{ Params: { slug: string } }>(
    '/consola/obras/:slug',
    cc.form,
    async (request, reply) => {
      const viewer = request.viewer!;
      const obra = findObra(cc, request.params.slug);
      if (!obra || obra.source !== 'consola') return reply.callNotFound();
      const values = formValues(request);
      const saved = await updateObra(db, obra.slug, values.nombre ?? '', values);
      if ('problems' in saved) {
        const counts = await learnerCounts(cc);
        return sendHtml(
          reply,
          obraPage(
            cc,
            viewer,
            obra,
            counts.get(obra.slug) ?? 0,
            '',
            problemsNotice(T.notSaved(saved.problems.join('; '))),
            values,
          ),
          422,
        );
      }
      await audit(db, { userId: viewer.userId, name: viewer.name }, 'editar-obra', null, {
        obra: obra.slug,
        nombre: saved.obra.nombre,
      });
      return reply.redirect(`/consola/obras/${obra.slug}?hecho=guardada`, 303);
    },
  );
}

/** The documents typed in the assign form, once each, normalised; at most 5000. */
const typedDocuments = (text: string) =>
  [
    ...new Set(
      text
        .split(/[\s,;]+/)
        .map((d) => normalizeDocument(d))
        .filter(Boolean),
    ),
  ].slice(0, 5000);

/** Moves the learners with these documents to an obra, an audit row each; how many moved. */
function assignLearners(
  db: Db,
  viewer: { userId: number; name: string },
  obra: KnownObra,
  documents: string[],
): Promise<number> {
  return db.transaction(async (tx) => {
    const rows = await tx.query<{ id: number; name: string }>(
      `UPDATE users SET obra = $2 WHERE document = ANY($1::text[]) AND role = 'aprendiz'
       RETURNING id, name`,
      [documents, obra.slug],
    );
    for (const r of rows)
      await audit(
        tx,
        { userId: viewer.userId, name: viewer.name },
        'actualizar-datos',
        {
          id: Number(r.id),
          name: r.name,
        },
        { via: 'obra', campos: { obra: obra.slug } },
      );
    return rows.length;
  });
}

function assignRoute(app: FastifyInstance, cc: ConsoleContext) {
  app.post<{ Params: { slug: string } }>(
    '/consola/obras/:slug/asignar',
    cc.form,
    async (request, reply) => {
      const obra = findObra(cc, request.params.slug);
      if (!obra) return reply.callNotFound();
      const documents = typedDocuments(field(request, 'documentos'));
      const moved = await assignLearners(cc.app.db, request.viewer!, obra, documents);
      return reply.redirect(
        `/consola/obras/${obra.slug}?asignados=${moved}&sin=${documents.length - moved}`,
        303,
      );
    },
  );
}

export async function obraRoutes(app: FastifyInstance, cc: ConsoleContext) {
  obraListRoutes(app, cc);
  obraPageRoutes(app, cc);
  assignRoute(app, cc);
}
