// The server's environment, validated once at start-up against one schema (decision record
// 0038): every variable the server reads is listed here with its type, and a wrong value stops
// the start with one Spanish line per problem instead of being silently ignored. No other server
// file reads process.env, and none writes it (decision 0206; lint).
import { z } from 'zod';
import { courseFilesEnvSchema, processEnv } from '../course-files/env.ts';
import { parseTrustProxy, TrustProxyError, type TrustProxy } from './security/trust-proxy.ts';

const optionalText = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === '' ? undefined : v.trim()));

const optionalNumber = (what: string, check: (n: number) => boolean) =>
  optionalText.transform((v, ctx) => {
    if (v === undefined) return undefined;
    const n = Number(v);
    if (!Number.isFinite(n) || !check(n)) {
      ctx.addIssue({ code: 'custom', message: `debe ser ${what} (recibido «${v}»)` });
      return z.NEVER;
    }
    return n;
  });

const flag = optionalText.transform((v, ctx) => {
  if (v === undefined) return false;
  const value = v.toLowerCase();
  if (['1', 'true', 'yes', 'si', 'sí'].includes(value)) return true;
  if (['0', 'false', 'no'].includes(value)) return false;
  ctx.addIssue({ code: 'custom', message: `debe ser 1/true o 0/false (recibido «${v}»)` });
  return z.NEVER;
});

const url = (schemes: string[]) =>
  optionalText.refine(
    (v) => {
      if (v === undefined) return true;
      try {
        return schemes.includes(new URL(v).protocol);
      } catch {
        return false;
      }
    },
    { message: `debe ser una dirección ${schemes.map((s) => s.replace(':', '://…')).join(' o ')}` },
  );

/** scrypt's log2 N for tests and benches: 10–20, anything else means the default (passwords.ts). */
const scryptLog2N = z
  .string()
  .optional()
  .transform((v) => {
    const n = Number(v);
    return v !== undefined && Number.isInteger(n) && n >= 10 && n <= 20 ? n : undefined;
  });

// The course-file variables (CURSO_CONTENT_DIR, CURSO_IMAGE_DIR, CURSO_CONFIG, CURSO_OBRA) are
// declared in course-files/env.ts, which the build scripts share (decision 0206).
export const serverEnvSchema = courseFilesEnvSchema.extend({
  HOST: optionalText.transform((v) => v ?? '127.0.0.1'),
  PORT: optionalNumber(
    'un número de puerto de 0 a 65535',
    (n) => Number.isInteger(n) && n >= 0 && n <= 65535,
  ),
  DATABASE_URL: url(['postgres:', 'postgresql:']),
  DATA_DIR: optionalText,
  API_BASE: optionalText,
  PUBLIC_URL: url(['http:', 'https:']),
  TOKEN_TTL_HOURS: optionalNumber('un número de horas mayor que 0', (n) => n > 0),
  SECURE_COOKIES: flag,
  TRUST_PROXY: optionalText.transform((v, ctx): TrustProxy => {
    try {
      return parseTrustProxy(v);
    } catch (error) {
      if (!(error instanceof TrustProxyError)) throw error;
      ctx.addIssue({ code: 'custom', message: error.message.replace(/^TRUST_PROXY=[^:]*: /, '') });
      return z.NEVER;
    }
  }),
  XSRF_SECRET: optionalText,
  LOGIN_RATE_LIMIT: optionalNumber(
    'un número entero mayor que 0',
    (n) => Number.isInteger(n) && n > 0,
  ),
  RECAPTCHA_SECRET: optionalText,
  RECAPTCHA_SITE_KEY: optionalText,
  VITE_RECAPTCHA_SITE_KEY: optionalText,
  CURSO_SST_SCRYPT_LOG2N: scryptLog2N,
});

export type ServerEnv = z.infer<typeof serverEnvSchema>;

export class EnvError extends Error {
  readonly code = 'ENV_INVALID';
  constructor(readonly problems: string[]) {
    super(`Variables de entorno no válidas:\n${problems.map((p) => `  ${p}`).join('\n')}`);
    this.name = 'EnvError';
  }
}

/** Reads and checks the environment; throws an EnvError naming every wrong variable. */
export function readServerEnv(env: NodeJS.ProcessEnv = processEnv()): ServerEnv {
  const result = serverEnvSchema.safeParse(env);
  if (result.success) return result.data;
  throw new EnvError(
    result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`),
  );
}

/**
 * One variable, read when it is needed (not only at start-up: tests and benches change some
 * between calls) and checked by its field of the schema; throws an EnvError when it is wrong.
 */
export function envValue<K extends keyof ServerEnv>(
  name: K,
  env: NodeJS.ProcessEnv = processEnv(),
): ServerEnv[K] {
  const field = serverEnvSchema.shape[name];
  const result = field.safeParse(env[name]);
  if (result.success) return result.data as ServerEnv[K];
  throw new EnvError(result.error.issues.map((issue) => `${name}: ${issue.message}`));
}

/**
 * The environment for a helper that takes one as a parameter (tests pass their own): server
 * files reach process.env only through this module (lint, decision 0206).
 */
export const currentEnv = processEnv;
