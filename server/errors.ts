// Typed HTTP errors. Every error the API sends goes through app.ts's error handler, which
// turns these (and Fastify's own) into { success: false, message } with a Spanish message.
export class HttpError extends Error {
  constructor(
    readonly statusCode: 400 | 401 | 403 | 404 | 413 | 419 | 422 | 428 | 429 | 503,
    readonly userMessage: string | string[],
    readonly code = `HTTP_${statusCode}`,
  ) {
    super(Array.isArray(userMessage) ? userMessage.join(' ') : userMessage);
  }
}

/**
 * A refusal whose `reason` goes into the body beside the message, so the app can act on it
 * without reading the Spanish text (e.g. 422 'not-published', record 0259).
 */
export class ReasonedHttpError extends HttpError {
  constructor(
    statusCode: HttpError['statusCode'],
    userMessage: string | string[],
    readonly reason: string,
  ) {
    super(statusCode, userMessage);
  }
}

/**
 * A 401 that says why the session ended (decision 0231): `reason` goes into the body beside the
 * message, so the app can tell a password reset or a deactivation from an expired session.
 */
export class SessionEndedError extends HttpError {
  constructor(
    readonly reason: 'expired' | 'password-reset' | 'deactivated',
    message: string,
  ) {
    super(401, message);
  }
}
