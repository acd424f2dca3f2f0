// Public page /verificar/:code (decision 0020): whoever holds a printed certificate
// (an employer, an auditor) scans its QR code or types its code and sees that it is real: the
// name, the course and the date — nothing more (no document number, no score), since anyone
// may open it. Server-rendered, self-contained (no script, no external resource), Spanish.
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { AppContext } from '../context.ts';
import { certificateByCode } from '../db/store.ts';
import { formatSpanishDate } from '../../src/domain/certificate/index.ts';
import { courseIdentity } from '../../course-files/read-content.ts';
import { escapeHtml, htmlPage } from './html-page.ts';
import { MESSAGES } from '../messages.ts';
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

export async function verifyRoutes(app: FastifyInstance, ctx: AppContext) {
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
    let cert: Awaited<ReturnType<typeof certificateByCode>> = null;
    try {
      cert = code ? await certificateByCode(ctx.db, code) : null;
    } catch (error) {
      // /verificar always answers a page, also when the database is down.
      request.log.error({ err: error }, 'certificate lookup failed');
      return sendPage(
        reply,
        503,
        MESSAGES.pages.unavailableTitle,
        `<h1>${MESSAGES.pages.unavailableTitle}</h1>
<p>${escapeHtml(MESSAGES.unavailable)} ${MESSAGES.pages.unavailableText}</p>
${lookupForm()}`,
      );
    }
    if (!cert) return notFound(reply, typed);
    const date = formatSpanishDate(new Date(cert.completed_at ?? cert.issued_at));
    const course = cert.course_title ?? courseIdentity().title;
    return sendPage(
      reply,
      200,
      'Certificado válido',
      `<div class="status status-ok"><span class="icon" aria-hidden="true">✓</span><h1>Certificado válido</h1></div>
<p>Este código corresponde a un certificado de participación auténtico, emitido por este curso.</p>
<dl>
<div><dt>Nombre</dt><dd class="name">${escapeHtml(stripBidiControls(cert.name))}</dd></div>
<div><dt>Curso</dt><dd>${escapeHtml(course)}</dd></div>
<div><dt>Fecha de finalización</dt><dd>${escapeHtml(date)}</dd></div>
<div><dt>Código</dt><dd class="code">${escapeHtml(cert.code)}</dd></div>
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
