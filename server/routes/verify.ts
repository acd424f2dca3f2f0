// Public page /verificar/:code (decision 0020): whoever holds a printed certificate
// (an employer, an auditor) scans its QR code or types its code and sees that it is real, and
// what the gate page shows (record 0260): name, masked document, course, the issuing company
// («Emitido por», record 0282), obra, completion and reinducción due dates — never the full
// document number or the score, since anyone may open it. The code is looked up across companies
// (it names exactly one certificate) and the rest of the answer is that certificate's company's.
// A certificate annulled (deactivated worker, cycle archived by a reinducción) answers 410
// «Anulada» with why; one of the demonstration installation reads «Certificado de ejemplo — sin
// validez». With Accept: application/json it answers the standing and the issuing company's name
// (`company`; the gate page asks it).
// Server-rendered, self-contained (no script, no external resource), Spanish.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import { certificateForCheck, type CertificateForCheck } from '../db/certificate-store.ts';
import type { CompanyConfig } from '../../src/domain/config/index.ts';
import { certificateDays, certificateObra } from '../certificates.ts';
import { colombiaDay, maskDocument } from '../../src/domain/gate/statement.ts';
import {
  annulmentText,
  certificateStanding,
  spanishDay,
  STANDING_TEXT,
  type CertificateStanding,
} from '../../src/domain/gate/standing.ts';
import { formatSpanishDate } from '../../src/domain/certificate/index.ts';
import { courseIdentity } from '../../course-files/read-content.ts';
import { escapeHtml, htmlPage } from './html-page.ts';
import { MESSAGES } from '../messages.ts';
import { acceptanceForCertificate, checkChain } from '../acceptance/store.ts';
import { SEAL_TEXT, sealState, shortSeal } from '../acceptance/summary.ts';
import { stripBidiControls } from '../../src/domain/certificate/text.ts';
import { setRequestCompany } from '../db/company-scope.ts';

const EXAMPLE_CODE = 'SST-ABCD-EFGH-JKLM';

/**
 * The code as stored ('SST-K7QM-2XPA-9RTW'), forgiving how people type it from paper: case,
 * spaces, missing hyphens. Anything that cannot be a code gives null (and so a 404, never a 500).
 */
export function normaliseCode(raw: string): string | null {
  const text = raw.toUpperCase().replace(/\s+/g, '');
  const ours = /^SST-?([A-Z0-9]{4})-?([A-Z0-9]{4})-?([A-Z0-9]{4})$/.exec(text);
  if (ours) return `SST-${ours[1]}-${ours[2]}-${ours[3]}`;
  return /^[A-Z0-9-]{4,40}$/.test(text) ? text : null;
}

const P = MESSAGES.pages;

function lookupForm(value = ''): string {
  return `<form class="lookup" method="get" action="/verificar">
<label for="codigo">${P.lookupLabel}</label>
<div class="row"><input id="codigo" name="codigo" type="text" inputmode="text" autocomplete="off" autocapitalize="characters" spellcheck="false" maxlength="40" placeholder="${EXAMPLE_CODE}" value="${escapeHtml(value)}"><button type="submit">${P.lookupButton}</button></div>
</form>`;
}

function sendPage(reply: FastifyReply, status: number, title: string, body: string) {
  return (
    reply
      .code(status)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      // The page shows a person's name: keep it out of search engines.
      .header('x-robots-tag', 'noindex, nofollow')
      .send(htmlPage(title, body))
  );
}

/** The gate page asks for the standing alone (record 0260); a browser gets the page. */
const wantsJson = (request: FastifyRequest) => {
  const accept = String(request.headers.accept ?? '');
  return /\bapplication\/json\b/i.test(accept) && !/\btext\/html\b/i.test(accept);
};

function sendJson(reply: FastifyReply, status: number, body: object) {
  return reply
    .code(status)
    .header('cache-control', 'no-store')
    .header('vary', 'Accept')
    .header('x-robots-tag', 'noindex, nofollow')
    .send(body);
}

