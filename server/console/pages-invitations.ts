// Invitations in the console (docs/decisions/0210-invitations-threat-model.md): for one learner,
// a selection, or everyone an import created just now. POST /consola/invitaciones issues them and
// redirects to one page, shown once (decision 0245): the cards as a PDF to print, and per learner the link, the code
// and a WhatsApp share whose text holds the link and the code, never the document number. The
// server sends nothing itself.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ConsoleContext } from './console-context.ts';
import { field, sendHtml } from './console-context.ts';
import { consolePage, escapeHtml, shortDate } from './layout.ts';
import {
  formatCode,
  INVITATION_LIFETIME_MS,
  issueInvitations,
  type InvitationKind,
} from '../invitations.ts';
import { addressToType, invitationCardsPdf } from './invitation-cards.ts';
import { normalisePublicUrl } from '../certificates.ts';
import { learnerCelulares } from '../db/store.ts';
import { celularForWhatsApp } from '../identity.ts';
import { currentEnv } from '../env.ts';
import { redirectToSheet, takeSheet } from './invitation-sheet.ts';
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
  return `<form method="post" action="/consola/invitaciones"><input type="hidden" name="_xsrf" value="${escapeHtml(viewer.formToken)}"><input type="hidden" name="tipo" value="${kind}">${inputs}<button type="submit"${cls ? ` class="${cls}"` : ''}>${escapeHtml(label)}</button></form>`;
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

/** The one-time page's contents for the invitations just issued. */
async function sheetOf(
  cc: ConsoleContext,
  request: FastifyRequest,
  kind: InvitationKind,
  chosen: number,
  issued: Awaited<ReturnType<typeof issueInvitations>>,
): Promise<InvitationSheet> {
  const db = cc.app.db;
  const people = await db.query<{ id: number; name: string; obra: string | null }>(
    'SELECT id, name, obra FROM users WHERE id = ANY($1::integer[])',
    [issued.map((i) => i.userId)],
  );
  const byId = new Map(people.map((p) => [Number(p.id), p]));
  const phones = await learnerCelulares(
    db,
    issued.map((i) => i.userId),
  );
  const base = invitationBase(request);
  const expires = shortDate(issued[0]!.expiresAt);
  return {
    kind,
    expires,
    skipped: chosen - issued.length,
    cards: issued.map((i) => {
      const p = byId.get(i.userId)!;
      return {
        id: i.userId,
        name: p.name,
        obra: cc.obraName(p.obra),
        link: invitationLink(base, i.token),
        code: i.code,
        expires,
        celular: phones.get(i.userId) ?? null,
      };
    }),
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
<div class="notice ok" role="status"><p>${T.shownOnceHtml(escapeHtml(expires), T.lifetime(lifetime))}</p>${skipped > 0 ? `<p>${T.skipped(skipped)}</p>` : ''}</div>
<p><a class="button" href="${pdfHref}" download="invitaciones.pdf">${T.downloadCards(count)}</a></p>
<div class="table-wrap"><table class="stack sheet"><caption>${T.caption}</caption>
<thead><tr>${T.columns.map((c) => `<th scope="col">${c}</th>`).join('')}</tr></thead>
<tbody>${rows}</tbody></table></div>
<p class="hint">${T.noDocumentHint}</p>
<p><a href="/consola/aprendices">${esConsole.backToLearners}</a></p>
<script src="${SHARE_SCRIPT_PATH}" defer></script>`;
}

/** POST /consola/invitaciones: issues them for the chosen learners, then the one-time page. */
function issueRoute(app: FastifyInstance, cc: ConsoleContext) {
  const db = cc.app.db;
  app.post('/consola/invitaciones', cc.form, async (request, reply) => {
    const viewer = request.viewer!;
    const kind: InvitationKind = field(request, 'tipo') === 'codigo' ? 'codigo' : 'tarjeta';
    const ids = chosenIds(request);
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
    if (new Set(ids).size > MAX_INVITATIONS) return refuse(T.tooMany(MAX_INVITATIONS), 422);

    const issued = await issueInvitations(
      db,
      { userId: viewer.userId, name: viewer.name },
      ids,
      kind,
    );
    if (!issued.length) return refuse(T.noneActive, 422);
    const sheet = await sheetOf(cc, request, kind, new Set(ids).size, issued);
    // POST-redirect-GET (decision 0245): a reload of the page shown next never issues again.
    return redirectToSheet(request, reply, db, viewer.userId, sheet);
  });
}

/** GET /consola/invitaciones: the one-time page, once. */
function sheetRoute(app: FastifyInstance, cc: ConsoleContext) {
  const db = cc.app.db;
  app.get<{ Querystring: { hoja?: string } }>(
    '/consola/invitaciones',
    { preHandler: cc.write },
    async (request, reply) => {
      const viewer = request.viewer!;
      const sheet = await takeSheet<InvitationSheet>(
        request,
        reply,
        db,
        viewer.userId,
        request.query.hoja,
      );
      if (!sheet)
        return sendHtml(
          reply,
          consolePage(
            T.title,
            `<h1>${T.title}</h1><p class="notice" role="status">${escapeHtml(T.alreadyShown)}</p><p><a href="/consola/aprendices">${esConsole.backToLearners}</a></p>`,
            { viewer },
          ),
        );
      return sendHtml(reply, consolePage(T.title, await sheetBody(cc, sheet), { viewer }));
    },
  );
}

export async function invitationRoutes(app: FastifyInstance, cc: ConsoleContext) {
  app.get(SHARE_SCRIPT_PATH, async (_request, reply) =>
    reply
      .type('text/javascript; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(SHARE_SCRIPT),
  );
  issueRoute(app, cc);
  sheetRoute(app, cc);
}
