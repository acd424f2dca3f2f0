// Who may use the console (docs/decisions/0110-coordinator-console.md). A coordinator signs in
// on /consola/ingresar; the session is an ordinary sign-in token (tokens table) kept in an
// HttpOnly, SameSite=Strict cookie scoped to /consola, so the learner app never sees it. A
// request may also carry the token in Authorization (scripts, tests). Forms carry `_xsrf`, a
// token signed for the session (security/xsrf.ts), checked on every POST. Anonymous visitors are
// sent to sign in (pages) or refused with 401; learners get 403; auditors may read but not act.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/db.ts';
import { sessionForToken, type Role } from '../db/store.ts';
import { tokenFromHeader } from '../security/tokens.ts';
import { sessionBinding, type XsrfTokens } from '../security/xsrf.ts';
import { consolePage, escapeHtml, type Viewer } from './layout.ts';
import { esConsole as T } from './strings/es-console.ts';
import { setRequestCompany } from '../db/company-scope.ts';

export const SESSION_COOKIE = 'consola_sesion';
export const LOGIN_XSRF_COOKIE = 'consola_xsrf';
export const LOGIN_BINDING = 'consola-ingreso';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the console guard. */
    viewer?: Viewer & { userId: number; token: string };
  }
}

export class ConsoleRefusal extends Error {
  constructor(
    readonly status: 401 | 403 | 419,
    readonly title: string,
    readonly text: string,
  ) {
    super(title);
  }
}

export function sendRefusal(reply: FastifyReply, refusal: ConsoleRefusal) {
  return reply
    .code(refusal.status)
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .send(
      consolePage(
        refusal.title,
        `<h1>${escapeHtml(refusal.title)}</h1><p>${escapeHtml(refusal.text)}</p><p><a href="/consola/ingresar">${T.signInLink}</a></p>`,
      ),
    );
}

export const sessionToken = (request: FastifyRequest): string | null =>
  tokenFromHeader(request.headers.authorization) ??
  tokenFromHeader(request.cookies[SESSION_COOKIE]);

export function guard(db: Db, xsrf: XsrfTokens, level: 'read' | 'write') {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const token = sessionToken(request);
    const session = token ? await sessionForToken(db, token) : null;
    // The rest of the request acts within the signed-in account's company (record 0283).
    if (session) setRequestCompany(session.companyId);
    if (!session || !token) {
      if (request.method === 'GET' && !tokenFromHeader(request.headers.authorization)) {
        const back = encodeURIComponent(request.url);
        return reply.redirect(`/consola/ingresar?volver=${back}`, 303);
      }
      return sendRefusal(reply, new ConsoleRefusal(401, T.signInTitle, T.sessionInvalid));
    }
    const role: Role = session.role;
    // A coordinator's learner-app token (localStorage) never opens the console (decision 0185).
    if (session.scope !== 'consola' && role !== 'aprendiz')
      return sendRefusal(reply, new ConsoleRefusal(401, T.appTokenTitle, T.appToken));
    if (role === 'aprendiz' || (level === 'write' && role !== 'coordinador'))
      return sendRefusal(
        reply,
        new ConsoleRefusal(
          403,
          T.forbiddenTitle,
          role === 'aprendiz' ? T.learnerForbidden : T.auditorReadOnly,
        ),
      );
    const binding = sessionBinding(token);
    if (request.method === 'POST') {
      const field = (request.body as Record<string, unknown> | undefined)?._xsrf;
      const value =
        typeof field === 'object' && field !== null ? (field as { value?: unknown }).value : field;
      if (!xsrf.verify(value, value, `consola|${binding}`))
        return sendRefusal(reply, new ConsoleRefusal(419, T.formExpiredTitle, T.formExpired));
    }
    request.viewer = {
      userId: session.userId,
      name: session.name,
      role,
      token,
      formToken: xsrf.issue(`consola|${binding}`),
    };
  };
}
