// The CSV import screens (decision 0216). POST /consola/importar stores the file as a job and
// redirects to its page (POST-redirect-GET); the page shows the obras to create when the file
// names unknown ones, the progress while a worker runs it (refreshing itself, no script), and
// the result afterwards — kept in the database, so a browser that gave up finds it again from
// «Importaciones recientes». The rows themselves are checked by the CLI's own code
// (cli/users.ts importUsers), so the web and the command accept and refuse the same rows.
import type { FastifyInstance } from 'fastify';
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
  type ImportJob,
  type JobState,
} from './import-jobs.ts';
import { createObra, ObraExistsError } from '../obras.ts';
import { invitationForm } from './pages-invitations.ts';

const STATE_LABEL: Record<JobState, string> = {
  obras: 'Esperando obras nuevas',
  pendiente: 'En cola',
  'en-curso': 'En curso',
  terminado: 'Terminada',
  fallido: 'Falló',
};

const FIELD_LABEL: Record<string, string> = {
  cargo: 'cargo',
  contratista: 'contratista',
  obra: 'obra',
  celular: 'celular',
};

function importForm(viewer: Viewer, jobs: ImportJob[], message = '') {
  const recent = jobs.length
    ? `<h2>Importaciones recientes</h2><ul>${jobs
        .map(
          (j) =>
            `<li><a href="/consola/importar/${j.id}">${escapeHtml(dateTime(j.createdAt))} — ${escapeHtml(j.fileName || 'archivo')}</a>: ${STATE_LABEL[j.state]}${j.result && !j.result.fatal ? ` (importados ${j.result.imported}, ya inscritos ${j.result.registered.length}, con errores ${j.result.rejected})` : ''}</li>`,
        )
        .join('')}</ul>`
    : '';
  return consolePage(
    'Importar aprendices',
    `<h1>Importar aprendices desde un CSV</h1>
<p>Columnas: <span class="code">documento,nombre,correo,contraseña</span> y, si quieres, <span class="code">obra,contratista,cargo,fecha_ingreso,celular</span> (fechas dd/mm/aaaa o aaaa-mm-dd). La obra puede ir por su nombre o su código, con o sin tildes; si el archivo nombra una obra que no existe, se ofrece crearla. UTF-8 o el CSV de Excel (Windows-1252), separado por coma o punto y coma. Cada fila con errores se informa con su línea y las demás se importan; los ya inscritos se informan aparte; las contraseñas vacías se generan y se muestran una sola vez.</p>
${message}
<form method="post" action="/consola/importar" enctype="multipart/form-data">${hiddenToken(viewer)}
<div class="field"><label for="archivo">Archivo CSV</label><input id="archivo" name="archivo" type="file" accept=".csv,text/csv" required></div>
<div class="field"><label class="check"><input type="checkbox" name="autorizacion-celular" value="si" aria-describedby="autorizacion-ayuda"> Confirmo que la empresa tiene la autorización de cada trabajador para usar su celular</label><p class="hint" id="autorizacion-ayuda">Obligatoria si el archivo trae la columna celular con datos (Ley 1581 de 2012). La confirmación queda en el registro de auditoría.</p></div>
<button type="submit">Importar</button>
</form>
${recent}`,
    { viewer, current: 'importar' },
  );
}

function obrasStep(viewer: Viewer, job: ImportJob, message = '') {
  const items = job.unknownObras
    .map(
      (o, i) =>
        `<div class="field"><label class="check"><input type="checkbox" name="crear-${i}" value="si" checked> Crear la obra «${escapeHtml(o.nombre)}» (${o.filas} ${o.filas === 1 ? 'fila' : 'filas'})</label></div>`,
    )
    .join('');
  return `<div class="notice" role="status"><p><strong>El archivo nombra ${job.unknownObras.length === 1 ? 'una obra que no existe' : `${job.unknownObras.length} obras que no existen`}.</strong> Marca las que quieres crear ahora; las filas de una obra sin marcar se informan como errores. Los datos de cada obra (punto de encuentro, brigadistas…) se completan después en su página.</p></div>
${message}
<form method="post" action="/consola/importar/${job.id}/obras">${hiddenToken(viewer)}
${items}
<button type="submit">Crear las obras marcadas e importar</button>
</form>`;
}

