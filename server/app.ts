// The API server as a Fastify instance (decision 0018): buildApp(options) is the registration of
// its plug-ins — the security headers and limits, the learner API under the API base, the public
// verification page, the console and the static builds (record 0272). What each does lives in its
// module: the options (app-options.ts), the error handler (app-errors.ts), the XSRF and sign-in
// guards (app-security.ts), the framework plug-ins (app-plugins.ts) and the routes (routes/,
// console/). server.ts listens; tests call buildApp with an in-memory database and use inject().
import { existsSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import fastifyCookie from '@fastify/cookie';
import type { AppContext } from './context.ts';
import type { XsrfTokens } from './security/xsrf.ts';
import { allowRegisteredLmsFrames } from './lti/frame-ancestors.ts';
import { ExportPool } from './workers/export-pool.ts';
import { companyDb, companyPerRequest } from './db/company-scope.ts';
import { bodyTimeoutHook } from './security/framework-errors.ts';
import { createFastify, registerBodyParsers, registerSecurityPlugins } from './app-plugins.ts';
import { registerCompression } from './compression.ts';
import { appContext } from './app-context.ts';
import { settingsFor, type AppOptions, type Settings } from './app-options.ts';
import { answerError } from './app-errors.ts';
import {
  apiGuard,
  requireAuthOn,
  xsrfCookies,
  xsrfTokensFor,
  type XsrfCookies,
} from './app-security.ts';
import { bodyValidatorCompiler } from './routes/body-schema.ts';
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
import { consoleRoutes } from './console/routes.ts';
import { platformRoutes } from './platform/routes.ts';
import { startGradeSender } from './lti/grade-sender.ts';
import { signClientAssertion } from './lti/tool-keys.ts';
import { forCompanyOf } from './db/company-scope.ts';
import { ltiKeyRoutes } from './lti/key-routes.ts';
import { dynamicRegistrationRoutes } from './lti/dynamic-registration.ts';
import { ltiRoutes } from './lti/routes.ts';

export type { CertificateIssuer, CertificateRequest, IssuedCertificate } from './context.ts';
export type { AppOptions } from './app-options.ts';

/** What the plug-ins below are given. */
interface Wiring {
  options: AppOptions;
  settings: Settings;
  ctx: AppContext;
  xsrfTokens: XsrfTokens;
  cookies: XsrfCookies;
}

/** The learner API under its base: its parsers, its guard, its routes; no answer is cached. */
async function learnerApi(api: FastifyInstance, { options, settings, ctx, ...w }: Wiring) {
  await registerBodyParsers(api, settings.bodyLimit);
  const { bodyLimit } = settings;
  api.addHook('onRequest', apiGuard(options.db, bodyLimit, w.xsrfTokens, w.cookies.setXsrfCookie));
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

/**
 * Public certificate verification, the stored PDFs (see routes/certificate-file.ts for why they
 * need no token) and the CLI's channel when there is one.
 */
async function publicPages(pages: FastifyInstance, { options, ctx }: Wiring) {
  await verifyRoutes(pages, ctx, options.console?.config);
  await certificateFileRoutes(pages, ctx);
  if (options.adminChannelToken)
    await adminChannelRoutes(pages, options.db, options.adminChannelToken);
}

export async function buildApp(given: AppOptions): Promise<FastifyInstance> {
  // Every statement the server runs names its company, behind the database's wall (record 0283).
  const options: AppOptions = { ...given, db: companyDb(given.db) };
  const settings = settingsFor(options);
  const { apiBase, webDir, lmsPreviewDir, requestTimeoutMs } = settings;
  const app = createFastify({
    logger: options.logger ?? false,
    bodyLimit: settings.bodyLimit,
    trustProxy: options.trustProxy,
    requestTimeoutMs,
  });
  if (options.onRoute) app.addHook('onRoute', options.onRoute);
  // Each request's company: empty until a sign-in guard names it (record 0283).
  app.addHook('onRequest', companyPerRequest);
  app.setErrorHandler(answerError);
  registerCompression(app);
  // Every route that takes a body reads it with its zod schema (routes/body-schema.ts).
  app.setValidatorCompiler(bodyValidatorCompiler);
  app.addHook('onRequest', bodyTimeoutHook(requestTimeoutMs));
  await app.register(fastifyCookie);

  const xsrfTokens = await xsrfTokensFor(app, options);
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

  const exportPool = new ExportPool({ inline: options.exportsInline ?? false });
  app.addHook('onClose', async () => exportPool.close());
  const ctx = await appContext(options, {
    apiBase,
    exportPool,
    requireAuth: requireAuthOn(options.db),
    ...cookies,
  });
  const wiring: Wiring = { options, settings, ctx, xsrfTokens, cookies };

  await app.register(async (api) => learnerApi(api, wiring), { prefix: apiBase });
  await app.register(async (pages) => publicPages(pages, wiring));
  // The coordinator's console (decision 0110): server-rendered pages under /consola.
  await app.register(async (pages) => consoleRoutes(pages, ctx, xsrfTokens, options.console));
  // The platform role's console (record 0286): companies and their first coordinators.
  await app.register(async (pages) => platformRoutes(pages, ctx, xsrfTokens), {
    prefix: '/plataforma',
  });
  // The LMS grades' queue (record 0295): what a stopped server left is sent at start.
  if (options.ltiGrades) {
    const { db } = options;
    startGradeSender(app, db, {
      signClientAssertion: async (registration) =>
        signClientAssertion(
          forCompanyOf(db, registration.companyId),
          await ctx.installationKey(registration.companyId),
          registration,
        ),
      ...options.ltiGrades,
    });
  }
  // LTI 1.3 (record 0295): the tool's key set and Dynamic Registration under /lti/<slug>/.
  await app.register(async (lti) => {
    await ltiKeyRoutes(lti, ctx);
    await dynamicRegistrationRoutes(lti, ctx, options.ltiRegistration);
  });
  // The LTI 1.3 tool (record 0295): launches from an LMS, under /lti/<slug>/….
  await app.register(async (lti) => ltiRoutes(lti, ctx));
  // The app inside an LMS's frame: the company's registered platforms may frame it (record 0295).
  allowRegisteredLmsFrames(app, options.db);
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
