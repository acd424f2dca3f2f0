// Invitations in the console (docs/decisions/0210-invitations-threat-model.md): for one learner,
// a selection, or everyone an import created just now. POST /consola/invitaciones stores a job
// and redirects at once (record 0273); its page shows the progress, then the sheet: the cards as
// a PDF to print, and per learner the link, the code and a WhatsApp share whose text holds the
// link and the code, never the document number. The sheet opens only for the browser holding its
// key, for ten minutes after it is ready (decisions 0245, 0273). The server sends nothing itself.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ConsoleContext } from './console-context.ts';
import { field, sendHtml } from './console-context.ts';
import { consolePage, escapeHtml, shortDate } from './layout.ts';
import {
  formatCode,
  INVITATION_LIFETIME_MS,
  invitableLearners,
  type InvitationKind,
  type MadeInvitation,
} from '../invitations.ts';
import { addressToType, invitationCardsPdf } from './invitation-cards.ts';
import { normalisePublicUrl } from '../certificates.ts';
import { learnerCelulares } from '../db/store.ts';
import { celularForWhatsApp } from '../identity.ts';
import { currentEnv } from '../env.ts';
import {
  heldKey,
  heldKeys,
  isSheetKey,
  newSheetKey,
  SHEET_ID,
  SHEET_MINUTES,
  setSheetCookie,
  sheetIdOf,
} from './invitation-sheet.ts';
import {
  InvitationWorker,
  openSheet,
  registerInvitationWorker,
  sheetsHeld,
  submitInvitations,
  type InvitationRequest,
} from './invitation-jobs.ts';
import type { Viewer } from './layout.ts';
import { withFullStop } from '../../src/domain/content/full-stop.ts';
import { esConsole } from './strings/es-console.ts';
import { esInvitations as T } from './strings/es-invitations.ts';

/** What the one-time page shows, sealed between the POST and its GET (decision 0245). */
interface InvitationSheet {
  kind: InvitationKind;
  expires: string;
  /** Chosen learners who got no invitation (not active learners). */
  skipped: number;
  cards: {
    id: number;
    name: string;
    obra: string;
    link: string;
    code: string;
    expires: string;
    celular: string | null;
  }[];
}

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

export const invitationLink = (base: string, token: string) => `${base}/entrar#${token}`;

/** The WhatsApp message: the link and the code, in plain words; never the document number. */
export function whatsAppText(
  firstName: string,
  company: string,
  link: string,
  code: string,
): string {
  const companyWithStop = withFullStop(company);
  return T.whatsAppLines(
    firstName,
    companyWithStop,
    link,
    formatCode(code),
    addressToType(link),
  ).join('\n');
}

/** `https://wa.me/57<celular>?text=…`; without a celular, WhatsApp asks whom to send it to. */
export function whatsAppLink(celular: string | null, text: string): string {
  const to = celular ? celularForWhatsApp(celular) : '';
  return `https://wa.me/${to}?text=${encodeURIComponent(text)}`;
}

