// The coordinator's console under /consola (docs/decisions/0110-coordinator-console.md):
// server-rendered Spanish pages, never part of the learner's bundle. This module wires the body
// parsers, sign-in and sign-out, and the page modules.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyFormbody from '@fastify/formbody';
import fastifyMultipart from '@fastify/multipart';
import type { AppContext } from '../context.ts';
import type { XsrfTokens } from '../security/xsrf.ts';
import { issueToken, revokeToken } from '../db/store.ts';
import { verifyPassword } from '../security/passwords.ts';
import { isValidDocument, normalizeDocument, normalizeEmail } from '../identity.ts';
import { join } from 'node:path';
import { ROOT } from '../../course-files/read-content.ts';
import type { CompanyConfig } from '../../src/domain/config/index.ts';
import { readCourseFacts, type CourseFacts } from '../certificates.ts';
import {
  ConsoleRefusal,
  guard,
  LOGIN_BINDING,
  LOGIN_XSRF_COOKIE,
  SESSION_COOKIE,
  sendRefusal,
  sessionToken,
} from './auth.ts';
import { consolePage, escapeHtml } from './layout.ts';
import { BadParameter, field, sendHtml, type ConsoleContext } from './console-context.ts';
import { audit } from './audit.ts';
import { overviewRoutes } from './pages-overview.ts';
import { learnerRoutes } from './pages-learner.ts';
import { adminRoutes } from './pages-admin.ts';
import { exportRoutes } from './exports.ts';
import { importRoutes } from './pages-import.ts';
import { obraRoutes } from './pages-obras.ts';
import { obraPackageRoutes } from './obra-packages.ts';
import { ImportWorker, registerWorker, type JobClock } from './import-jobs.ts';
import { allObras, configObras, type KnownObra } from '../obras.ts';
import { auditPackRoutes } from '../audit-pack/routes.ts';
import { contratistaRoutes } from './pages-contratistas.ts';
import { companyConfigRoutes } from './pages-company-config.ts';
import { companyConfigEditRoutes } from './pages-company-config-edit.ts';
import { invitationRoutes } from './pages-invitations.ts';
import { ltiConsoleRoutes } from './pages-lti.ts';
import { esConsole as T } from './strings/es-console.ts';
import { FORM } from '../routes/body-schema.ts';
import { forCompanyOf, requestCompanyScope, setRequestCompany } from '../db/company-scope.ts';
import { companyBySlug, FIRST_COMPANY_ID, type CompanyAddress } from '../db/company-store.ts';
import { staffCandidates } from './staff-sign-in.ts';

export interface ConsoleOptions {
  /** The company configuration; default the one CURSO_CONFIG names. */
  config?: CompanyConfig;
  course?: CourseFacts;
  /** The template LMS build of the obras' SCORM zips (decision 0241); default dist/lms-template. */
  lmsTemplateDir?: string;
  /** The clock of the invitations' jobs and sheet windows (tests move it; record 0273). */
  clock?: JobClock;
}

/** Only our own console paths may be a return address after sign-in. */
const safeReturn = (value: string) =>
  /^\/consola(\/[\w\-./?=&%+]*)?$/.test(value) && !value.includes('//') ? value : '/consola';

function signInPage(
  token: string,
  back: string,
  message = '',
  company: CompanyAddress | null = null,
): string {
  return consolePage(
    T.signIn.title,
    `<h1>${T.signIn.heading}</h1>
${company ? `<p class="company-address">${escapeHtml(T.signIn.company(company.name || company.slug))}</p>` : ''}
${message ? `<p class="notice bad" role="alert">${escapeHtml(message)}</p>` : ''}
<form method="post" action="/consola/ingresar">
<input type="hidden" name="_xsrf" value="${escapeHtml(token)}">
<input type="hidden" name="volver" value="${escapeHtml(back)}">
${company ? `<input type="hidden" name="empresa" value="${escapeHtml(company.slug)}">` : ''}
<div class="field"><label for="documento">${T.signIn.identifier}</label><input id="documento" name="documento" autocomplete="username" required></div>
<div class="field"><label for="clave">${T.signIn.password}</label><input id="clave" name="clave" type="password" autocomplete="current-password" required></div>
<button type="submit">${T.signIn.submit}</button>
</form>
<p class="hint">${T.signIn.hintHtml}</p>`,
  );
}

function badParameterPage(error: BadParameter): string {
  return consolePage(
    T.badRequestTitle,
    `<h1>${T.badRequestTitle}</h1><p role="alert">${escapeHtml(T.badParameter(error.parameter, error.text))}</p><p><a href="/consola/aprendices">${T.backToLearners}</a> · <a href="/consola">${T.toOverview}</a></p>`,
  );
}

