// The AppContext buildApp (app.ts) hands to every route: its options with their defaults, the
// data notice's version published, and the security helpers app.ts made for the requests.
import type { AppContext } from './context.ts';
import type { AppOptions } from './app-options.ts';
import { loadCourseShape } from './course-shape.ts';
import { shippedCourseId } from './db/store.ts';
import { publishDataNoticeVersion } from './db/activity-store.ts';
import { FIRST_COMPANY_ID, nameFirstCompany } from './db/company-store.ts';
import { forCompanyOf } from './db/company-scope.ts';
import { DbLoginLimiter } from './security/login-limiter.ts';
import { googleRecaptchaVerifier } from './security/recaptcha.ts';
import { installationKeyLoader } from './acceptance/installation-key.ts';
import { currentEnv, installationKeyFileFromEnv } from './env.ts';
import { dataNoticeVersion } from '../src/domain/config/index.ts';
import { readConfiguration, withEnv } from '../course-files/read-config.ts';
import type { CompanyConfig } from '../src/domain/config/index.ts';
import { statementPublisher } from './acceptance/published.ts';
import { readCourseFacts } from './certificates.ts';

const DEFAULT_TOKEN_TTL = 12 * 60 * 60 * 1000;

/** What buildApp made itself: the API base, the export pool, sign-in and XSRF helpers. */
export type ContextParts = Pick<
  AppContext,
  'apiBase' | 'exportPool' | 'requireAuth' | 'ensureXsrfCookie' | 'setXsrfCookie'
>;

/** The company configuration this server was started with, read once when first needed. */
function configOf(options: AppOptions): () => CompanyConfig {
  let config: CompanyConfig | null = options.console?.config ?? null;
  return () =>
    (config ??= readConfiguration(withEnv({}, currentEnv()), { firstObra: true }).config);
}

async function publishedNoticeVersion(
  options: AppOptions,
  config: () => CompanyConfig,
): Promise<string> {
  // The notice this server shows now joins the versions a learner may accept (record 0213).
  const noticeVersion = options.dataNoticeVersion ?? dataNoticeVersion(config());
  // A database down at start must not stop the server: accept-data-notice publishes it again.
  // The configuration's notice is the first company's (record 0285: a statement names its company).
  await publishDataNoticeVersion(forCompanyOf(options.db, FIRST_COMPANY_ID), noticeVersion).catch(
    () => undefined,
  );
  // Company 1 takes the configuration's name the first time it starts after the upgrade (record
  // 0282); likewise a database that is down now is named at a later start.
  await (async () => nameFirstCompany(options.db, config().empresa.nombre))().catch(
    () => undefined,
  );
  return noticeVersion;
}

export async function appContext(options: AppOptions, parts: ContextParts): Promise<AppContext> {
  const windowMs = options.rateLimits?.windowMs ?? 15 * 60 * 1000;
  const loginPerIp = options.rateLimits?.loginPerIp ?? 60;
  const recaptchaSecret = options.recaptcha?.secret;
  const config = configOf(options);
  const noticeVersion = await publishedNoticeVersion(options, config);
  let courseTitle: string | null = options.console?.course?.title ?? null;
  return {
    db: options.db,
    dataNoticeVersion: noticeVersion,
    apiBase: parts.apiBase,
    shape: options.courseShape ?? loadCourseShape(),
    courseId: options.courseId ?? shippedCourseId(),
    tokenTtlMs: options.tokenTtlMs ?? DEFAULT_TOKEN_TTL,
    loginLimiter: new DbLoginLimiter(options.db, {
      max: options.rateLimits?.failuresPerAccount ?? 5,
      baseDelayMs: options.rateLimits?.accountDelayMs ?? 30_000,
      forgetMs: windowMs,
    }),
    loginRateLimit: loginPerIp > 0 ? { max: loginPerIp, timeWindow: windowMs } : false,
    recaptchaVerify:
      options.recaptcha?.verify ??
      (recaptchaSecret ? googleRecaptchaVerifier(recaptchaSecret) : null),
    recaptchaMinScore: options.recaptcha?.minScore ?? 0.5,
    certificateIssuer: options.certificateIssuer ?? null,
    installationKey: installationKeyLoader(
      options.db,
      options.installationKeyFile ?? installationKeyFileFromEnv(),
    ),
    acceptanceStatement: statementPublisher(
      options.db,
      config,
      () => (courseTitle ??= readCourseFacts().title),
    ),
    exportPool: parts.exportPool,
    requireAuth: parts.requireAuth,
    ensureXsrfCookie: parts.ensureXsrfCookie,
    setXsrfCookie: parts.setXsrfCookie,
  };
}
