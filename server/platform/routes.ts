// The platform console under /plataforma (record 0286): the consultancy's or the ARL's account
// signs in, lists the companies and creates a company with its first coordinator. Server-rendered
// Spanish pages in the console's frame, no script. Its session is a platform session (migration
// 066), kept in an HttpOnly, SameSite=Strict cookie scoped to /plataforma: never a console or
// learner token, and neither of those opens these pages. Forms carry `_xsrf`, signed for the
// session with a binding of the platform's own, so a console form's token never passes here.
//
// A platform request names no company: the request's holder stays empty, so any statement on a
// company's table that forgets its company is refused by the wall. What crosses it says so: the
// companies' learner counts (`todas`, store.ts) and the new company's rows (`forCompany`).
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyFormbody from '@fastify/formbody';
import fastifyMultipart from '@fastify/multipart';
import type { AppContext } from '../context.ts';
import type { XsrfTokens } from '../security/xsrf.ts';
import { sessionBinding } from '../security/xsrf.ts';
import { tokenFromHeader } from '../security/tokens.ts';
import { verifyPassword } from '../security/passwords.ts';
import { isValidEmail, normalizeEmail } from '../identity.ts';
import { FORM } from '../routes/body-schema.ts';
import { field, sendHtml } from '../console/console-context.ts';
import {
  companiesOverview,
  issuePlatformSession,
  platformAccountByEmail,
  platformAudit,
  platformSessionForToken,
  revokePlatformSession,
} from './store.ts';
import {
  companiesPage,
  createdPage,
  createPage,
  leavePage,
  messagePage,
  signInPage,
  type CreateValues,
  type PlatformViewer,
} from './pages.ts';
import { createCompanyWithCoordinator, type ConfigFile } from './create-company.ts';
import { exportCompany, exportIsCurrent, removeCompany } from './remove-company.ts';
import { companyById } from '../db/company-store.ts';
import { operatorRoutes } from './operator.ts';
import { esPlatform as T } from './strings/es-platform.ts';

export const PLATFORM_COOKIE = 'plataforma_sesion';
export const PLATFORM_LOGIN_XSRF_COOKIE = 'plataforma_xsrf';
const LOGIN_BINDING = 'plataforma-ingreso';
const PATH = '/plataforma';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the platform guard. */
    platformViewer?: PlatformViewer & { token: string };
  }
}

const cookieOptions = (request: FastifyRequest) => ({
  path: PATH,
  httpOnly: true,
  sameSite: 'strict' as const,
  secure: request.protocol === 'https',
});

/** The platform session's token: its own cookie only (no header, no console cookie). */
const platformToken = (request: FastifyRequest) =>
  tokenFromHeader(request.cookies[PLATFORM_COOKIE]);

/** Signed-in platform accounts only; a POST also carries this session's form token. */
export function platformGuard(ctx: AppContext, xsrf: XsrfTokens) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const token = platformToken(request);
    const account = token ? await platformSessionForToken(ctx.db, token) : null;
    if (!account || !token) {
      if (request.method === 'GET') return reply.redirect(`${PATH}/ingresar`, 303);
      return sendHtml(
        reply,
        messagePage(
          T.refusal.signInTitle,
          T.refusal.sessionInvalid,
          `${PATH}/ingresar`,
          T.refusal.signInLink,
        ),
        401,
      );
    }
    const binding = `plataforma|${sessionBinding(token)}`;
    if (request.method === 'POST') {
      const value = field(request, '_xsrf');
      if (!xsrf.verify(value, value, binding))
        return sendHtml(
          reply,
          messagePage(T.refusal.formExpiredTitle, T.refusal.formExpired, PATH, T.nav.empresas),
          419,
        );
    }
    request.platformViewer = { ...account, token, formToken: xsrf.issue(binding) };
  };
}

/** The sign-in form's XSRF token: the cookie's while it is valid, else a fresh one. */
function loginToken(xsrf: XsrfTokens, request: FastifyRequest, reply: FastifyReply) {
  const current = request.cookies[PLATFORM_LOGIN_XSRF_COOKIE];
  if (xsrf.verify(current, current, LOGIN_BINDING)) return current!;
  const fresh = xsrf.issue(LOGIN_BINDING);
  reply.setCookie(PLATFORM_LOGIN_XSRF_COOKIE, fresh, cookieOptions(request));
  return fresh;
}

