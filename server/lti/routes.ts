// The LTI 1.3 tool's routes (record 0295), one group registered by buildApp: the OIDC login and
// the launch under the company's address (`/lti/<slug>/…`), the invitation code of an LMS user
// not linked yet, the launch pages' two scripts, and the ticket exchange under the API base —
// outside the learner API's XSRF guard on purpose (session.ts says why). The other LTI parts add
// their registration lines at the end of ltiRoutes.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyFormbody from '@fastify/formbody';
import type { AppContext } from '../context.ts';
import { HttpError } from '../errors.ts';
import { FORM_BODY, readerSchema, type BodyTypes } from '../routes/body-schema.ts';
import { text, type Fields } from '../routes/input.ts';
import { RESPONSES } from '../routes/response-schemas.ts';
import { withStatement } from '../routes/with-statement.ts';
import { companyBySlug, type CompanyAddress } from '../db/company-store.ts';
import { forCompanyOf, setRequestCompany } from '../db/company-scope.ts';
import { getUser, issueToken } from '../db/store.ts';
import { sessionBinding } from '../security/xsrf.ts';
import { hashToken } from '../security/tokens.ts';
import { isValidDocument, normalizeDocument } from '../identity.ts';
import { normalizeCode, redeemCode, type RedeemRefusal } from '../invitations.ts';
import type { Queryable } from '../db/db.ts';
import { toolUrls } from './dynamic-registration.ts';
import { LOGIN_LIFETIME_MS, readLoginParams, startLogin, storageTargetOf } from './login.ts';
import { gradeTargetOf, remoteKeySets, verifyLaunch, type KeySets } from './launch.ts';
import { identify, linkLtiUser } from './identity.ts';
import { recordScore, upsertGradeTarget } from './grades.ts';
import { exchangeTicket, issueTicket, stateCookieName, type StateKept } from './session.ts';
import {
  LAUNCH_SCRIPT,
  LAUNCH_SCRIPT_PATH,
  launchPage,
  linkPage,
  LOGIN_SCRIPT,
  LOGIN_SCRIPT_PATH,
  loginPage,
  type PlatformStorage,
  refusalPage,
} from './launch-pages.ts';
import { LtiRefusal } from './refusal.ts';
import { IDENTITY, LAUNCH } from './strings.ts';

export interface LtiRouteOptions {
  /** Where registrations' public keys come from (default: fetched from their JWKS address). */
  keySets?: KeySets;
}

/** An id_token with its claims is a few kilobytes; a form of the tool is never more. */
const FORM_LIMIT = 64 * 1024;

/**
 * The login's state cookie (session.ts): sent back from inside the LMS's iframe too (SameSite=None,
 * Secure), kept apart per top-level site where the browser partitions (CHIPS), never read by
 * scripts.
 */
const STATE_COOKIE = {
  path: '/',
  httpOnly: true,
  secure: true,
  sameSite: 'none',
  partitioned: true,
} as const;

/** How long an LMS user not linked yet has to type the invitation code after the launch. */
const LINK_WINDOW_MS = 15 * 60 * 1000;

/**
 * An LMS shows the tool in an iframe (Moodle's «incrustar»): these pages may be framed by any
 * site. They hold no action a click could be tricked into but the code form, which needs the
 * worker's own code.
 */
function framable(reply: FastifyReply): void {
  reply.removeHeader('x-frame-options');
  const csp = reply.getHeader('content-security-policy');
  if (typeof csp === 'string')
    reply.header(
      'content-security-policy',
      csp.replace(/frame-ancestors [^;]*/, 'frame-ancestors *'),
    );
}

function page(reply: FastifyReply, status: number, html: string) {
  framable(reply);
  return (
    reply
      .code(status)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      // Our own pages only learn that the address came from here (the app takes a launch's session
      // only from them, src/app/first-screen/lti-fragment.ts); the LMS never gets the address.
      .header('referrer-policy', 'same-origin')
      .send(html)
  );
}

