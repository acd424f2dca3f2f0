// The API server as a Fastify instance (decision 0018): buildApp(options) wires security,
// the API routes under the API base, the public verification page and the static builds.
// server.ts listens; tests call buildApp with an in-memory database and use inject().
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyCookie from '@fastify/cookie';
import type { Db } from './db/db.ts';
import type { AppContext, CertificateIssuer } from './context.ts';
import { HttpError, ReasonedHttpError, SessionEndedError } from './errors.ts';
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
import { ExportPool } from './workers/export-pool.ts';
import type { TrustProxy } from './security/trust-proxy.ts';
import { bodyTimeoutHook } from './security/framework-errors.ts';
import type { RecaptchaVerifier } from './security/recaptcha.ts';
import { createFastify, registerBodyParsers, registerSecurityPlugins } from './app-plugins.ts';
import { registerCompression } from './compression.ts';
import { appContext } from './app-context.ts';
import { authRoutes } from './routes/auth.ts';
import { progressRoutes } from './routes/progress.ts';
import { activityRoutes } from './routes/activity.ts';
import { certificateRoutes } from './routes/certificate.ts';
import { invitationRoutes } from './routes/invitation.ts';
import { verifyRoutes } from './routes/verify.ts';
import { acceptanceRoutes } from './routes/acceptance.ts';
import { gateKeyRoutes } from './routes/gate-keys.ts';
import { certificateFileRoutes } from './routes/certificate-file.ts';
import { staticRoutes } from './routes/static.ts';
import { adminChannelRoutes } from './console/admin-channel.ts';
import { consoleRoutes, type ConsoleOptions } from './console/routes.ts';
import type { CourseShape } from '../src/domain/progress/engine.ts';
import { ROOT } from '../course-files/read-content.ts';
import { envValue } from './env.ts';

export type { CertificateIssuer, CertificateRequest, IssuedCertificate } from './context.ts';

export interface AppOptions {
  db: Db;
  /** API base path; default API_BASE (server/env.ts) or '/api/v1'. */
  apiBase?: string;
  /** Web build (history routing); null to serve none. Default dist/web. */
  webDir?: string | null;
  /** LMS preview; null to serve none. Default dist/lms-preview (served when it exists). */
  lmsPreviewDir?: string | null;
  /** Mark cookies Secure (behind HTTPS). Default: false. */
  secureCookies?: boolean;
  /** Token lifetime. Default 12 hours. */
  tokenTtlMs?: number;
  rateLimits?: {
    /** Sign-in attempts per address per window (@fastify/rate-limit); 0 disables. Default 60. */
    loginPerIp?: number;
    /** Failed sign-ins per account before it waits (security/login-limiter.ts). Default 5. */
    failuresPerAccount?: number;
    /** First wait after those failures; doubles per further failure up to 5 min. Default 30 s. */
    accountDelayMs?: number;
    /** Window for both. Default 15 minutes. */
    windowMs?: number;
  };
  recaptcha?: {
    /** Server secret: when set, sign-in requires a passing reCAPTCHA v3 token. */
    secret?: string;
    /** Site key known to the web build: widens the CSP to Google's reCAPTCHA hosts. */
    siteKey?: string;
    minScore?: number;
    /** Replaces the call to Google (tests). */
    verify?: RecaptchaVerifier;
  };
  /** The certificate hook (see context.ts). Without it download-certificate answers success:false. */
  certificateIssuer?: CertificateIssuer | null;
  /** Topic counts per module; default read from content/. */
  courseShape?: CourseShape;
  /** Whose progress the API reads and writes; default the id in content/es/course.json. */
  courseId?: string;
  /** Largest accepted request body, bytes. Default 32 KiB. */
  bodyLimit?: number;
  logger?: boolean | Record<string, unknown>;
  /** Proxies believed about X-Forwarded-*: a hop count or addresses (security/trust-proxy.ts). */
  trustProxy?: TrustProxy;
  /** Secret for XSRF tokens; default one random key kept in the database (decision 0233). */
  xsrfSecret?: string;
  /** Run console exports on the event loop instead of a worker thread (benchmarks only). */
  exportsInline?: boolean;
  /** Longest a request may take to arrive, headers and body (408 after). Default 30 s. */
  requestTimeoutMs?: number;
  /** Token of the CLI's channel to this server (console/admin-channel.ts); null = none. */
  adminChannelToken?: string | null;
  /** The installation key's file (decision 0220); default INSTALLATION_KEY_FILE, else the database. */
  installationKeyFile?: string;
  /** Reinducción period and the obras, for the console; default from CURSO_CONFIG. */
  console?: ConsoleOptions;
  /** The data notice's current version (record 0213); default from the configuration. */
  dataNoticeVersion?: string;
}

function normaliseBase(base: string): string {
  const trimmed = `/${base.trim().replace(/^\/+|\/+$/g, '')}`;
  return trimmed === '/' ? '/api/v1' : trimmed;
}

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
function answerError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
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

interface Settings {
  apiBase: string;
  webDir: string | null;
  lmsPreviewDir: string | null;
  bodyLimit: number;
  secure: boolean;
  requestTimeoutMs: number;
}

