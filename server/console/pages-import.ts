// The CSV import screens (decision 0216). POST /consola/importar stores the file as a job and
// redirects to its page (POST-redirect-GET); the page shows the obras to create when the file
// names unknown ones, the progress while a worker runs it (refreshing itself, no script), and
// the result afterwards — kept in the database, so a browser that gave up finds it again from
// «Importaciones recientes». The rows themselves are checked by the CLI's own code
// (cli/users.ts importUsers), so the web and the command accept and refuse the same rows.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ConsoleContext } from './console-context.ts';
import { field, sendHtml } from './console-context.ts';
import { consolePage, dateTime, escapeHtml, hiddenToken, type Viewer } from './layout.ts';
import {
  applyChanges,
  forgetPasswords,
  getJob,
  recentJobs,
  releaseJob,
  submitImport,
  auditObra,
  markObraCreated,
  type ImportJob,
  type JobState,
} from './import-jobs.ts';
import { createObra, ObraExistsError, type KnownObra } from '../obras.ts';
import { missingObraFacts } from './obra-readiness.ts';
import { heldSheetsHtml, invitationForm } from './pages-invitations.ts';
import { esImport as T } from './strings/es-import.ts';

const STATE_LABEL: Record<JobState, string> = T.states;

const FIELD_LABEL = T.fields;

function importForm(viewer: Viewer, jobs: ImportJob[], message = '') {
  const recent = jobs.length
    ? `<h2>${T.recent}</h2><ul>${jobs
        .map(
          (j) =>
            `<li><a href="/consola/importar/${j.id}">${escapeHtml(dateTime(j.createdAt))} — ${escapeHtml(j.fileName || T.file)}</a>: ${STATE_LABEL[j.state]}${j.result && !j.result.fatal ? T.recentCounts(j.result.imported, j.result.registered.length, j.result.rejected) : ''}</li>`,
        )
        .join('')}</ul>`
    : '';
  return consolePage(
    T.title,
    `<h1>${T.heading}</h1>
<p>${T.introHtml}</p>
${message}
<form method="post" action="/consola/importar" enctype="multipart/form-data">${hiddenToken(viewer)}
<div class="field"><label for="archivo">${T.fileLabel}</label><input id="archivo" name="archivo" type="file" accept=".csv,text/csv" required></div>
<div class="field"><label class="check"><input type="checkbox" name="autorizacion-celular" value="si" aria-describedby="autorizacion-ayuda">${T.phoneConsent}</label><p class="hint" id="autorizacion-ayuda">${T.phoneConsentHint}</p></div>
<button type="submit">${T.importButton}</button>
</form>
${recent}`,
    { viewer, current: 'importar' },
  );
}

function obrasStep(viewer: Viewer, job: ImportJob, message = '') {
  const items = job.unknownObras
    .map(
      (o, i) =>
        `<div class="field"><label class="check"><input type="checkbox" name="crear-${i}" value="si" checked>${T.createObraHtml(escapeHtml(o.nombre), o.filas)}</label></div>`,
    )
    .join('');
  return `<div class="notice" role="status"><p>${T.unknownObrasHtml(job.unknownObras.length)}</p></div>
${message}
<form method="post" action="/consola/importar/${job.id}/obras">${hiddenToken(viewer)}
${items}
<button type="submit">${T.createObrasButton}</button>
</form>`;
}

function progressStep(job: ImportJob) {
  const pct = job.total ? Math.round((job.done / job.total) * 100) : 0;
  return `<div class="notice" role="status"><p><strong>${STATE_LABEL[job.state]}.</strong> ${escapeHtml(job.stage || T.waiting)}${job.total ? T.progressCount(job.done, job.total) : ''}.</p>
<progress max="100" value="${pct}" aria-label="${T.progressLabel}">${pct} %</progress>
<p class="hint">${T.progressHint}</p></div>`;
}

/** The obras this job's page created, as they are now (an obra since removed is left out). */
const createdObras = (cc: ConsoleContext, job: ImportJob) =>
  job.unknownObras
    .map((o) => cc.obras.find((k) => o.slug !== undefined && k.slug === o.slug))
    .filter((o): o is KnownObra => o !== undefined);

/**
 * The obras the import created, each with a link to its page, where the coordinator fills the
 * meeting point and brigadistas before the invitations go out (record 0273).
 */