/** Runs a page route; a refusal becomes the refusal page with its status, never a 500. */
function pageRoute(
  handler: (request: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply>,
) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    try {
      return await handler(request, reply);
    } catch (error) {
      if (error instanceof LtiRefusal)
        return page(reply, error.status, refusalPage(error.userMessage));
      throw error;
    }
  };
}

/** The company of the address, for the rest of the request (record 0283). */
async function companyOf(ctx: AppContext, request: FastifyRequest): Promise<CompanyAddress> {
  const { slug } = request.params as { slug: string };
  const company = await companyBySlug(ctx.db, slug);
  if (!company) throw new LtiRefusal(404, LAUNCH.unknownCompany);
  setRequestCompany(company.id);
  return company;
}

const origin = (request: FastifyRequest) => `${request.protocol}://${request.host}`;
const field = (body: unknown, name: string) => {
  const value = text((body as Fields | null)?.[name]);
  return typeof value === 'string' ? value : undefined;
};
/** The platform's storage frame, its messages sent to the origin of its authorization address. */
function platformStorage(target: string | undefined, authUrl: string): PlatformStorage | undefined {
  if (!target) return undefined;
  try {
    return { target, origin: new URL(authUrl).origin };
  } catch {
    return undefined;
  }
}

const appPath = (company: CompanyAddress) => `/?empresa=${encodeURIComponent(company.slug)}`;

const CODE_REFUSAL: Record<RedeemRefusal, { status: number; message: string }> = {
  'no-match': { status: 401, message: IDENTITY.wrongCode },
  used: { status: 410, message: IDENTITY.codeUsed },
  expired: { status: 410, message: IDENTITY.codeExpired },
  revoked: { status: 410, message: IDENTITY.codeRevoked },
  deactivated: { status: 403, message: IDENTITY.codeDeactivated },
};

async function currentScore(ctx: AppContext, db: Queryable, userId: number): Promise<number> {
  return (await getUser(db, userId, ctx.courseId))?.score ?? 0;
}

function readSession(fields: Fields): { ticket: string; state: string; kept: StateKept } {
  const ticket = text(fields.ticket);
  const state = text(fields.state);
  const shaped = (v: unknown): v is string =>
    typeof v === 'string' && /^[A-Za-z0-9_-]{20,100}$/.test(v);
  if (!shaped(ticket) || !shaped(state)) throw new HttpError(401, LAUNCH.ticketUnknown);
  const almacen = text(fields.almacen);
  const kept: StateKept = almacen === 'navegador' || almacen === 'plataforma' ? almacen : 'ninguno';
  return { ticket, state, kept };
}
const SESSION_BODY = readerSchema(readSession);

