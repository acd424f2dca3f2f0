// buildApp's options (app.ts), and the settings buildApp itself uses with their defaults filled in.
import { join } from 'node:path';
import type { RouteOptions } from 'fastify';
import type { Db } from './db/db.ts';
import type { CertificateIssuer } from './context.ts';
import type { TrustProxy } from './security/trust-proxy.ts';
import type { RecaptchaVerifier } from './security/recaptcha.ts';
import type { ConsoleOptions } from './console/routes.ts';
import type { GradeSenderOptions } from './lti/grade-sender.ts';
import type { DynamicRegistrationOptions } from './lti/dynamic-registration.ts';
import type { CourseShape } from '../src/domain/progress/engine.ts';
import { ROOT } from '../course-files/read-content.ts';
import { envValue } from './env.ts';

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
  /** How LTI Dynamic Registration reaches a platform (record 0295; tests inject failures). */
  ltiRegistration?: DynamicRegistrationOptions;
  /** The data notice's current version (record 0213); default from the configuration. */
  dataNoticeVersion?: string;
  /** Sees every route as it is added (the route test enumerates them, record 0272). */
  onRoute?: (route: RouteOptions) => void;
  /**
   * The LMS grade sender (record 0295), started with the server and stopped when it closes;
   * absent or null: none runs (tests that do not send grades). Without `signClientAssertion` it
   * signs with the company's tool key (server/lti/tool-keys.ts).
   */
  ltiGrades?:
    | (Omit<GradeSenderOptions, 'signClientAssertion'> &
        Partial<Pick<GradeSenderOptions, 'signClientAssertion'>>)
    | null;
}

function normaliseBase(base: string): string {
  const trimmed = `/${base.trim().replace(/^\/+|\/+$/g, '')}`;
  return trimmed === '/' ? '/api/v1' : trimmed;
}

export interface Settings {
  apiBase: string;
  webDir: string | null;
  lmsPreviewDir: string | null;
  bodyLimit: number;
  secure: boolean;
  requestTimeoutMs: number;
}

/** The options buildApp itself uses, with their defaults filled in. */
export function settingsFor(options: AppOptions): Settings {
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