/** Every value of a repeated form field (urlencoded gives an array, multipart parts). */
function fields(request: FastifyRequest, name: string): string[] {
  const raw = (request.body as Record<string, unknown> | undefined)?.[name];
  const list = Array.isArray(raw) ? raw : raw === undefined ? [] : [raw];
  return list
    .map((v) =>
      typeof v === 'object' && v !== null && 'value' in v ? (v as { value: unknown }).value : v,
    )
    .filter((v): v is string => typeof v === 'string');
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

/**
 * «Compartir» (decision 0236): the phone's share sheet, for a coordinator who sends from their
 * phone through another app than WhatsApp. Hidden until the script finds `navigator.share`; the
 * text is the WhatsApp message (the link and the code, never the document number).
 */
export const shareButton = (text: string, name: string) =>
  `<button type="button" class="secondary" hidden data-share-text="${escapeHtml(text)}" aria-label="${escapeHtml(T.shareLabel(name))}">${T.share}</button>`;

export const SHARE_SCRIPT_PATH = '/consola/compartir.js';
/** The console's only script: progressive, the page works the same without it (decision 0236). */
export const SHARE_SCRIPT = `(function () {
  if (typeof navigator.share !== 'function') return;
  document.querySelectorAll('button[data-share-text]').forEach(function (button) {
    button.hidden = false;
    button.addEventListener('click', function () {
      navigator.share({ text: button.getAttribute('data-share-text') }).catch(function () {});
    });
  });
})();
`;

/** The learners' ids a form sends (`ids` repeated, or comma-separated). */
const chosenIds = (request: FastifyRequest) =>
  fields(request, 'ids')
    .flatMap((v) => v.split(','))
    .map((v) => v.trim())
    .filter((v) => /^\d{1,9}$/.test(v))
    .map(Number);

/** The sheet's contents for the invitations a job just made (sealed by the job, record 0273). */
async function sheetOf(
  cc: ConsoleContext,
  request: InvitationRequest,
  made: MadeInvitation[],
  expiresAt: Date,
): Promise<InvitationSheet> {
  const db = cc.app.db;
  const ids = made.map((m) => m.learner.id);
  const people = await db.query<{ id: number; obra: string | null }>(
    'SELECT id, obra FROM users WHERE id = ANY($1::integer[])',
    [ids],
  );
  const obraOf = new Map(people.map((p) => [Number(p.id), p.obra]));
  const phones = await learnerCelulares(db, ids);
  const expires = shortDate(expiresAt.toISOString());
  return {
    kind: request.kind,
    expires,
    skipped: request.chosen - made.length,
    cards: made.map((m) => ({
      id: m.learner.id,
      name: m.learner.name,
      obra: cc.obraName(obraOf.get(m.learner.id) ?? null),
      link: invitationLink(request.base, m.token),
      code: m.code,
      expires,
      celular: phones.get(m.learner.id) ?? null,
    })),
  };
}

/** The one-time page: the cards' PDF, and per learner the code, the link and WhatsApp. */
async function sheetBody(
  cc: ConsoleContext,
  { kind, expires, skipped, cards }: InvitationSheet,
): Promise<string> {
  const company = cc.config.empresa.nombre;
  const pdf = await invitationCardsPdf(cards, {
    courseTitle: cc.course.title,
    companyName: company,
  });
  const pdfHref = `data:application/pdf;base64,${Buffer.from(pdf).toString('base64')}`;
  const lifetime = Math.round(INVITATION_LIFETIME_MS[kind] / 3_600_000);
  const rows = cards
    .map((c) => {
      const text = whatsAppText(c.name.split(/\s+/)[0] ?? c.name, company, c.link, c.code);
      const wa = whatsAppLink(c.celular, text);
      // data-label: on a phone each row is a card that names its values (record 0274).
      const [, obraLabel, codeLabel] = T.columns;
      return `<tr><th scope="row"><a href="/consola/aprendices/${c.id}">${escapeHtml(c.name)}</a></th><td data-label="${obraLabel}">${escapeHtml(c.obra)}</td><td data-label="${codeLabel}"><span class="code secret">${escapeHtml(formatCode(c.code))}</span></td><td><a class="code" href="${escapeHtml(c.link)}" rel="noreferrer">${T.personalLink}</a></td><td class="send"><a href="${escapeHtml(wa)}" target="_blank" rel="noopener noreferrer">${c.celular ? T.sendWhatsApp : T.whatsAppPickContact}</a> ${shareButton(text, c.name)}</td></tr>`;
    })
    .join('');
  const count = cards.length;
  return `<h1>${T.ready(count)}</h1>
<div class="notice ok" role="status"><p>${T.shownOnceHtml(escapeHtml(expires), T.lifetime(lifetime))}</p><p>${T.reopenHtml(SHEET_MINUTES)}</p>${skipped > 0 ? `<p>${T.skipped(skipped)}</p>` : ''}</div>
<p><a class="button" href="${pdfHref}" download="invitaciones.pdf">${T.downloadCards(count)}</a></p>
<div class="table-wrap"><table class="stack sheet"><caption>${T.caption}</caption>
<thead><tr>${T.columns.map((c) => `<th scope="col">${c}</th>`).join('')}</tr></thead>
<tbody>${rows}</tbody></table></div>
<p class="hint">${T.noDocumentHint}</p>
<p><a href="/consola/aprendices">${esConsole.backToLearners}</a></p>
<script src="${SHARE_SCRIPT_PATH}" defer></script>`;
}

/** The facts an obra's learners should read before their invitations go out (record 0273). */
const NEEDED_FACTS = [
  ['puntoEncuentro', T.factNames.puntoEncuentro],
  ['brigadistas', T.factNames.brigadistas],
] as const;

/** The obras of these learners that lack a needed fact, with what each lacks. */
async function obrasWithoutFacts(cc: ConsoleContext, ids: number[]) {
  const rows = await cc.app.db.query<{ obra: string | null }>(
    `SELECT DISTINCT obra FROM users WHERE id = ANY($1::integer[]) AND active AND role = 'aprendiz'`,
    [ids],
  );
  return rows
    .map((r) => cc.obras.find((o) => o.slug === (r.obra ?? cc.obras[0]!.slug)))
    .filter((o) => o !== undefined)
    .map((o) => ({
      obra: o,
      missing: NEEDED_FACTS.filter(([k]) => {
        const value = (o.facts as Record<string, unknown>)[k];
        return Array.isArray(value) ? !value.length : !value;
      }).map(([, label]) => label),
    }))
    .filter((o) => o.missing.length);
}

/** The page that says which obras lack their facts, with their pages and «de todos modos». */
function factsPage(
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

/** The page of a job still running: its progress, refreshing itself (no script). */
function progressBody(done: number, total: number) {
  const pct = total ? Math.round((done / total) * 100) : 0;
  return `<h1>${T.preparing}</h1>
<div class="notice" role="status"><p>${T.preparingCount(done, total)}</p>
<progress max="100" value="${pct}" aria-label="${T.progressLabel}">${pct} %</progress>
<p class="hint">${T.preparingHint}</p></div>
<p><a href="/consola/aprendices">${esConsole.backToLearners}</a></p>`;
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
