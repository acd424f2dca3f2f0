// Invitations in the console (docs/decisions/0210-invitations-threat-model.md): for one learner,
// a selection, or everyone an import created just now. POST /consola/invitaciones stores a job
// and redirects at once (record 0273); its page shows the progress, then the sheet: the cards as
// a PDF to print, and per learner the link, the code and a WhatsApp share whose text holds the
// link and the code, never the document number (pages-invitation-sheet.ts). The sheet opens only
// for the browser holding its key, for ten minutes after it is ready (decisions 0245, 0273). An
// obra without its facts stops the POST with a 409 page (pages-invitation-facts.ts). The server
// sends nothing itself.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ConsoleContext } from './console-context.ts';
import { field, fields, sendHtml } from './console-context.ts';
import { consolePage, escapeHtml } from './layout.ts';
import { invitableLearners, type InvitationKind } from '../invitations.ts';
import { normalisePublicUrl } from '../certificates.ts';
import { currentEnv } from '../env.ts';
import {
  heldKey,
  heldKeys,
  isSheetKey,
  newSheetKey,
  SHEET_ID,
  setSheetCookie,
  sheetIdOf,
} from './invitation-sheet.ts';
import {
  InvitationWorker,
  openSheet,
  registerInvitationWorker,
  sheetsHeld,
  submitInvitations,
} from './invitation-jobs.ts';
import {
  progressBody,
  SHARE_SCRIPT,
  SHARE_SCRIPT_PATH,
  sheetBody,
  sheetOf,
  type InvitationSheet,
} from './pages-invitation-sheet.ts';
import { factsPage, obrasWithoutFacts } from './pages-invitation-facts.ts';
import { esConsole } from './strings/es-console.ts';
import { esInvitations as T } from './strings/es-invitations.ts';

/** The most learners one request issues invitations for (a sheet of 63 pages). */
export const MAX_INVITATIONS = 500;

/** Where a learner's link points: PUBLIC_URL when set, else this request's origin. */
export function invitationBase(request: FastifyRequest, env = currentEnv()): string {
  return (
    normalisePublicUrl(env.PUBLIC_URL) ??
    normalisePublicUrl(`${request.protocol}://${request.host}`) ??
    ''
  );
}

/**
 * The sheet key a form sends (record 0273): made when the form is shown, so pressing twice or
 * re-sending the form names the same job, which issues one batch.
 */
export const sheetKeyInput = () => `<input type="hidden" name="hoja" value="${newSheetKey()}">`;