function progressStep(job: ImportJob) {
  const pct = job.total ? Math.round((job.done / job.total) * 100) : 0;
  return `<div class="notice" role="status"><p><strong>${STATE_LABEL[job.state]}.</strong> ${escapeHtml(job.stage || 'Esperando turno')}${job.total ? `: ${job.done} de ${job.total}` : ''}.</p>
<progress max="100" value="${pct}" aria-label="Avance de la importación">${pct} %</progress>
<p class="hint">Esta página se actualiza sola. Puedes cerrarla: el resultado queda guardado en «Importaciones recientes».</p></div>`;
}

function resultStep(viewer: Viewer, job: ImportJob, passwords: string[] | null) {
  const r = job.result!;
  if (r.fatal)
    return `<div class="notice bad" role="alert"><p>No se importó nada.</p></div><h2>Motivo</h2><pre class="result">${escapeHtml(r.fatal)}</pre>`;
  const withChanges = r.registered.filter((x) => x.changes.length);
  const registered = r.registered.length
    ? `<h2>Ya inscritos (${r.registered.length})</h2>
<p>Estas personas ya estaban inscritas: no se crearon de nuevo${withChanges.length ? `. ${withChanges.length} tienen en el archivo datos distintos de los guardados` : ' y sus datos coinciden con el archivo'}.</p>
<ul class="registered">${r.registered
        .map(
          (x) =>
            `<li>Línea ${x.line}: ${escapeHtml(x.name)} (${escapeHtml(x.document)})${x.changes.length ? ` — ${x.changes.map((c) => (c.field === 'celular' ? 'celular distinto' : `${FIELD_LABEL[c.field]}: «${escapeHtml(c.from ?? '')}» → «${escapeHtml(c.to)}»`)).join('; ')}` : ''}</li>`,
        )
        .join('')}</ul>
${
  r.changesAppliedAt
    ? `<p class="notice ok" role="status">Datos actualizados: ${r.changesApplied ?? 0} aprendices.</p>`
    : withChanges.length && viewer.role === 'coordinador'
      ? `<form method="post" action="/consola/importar/${job.id}/actualizar">${hiddenToken(viewer)}<button type="submit">Actualizar los datos distintos (${withChanges.length})</button></form>`
      : ''
}`
    : '';
  const list = (title: string, items: string[]) =>
    items.length
      ? `<h2>${title}</h2><pre class="result">${escapeHtml(items.join('\n'))}</pre>`
      : '';
  // The invitations of everyone this import created, by the ids the job kept (decision 0210).
  const invite =
    r.createdIds?.length && viewer.role === 'coordinador'
      ? invitationForm(
          viewer,
          { ids: r.createdIds.join(',') },
          `Hacer las invitaciones de los ${r.imported} importados (tarjetas y WhatsApp)`,
        )
      : '';
  return `<div class="notice ${r.rejected ? 'bad' : 'ok'}" role="status"><p><strong>Importados: ${r.imported}. Ya inscritos: ${r.registered.length}. Con errores: ${r.rejected}.</strong></p></div>
${invite}
${list('Filas con errores', r.errors)}
${registered}
${passwords ? list('Contraseñas generadas (se muestran una sola vez)', passwords) : ''}`;
}

function jobPage(viewer: Viewer, job: ImportJob, passwords: string[] | null, message = '') {
  const body =
    job.state === 'obras'
      ? obrasStep(viewer, job, message)
      : job.state === 'terminado'
        ? resultStep(viewer, job, passwords)
        : job.state === 'fallido'
          ? `<div class="notice bad" role="alert"><p>${escapeHtml(job.stage)}</p><p>No se guardó ninguna fila de este archivo. Vuelve a importarlo: los ya inscritos se informan aparte.</p></div>`
          : progressStep(job);
  return consolePage(
    `Importación ${job.id}`,
    `<h1>Importación de «${escapeHtml(job.fileName || 'archivo')}»</h1>
<p class="hint">Subida por ${escapeHtml(job.createdByName)} el ${escapeHtml(dateTime(job.createdAt))}.</p>
${body}
<p><a href="/consola/importar">Importar otro archivo</a> · <a href="/consola/aprendices">Ver aprendices</a></p>`,
    {
      viewer,
      current: 'importar',
      refreshSeconds: job.state === 'pendiente' || job.state === 'en-curso' ? 1 : undefined,
    },
  );
}

