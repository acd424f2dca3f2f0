// What every route module receives from buildApp: the database, the course shape, the
// security helpers and the certificate hook. Keeps routes free of configuration reading.
import type { FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { Db } from './db/db.ts';
import type { PublicUser } from './db/store.ts';
import type { CourseShape } from '../src/domain/progress/engine.ts';
import type { SignInBudget } from './security/login-limiter.ts';
import type { ExportPool } from './workers/export-pool.ts';
import type { RecaptchaVerifier } from './security/recaptcha.ts';
import type { InstallationKey } from './acceptance/installation-key.ts';
import type { CompanyConfigs } from './company-config/store.ts';
import type { MadeLearnerCompany } from './company-config/learner-company.ts';
import type { CompanyConfig } from '../src/domain/config/index.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by requireAuth: the signed-in learner and the raw token used. */
    auth?: { userId: number; token: string };
  }
}

export interface CertificateRequest {
  /** The learner, as the API returns it (score ≥ 100). */
  user: PublicUser;
  /** Unique verification code to print on the certificate; checked at /verificar/:code. */
  code: string;
  issuedAt: Date;
  /** The date the certificate states: the learner's completed_at, else issuedAt. */
  completedAt: Date;
  /**
   * Origin of the request (e.g. 'https://curso.example.co'), for absolute links and the QR code
   * when no public URL is configured. It comes from the Host header (or X-Forwarded-* behind
   * TRUST_PROXY), which the client controls: see certificates.ts.
   */
  origin: string;
  /**
   * The installation key, when the route has it: the issuer signs the QR's gate statement with
   * it (decision 0242). Without it the QR holds the verification address only.
   */
  installationKey?: InstallationKey;
  /**
   * The learner's company's own configuration (record 0287), when it is not the installation's:
   * its name, NIT, logo, obras and reinducción period are printed instead of the issuer's.
   */
  companyConfig?: CompanyConfig;
}

export interface IssuedCertificate {
  /** The URL the browser opens (a new tab, so without the Authorization header). */
  url_file: string;
  /** The PDF, when this server serves it itself: stored in the certificate's row. */
  file?: { token: string; pdf: Uint8Array };
  /** The course title printed, kept for /verificar/:code. */
  courseTitle?: string;
}

/**
 * The certificate hook (issue 'certificate'): makes the PDF and returns the URL the browser
 * opens. The server records { code, url_file, file } in `certificates` and returns the same
 * url_file on later requests without calling the issuer again. See certificates.ts.
 */
export type CertificateIssuer = (request: CertificateRequest) => Promise<IssuedCertificate>;

export interface AppContext {
  db: Db;
  apiBase: string;
  shape: CourseShape;
  /** The course whose progress this API serves (progress is keyed by course; record 0035). */
  courseId: string;
  /** The data notice's current version (record 0213). */
  dataNoticeVersion: string;
  tokenTtlMs: number;
  /** Sign-in failures per account, in the database (decision 0233). */
  loginLimiter: SignInBudget;
  /** Console exports run here, off the event loop (decision 0232). */
  exportPool: ExportPool;
  loginRateLimit: { max: number; timeWindow: number } | false;
  recaptchaVerify: RecaptchaVerifier | null;
  recaptchaMinScore: number;
  certificateIssuer: CertificateIssuer | null;
  /**
   * The installation key (seals, gate signatures; decision 0220), loaded once on first use, as
   * the keys of `company` (record 0282) — by default the request's company, else company 1.
   */
  installationKey: (company?: number) => Promise<InstallationKey>;
  /** Each company's configuration: its stored version, else the installation's (record 0287). */
  companyConfig: CompanyConfigs;
  /**
   * The learner's acceptance statement, built from the configuration and stored as published to
   * them (record 0259): every response that hands over the learner carries it.
   */
  acceptanceStatement: (user: PublicUser) => Promise<string>;
  /**
   * What the web app needs of the request's company (else company 1's) and its hash (record
   * 0291): the hash goes with every response that hands over the learner.
   */
  learnerCompany: () => Promise<MadeLearnerCompany>;
  requireAuth: preHandlerAsyncHookHandler;
  ensureXsrfCookie(request: FastifyRequest, reply: FastifyReply, refresh?: boolean): void;
  /** Sets a fresh XSRF-TOKEN cookie bound to `binding` (security/xsrf.ts sessionBinding). */
  setXsrfCookie(reply: FastifyReply, binding: string): void;
}