/** A form (one button) that issues invitations for these hidden fields. */
export function invitationForm(
  viewer: { formToken: string },
  hidden: Record<string, string | string[]>,
  label: string,
  kind: InvitationKind = 'tarjeta',
  cls = '',
): string {
  const inputs = Object.entries(hidden)
    .flatMap(([name, v]) => (Array.isArray(v) ? v : [v]).map((one) => [name, one] as const))
    .map(([name, v]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(v)}">`)
    .join('');
  return `<form method="post" action="/consola/invitaciones"><input type="hidden" name="_xsrf" value="${escapeHtml(viewer.formToken)}"><input type="hidden" name="tipo" value="${kind}">${sheetKeyInput()}${inputs}<button type="submit"${cls ? ` class="${cls}"` : ''}>${escapeHtml(label)}</button></form>`;
}

/** The learners' ids a form sends (`ids` repeated, or comma-separated). */
const chosenIds = (request: FastifyRequest) =>
  fields(request, 'ids')
    .flatMap((v) => v.split(','))
    .map((v) => v.trim())
    .filter((v) => /^\d{1,9}$/.test(v))
    .map(Number);

/**
 * POST /consola/invitaciones: stores the job for the chosen learners and redirects at once to its
 * page (record 0273). The form's sheet key names the job: a second POST with it finds the same.
 */
function issueRoute(app: FastifyInstance, cc: ConsoleContext, worker: InvitationWorker) {
  const db = cc.app.db;
  app.post('/consola/invitaciones', cc.form, async (request, reply) => {
    const viewer = request.viewer!;
    const kind: InvitationKind = field(request, 'tipo') === 'codigo' ? 'codigo' : 'tarjeta';
    const ids = [...new Set(chosenIds(request))];
    const refuse = (text: string, status: number) =>
      sendHtml(
        reply,
        consolePage(
          T.title,
          `<h1>${T.title}</h1><p class="notice bad" role="alert">${escapeHtml(text)}</p><p><a href="/consola/aprendices">${esConsole.backToLearners}</a></p>`,
          { viewer },
        ),
        status,
      );
    if (!ids.length) return refuse(T.noneChosen, 422);
    if (ids.length > MAX_INVITATIONS) return refuse(T.tooMany(MAX_INVITATIONS), 422);
    const formKey = field(request, 'hoja');
    const key = isSheetKey(formKey) ? formKey : newSheetKey();
    // The same key again (a double press, a re-sent form): its job already exists; no new batch.
    const [known] = await db.query<{ id: string }>(
      'SELECT id FROM console_invitation_sheets WHERE id = $1',
      [sheetIdOf(key)],
    );
    if (!known) {
      if (!(await invitableLearners(db, ids)).length) return refuse(T.noneActive, 422);
      if (field(request, 'sin_datos') !== 'si') {
        const lacking = await obrasWithoutFacts(cc, ids);
        if (lacking.length) return sendHtml(reply, factsPage(viewer, lacking, request), 409);
      }
    }
    const importJob = /^\d{1,9}$/.test(field(request, 'importacion'))
      ? Number(field(request, 'importacion'))
      : null;
    const { id } = await submitInvitations(
      db,
      key,
      {
        ids,
        kind,
        base: invitationBase(request),
        chosen: ids.length,
        actor: { userId: viewer.userId, name: viewer.name },
      },
      importJob,
      worker.clock,
    );
    setSheetCookie(request, reply, id, key);
    void worker.wake();
    return reply.redirect(`/consola/invitaciones?hoja=${id}`, 303);
  });
}

/** GET /consola/invitaciones?hoja=: progress, then the sheet, for the browser with its key. */
function sheetRoute(app: FastifyInstance, cc: ConsoleContext, worker: InvitationWorker) {
  const db = cc.app.db;
  app.get<{ Querystring: { hoja?: string } }>(
    '/consola/invitaciones',
    { preHandler: cc.write },
    async (request, reply) => {
      const viewer = request.viewer!;
      const id = request.query.hoja;
      const page = (body: string, status = 200, refreshSeconds?: number) =>
        sendHtml(reply, consolePage(T.title, body, { viewer, refreshSeconds }), status);
      const note = (text: string, status = 200) =>
        page(
          `<h1>${T.title}</h1><p class="notice" role="status">${escapeHtml(text)}</p><p><a href="/consola/aprendices">${esConsole.backToLearners}</a></p>`,
          status,
        );
      if (typeof id !== 'string' || !SHEET_ID.test(id)) return note(T.alreadyShown);
      const opened = await openSheet<InvitationSheet>(
        db,
        viewer.userId,
        id,
        heldKey(request, id),
        worker.clock,
      );
      switch (opened.state) {
        case 'refused':
          return note(T.refused, 403);
        case 'gone':
          return note(T.gone);
        case 'pendiente':
        case 'en-curso':
          return page(progressBody(opened.done, opened.total), 200, 1);
        case 'fallida':
          return note(T.failed[opened.failure] ?? T.failed.error!);
        case 'lista':
          return page(await sheetBody(cc, opened.sheet));
      }
    },
  );
}

/**
 * Links to the sheets this browser holds a key for, still open (record 0273): for the learners
 * table, and for an import's result (only that import's sheets, `importJob`).
 */
export async function heldSheetsHtml(
  cc: ConsoleContext,
  request: FastifyRequest,
  importJob?: number,
): Promise<string> {
  const viewer = request.viewer;
  if (!viewer || viewer.role !== 'coordinador') return '';
  const held = (await sheetsHeld(cc.app.db, viewer.userId, heldKeys(request), cc.clock)).filter(
    (s) => importJob === undefined || s.importJob === importJob,
  );
  if (!held.length) return '';
  const links = held
    .map(
      (s) =>
        `<li><a href="/consola/invitaciones?hoja=${s.id}">${escapeHtml(T.openSheet(s.total))}</a></li>`,
    )
    .join('');
  return `<section class="notice ok" aria-label="${T.sheetsHeld}"><ul>${links}</ul></section>`;
}

export async function invitationRoutes(app: FastifyInstance, cc: ConsoleContext) {
  app.get(SHARE_SCRIPT_PATH, async (_request, reply) =>
    reply
      .type('text/javascript; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(SHARE_SCRIPT),
  );
  // Invitations run as jobs (record 0273): one worker per server instance, like the imports'.
  const worker = new InvitationWorker(
    cc.app.db,
    (request, made, expiresAt) => sheetOf(cc, request, made, expiresAt),
    (error) => app.log.error({ err: error }, 'console invitations job failed'),
    { clock: cc.clock },
  );
  registerInvitationWorker(cc.app.db, worker);
  app.addHook('onClose', () => worker.stop());
  void worker.wake();
  issueRoute(app, cc, worker);
  sheetRoute(app, cc, worker);
}