/** POST /plataforma/ingresar: a platform account's correo and password. */
function signIn(ctx: AppContext, xsrf: XsrfTokens) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const token = field(request, '_xsrf');
    if (!xsrf.verify(request.cookies[PLATFORM_LOGIN_XSRF_COOKIE], token, LOGIN_BINDING))
      return sendHtml(
        reply,
        messagePage(
          T.refusal.formExpiredTitle,
          T.signIn.expired,
          `${PATH}/ingresar`,
          T.signIn.title,
        ),
        419,
      );
    const typed = field(request, 'correo').trim();
    const email = normalizeEmail(typed);
    const password = field(request, 'clave');
    const fail = (message: string, status = 401) =>
      sendHtml(reply, signInPage(token, typed.slice(0, 120), message), status);
    if (!typed || !password || !isValidEmail(email)) return fail(T.signIn.missing, 422);
    const account = await platformAccountByEmail(ctx.db, email);
    const usable = account && !account.disabled ? account : null;
    // The same work whether the account exists or not: the answer does not tell.
    const ok = await verifyPassword(password, usable?.passwordHash ?? null);
    if (!usable || !ok) {
      await platformAudit(
        ctx.db,
        { id: usable?.id ?? null, name: typed.slice(0, 120) },
        'ingreso-fallido',
        null,
        { motivo: usable ? T.signIn.failure.wrongPassword : T.signIn.failure.unknownAccount },
      );
      return fail(T.signIn.wrong);
    }
    const session = await issuePlatformSession(ctx.db, usable.id, ctx.tokenTtlMs);
    await platformAudit(ctx.db, usable, 'ingreso', null);
    reply.setCookie(PLATFORM_COOKIE, session, {
      ...cookieOptions(request),
      maxAge: Math.floor(ctx.tokenTtlMs / 1000),
    });
    return reply.redirect(PATH, 303);
  };
}

/** Every failure of these pages is an HTML page; a server fault is logged. */
function errorHandler(
  error: Error & { statusCode?: number },
  request: FastifyRequest,
  reply: FastifyReply,
) {
  const status = error.statusCode ?? 500;
  const E = T.errors;
  if (status === 429)
    return sendHtml(
      reply,
      messagePage(E.tooManyTitle, E.tooMany, `${PATH}/ingresar`, T.signIn.title),
      429,
    );
  if (status >= 400 && status < 500) {
    request.log.warn({ err: error, url: request.url }, 'platform bad request');
    return sendHtml(
      reply,
      messagePage(E.badRequestTitle, E.unreadable, PATH, E.toCompanies),
      status === 413 ? 413 : 400,
    );
  }
  request.log.error({ err: error, url: request.url }, 'platform error');
  return sendHtml(reply, messagePage(E.serverErrorTitle, E.serverError, PATH, E.toCompanies), 500);
}

const CREATE_FIELDS = ['empresa', 'nombre', 'documento', 'correo'] as const;

type FilePart = { type?: string; filename?: string; toBuffer?: () => Promise<Buffer> };

/** A file field's text; null when none was chosen (an empty part with no name). */
async function fileText(request: FastifyRequest, name: string): Promise<ConfigFile | null> {
  const part = (request.body as Record<string, unknown> | undefined)?.[name] as
    FilePart | undefined;
  if (!part || part.type !== 'file' || !part.toBuffer) return null;
  const bytes = await part.toBuffer();
  if (!bytes.length && !part.filename) return null;
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    text = '\uFFFD';
  }
  return { text, fileName: part.filename ?? '', logo: null };
}

/** A company number as text: a positive integer, else null (a page answers 404). */
const companyNumber = (raw: unknown) =>
  typeof raw === 'string' && /^[1-9]\d{0,9}$/.test(raw) && Number(raw) <= 2_147_483_647
    ? Number(raw)
    : null;
const companyParam = (request: FastifyRequest) =>
  companyNumber((request.params as { id?: unknown }).id);