function newObrasStep(obras: KnownObra[]) {
  if (!obras.length) return '';
  const items = obras.map((o) => {
    const missing = missingObraFacts(o);
    const name = escapeHtml(o.nombre);
    const text = missing.length
      ? T.newObraWithoutFactsHtml(name, escapeHtml(missing.join(', ')))
      : T.newObraReadyHtml(name);
    const link = missing.length ? T.completeObra(o.nombre) : T.seeObra(o.nombre);
    return `<p>${text}</p>
<p><a class="button${missing.length ? '' : ' secondary'}" href="/consola/obras/${encodeURIComponent(o.slug)}">${escapeHtml(link)}</a></p>`;
  });
  return `<h2>${T.newObrasHeading(obras.length)}</h2>
${items.join('\n')}`;
}

function resultStep(
  viewer: Viewer,
  job: ImportJob,
  passwords: string[] | null,
  held = '',
  newObras: KnownObra[] = [],
) {
  const r = job.result!;
  if (r.fatal)
    return `<div class="notice bad" role="alert"><p>${T.nothingImported}</p></div><h2>${T.reason}</h2><pre class="result">${escapeHtml(r.fatal)}</pre>`;
  const withChanges = r.registered.filter((x) => x.changes.length);
  const registered = r.registered.length
    ? `<h2>${T.registeredHeading(r.registered.length)}</h2>
<p>${T.registeredIntro(withChanges.length)}</p>
<ul class="registered">${r.registered
        .map(
          (x) =>
            `<li>${T.line(x.line)}: ${escapeHtml(x.name)} (${escapeHtml(x.document)})${x.changes.length ? ` — ${x.changes.map((c) => (c.field === 'celular' ? T.phoneDiffers : `${FIELD_LABEL[c.field]}: «${escapeHtml(c.from ?? '')}» → «${escapeHtml(c.to)}»`)).join('; ')}` : ''}</li>`,
        )
        .join('')}</ul>
${
  r.changesAppliedAt
    ? `<p class="notice ok" role="status">${T.changesApplied(r.changesApplied ?? 0)}</p>`
    : withChanges.length && viewer.role === 'coordinador'
      ? `<form method="post" action="/consola/importar/${job.id}/actualizar">${hiddenToken(viewer)}<button type="submit">${T.applyChanges(withChanges.length)}</button></form>`
      : ''
}`
    : '';
  const list = (title: string, items: string[]) =>
    items.length
      ? `<h2>${title}</h2><pre class="result">${escapeHtml(items.join('\n'))}</pre>`
      : '';
  // The invitations of everyone this import created, by the ids the job kept (decision 0210).
  // Once this browser holds the sheet of this import's invitations, it is offered instead of
  // the button, so coming back never issues a second batch (record 0273).
  const invite = held
    ? held
    : r.createdIds?.length && viewer.role === 'coordinador'
      ? invitationForm(
          viewer,
          { ids: r.createdIds.join(','), importacion: String(job.id) },
          T.inviteImported(r.imported),
        )
      : '';
  // Something imported (or found already registered) is a success; the rejected rows are listed
  // apart below (record 0273). Only a file of which nothing could be used reads as a failure.
  const succeeded = r.imported + r.registered.length > 0 || !r.rejected;
  return `<div class="notice ${succeeded ? 'ok' : 'bad'}" role="status"><p><strong>${T.summary(r.imported, r.registered.length, r.rejected)}</strong></p></div>
${newObrasStep(newObras)}
${invite}
${list(T.rowErrors, r.errors)}
${registered}
${passwords ? list(T.passwords, passwords) : ''}`;
}

function jobPage(
  viewer: Viewer,
  job: ImportJob,
  passwords: string[] | null,
  message = '',
  held = '',
  newObras: KnownObra[] = [],
) {
  const body =
    job.state === 'obras'
      ? obrasStep(viewer, job, message)
      : job.state === 'terminado'
        ? resultStep(viewer, job, passwords, held, newObras)
        : job.state === 'fallido'
          ? `<div class="notice bad" role="alert"><p>${escapeHtml(job.stage)}</p><p>${T.failedHint}</p></div>`
          : progressStep(job);
  return consolePage(
    T.jobTitle(job.id),
    `<h1>${T.jobHeadingHtml(escapeHtml(job.fileName || T.file))}</h1>
<p class="hint">${T.uploadedByHtml(escapeHtml(job.createdByName), escapeHtml(dateTime(job.createdAt)))}</p>
${body}
<p><a href="/consola/importar">${T.another}</a> · <a href="/consola/aprendices">${T.learners}</a></p>`,
    {
      viewer,
      current: 'importar',
      refreshSeconds: job.state === 'pendiente' || job.state === 'en-curso' ? 1 : undefined,
    },
  );
}

const jobId = (raw: string) => (/^\d{1,12}$/.test(raw) ? Number(raw) : null);

/** The job a path's id names, or null. */
const findJob = async (cc: ConsoleContext, raw: string) => {
  const id = jobId(raw);
  return id === null ? null : await getJob(cc.app.db, id);
};

