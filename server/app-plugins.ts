// The Fastify instance buildApp (app.ts) starts from, and the framework plugins it registers:
// the server's own limits, the security headers with their CSP, the sign-in rate limit's
// plugin and the API's body parsers. What the app does with requests stays in app.ts.
import Fastify, { type FastifyInstance } from 'fastify';
import fastifyFormbody from '@fastify/formbody';
import fastifyHelmet from '@fastify/helmet';
import fastifyMultipart from '@fastify/multipart';
import fastifyRateLimit from '@fastify/rate-limit';
import { HttpError } from './errors.ts';
import { MESSAGES } from './messages.ts';
import type { TrustProxy } from './security/trust-proxy.ts';
import { clientErrorHandler, frameworkErrorHandler } from './security/framework-errors.ts';
import { cspDirectives, inlineScriptHashes } from './security/csp.ts';

export interface FastifySettings {
  logger: boolean | Record<string, unknown>;
  bodyLimit: number;
  trustProxy: TrustProxy | undefined;
  requestTimeoutMs: number;
}

/** A Fastify instance with the server's limits and its Spanish answers to malformed HTTP. */
export function createFastify(settings: FastifySettings): FastifyInstance {
  const { trustProxy, requestTimeoutMs } = settings;
  return Fastify({
    logger: settings.logger,
    bodyLimit: settings.bodyLimit,
    // A hop count becomes "believe the nearest n hops" (what proxy-addr does with a number).
    trustProxy:
      typeof trustProxy === 'number'
        ? (
            (hops: number) => (_address: string, hop: number) =>
              hop < hops
          )(trustProxy)
        : (trustProxy ?? false),
    // A slow body holds a connection: Node answers 408 (in Spanish, see clientError) after this.
    requestTimeout: requestTimeoutMs,
    http: {
      connectionsCheckingInterval: Math.min(
        30_000,
        Math.max(250, Math.floor(requestTimeoutMs / 4)),
      ),
    },
    // Keep ids and query strings sane; very long URLs are refused by Node before we see them.
    routerOptions: { maxParamLength: 200, ignoreDuplicateSlashes: true },
    // Malformed HTTP and undecodable URLs, in Spanish with security headers (framework-errors.ts).
    clientErrorHandler,
    frameworkErrors: frameworkErrorHandler,
  });
}

/** Security headers (CSP allowing the builds' inline scripts) and the rate-limit plugin. */
export async function registerSecurityPlugins(
  app: FastifyInstance,
  settings: {
    webDir: string | null;
    lmsPreviewDir: string | null;
    recaptcha: boolean;
    secure: boolean;
  },
): Promise<void> {
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: cspDirectives({
        scriptHashes: [
          ...inlineScriptHashes(settings.webDir),
          ...inlineScriptHashes(settings.lmsPreviewDir, 3),
        ],
        recaptcha: settings.recaptcha,
      }),
    },
    // HSTS only makes sense behind HTTPS (secure cookies); on plain localhost it would stick.
    hsts: settings.secure ? undefined : false,
  });

  await app.register(fastifyRateLimit, {
    global: false,
    // Only sign-in is limited, so the Spanish text speaks of sign-in attempts.
    errorResponseBuilder: () => new HttpError(429, MESSAGES.tooManyAttempts),
  });
}

/** The API's form and multipart parsers, every part bounded. */
export async function registerBodyParsers(api: FastifyInstance, bodyLimit: number): Promise<void> {
  await api.register(fastifyFormbody, { bodyLimit });
  await api.register(fastifyMultipart, {
    attachFieldsToBody: true,
    // Multipart bypasses bodyLimit (see its README), so bound every part explicitly; the
    // content-length check in app.ts refuses oversized bodies before they are read at all.
    limits: {
      fieldNameSize: 100,
      fieldSize: 8 * 1024,
      fields: 20,
      files: 0,
      parts: 20,
      headerPairs: 50,
    },
  });
}