/** The login initiation and the launch (record 0295). */
async function launchRoutes(server: FastifyInstance, ctx: AppContext, options: LtiRouteOptions) {
  const app = server.withTypeProvider<BodyTypes>();
  const keySets = options.keySets ?? remoteKeySets;

  const login = pageRoute(async (request, reply) => {
    const fields = (request.method === 'GET' ? request.query : request.body) as Fields | null;
    const params = readLoginParams(fields ?? {});
    const company = await companyOf(ctx, request);
    const db = forCompanyOf(ctx.db, company.id);
    const launchUrl = toolUrls(origin(request), company.slug).launch;
    const { state, redirect, registration } = await startLogin(db, params, launchUrl);
    const storage = platformStorage(params.storageTarget, registration.authUrl);
    // Where the browser keeps no storage and the platform offers none, the state comes back in
    // this cookie (session.ts); a platform that keeps it needs no cookie at all.
    if (!storage)
      reply.setCookie(stateCookieName(state), state, {
        ...STATE_COOKIE,
        maxAge: LOGIN_LIFETIME_MS / 1000,
      });
    return page(reply, 200, loginPage(state, redirect, storage));
  });
  app.get('/lti/:slug/login', login);
  app.post('/lti/:slug/login', { schema: { body: FORM_BODY } }, login);

  app.post(
    '/lti/:slug/launch',
    { schema: { body: FORM_BODY } },
    pageRoute(async (request, reply) => {
      const company = await companyOf(ctx, request);
      const db = forCompanyOf(ctx.db, company.id);
      const state = field(request.body, 'state');
      const { registration, claims, stateHash } = await verifyLaunch(
        db,
        { idToken: field(request.body, 'id_token'), state },
        keySets,
      );
      const identity = await identify(db, registration, claims);
      const target = gradeTargetOf(claims);
      if ('lineitemUrl' in target)
        await upsertGradeTarget(db, {
          ltiUserId: identity.ltiUserId,
          registrationId: registration.id,
          ...target,
        });
      else if (target.refused === 'insecure-line-item')
        // The launch goes on; only the grade stays home (its bearer token would travel in clear).
        request.log.warn(
          { registration: registration.id },
          'lti: line item not over https, no grade',
        );
      // A learner who already finished gets their score sent to this line item too.
      if (identity.userId !== null)
        await recordScore(db, identity.userId, await currentScore(ctx, db, identity.userId));
      const ticket = await issueTicket(db, stateHash, identity.ltiUserId);
      if (identity.userId === null)
        return page(
          reply,
          200,
          linkPage({
            action: `/lti/${company.slug}/vincular`,
            ticket,
            state: state!,
            platform: registration.platformName,
            storageTarget: storageTargetOf((request.body ?? {}) as Record<string, unknown>),
          }),
        );
      return page(
        reply,
        200,
        launchPage({
          ticket,
          state: state!,
          api: `${ctx.apiBase}/lti/session`,
          app: appPath(company),
          storage: platformStorage(
            storageTargetOf((request.body ?? {}) as Record<string, unknown>),
            registration.authUrl,
          ),
        }),
      );
    }),
  );
}

/** The invitation code of an LMS user not linked yet: proof that links the worker (record 0296). */
async function linkRoutes(server: FastifyInstance, ctx: AppContext) {
  const app = server.withTypeProvider<BodyTypes>();
  app.post(
    '/lti/:slug/vincular',
    { schema: { body: FORM_BODY }, config: { rateLimit: ctx.loginRateLimit } },
    pageRoute(async (request, reply) => {
      const company = await companyOf(ctx, request);
      const db = forCompanyOf(ctx.db, company.id);
      const ticket = field(request.body, 'ticket') ?? '';
      const state = field(request.body, 'state') ?? '';
      const storageTarget = storageTargetOf((request.body ?? {}) as Record<string, unknown>);
      const [row] = await db.query<{
        state_hash: string;
        lti_user_id: number | null;
        exchanged_at: Date | string | null;
        stale: boolean;
        user_id: number | null;
        platform_name: string;
        auth_url: string;
      }>(
        `SELECT l.state_hash, l.lti_user_id, l.exchanged_at, u.user_id, r.platform_name, r.auth_url,
                l.launched_at < now() - ($2::double precision * interval '1 millisecond') AS stale
           FROM lti_logins l JOIN lti_users u ON u.id = l.lti_user_id
           JOIN lti_registrations r ON r.id = l.registration_id
          WHERE l.ticket_hash = $1`,
        [hashToken(ticket), LINK_WINDOW_MS],
      );
      if (!row || row.state_hash !== hashToken(state))
        throw new LtiRefusal(401, LAUNCH.ticketUnknown);
      if (row.exchanged_at !== null) throw new LtiRefusal(401, LAUNCH.ticketUsed);
      if (row.stale) throw new LtiRefusal(401, LAUNCH.ticketExpired);
      const ltiUserId = Number(row.lti_user_id);
      const launch = async (userId: number) => {
        await recordScore(db, userId, await currentScore(ctx, db, userId));
        const fresh = await issueTicket(db, row.state_hash, ltiUserId);
        return page(
          reply,
          200,
          launchPage({
            ticket: fresh,
            state,
            api: `${ctx.apiBase}/lti/session`,
            app: appPath(company),
            storage: platformStorage(storageTarget, row.auth_url),
          }),
        );
      };
      if (row.user_id !== null) return launch(Number(row.user_id));

      const rawDocument = field(request.body, 'document') ?? '';
      const again = (status: number, problem: string) =>
        page(
          reply,
          status,
          linkPage({
            action: `/lti/${company.slug}/vincular`,
            ticket,
            state,
            platform: row.platform_name,
            problem,
            document: rawDocument,
            storageTarget,
          }),
        );
      // Wrong codes count against the sign-in budget of this LMS user (decision 0233).
      const budget = `lti:${ltiUserId}`;
      const waitMs = await ctx.loginLimiter.waitMs(budget);
      if (waitMs > 0) {
        const seconds = Math.ceil(waitMs / 1000);
        reply.header('retry-after', String(seconds));
        return again(429, IDENTITY.wait(seconds));
      }
      const document = normalizeDocument(rawDocument);
      const code = normalizeCode((field(request.body, 'code') ?? '').slice(0, 40));
      if (rawDocument.length > 40 || !isValidDocument(document) || code === null)
        return again(422, IDENTITY.fieldsMissing);
      const result = await redeemCode(ctx.db, document, code, company.id);
      if (!result.ok) {
        if (result.reason === 'no-match') await ctx.loginLimiter.fail(budget);
        const { status, message } = CODE_REFUSAL[result.reason];
        return again(status, message);
      }
      await ctx.loginLimiter.succeed(budget);
      const learner = await getUser(db, result.userId, ctx.courseId);
      const linked = await linkLtiUser(
        db,
        ltiUserId,
        result.userId,
        'invitacion',
        learner?.name ?? '',
      );
      if (linked !== result.userId) throw new LtiRefusal(403, IDENTITY.alreadyLinked);
      return launch(linked);
    }),
  );
}