/**
 * Creates the obras a job's file names that the coordinator ticked; the first one refused is
 * returned as a notice (the obras before it stay created), else null.
 */
async function createTickedObras(
  cc: ConsoleContext,
  request: FastifyRequest,
  job: ImportJob,
  viewer: Viewer & { userId: number },
): Promise<string | null> {
  for (const [i, o] of job.unknownObras.entries()) {
    if (field(request, `crear-${i}`) !== 'si') continue;
    try {
      const made = await createObra(cc.app.db, cc.obras, o.nombre, {}, viewer.userId);
      if ('problems' in made)
        return `<div class="notice bad" role="alert"><p>${T.obraNotCreatedHtml(escapeHtml(o.nombre), escapeHtml(made.problems.join('; ')))}</p></div>`;
      await auditObra(
        cc.app.db,
        { userId: viewer.userId, name: viewer.name },
        made.obra.slug,
        made.obra.nombre,
        'importacion',
      );
      await markObraCreated(cc.app.db, job.id, i, made.obra.slug);
      await cc.refreshObras();
    } catch (error) {
      // Created meanwhile (another tab or coordinator): the rows will find it.
      if (!(error instanceof ObraExistsError)) throw error;
    }
  }
  return null;
}

/** The import form with its recent jobs, and uploading a file as a job. */
function uploadRoutes(app: FastifyInstance, cc: ConsoleContext) {
  const db = cc.app.db;
  app.get('/consola/importar', { preHandler: cc.write }, async (request, reply) =>
    sendHtml(reply, importForm(request.viewer!, await recentJobs(db))),
  );

  app.post('/consola/importar', cc.form, async (request, reply) => {
    const viewer = request.viewer!;
    const part = (request.body as Record<string, unknown> | undefined)?.archivo as
      { type?: string; filename?: string; toBuffer?: () => Promise<Buffer> } | undefined;
    const refuse = async (text: string) =>
      sendHtml(
        reply,
        importForm(
          viewer,
          await recentJobs(db),
          `<div class="notice bad" role="alert"><p>${escapeHtml(text)}</p></div>`,
        ),
        422,
      );
    if (!part || part.type !== 'file' || !part.toBuffer) return refuse(T.pickFile);
    const submitted = await submitImport(
      db,
      { userId: viewer.userId, name: viewer.name },
      part.filename ?? '',
      new Uint8Array(await part.toBuffer()),
      cc.obras,
      field(request, 'autorizacion-celular') === 'si',
    );
    if ('error' in submitted) return refuse(T.refused(submitted.error));
    void cc.importWorker.wake();
    return reply.redirect(`/consola/importar/${submitted.id}`, 303);
  });
}

/** One job: its page, creating the obras it waits on, applying a re-import's changes. */
function jobRoutes(app: FastifyInstance, cc: ConsoleContext) {
  const db = cc.app.db;
  app.get<{ Params: { id: string } }>(
    '/consola/importar/:id',
    { preHandler: cc.write },
    async (request, reply) => {
      const job = await findJob(cc, request.params.id);
      if (!job) return reply.callNotFound();
      // Generated passwords are shown once, then dropped from the database.
      const passwords = job.state === 'terminado' ? (job.result?.passwords ?? null) : null;
      if (passwords) await forgetPasswords(db, job.id);
      const held = job.state === 'terminado' ? await heldSheetsHtml(cc, request, job.id) : '';
      return sendHtml(
        reply,
        jobPage(request.viewer!, job, passwords, '', held, createdObras(cc, job)),
      );
    },
  );

  app.post<{ Params: { id: string } }>(
    '/consola/importar/:id/obras',
    cc.form,
    async (request, reply) => {
      const viewer = request.viewer!;
      const job = await findJob(cc, request.params.id);
      if (!job) return reply.callNotFound();
      if (job.state === 'obras') {
        const refused = await createTickedObras(cc, request, job, viewer);
        if (refused) return sendHtml(reply, jobPage(viewer, job, null, refused), 422);
        if (await releaseJob(db, job.id)) void cc.importWorker.wake();
      }
      return reply.redirect(`/consola/importar/${job.id}`, 303);
    },
  );

  app.post<{ Params: { id: string } }>(
    '/consola/importar/:id/actualizar',
    cc.form,
    async (request, reply) => {
      const viewer = request.viewer!;
      const job = await findJob(cc, request.params.id);
      if (!job) return reply.callNotFound();
      await applyChanges(db, job.id, { userId: viewer.userId, name: viewer.name });
      return reply.redirect(`/consola/importar/${job.id}`, 303);
    },
  );
}

export async function importRoutes(app: FastifyInstance, cc: ConsoleContext) {
  uploadRoutes(app, cc);
  jobRoutes(app, cc);
}
