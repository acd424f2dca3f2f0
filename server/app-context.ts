// The AppContext buildApp (app.ts) hands to every route: its options with their defaults, the
// data notice's version published, and the security helpers app.ts made for the requests.
import type { AppContext } from './context.ts';
import type { AppOptions } from './app-options.ts';
import { loadCourseShape } from './course-shape.ts';
import { shippedCourseId } from './db/store.ts';
import { publishDataNoticeVersion } from './db/activity-store.ts';
import { FIRST_COMPANY_ID, nameFirstCompany } from './db/company-store.ts';
import { companyDb, requestCompanyScope } from './db/company-scope.ts';
import { DbLoginLimiter } from './security/login-limiter.ts';
import { googleRecaptchaVerifier } from './security/recaptcha.ts';
import { installationKeyLoader } from './acceptance/installation-key.ts';
import { currentEnv, installationKeyFileFromEnv } from './env.ts';
import { readFileSync } from 'node:fs';
import { readConfiguration, withEnv } from '../course-files/read-config.ts';
import type { CompanyConfig } from '../src/domain/config/index.ts';
import { companyConfigs, type InstallationConfig } from './company-config/store.ts';
import { statementPublisher } from './acceptance/published.ts';
import { companyNotice, noticeOf } from './company-config/notice.ts';
import { learnerCompanies } from './company-config/learner-company.ts';
import { readCourseFacts } from './certificates.ts';

const DEFAULT_TOKEN_TTL = 12 * 60 * 60 * 1000;

/** What buildApp made itself: the API base, the export pool, sign-in and XSRF helpers. */
export type ContextParts = Pick<
  AppContext,
  'apiBase' | 'exportPool' | 'requireAuth' | 'ensureXsrfCookie' | 'setXsrfCookie'
>;

/**
 * The installation's configuration this server was started with (company 1's while it stores
 * none; record 0287), and its file's text, read once when first needed.
 */
function installationOf(options: AppOptions): () => InstallationConfig {
  let installed: InstallationConfig | null = options.console?.config
    ? { config: options.console.config, text: null }
    : null;
  return () => {
    if (installed) return installed;
    const loaded = readConfiguration(withEnv({}, currentEnv()), { firstObra: true });
    let text: string | null = null;
    try {
      text = readFileSync(loaded.path, 'utf8');
    } catch {
      text = null;
    }
    return (installed = { config: loaded.config, text });
  };
}

async function publishedNoticeVersion(
  options: AppOptions,
  config: () => CompanyConfig,
): Promise<string> {
  // The notice this server shows now joins the versions a learner may accept (record 0213): the
  // first company's (record 0285: a statement names its company), under the installation's
  // operator if one is set (record 0294).
  const first = companyDb(options.db).forCompany(FIRST_COMPANY_ID);
  // A database down at start must not stop the server: accept-data-notice publishes it again.
  const noticeVersion =
    options.dataNoticeVersion ??
    (await companyNotice(first, config()).catch(() => noticeOf(config(), null))).version;
  await publishDataNoticeVersion(first, noticeVersion).catch(() => undefined);
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
  const installation = installationOf(options);
  const config = () => installation().config;
  const configs = companyConfigs(options.db, installation);
  // The request's company (a learner's, set by the sign-in guard), else company 1.
  const companyNow = () => {
    const scope = requestCompanyScope();
    return typeof scope === 'number' ? scope : FIRST_COMPANY_ID;
  };
  const noticeVersion = await publishedNoticeVersion(options, config);
  let courseTitle: string | null = options.console?.course?.title ?? null;
  let courseHours: number | null = options.console?.course?.hours ?? null;
  const companies = learnerCompanies(
    options.db,
    configs,
    () => (courseHours ??= readCourseFacts().hours),
  );
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
    companyConfig: configs,
    acceptanceStatement: statementPublisher(
      options.db,
      async () => (await configs.current(companyNow())).config,
      () => (courseTitle ??= readCourseFacts().title),
    ),
    learnerCompany: () => companies.of(companyNow()),
    exportPool: parts.exportPool,
    requireAuth: parts.requireAuth,
    ensureXsrfCookie: parts.ensureXsrfCookie,
    setXsrfCookie: parts.setXsrfCookie,
  };
}