/** The options buildApp itself uses, with their defaults filled in. */
function settingsFor(options: AppOptions): Settings {
  return {
    apiBase: normaliseBase(options.apiBase ?? envValue('API_BASE') ?? '/api/v1'),
    webDir: options.webDir === undefined ? join(ROOT, 'dist', 'web') : options.webDir,
    lmsPreviewDir:
      options.lmsPreviewDir === undefined
        ? join(ROOT, 'dist', 'lms-preview')
        : options.lmsPreviewDir,
    bodyLimit: options.bodyLimit ?? 32 * 1024,
    secure: options.secureCookies ?? false,
    requestTimeoutMs: options.requestTimeoutMs ?? 30_000,
  };
}

async function xsrfTokensFor(app: FastifyInstance, options: AppOptions): Promise<XsrfTokens> {
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

type XsrfCookies = Pick<AppContext, 'setXsrfCookie' | 'ensureXsrfCookie'>;

function xsrfCookies(xsrfTokens: XsrfTokens, secure: boolean): XsrfCookies {
  // Readable by JavaScript on purpose: the client copies it into X-XSRF-TOKEN.
  const cookieOptions = {
    path: '/',
    sameSite: 'lax',
    secure,
    httpOnly: false,
    maxAge: 60 * 60 * 24 * 7,
  } as const;
  const setXsrfCookie = (reply: FastifyReply, binding: string) => {
    reply.setCookie(XSRF_COOKIE, xsrfTokens.issue(binding), cookieOptions);
  };
  const ensureXsrfCookie = (request: FastifyRequest, reply: FastifyReply, refresh = false) => {
    const current = request.cookies[XSRF_COOKIE];
    if (isXsrfShaped(current)) {
      // csrf-cookie cannot tell which session a token belongs to (it carries no token): it
      // renews a well-formed one as it is, so a token bound by sign-in or by a 419 survives.
      if (refresh) reply.setCookie(XSRF_COOKIE, current, cookieOptions);
      return;
    }
    setXsrfCookie(reply, sessionBinding(request.headers.authorization));
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

function requireAuthOn(db: Db): AppContext['requireAuth'] {
  return async (request: FastifyRequest) => {
    const token = tokenFromHeader(request.headers.authorization);
    if (!token) throw new HttpError(401, MESSAGES.unauthorized);
    // Only tokens the app issued: a console session never drives the learner API (decision 0185).
    const session = await sessionForToken(db, token);
    if (session === null) throw await sessionEnded(db, token);
    if (session.scope !== 'app') throw new HttpError(401, MESSAGES.unauthorized);
    request.auth = { userId: session.userId, token };
  };
}

/** The API's guard: bodies over the limit, then the XSRF token of every call that writes. */
function apiGuard(
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

/** The learner API's routes; none of its answers is cached. */
async function learnerApiRoutes(api: FastifyInstance, ctx: AppContext): Promise<void> {
  api.addHook('onSend', async (_request, reply, payload) => {
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    return payload;
  });
  await authRoutes(api, ctx);
  await invitationRoutes(api, ctx);
  await progressRoutes(api, ctx);
  await activityRoutes(api, ctx);
  await certificateRoutes(api, ctx);
  await acceptanceRoutes(api, ctx);
  await gateKeyRoutes(api, ctx);
}

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const settings = settingsFor(options);
  const { apiBase, webDir, lmsPreviewDir, bodyLimit } = settings;
  const app = createFastify({
    logger: options.logger ?? false,
    bodyLimit,
    trustProxy: options.trustProxy,
    requestTimeoutMs: settings.requestTimeoutMs,
  });

  app.setErrorHandler(answerError);
  registerCompression(app);

  app.addHook('onRequest', bodyTimeoutHook(settings.requestTimeoutMs));
  await app.register(fastifyCookie);

  const xsrfTokens = await xsrfTokensFor(app, options);
  const exportPool = new ExportPool({ inline: options.exportsInline ?? false });
  app.addHook('onClose', async () => exportPool.close());
  const cookies = xsrfCookies(xsrfTokens, settings.secure);

  // Every response sets the XSRF cookie when the request came without one (decision 0018).
  app.addHook('onRequest', async (request, reply) => {
    cookies.ensureXsrfCookie(request, reply);
  });

  await registerSecurityPlugins(app, {
    webDir,
    lmsPreviewDir,
    recaptcha: Boolean(options.recaptcha?.siteKey || options.recaptcha?.secret),
    secure: settings.secure,
  });

  const ctx = await appContext(options, {
    apiBase,
    exportPool,
    requireAuth: requireAuthOn(options.db),
    ...cookies,
  });

  await app.register(
    async (api) => {
      await registerBodyParsers(api, bodyLimit);
      api.addHook('onRequest', apiGuard(options.db, bodyLimit, xsrfTokens, cookies.setXsrfCookie));
      await learnerApiRoutes(api, ctx);
    },
    { prefix: apiBase },
  );

  // Public certificate verification, and the stored PDFs (see routes/certificate-file.ts for
  // why they need no token).
  await app.register(async (pages) => {
    await verifyRoutes(pages, ctx, options.console?.config);
    await certificateFileRoutes(pages, ctx);
    if (options.adminChannelToken)
      await adminChannelRoutes(pages, options.db, options.adminChannelToken);
  });

  // The coordinator's console (decision 0110): server-rendered pages under /consola.
  await app.register(async (pages) => consoleRoutes(pages, ctx, xsrfTokens, options.console));

  await staticRoutes(
    app,
    {
      webDir: webDir && existsSync(webDir) ? webDir : null,
      lmsPreviewDir: lmsPreviewDir && existsSync(lmsPreviewDir) ? lmsPreviewDir : null,
    },
    apiBase,
  );

  return app;
}
