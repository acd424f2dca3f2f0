// Public page /verificar/:code (decision 0020): whoever holds a printed certificate
// (an employer, an auditor) scans its QR code or types its code and sees that it is real, and
// what the gate page shows (record 0260): name, masked document, course, obra, completion and
// reinducción due dates — never the full document number or the score, since anyone may open it.
// A certificate annulled (deactivated worker, cycle archived by a reinducción) answers 410
// «Anulada» with why; one of the demonstration installation reads «Certificado de ejemplo — sin
// validez». With Accept: application/json it answers the standing alone (the gate page asks it).
// Server-rendered, self-contained (no script, no external resource), Spanish.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import { certificateForCheck, type CertificateForCheck } from '../db/certificate-store.ts';
import type { CompanyConfig } from '../../src/domain/config/index.ts';
import { readConfiguration, withEnv } from '../../course-files/read-config.ts';
import { currentEnv } from '../env.ts';
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

function lookupForm(value = ''): string {
  return `<form class="lookup" method="get" action="/verificar">
<label for="codigo">Código del certificado</label>
<div class="row"><input id="codigo" name="codigo" type="text" inputmode="text" autocomplete="off" autocapitalize="characters" spellcheck="false" maxlength="40" placeholder="${EXAMPLE_CODE}" value="${escapeHtml(value)}"><button type="submit">Verificar</button></div>
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
      title: 'Certificado anulado',
      heading: STANDING_TEXT.annulled,
      text: `Este certificado fue emitido por este curso, pero ya no vale. ${annulmentText(standing.reasons)}`,
    };
  if (colombiaDay(new Date()) > dueOn)
    return {
      tone: 'bad',
      icon: '✕',
      title: 'Certificado vencido',
      heading: 'Certificado vencido',
      text: `Este certificado es auténtico, pero la reinducción está vencida. La reinducción debía hacerse a más tardar el ${spanishDay(dueOn)}.`,
    };
  return {
    tone: 'ok',
    icon: '✓',
    title: 'Certificado válido',
    heading: 'Certificado válido',
    text: 'Este código corresponde a un certificado de participación auténtico, emitido por este curso.',
  };
}

function notFound(reply: FastifyReply, typed: string) {
  const shown = typed.length > 60 ? `${typed.slice(0, 60)}…` : typed;
  return sendPage(
    reply,
    404,
    MESSAGES.pages.notFoundTitle,
    `<div class="status status-bad"><span class="icon" aria-hidden="true">✕</span><h1>${MESSAGES.pages.notFoundTitle}</h1></div>
<p>${MESSAGES.pages.notFoundCode} <strong class="code">${escapeHtml(shown)}</strong>.</p>
<p>${MESSAGES.pages.notFoundHelp(`<span class="code">${EXAMPLE_CODE}</span>`)}</p>
${lookupForm()}`,
  );
}

export async function verifyRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  /** The company configuration (obras, reinducción period, demonstration); default CURSO_CONFIG's. */
  companyConfig?: CompanyConfig,
) {
  const config =
    companyConfig ?? readConfiguration(withEnv({}, currentEnv()), { firstObra: true }).config;
  const reinductionMonths = config.reinduccion?.periodoMeses ?? 12;
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
      MESSAGES.pages.verifyTitle,
      `<h1>${MESSAGES.pages.verifyTitle}</h1>
<p>${MESSAGES.pages.verifyIntro}</p>
${lookupForm()}`,
    );
  });

  app.get<{ Params: { code: string } }>('/verificar/:code', async (request, reply) => {
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
        MESSAGES.pages.unavailableTitle,
        `<h1>${MESSAGES.pages.unavailableTitle}</h1>
<p>${escapeHtml(MESSAGES.unavailable)} ${MESSAGES.pages.unavailableText}</p>
${lookupForm()}`,
      );
    }
    if (!cert) return json ? sendJson(reply, 404, { state: 'unknown' }) : notFound(reply, typed);
    const standing = standingOf(cert, config);
    const status = standing.state === 'annulled' ? 410 : 200;
    if (json) return sendJson(reply, status, standing);
    // The worker's acceptance of that cycle and the state of its seal (decision 0220).
    let acceptance =
      '<div><dt>Aceptación del trabajador</dt><dd>Sin aceptación registrada</dd></div>';
    try {
      const row = await acceptanceForCertificate(ctx.db, cert.code);
      if (row) {
        const state = sealState(await checkChain(ctx.db, await ctx.installationKey()), row.id);
        acceptance = `<div><dt>Aceptación del trabajador</dt><dd data-seal="${state}">Registrada el ${escapeHtml(formatSpanishDate(new Date(row.receivedAt)))} — ${state === 'broken' ? '<strong>' : ''}${escapeHtml(SEAL_TEXT[state])}${state === 'broken' ? '</strong>' : ''} <span class="code">${escapeHtml(shortSeal(row.seal))}</span></dd></div>`;
      }
    } catch (error) {
      request.log.error({ err: error }, 'acceptance check failed');
      acceptance =
        '<div><dt>Aceptación del trabajador</dt><dd>No se pudo comprobar ahora</dd></div>';
    }
    // The days and the obra as the certificate and its gate statement state them (record 0242).
    const days = certificateDays(new Date(cert.completed_at ?? cert.issued_at), reinductionMonths);
    const course = cert.course_title ?? courseIdentity().title;
    const v = verdictOf(standing, days.dueOn);
    return sendPage(
      reply.header('vary', 'Accept'),
      status,
      v.title,
      `<div class="status status-${v.tone}" data-standing="${standing.state}"><span class="icon" aria-hidden="true">${v.icon}</span><h1>${escapeHtml(v.heading)}</h1></div>
<p>${escapeHtml(v.text)}</p>
<dl>
<div><dt>Nombre</dt><dd class="name">${escapeHtml(stripBidiControls(cert.name))}</dd></div>
<div><dt>Documento</dt><dd>${escapeHtml(maskDocument(cert.document))}</dd></div>
<div><dt>Curso</dt><dd>${escapeHtml(course)}</dd></div>
<div><dt>Obra</dt><dd>${escapeHtml(certificateObra(config, cert.obra).nombre)}</dd></div>
<div><dt>Fecha de finalización</dt><dd>${escapeHtml(spanishDay(days.completedOn))}</dd></div>
<div><dt>Reinducción hasta</dt><dd>${escapeHtml(spanishDay(days.dueOn))}</dd></div>
<div><dt>Código</dt><dd class="code">${escapeHtml(cert.code)}</dd></div>
${acceptance}
</dl>`,
    );
  });

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
