// What every route module receives from buildApp: the database, the course shape, the
// security helpers and the certificate hook. Keeps routes free of configuration reading.
import type { FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { Db } from './db/db.ts';
import type { PublicUser } from './db/store.ts';
import type { CourseShape } from '../src/domain/progress/engine.ts';
import type { LoginLimiter } from './security/login-limiter.ts';
import type { RecaptchaVerifier } from './security/recaptcha.ts';

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
  /** Origin of the request (e.g. 'https://curso.example.co'), for absolute links and the QR code. */
  origin: string;
}

/**
 * The certificate hook (issue 'certificate'): makes and stores the PDF and returns the URL the
 * browser opens. The server records { code, url_file } in `certificates` and returns the same
 * url_file on later requests without calling the issuer again.
 */
export type CertificateIssuer = (request: CertificateRequest) => Promise<{ url_file: string }>;

export interface AppContext {
  db: Db;
  apiBase: string;
  shape: CourseShape;
  tokenTtlMs: number;
  loginLimiter: LoginLimiter;
  loginRateLimit: { max: number; timeWindow: number } | false;
  recaptchaVerify: RecaptchaVerifier | null;
  recaptchaMinScore: number;
  certificateIssuer: CertificateIssuer | null;
  requireAuth: preHandlerAsyncHookHandler;
  ensureXsrfCookie(request: FastifyRequest, reply: FastifyReply, refresh?: boolean): void;
}