/** The page for a /consola path that does not exist (answered by the app's not-found handler). */
export function consoleNotFoundPage(): string {
  return consolePage(
    T.notFoundTitle,
    `<h1>${T.notFoundTitle}</h1><p>${T.notFound}</p><p><a href="/consola">${T.toOverview}</a></p>`,
  );
}

/** Every console failure is an HTML page, and a server fault is logged (decision 0182). */
function consoleErrorHandler(
  error: Error & { statusCode?: number },
  request: FastifyRequest,
  reply: FastifyReply,
) {
  if (error instanceof BadParameter) {
    request.log.warn({ parameter: error.parameter, url: request.url }, 'console bad parameter');
    return sendHtml(reply, badParameterPage(error), 400);
  }
  const status = error.statusCode ?? 500;
  /** A page with a heading, one line and one link on. */
  const page = (title: string, heading: string, text: string, href: string, link: string) =>
    consolePage(title, `<h1>${heading}</h1><p>${text}</p><p><a href="${href}">${link}</a></p>`);
  if (status === 429)
    return sendHtml(
      reply,
      page(T.tooManyTitle, T.tooManyTitle, T.tooMany, '/consola/ingresar', T.signInLink),
      429,
    );
  if (status >= 400 && status < 500) {
    request.log.warn({ err: error, url: request.url }, 'console bad request');
    return sendHtml(
      reply,
      page(T.badRequestTitle, T.badRequestTitle, T.unreadable, '/consola', T.toOverview),
      status === 413 ? 413 : 400,
    );
  }
  request.log.error({ err: error, url: request.url }, 'console error');
  return sendHtml(
    reply,
    page(T.serverErrorTitle, T.serverErrorHeading, T.serverError, '/consola', T.toOverview),
    500,
  );
}

async function registerBodyParsers(app: FastifyInstance) {
  await app.register(fastifyFormbody, { bodyLimit: 64 * 1024 });
  await app.register(fastifyMultipart, {
    attachFieldsToBody: true,
    limits: {
      fieldNameSize: 100,
      fieldSize: 8 * 1024,
      fields: 10,
      // The configuration's page takes its JSON and its logo (record 0287); one elsewhere.
      files: 2,
      fileSize: 5 * 1024 * 1024,
      parts: 12,
    },
  });
}

/**
 * The company's configuration (record 0287) and its obras (the defaults) with those added in the
 * console (decision 0215), read again on every signed-in console request so that another server
 * instance's new obra or configuration version shows. Kept per company (record 0283): a request
 * (or a job, run as its company's request) sees only its own company's, even while another
 * company's request refreshes its own.
 */
async function knownObras(ctx: AppContext, installation: CompanyConfig) {
  const company = () => {
    const scope = requestCompanyScope();
    return typeof scope === 'number' ? scope : FIRST_COMPANY_ID;
  };
  // The request's company's configuration as last read (its guard read it); the installation's
  // before any read.
  const config = () => ctx.companyConfig.known(company())?.config ?? installation;
  // A database that is down at start must not stop the server (its pages answer 503 then): the
  // configuration's obras stand in until the first request reads the console's too.
  const first: KnownObra[] = await allObras(
    forCompanyOf(ctx.db, FIRST_COMPANY_ID),
    installation.obras,
  ).catch(() => configObras(installation.obras));
  const byCompany = new Map<number | string, KnownObra[]>([[FIRST_COMPANY_ID, first]]);
  const current = () => byCompany.get(company()) ?? configObras(config().obras);
  const refreshObras = async () => {
    const { config: own } = await ctx.companyConfig.current(company());
    const now = await allObras(ctx.db, own.obras);
    byCompany.set(company(), now);
    return now;
  };
  // A signed-in page reads the obras again once its guard has passed: a sign-in page, a refusal
  // or an unknown path does not touch the obras table.
  const thenRefresh =
    (check: ConsoleContext['read']): ConsoleContext['read'] =>
    async (request, reply) => {
      const refused = await check(request, reply);
      if (refused || reply.sent) return refused;
      await refreshObras();
      return undefined;
    };
  return { current, config, refreshObras, thenRefresh };
}

