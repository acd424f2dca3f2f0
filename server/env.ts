// The server's environment, validated once at start-up against one schema (decision record
// 0038): every variable the server reads is listed here with its type, and a wrong value stops
// the start with one Spanish line per problem instead of being silently ignored.
import { z } from 'zod';
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

export const serverEnvSchema = z.object({
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
  /** The installation key's file (decision 0220); without it the key lives in the database. */
  INSTALLATION_KEY_FILE: optionalText,
  /** The company configuration file (its schema is checked where it is read). */
  CURSO_CONFIG: optionalText,
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
export function readServerEnv(env: NodeJS.ProcessEnv = process.env): ServerEnv {
  const result = serverEnvSchema.safeParse(env);
  if (result.success) return result.data;
  throw new EnvError(
    result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`),
  );
}

/** INSTALLATION_KEY_FILE alone, for buildApp (decision 0220); checked with the rest at start. */
export const installationKeyFileFromEnv = (env: NodeJS.ProcessEnv = process.env) =>
  serverEnvSchema.shape.INSTALLATION_KEY_FILE.parse(env.INSTALLATION_KEY_FILE);
