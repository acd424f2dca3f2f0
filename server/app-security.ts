// What buildApp (app.ts) guards requests with: the XSRF tokens and their cookie (decisions 0018,
// 0051, 0233), the learner API's sign-in check (decisions 0185, 0231) and the API's guard.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from './db/db.ts';
import type { AppContext } from './context.ts';
import type { AppOptions } from './app-options.ts';
import { HttpError, SessionEndedError } from './errors.ts';
import { MESSAGES } from './messages.ts';
import { sessionEndReason, sessionForToken, sharedSecret, userIdForToken } from './db/store.ts';
import { tokenFromHeader } from './security/tokens.ts';
import {
  isXsrfShaped,
  sessionBinding,
  XSRF_COOKIE,
  XSRF_HEADER,
  XsrfTokens,
} from './security/xsrf.ts';
import { setRequestCompany } from './db/company-scope.ts';

export async function xsrfTokensFor(
  app: FastifyInstance,
  options: AppOptions,
): Promise<XsrfTokens> {
  // Without XSRF_SECRET, one key kept in the database: every instance on it signs and checks
  // alike, so a session works through any of them (decision 0233).
  // A database unreachable at this moment leaves this process a key of its own (as before 0233):
  // its sessions' XSRF tokens are renewed by a 419 on another instance.
  return new XsrfTokens(
    options.xsrfSecret ||
      (await sharedSecret(options.db, 'xsrf').catch((error: unknown) => {
        app.log.warn({ err: error }, 'shared XSRF key unavailable; using a key of this process');
        return undefined;
      })),
  );
}

export type XsrfCookies = Pick<AppContext, 'setXsrfCookie' | 'ensureXsrfCookie'>;

export function xsrfCookies(xsrfTokens: XsrfTokens, secure: boolean): XsrfCookies {
  // Readable by JavaScript on purpose: the client copies it into X-XSRF-TOKEN.
  const cookieOptions = {
    path: '/',
    sameSite: 'lax',
    secure,
    httpOnly: false,
    maxAge: 60 * 60 * 24 * 7,
  } as const;
  // The token also goes in a response header, for a client whose browser keeps no cookie (an
  // LMS's third-party iframe, record 0298): it keeps the token in memory instead.
  const send = (reply: FastifyReply, token: string, header: boolean) => {
    reply.setCookie(XSRF_COOKIE, token, cookieOptions);
    if (header) reply.header(XSRF_HEADER, token);
  };
  const setXsrfCookie = (reply: FastifyReply, binding: string) => {
    send(reply, xsrfTokens.issue(binding), true);
  };
  const ensureXsrfCookie = (request: FastifyRequest, reply: FastifyReply, refresh = false) => {
    const current = request.cookies[XSRF_COOKIE];
    if (isXsrfShaped(current)) {
      // csrf-cookie cannot tell which session a token belongs to (it carries no token): it
      // renews a well-formed one as it is, so a token bound by sign-in or by a 419 survives.
      if (refresh) send(reply, current, true);
      return;
    }
    // Only csrf-cookie (refresh) answers the header: not every response of a cookieless client.
    send(reply, xsrfTokens.issue(sessionBinding(request.headers.authorization)), refresh);
  };
  return { setXsrfCookie, ensureXsrfCookie };
}

/** The 401 for a token that is no live session, saying why it ended (decision 0231). */
async function sessionEnded(db: Db, token: string): Promise<SessionEndedError> {
  const reason = await sessionEndReason(db, token);
  const message =
    reason === 'password-reset'
      ? MESSAGES.sessionPasswordReset
      : reason === 'deactivated'
        ? MESSAGES.sessionDeactivated
        : MESSAGES.unauthorized;
  return new SessionEndedError(reason, message);
}

export function requireAuthOn(db: Db): AppContext['requireAuth'] {
  return async (request: FastifyRequest) => {
    const token = tokenFromHeader(request.headers.authorization);
    if (!token) throw new HttpError(401, MESSAGES.unauthorized);
    // Only tokens the app issued: a console session never drives the learner API (decision 0185).
    const session = await sessionForToken(db, token);
    if (session === null) throw await sessionEnded(db, token);
    if (session.scope !== 'app') throw new HttpError(401, MESSAGES.unauthorized);
    // The rest of the request acts within the learner's company (record 0283).
    setRequestCompany(session.companyId);
    request.auth = { userId: session.userId, token };
  };
}

/** The API's guard: bodies over the limit, then the XSRF token of every call that writes. */
export function apiGuard(
  db: Db,
  bodyLimit: number,
  xsrfTokens: XsrfTokens,
  setXsrfCookie: XsrfCookies['setXsrfCookie'],
) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const length = Number(request.headers['content-length'] ?? 0);
    if (length > bodyLimit) throw new HttpError(413, MESSAGES.tooLarge);
    if (request.method === 'GET' || request.method === 'HEAD' || request.method === 'OPTIONS')
      return;
    const binding = sessionBinding(request.headers.authorization);
    if (xsrfTokens.verify(request.cookies[XSRF_COOKIE], request.headers[XSRF_HEADER], binding))
      return;
    // A call with a sign-in token that is no session at all is answered 401 as before:
    // no XSRF token could make it pass, and the client must sign in again.
    const header = request.headers.authorization;
    const bearer = tokenFromHeader(header);
    if (bearer && (await userIdForToken(db, bearer)) === null) throw await sessionEnded(db, bearer);
    if (!bearer && typeof header === 'string' && header.trim() !== '')
      throw new HttpError(401, MESSAGES.unauthorized);
    // A fresh token for this session, so the client's refresh-and-retry succeeds.
    setXsrfCookie(reply, binding);
    throw new HttpError(419, MESSAGES.xsrf);
  };
}