/** The context every page module gets, with the import worker of this server instance. */
async function consoleContext(
  app: FastifyInstance,
  ctx: AppContext,
  xsrf: XsrfTokens,
  options: ConsoleOptions,
): Promise<ConsoleContext> {
  const loaded = options.config ?? ctx.companyConfig.installation().config;
  const { current, config, refreshObras, thenRefresh } = await knownObras(ctx, loaded);
  const write = thenRefresh(guard(ctx.db, xsrf, 'write'));
  return {
    app: ctx,
    // The request's company's configuration (record 0287): its stored version, else the
    // installation's for company 1, else «sin configurar» (company-config/store.ts).
    get config() {
      return config();
    },
    currentConfig: async () => {
      const scope = requestCompanyScope();
      const company = typeof scope === 'number' ? scope : FIRST_COMPANY_ID;
      return (await ctx.companyConfig.current(company)).config;
    },
    course: options.course ?? readCourseFacts(),
    lmsTemplateDir: options.lmsTemplateDir ?? join(ROOT, 'dist', 'lms-template'),
    clock: options.clock,
    get scope() {
      return {
        courseId: ctx.courseId,
        defaultObra: current()[0]!.slug,
        reinductionMonths: config().reinduccion?.periodoMeses ?? 12,
      };
    },
    get obras() {
      return current();
    },
    refreshObras,
    obraName: (slug) => {
      const known = current();
      return known.find((o) => o.slug === (slug ?? known[0]!.slug))?.nombre ?? slug ?? '';
    },
    xsrf,
    read: thenRefresh(guard(ctx.db, xsrf, 'read')),
    write,
    form: { preHandler: write, schema: FORM },
    importWorker: new ImportWorker(
      ctx.db,
      async () => {
        const all = await refreshObras();
        return { slugs: all.map((o) => o.slug), file: 'la configuración', obras: [...all] };
      },
      // A learner without an obra belongs to the job's company's first obra (record 0294).
      async (company) => (await ctx.companyConfig.current(company)).config.obras[0]!.slug,
      (error) => app.log.error({ err: error }, 'console import job failed'),
    ),
  };
}

/** The sign-in form's XSRF token: the cookie's while it is valid, else a fresh one. */
function loginToken(xsrf: XsrfTokens, request: FastifyRequest, reply: FastifyReply) {
  const current = request.cookies[LOGIN_XSRF_COOKIE];
  if (xsrf.verify(current, current, LOGIN_BINDING)) return current!;
  const fresh = xsrf.issue(LOGIN_BINDING);
  reply.setCookie(LOGIN_XSRF_COOKIE, fresh, {
    path: '/consola',
    httpOnly: true,
    sameSite: 'strict',
    secure: request.protocol === 'https',
  });
  return fresh;
}

/** A console session for a signed-in staff account: its token, the audit row and the cookie. */
async function startSession(
  ctx: AppContext,
  userId: number,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  const session = await issueToken(ctx.db, userId, ctx.tokenTtlMs, 'consola');
  const [who] = await ctx.db.query<{ name: string }>('SELECT name FROM users WHERE id = $1', [
    userId,
  ]);
  await audit(ctx.db, { userId, name: who?.name ?? '' }, 'ingreso', null, {});
  reply.setCookie(SESSION_COOKIE, session, {
    path: '/consola',
    httpOnly: true,
    sameSite: 'strict',
    secure: request.protocol === 'https',
    maxAge: Math.floor(ctx.tokenTtlMs / 1000),
  });
}