const jobId = (raw: string) => (/^\d{1,12}$/.test(raw) ? Number(raw) : null);

export async function importRoutes(app: FastifyInstance, cc: ConsoleContext) {
  const db = cc.app.db;

  app.get('/consola/importar', { preHandler: cc.write }, async (request, reply) =>
    sendHtml(reply, importForm(request.viewer!, await recentJobs(db))),
  );

  app.post('/consola/importar', { preHandler: cc.write }, async (request, reply) => {
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
    if (!part || part.type !== 'file' || !part.toBuffer) return refuse('Elige un archivo CSV.');
    const submitted = await submitImport(
      db,
      { userId: viewer.userId, name: viewer.name },
      part.filename ?? '',
      new Uint8Array(await part.toBuffer()),
      cc.obras,
      field(request, 'autorizacion-celular') === 'si',
    );
    if ('error' in submitted) return refuse(`No se importó nada: ${submitted.error}`);
    void cc.importWorker.wake();
    return reply.redirect(`/consola/importar/${submitted.id}`, 303);
  });

  app.get<{ Params: { id: string } }>(
    '/consola/importar/:id',
    { preHandler: cc.write },
    async (request, reply) => {
      const id = jobId(request.params.id);
      const job = id === null ? null : await getJob(db, id);
      if (!job) return reply.callNotFound();
      // Generated passwords are shown once, then dropped from the database.
      const passwords = job.state === 'terminado' ? (job.result?.passwords ?? null) : null;
      if (passwords) await forgetPasswords(db, job.id);
      return sendHtml(reply, jobPage(request.viewer!, job, passwords));
    },
  );

  app.post<{ Params: { id: string } }>(
    '/consola/importar/:id/obras',
    { preHandler: cc.write },
    async (request, reply) => {
      const viewer = request.viewer!;
      const id = jobId(request.params.id);
      const job = id === null ? null : await getJob(db, id);
      if (!job) return reply.callNotFound();
      if (job.state === 'obras') {
        for (const [i, o] of job.unknownObras.entries()) {
          if (field(request, `crear-${i}`) !== 'si') continue;
          try {
            const made = await createObra(db, cc.obras, o.nombre, {}, viewer.userId);
            if ('problems' in made)
              return sendHtml(
                reply,
                jobPage(
                  viewer,
                  job,
                  null,
                  `<div class="notice bad" role="alert"><p>No se creó la obra «${escapeHtml(o.nombre)}»: ${escapeHtml(made.problems.join('; '))}.</p></div>`,
                ),
                422,
              );
            await auditObra(
              db,
              { userId: viewer.userId, name: viewer.name },
              made.obra.slug,
              made.obra.nombre,
              'importacion',
            );
            await cc.refreshObras();
          } catch (error) {
            // Created meanwhile (another tab or coordinator): the rows will find it.
            if (!(error instanceof ObraExistsError)) throw error;
          }
        }
        if (await releaseJob(db, job.id)) void cc.importWorker.wake();
      }
      return reply.redirect(`/consola/importar/${job.id}`, 303);
    },
  );

  app.post<{ Params: { id: string } }>(
    '/consola/importar/:id/actualizar',
    { preHandler: cc.write },
    async (request, reply) => {
      const viewer = request.viewer!;
      const id = jobId(request.params.id);
      const job = id === null ? null : await getJob(db, id);
      if (!job) return reply.callNotFound();
      await applyChanges(db, job.id, { userId: viewer.userId, name: viewer.name });
      return reply.redirect(`/consola/importar/${job.id}`, 303);
    },
  );
}