/** Whether the certificate stands, from its row and the configuration in use (record 0260). */
function standingOf(cert: CertificateForCheck, config: CompanyConfig): CertificateStanding {
  const day = (value: string | null) => (value ? colombiaDay(new Date(value)) : null);
  return certificateStanding({
    sample: config.ejemplo,
    active: cert.active,
    deactivatedOn: day(cert.deactivated_at),
    cycle: cert.cycle,
    currentCycle: cert.current_cycle,
    archivedOn: day(cert.archived_at),
  });
}

/** The page's verdict: heading, tone and the sentence under it. */
function verdictOf(standing: CertificateStanding, dueOn: string) {
  if (standing.state === 'sample')
    return {
      tone: 'bad',
      icon: '✕',
      title: STANDING_TEXT.sample,
      heading: STANDING_TEXT.sample,
      text: STANDING_TEXT.sampleText,
    };
  if (standing.state === 'annulled')
    return {
      tone: 'bad',
      icon: '✕',
      title: P.annulledTitle,
      heading: STANDING_TEXT.annulled,
      text: P.annulledText(annulmentText(standing.reasons)),
    };
  if (colombiaDay(new Date()) > dueOn)
    return {
      tone: 'bad',
      icon: '✕',
      title: P.expiredTitle,
      heading: P.expiredTitle,
      text: P.expiredText(spanishDay(dueOn)),
    };
  return { tone: 'ok', icon: '✓', title: P.validTitle, heading: P.validTitle, text: P.validText };
}

function notFound(reply: FastifyReply, typed: string) {
  const shown = typed.length > 60 ? `${typed.slice(0, 60)}…` : typed;
  return sendPage(
    reply,
    404,
    P.notFoundTitle,
    `<div class="status status-bad"><span class="icon" aria-hidden="true">✕</span><h1>${P.notFoundTitle}</h1></div>
<p>${P.notFoundCode} <strong class="code">${escapeHtml(shown)}</strong>.</p>
<p>${P.notFoundHelp(`<span class="code">${EXAMPLE_CODE}</span>`)}</p>
${lookupForm()}`,
  );
}

const row = (label: string, value: string, attributes = '') =>
  `<div><dt>${label}</dt><dd${attributes}>${value}</dd></div>`;

/** The worker's acceptance of that cycle and the state of its seal (decision 0220). */
async function acceptanceRow(
  ctx: AppContext,
  request: FastifyRequest,
  code: string,
): Promise<string> {
  try {
    const found = await acceptanceForCertificate(ctx.db, code);
    if (!found) return row(P.acceptanceLabel, P.acceptanceNone);
    const state = sealState(await checkChain(ctx.db, await ctx.installationKey()), found.id);
    const sealText =
      state === 'broken'
        ? `<strong>${escapeHtml(SEAL_TEXT[state])}</strong>`
        : escapeHtml(SEAL_TEXT[state]);
    const day = escapeHtml(P.acceptanceRecorded(formatSpanishDate(new Date(found.receivedAt))));
    return row(
      P.acceptanceLabel,
      `${day} — ${sealText} <span class="code">${escapeHtml(shortSeal(found.seal))}</span>`,
      ` data-seal="${state}"`,
    );
  } catch (error) {
    request.log.error({ err: error }, 'acceptance check failed');
    return row(P.acceptanceLabel, P.acceptanceUnchecked);
  }
}

/** The page of a certificate found: its verdict and what the gate page shows (record 0260). */
async function certificatePage(
  ctx: AppContext,
  request: FastifyRequest,
  cert: CertificateForCheck,
  config: CompanyConfig,
  standing: CertificateStanding,
): Promise<{ title: string; body: string }> {
  // The days and the obra as the certificate and its gate statement state them (record 0242).
  const reinductionMonths = config.reinduccion?.periodoMeses ?? 12;
  const days = certificateDays(new Date(cert.completed_at ?? cert.issued_at), reinductionMonths);
  const course = cert.course_title ?? courseIdentity().title;
  const v = verdictOf(standing, days.dueOn);
  const F = P.fields;
  return {
    title: v.title,
    body: `<div class="status status-${v.tone}" data-standing="${standing.state}"><span class="icon" aria-hidden="true">${v.icon}</span><h1>${escapeHtml(v.heading)}</h1></div>
<p>${escapeHtml(v.text)}</p>
<dl>
${row(F.name, escapeHtml(stripBidiControls(cert.name)), ' class="name"')}
${row(F.document, escapeHtml(maskDocument(cert.document)))}
${row(F.course, escapeHtml(course))}
${cert.company_name ? row(F.issuer, escapeHtml(stripBidiControls(cert.company_name)), ' class="issuer"') : ''}
${row(F.obra, escapeHtml(certificateObra(config, cert.obra).nombre))}
${row(F.completedOn, escapeHtml(spanishDay(days.completedOn)))}
${row(F.dueOn, escapeHtml(spanishDay(days.dueOn)))}
${row(F.code, escapeHtml(cert.code), ' class="code"')}
${await acceptanceRow(ctx, request, cert.code)}
</dl>`,
  };
}

