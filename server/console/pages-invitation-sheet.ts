// The invitations sheet's page (record 0273): while its job runs, the progress; then the cards as
// a PDF to print, and per learner the link, the code and a WhatsApp share whose text holds the
// link and the code, never the document number (decisions 0210, 0236). The routes that show it
// are in pages-invitations.ts.
import type { ConsoleContext } from './console-context.ts';
import { escapeHtml, shortDate } from './layout.ts';
import {
  formatCode,
  INVITATION_LIFETIME_MS,
  type InvitationKind,
  type MadeInvitation,
} from '../invitations.ts';
import { addressToType, invitationCardsPdf } from './invitation-cards.ts';
import { learnerCelulares } from '../db/store.ts';
import { celularForWhatsApp } from '../identity.ts';
import { SHEET_MINUTES } from './invitation-sheet.ts';
import type { InvitationRequest } from './invitation-jobs.ts';
import { withFullStop } from '../../src/domain/content/full-stop.ts';
import { esConsole } from './strings/es-console.ts';
import { esInvitations as T } from './strings/es-invitations.ts';

/** What the one-time page shows, sealed between the POST and its GET (decision 0245). */
export interface InvitationSheet {
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

/** The sheet's contents for the invitations a job just made (sealed by the job, record 0273). */
export async function sheetOf(
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
export async function sheetBody(
  cc: ConsoleContext,
  { kind, expires, skipped, cards }: InvitationSheet,
): Promise<string> {
  // The company's name as its configuration gives it now (record 0287): a job may draw the sheet
  // on an instance that has not read it yet.
  const company = (await cc.currentConfig()).empresa.nombre;
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

/** The page of a job still running: its progress, refreshing itself (no script). */
export function progressBody(done: number, total: number) {
  const pct = total ? Math.round((done / total) * 100) : 0;
  return `<h1>${T.preparing}</h1>
<div class="notice" role="status"><p>${T.preparingCount(done, total)}</p>
<progress max="100" value="${pct}" aria-label="${T.progressLabel}">${pct} %</progress>
<p class="hint">${T.preparingHint}</p></div>
<p><a href="/consola/aprendices">${esConsole.backToLearners}</a></p>`;
}