/** The platform console's routes; registered with the prefix /plataforma (app.ts). */
export async function platformRoutes(app: FastifyInstance, ctx: AppContext, xsrf: XsrfTokens) {
  app.setErrorHandler(errorHandler);
  // Paths under /plataforma that do not exist: the platform's page, never the learner app.
  app.setNotFoundHandler((_request, reply) =>
    sendHtml(
      reply,
      messagePage(T.errors.notFoundTitle, T.errors.notFound, PATH, T.errors.toCompanies),
      404,
    ),
  );
  await app.register(fastifyFormbody, { bodyLimit: 16 * 1024 });
  // «Crear empresa» takes the company's configuration file and the logo it names (record 0293).
  await app.register(fastifyMultipart, {
    attachFieldsToBody: true,
    limits: {
      fieldNameSize: 100,
      fieldSize: 8 * 1024,
      fields: 10,
      files: 2,
      fileSize: 2 * 1024 * 1024,
      parts: 12,
    },
  });
  const guarded = { preHandler: platformGuard(ctx, xsrf) };
  const form = { ...guarded, schema: FORM };

  app.get('/ingresar', async (request, reply) =>
    sendHtml(reply, signInPage(loginToken(xsrf, request, reply))),
  );
  app.post(
    '/ingresar',
    { config: { rateLimit: ctx.loginRateLimit }, schema: FORM },
    signIn(ctx, xsrf),
  );
  app.post('/salir', form, async (request, reply) => {
    const viewer = request.platformViewer!;
    await revokePlatformSession(ctx.db, viewer.token);
    await platformAudit(ctx.db, viewer, 'salida', null);
    reply.clearCookie(PLATFORM_COOKIE, { path: PATH });
    return reply.redirect(`${PATH}/ingresar`, 303);
  });

  app.get('', guarded, async (request, reply) => {
    // After a deletion: the name and the export's hash, from the platform's own audit row.
    const removedId = companyNumber((request.query as { eliminada?: unknown }).eliminada);
    const removed = removedId ? await removalOf(ctx, removedId) : null;
    return sendHtml(
      reply,
      companiesPage(request.platformViewer!, await companiesOverview(ctx.db), removed),
    );
  });
  app.get('/empresas/nueva', guarded, async (request, reply) =>
    sendHtml(reply, createPage(request.platformViewer!)),
  );
  app.post('/empresas', form, async (request, reply) => {
    const viewer = request.platformViewer!;
    const values = Object.fromEntries(
      CREATE_FIELDS.map((k) => [k, field(request, k)]),
    ) as unknown as CreateValues;
    // The configuration file and its logo, when given, are read before anything is created.
    const file = await fileText(request, 'archivo');
    const logo = await fileText(request, 'logo');
    if (file && (file.text === '\uFFFD' || logo?.text === '\uFFFD'))
      return sendHtml(
        reply,
        createPage(viewer, values, T.create.notCreated(T.create.notUtf8)),
        422,
      );
    const result = await createCompanyWithCoordinator(
      ctx,
      viewer,
      values,
      file ? { ...file, logo: logo?.text ?? null } : null,
    );
    if ('problem' in result)
      return sendHtml(reply, createPage(viewer, values, T.create.notCreated(result.problem)), 422);
    // The password is shown on this answer only (no redirect: it is never stored to show later).
    return sendHtml(reply, createdPage(viewer, result, result.password), 201);
  });

  // A company that leaves (record 0293): its page, its export, its deletion.
  const leaveOf = async (request: FastifyRequest, reply: FastifyReply) => {
    const id = companyParam(request);
    const company = id ? await companyById(ctx.db, id) : null;
    if (!company) {
      await reply.callNotFound();
      return null;
    }
    return company;
  };
  app.get('/empresas/:id/retirar', guarded, async (request, reply) => {
    const company = await leaveOf(request, reply);
    if (!company) return reply;
    const { recorded, current } = await exportIsCurrent(ctx.db, company.id);
    return sendHtml(reply, leavePage(request.platformViewer!, company, recorded, current));
  });
  app.get('/empresas/:id/exportacion.json', guarded, async (request, reply) => {
    const company = await leaveOf(request, reply);
    if (!company) return reply;
    const built = await exportCompany(ctx, request.platformViewer!, company.id);
    return reply
      .type('application/json; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('content-disposition', `attachment; filename="${built.fileName}"`)
      .send(built.text);
  });
  app.post('/empresas/:id/eliminar', form, async (request, reply) => {
    const viewer = request.platformViewer!;
    const company = await leaveOf(request, reply);
    if (!company) return reply;
    const typed = field(request, 'confirmacion');
    const result = await removeCompany(ctx, viewer, company.id, typed);
    if (!result.ok) {
      const { recorded, current } = await exportIsCurrent(ctx.db, company.id);
      return sendHtml(
        reply,
        leavePage(
          viewer,
          company,
          recorded,
          current,
          T.leave.notDeleted(T.leave.refusal[result.refusal]),
          typed.slice(0, 120),
        ),
        422,
      );
    }
    return reply.redirect(`${PATH}?eliminada=${company.id}`, 303);
  });

  // Who runs the platform: the «Encargado» the companies' data notices name (record 0294).
  operatorRoutes(app, ctx, guarded, form);
}

/** The platform's record of a company's deletion: its name and its export's hash, or null. */
async function removalOf(ctx: AppContext, company: number) {
  const [row] = await ctx.db.query<{ details: unknown }>(
    `SELECT details FROM platform_audit WHERE action = 'eliminar-empresa' AND target_company_id = $1
      ORDER BY id DESC LIMIT 1`,
    [company],
  );
  if (!row) return null;
  const d = (typeof row.details === 'string' ? JSON.parse(row.details) : row.details) as Record<
    string,
    unknown
  >;
  return { name: String(d.empresa ?? ''), sha256: String(d.sha256 ?? '') };
}
