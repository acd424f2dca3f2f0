// Errors that never reach our routes or error handler, answered in Spanish with the same
// security headers as everything else:
// - malformed HTTP that Node's parser refuses before Fastify sees a request (clientError):
//   header overflow → 431, conflicting Content-Length / bad chunking → 400, a request (body
//   included) slower than the request timeout → 408;
// - a URL Fastify's router cannot decode (bad percent-encoding, frameworkErrors) → 400, as a
//   page under /verificar (which always answers HTML), as JSON elsewhere.
import type { Socket } from 'node:net';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { MESSAGES } from '../messages.ts';
import { htmlPage } from '../routes/html-page.ts';

/** Headers for responses made outside helmet's hooks: nothing to run, nothing to frame. */
export const BARE_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy':
    "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'self'; frame-ancestors 'self'",
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'SAMEORIGIN',
  'referrer-policy': 'no-referrer',
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'cache-control': 'no-store',
};

const REASONS: Record<number, string> = {
  400: 'Bad Request',
  408: 'Request Timeout',
  413: 'Payload Too Large',
  431: 'Request Header Fields Too Large',
};

/** What Node's HTTP parser error means for the client. */
export function clientErrorStatus(code: string | undefined): { status: number; message: string } {
  if (code === 'HPE_HEADER_OVERFLOW') return { status: 431, message: MESSAGES.headersTooLarge };
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT' || code === 'ERR_HTTP_HEADERS_TIMEOUT')
    return { status: 408, message: MESSAGES.requestTimeout };
  if (code === 'HPE_USER' || code === 'HPE_BODY_TOO_LARGE')
    return { status: 413, message: MESSAGES.tooLarge };
  return { status: 400, message: MESSAGES.badRequest };
}

export function clientErrorHandler(error: NodeJS.ErrnoException, socket: Socket): void {
  const code = error.code;
  if (code === 'ECONNRESET' || code === 'EPIPE' || !socket.writable) {
    socket.destroy(error);
    return;
  }
  // Only when nothing of a response went out yet (a keep-alive socket may be mid-response).
  if (socket.bytesWritten > 0 && code !== 'ERR_HTTP_REQUEST_TIMEOUT') {
    socket.destroy(error);
    return;
  }
  const { status, message } = clientErrorStatus(code);
  const body = JSON.stringify({ success: false, message });
  const headers = {
    ...BARE_SECURITY_HEADERS,
    'content-type': 'application/json; charset=utf-8',
    'content-length': String(Buffer.byteLength(body)),
    connection: 'close',
  };
  const head = Object.entries(headers)
    .map(([name, value]) => `${name}: ${value}`)
    .join('\r\n');
  socket.end(`HTTP/1.1 ${status} ${REASONS[status] ?? 'Error'}\r\n${head}\r\n\r\n${body}`);
}

/** Fastify's frameworkErrors: only FST_ERR_BAD_URL (and async constraints, unused) come here. */
export function frameworkErrorHandler(
  _error: Error,
  request: FastifyRequest,
  reply: FastifyReply,
): void {
  reply.headers(BARE_SECURITY_HEADERS);
  const path = request.raw.url ?? '';
  if (/^\/verificar(\/|$|\?)/.test(path)) {
    void reply
      .code(400)
      .type('text/html; charset=utf-8')
      .header('x-robots-tag', 'noindex, nofollow')
      .send(
        htmlPage(
          'Dirección no válida',
          `<h1>Dirección no válida</h1><p>${MESSAGES.badUrl}</p><p><a href="/verificar">Verificar un certificado</a></p>`,
        ),
      );
    return;
  }
  void reply.code(400).send({ success: false, message: MESSAGES.badUrl });
}

/**
 * The request-body timeout: a body that has not fully arrived `ms` after the request started
 * gets 408 in Spanish and the connection is closed. (Node's own requestTimeout does not cover
 * a body still streaming once the request was handed to Fastify.) Register as onRequest.
 */
export function bodyTimeoutHook(ms: number) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const incoming = request.raw;
    const hasBody =
      Number(incoming.headers['content-length'] ?? 0) > 0 ||
      incoming.headers['transfer-encoding'] !== undefined;
    if (!hasBody || incoming.complete) return;
    const timer = setTimeout(() => {
      if (incoming.complete || reply.sent || reply.raw.headersSent) return;
      const body = JSON.stringify({ success: false, message: MESSAGES.requestTimeout });
      reply.hijack();
      reply.raw.writeHead(408, {
        ...Object.fromEntries(Object.entries(reply.getHeaders()).map(([k, v]) => [k, String(v)])),
        ...BARE_SECURITY_HEADERS,
        'content-type': 'application/json; charset=utf-8',
        'content-length': String(Buffer.byteLength(body)),
        connection: 'close',
      });
      reply.raw.end(body, () => incoming.socket.destroy());
    }, ms);
    timer.unref();
    incoming.once('end', () => clearTimeout(timer));
    incoming.once('close', () => clearTimeout(timer));
  };
}