/** The two pages' scripts, and the launch page's ticket traded for a learner session. */
async function sessionRoutes(server: FastifyInstance, ctx: AppContext) {
  const app = server.withTypeProvider<BodyTypes>();
  for (const [path, script] of [
    [LOGIN_SCRIPT_PATH, LOGIN_SCRIPT],
    [LAUNCH_SCRIPT_PATH, LAUNCH_SCRIPT],
  ] as const)
    app.get(path, async (_request, reply) =>
      reply
        .type('text/javascript; charset=utf-8')
        .header('cache-control', 'public, max-age=300')
        .send(script),
    );

  app.post(
    `${ctx.apiBase}/lti/session`,
    {
      config: { rateLimit: ctx.loginRateLimit },
      schema: { ...RESPONSES.signIn, body: SESSION_BODY },
    },
    async (request, reply) => {
      const { ticket, state, kept } = request.body;
      let exchanged;
      try {
        exchanged = await exchangeTicket(ctx.db, {
          ticket,
          state,
          kept,
          cookieState: request.cookies[stateCookieName(state)],
        });
      } catch (error) {
        if (error instanceof LtiRefusal)
          throw new HttpError(error.status === 403 ? 403 : 401, error.userMessage);
        throw error;
      }
      setRequestCompany(exchanged.companyId);
      const db = forCompanyOf(ctx.db, exchanged.companyId);
      const token = await issueToken(db, exchanged.userId, ctx.tokenTtlMs);
      const user = await withStatement(ctx, await getUser(db, exchanged.userId, ctx.courseId));
      ctx.setXsrfCookie(reply, sessionBinding(token));
      reply.clearCookie(stateCookieName(state), STATE_COOKIE);
      return reply.header('cache-control', 'no-store').send({ success: true, token, user });
    },
  );
}

/** Every LTI route of the tool; registered once by buildApp, in its own scope (form parser). */
export async function ltiRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  options: LtiRouteOptions = {},
): Promise<void> {
  await app.register(fastifyFormbody, { bodyLimit: FORM_LIMIT });
  await launchRoutes(app, ctx, options);
  await linkRoutes(app, ctx);
  await sessionRoutes(app, ctx);
}