/** /verificar/:code: the certificate's page, or its standing alone for the gate page. */
async function verifyCode(
  ctx: AppContext,
  installation: CompanyConfig,
  request: FastifyRequest<{ Params: { code: string } }>,
  reply: FastifyReply,
) {
  const typed = String(request.params.code ?? '').trim();
  const code = normaliseCode(typed);
  const json = wantsJson(request);
  let cert: CertificateForCheck | null = null;
  try {
    cert = code ? await certificateForCheck(ctx.db, code) : null;
  } catch (error) {
    // /verificar always answers a page, also when the database is down.
    request.log.error({ err: error }, 'certificate lookup failed');
    if (json) return sendJson(reply, 503, { state: 'unavailable' });
    return sendPage(
      reply,
      503,
      P.unavailableTitle,
      `<h1>${P.unavailableTitle}</h1>
<p>${escapeHtml(MESSAGES.unavailable)} ${P.unavailableText}</p>
${lookupForm()}`,
    );
  }
  if (!cert) return json ? sendJson(reply, 404, { state: 'unknown' }) : notFound(reply, typed);
  // The code named one certificate and so its company: the rest (its acceptance, its seal) is
  // that company's (record 0283).
  setRequestCompany(cert.company_id);
  // Its obras, reinducción period and name are that company's configuration's (record 0287); the
  // installation's stands for company 1 while it stores none.
  const current = await ctx.companyConfig.current(cert.company_id);
  const config = current.source === 'installation' ? installation : current.config;
  const issuer = current.source === 'stored' ? config.empresa.nombre : cert.company_name;
  const shown = { ...cert, company_name: issuer };
  const standing = standingOf(shown, config);
  const status = standing.state === 'annulled' ? 410 : 200;
  // The standing, and the company that issued the certificate (record 0282).
  if (json) return sendJson(reply, status, { ...standing, company: issuer });
  const page = await certificatePage(ctx, request, shown, config, standing);
  return sendPage(reply.header('vary', 'Accept'), status, page.title, page.body);
}

export async function verifyRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  /**
   * The installation's configuration (obras, reinducción period, demonstration), company 1's
   * while it stores none; default CURSO_CONFIG's. Each other company's is its own (record 0287).
   */
  companyConfig?: CompanyConfig,
) {
  const config = companyConfig ?? ctx.companyConfig.installation().config;
  // The lookup form; ?codigo=… (the form's submission) goes to the code's own address.
  app.get<{ Querystring: { codigo?: unknown } }>('/verificar', async (request, reply) => {
    const typed = typeof request.query.codigo === 'string' ? request.query.codigo : '';
    if (typed.trim()) {
      const code = normaliseCode(typed);
      if (!code) return notFound(reply, typed.trim());
      return reply.redirect(`/verificar/${encodeURIComponent(code)}`, 303);
    }
    return sendPage(
      reply,
      200,
      P.verifyTitle,
      `<h1>${P.verifyTitle}</h1>
<p>${P.verifyIntro}</p>
${lookupForm()}`,
    );
  });

  app.get<{ Params: { code: string } }>('/verificar/:code', (request, reply) =>
    verifyCode(ctx, config, request, reply),
  );

  // Any deeper or odd path under /verificar/ is a code that does not exist, not the app's page.
  app.get('/verificar/*', async (request, reply) => {
    const rest = decodeSafely(request.url.split('?')[0]?.slice('/verificar/'.length) ?? '');
    return notFound(reply, rest);
  });
}

function decodeSafely(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
