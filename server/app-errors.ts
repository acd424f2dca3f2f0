// The error handler (decision 0018): every error — a route's HttpError, what a body schema refused
// (routes/body-schema.ts, record 0272), Fastify's own — answered { success: false, message } with
// a Spanish message, and `reason` when the refusal has one; never internals.
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { HttpError, ReasonedHttpError, SessionEndedError } from './errors.ts';
import { MESSAGES } from './messages.ts';

function sendError(
  reply: FastifyReply,
  status: number,
  message: string | string[],
  reason?: string,
) {
  return reply
    .code(status)
    .header('cache-control', 'no-store')
    .send(reason ? { success: false, message, reason } : { success: false, message });
}

/** Maps any error to one of our status codes with a Spanish message; never leaks internals. */
function classify(error: FastifyError | HttpError | Error): {
  status: number;
  message: string | string[];
} {
  if (error instanceof HttpError) return { status: error.statusCode, message: error.userMessage };
  const status = (error as FastifyError).statusCode ?? 500;
  const code = (error as FastifyError).code ?? '';
  // A file part where only fields are accepted is invalid content, not a too-large body.
  if (code === 'FST_FILES_LIMIT') return { status: 422, message: MESSAGES.filesNotAllowed };
  if (status === 413 || code === 'FST_ERR_CTP_BODY_TOO_LARGE' || /LIMIT/.test(code))
    return { status: 413, message: MESSAGES.tooLarge };
  if (status === 429) return { status: 429, message: MESSAGES.tooManyRequests };
  if (status === 404) return { status: 404, message: MESSAGES.notFound };
  if (status === 405) return { status: 404, message: MESSAGES.notFound };
  // @fastify/static refuses a folder (GET /assets/, /img/) with 403: to a client it is not there.
  if (status === 403) return { status: 404, message: MESSAGES.notFound };
  if (status === 408) return { status: 408, message: MESSAGES.requestTimeout };
  if (status === 431) return { status: 431, message: MESSAGES.headersTooLarge };
  // Malformed JSON, broken multipart, unsupported content type, bad content-length…
  if (status >= 400 && status < 500) return { status: 400, message: MESSAGES.badRequest };
  if (/multipart|boundary|Unexpected end of form|Malformed/i.test(error.message))
    return { status: 400, message: MESSAGES.badRequest };
  return { status: 500, message: MESSAGES.serverError };
}

/** The error handler: every error answered with classify()'s status and Spanish message. */
export function answerError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const { status, message } = classify(error);
  if (status >= 500) request.log.error({ err: error }, 'unhandled error');
  return sendError(
    reply,
    status,
    message,
    error instanceof SessionEndedError || error instanceof ReasonedHttpError
      ? error.reason
      : undefined,
  );
}