/** POST /consola/ingresar: a staff account's document or email and password. */
function signIn(ctx: AppContext, xsrf: XsrfTokens) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const token = field(request, '_xsrf');
    if (!xsrf.verify(request.cookies[LOGIN_XSRF_COOKIE], token, LOGIN_BINDING))
      return sendRefusal(reply, new ConsoleRefusal(419, T.formExpiredTitle, T.signIn.expired));
    const back = safeReturn(field(request, 'volver') || '/consola');
    const identifier = field(request, 'documento').trim();
    const password = field(request, 'clave');
    const by: { email: string } | { document: string } = identifier.includes('@')
      ? { email: normalizeEmail(identifier) }
      : { document: normalizeDocument(identifier) };
    // At a company's address the sign-in looks in that company only (record 0288).
    const slug = field(request, 'empresa');
    const company = slug ? await companyBySlug(ctx.db, slug) : null;
    const fail = (message: string, status = 401) =>
      sendHtml(reply, signInPage(token, back, message, company), status);
    if (slug && !company) return fail(T.signIn.unknownCompany, 422);
    if (!identifier || !password || ('document' in by && !isValidDocument(by.document ?? '')))
      return fail(T.signIn.missing, 422);
    // In the address's company, else across companies (staff-sign-in.ts); the rest of the
    // sign-in acts in the company of the one account it names — the address's, or company 1
    // when it names none or several (records 0283, 0288).
    const candidates = await staffCandidates(ctx.db, by, company?.id);
    const only = candidates.length === 1 ? candidates[0]! : null;
    setRequestCompany(only?.companyId ?? company?.id ?? FIRST_COMPANY_ID);
    const key = only ? `u:${only.id}` : `c:${identifier.toLowerCase()}`;
    const wait = await ctx.loginLimiter.waitMs(key);
    if (wait > 0) {
      reply.header('retry-after', String(Math.ceil(wait / 1000)));
      return fail(T.signIn.wait(Math.ceil(wait / 1000)), 429);
    }
    let credentials: (typeof candidates)[number] | null = null;
    for (const candidate of candidates)
      if (await verifyPassword(password, candidate.password_hash)) credentials ??= candidate;
    // Failed sign-ins are in the audit log (decision 0184): what was typed (never the
    // password) and why.
    const auditFailure = (motivo: string) =>
      audit(
        ctx.db,
        { userId: null, name: identifier.slice(0, 120) },
        'ingreso-fallido',
        only ? { id: only.id, name: identifier.slice(0, 120) } : null,
        { motivo },
      );
    if (!candidates.length) await verifyPassword(password, null);
    if (!credentials) {
      await ctx.loginLimiter.fail(key);
      await auditFailure(only ? T.signIn.failure.wrongPassword : T.signIn.failure.unknownUser);
      return fail(T.signIn.wrong);
    }
    await ctx.loginLimiter.succeed(key);
    // The same staff document or correo in several companies: this page cannot tell which one
    // (record 0283) and says nothing of them; each company's own address comes next.
    if (!only && credentials.role !== 'aprendiz') return fail(T.signIn.severalCompanies, 409);
    setRequestCompany(credentials.companyId);
    if (credentials.role === 'aprendiz') {
      await auditFailure(T.signIn.failure.learnerAccount);
      return fail(T.signIn.learner, 403);
    }
    await startSession(ctx, credentials.id, request, reply);
    return reply.redirect(back, 303);
  };
}

/** Signing in and out: the form, the sign-in and the sign-out. */
function signInRoutes(app: FastifyInstance, ctx: AppContext, xsrf: XsrfTokens, cc: ConsoleContext) {
  app.get<{ Querystring: { volver?: string; empresa?: string } }>(
    '/consola/ingresar',
    async (request, reply) => {
      const back = safeReturn(String(request.query.volver ?? '/consola'));
      // The company's address: `?empresa=<slug>` here, or on the page the guard sent here from
      // (`/consola?empresa=<slug>`, kept in `volver`) — record 0288.
      const slug =
        typeof request.query.empresa === 'string'
          ? request.query.empresa
          : new URLSearchParams(String(request.query.volver ?? '').split('?')[1] ?? '').get(
              'empresa',
            );
      const company = slug ? await companyBySlug(ctx.db, slug) : null;
      const token = loginToken(xsrf, request, reply);
      if (slug && !company)
        return sendHtml(reply, signInPage(token, back, T.signIn.unknownCompany), 404);
      return sendHtml(reply, signInPage(token, back, '', company));
    },
  );

  app.post(
    '/consola/ingresar',
    { config: { rateLimit: ctx.loginRateLimit }, schema: FORM },
    signIn(ctx, xsrf),
  );

  app.post('/consola/salir', { preHandler: cc.read, schema: FORM }, async (request, reply) => {
    const token = sessionToken(request);
    if (token) await revokeToken(ctx.db, token);
    const viewer = request.viewer!;
    await audit(ctx.db, { userId: viewer.userId, name: viewer.name }, 'salida', null, {});
    reply.clearCookie(SESSION_COOKIE, { path: '/consola' });
    return reply.redirect('/consola/ingresar', 303);
  });
}

export async function consoleRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  xsrf: XsrfTokens,
  options: ConsoleOptions = {},
) {
  app.setErrorHandler(consoleErrorHandler);
  await registerBodyParsers(app);

  const cc = await consoleContext(app, ctx, xsrf, options);
  app.addHook('onClose', () => cc.importWorker.stop());
  registerWorker(ctx.db, cc.importWorker);
  // Jobs stored before this start (or by another instance) are run.
  void cc.importWorker.wake();

  signInRoutes(app, ctx, xsrf, cc);
  await overviewRoutes(app, cc);
  await learnerRoutes(app, cc);
  await adminRoutes(app, cc);
  await exportRoutes(app, cc);
  await importRoutes(app, cc);
  await obraRoutes(app, cc);
  await obraPackageRoutes(app, cc); // decision 0241
  await auditPackRoutes(app, cc); // decision 0222
  await invitationRoutes(app, cc);
  await contratistaRoutes(app, cc); // decision 0240
  await companyConfigRoutes(app, cc); // record 0287
  await companyConfigEditRoutes(app, cc); // record 0292
  await ltiConsoleRoutes(app, cc); // record 0295
}
