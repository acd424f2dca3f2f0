// Starts the API server (decision 0029): `startServer()` from tools/start.ts, or run directly
// with `tsx server/server.ts`. Environment: HOST, PORT, DATABASE_URL, DATA_DIR, API_BASE,
// TOKEN_TTL_HOURS, SECURE_COOKIES, TRUST_PROXY, LOGIN_RATE_LIMIT, RECAPTCHA_SECRET,
// RECAPTCHA_SITE_KEY (or VITE_RECAPTCHA_SITE_KEY); for certificates PUBLIC_URL and CURSO_CONFIG,
// the company configuration (see certificates.ts; `--config FILE` / `--obra SLUG` choose it when
// run directly, passed as `config`: the server never writes process.env, decision 0206).
import { pathToFileURL } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { buildApp, type AppOptions } from './app.ts';
import type { Db } from './db/db.ts';
import { openDatabase } from './db/open.ts';
import { countUsers, createUser, purgeTokens } from './db/store.ts';
import { DataDirLockedError } from './db/lock.ts';
import { companyDb } from './db/company-scope.ts';
import { FIRST_COMPANY_ID } from './db/company-store.ts';
import { DataDirRefusedError, type PrivateFolderFs } from './db/private-folder.ts';
import { generatePassword } from './security/passwords.ts';
import { createCertificateIssuer } from './certificates.ts';
import {
  ConfigError,
  formatConfigError,
  readConfiguration,
  takeConfigArgs,
  withEnv,
  type ConfigChoice,
  type LoadedConfig,
} from '../course-files/read-config.ts';
import { TrustProxyError } from './security/trust-proxy.ts';
import { EnvError, readServerEnv, type ServerEnv } from './env.ts';
import { newAdminToken, writeAdminChannel } from './console/admin-channel.ts';

export interface StartOptions {
  host?: string;
  port?: number;
  dataDir?: string;
  databaseUrl?: string;
  /** Fastify logger: true for JSON request logs. Default false (the URL lines are printed anyway). */
  log?: boolean;
  /** Print the URL and demo lines. Default true. */
  print?: (line: string) => void;
  /** `--config` / `--obra`, over CURSO_CONFIG / CURSO_OBRA: certificates and the console use it. */
  config?: ConfigChoice;
  /** Extra buildApp options (certificate hook, static dirs…). */
  app?: Partial<Omit<AppOptions, 'db'>>;
  /** Tests only: the filesystem layer of the private data-folder check (decision 0180). */
  privateFolderFs?: PrivateFolderFs;
}

export interface RunningServer {
  url: string;
  close(): Promise<void>;
}

export const DEMO_DOCUMENT = '1000000001';

/**
 * First start: one demo learner, so the course can be tried at once. It is marked as such: the
 * audit pack leaves it out of the population and counts it apart (record 0264).
 */
export async function createDemoLearner(db: Db, print: (line: string) => void): Promise<void> {
  if ((await countUsers(db)) !== 0) return;
  const password = generatePassword(10);
  const demo = await createUser(db, {
    document: DEMO_DOCUMENT,
    name: 'Aprendiz de Prueba',
    email: null,
    password,
  });
  await db.query('UPDATE users SET demo = true WHERE id = $1', [demo.id]);
  print(
    `Usuario de prueba creado: documento ${DEMO_DOCUMENT}, contraseña ${password} (guárdela: no se mostrará de nuevo)`,
  );
}

/** The coordinator's console (decision 0113): how to create the first coordinator. */
async function hintFirstCoordinator(db: Db, print: (line: string) => void): Promise<void> {
  const [coordinators] = await db.query<{ n: number }>(
    "SELECT count(*)::integer AS n FROM users WHERE role = 'coordinador' AND active",
  );
  if (Number(coordinators?.n ?? 0) === 0)
    print(
      'Consola del coordinador: aún no hay coordinador. Cree uno (también con el servidor en marcha): ' +
        'npm run users -- add --document D --name "N" --password P --rol coordinador',
    );
}

/** buildApp's options from the environment, the company configuration and the caller's. */
function appOptions(
  db: Db,
  env: ServerEnv,
  options: StartOptions,
  config: LoadedConfig['config'] | undefined,
  adminToken: string | null,
): AppOptions {
  const ttlHours = env.TOKEN_TTL_HOURS;
  return {
    db,
    logger: options.log ?? false,
    secureCookies: env.SECURE_COOKIES,
    trustProxy: env.TRUST_PROXY,
    xsrfSecret: env.XSRF_SECRET,
    ...(ttlHours ? { tokenTtlMs: ttlHours * 3_600_000 } : {}),
    rateLimits: { loginPerIp: env.LOGIN_RATE_LIMIT },
    recaptcha: {
      secret: env.RECAPTCHA_SECRET,
      siteKey: env.RECAPTCHA_SITE_KEY ?? env.VITE_RECAPTCHA_SITE_KEY,
    },
    // Real certificates by default (PDF stored in the database, QR to /verificar/:code).
    certificateIssuer: createCertificateIssuer(config ? { config } : {}),
    ...(config ? { console: { config } } : {}),
    adminChannelToken: adminToken,
    // LMS grades go back from the durable queue (record 0295).
    ltiGrades: {},
    ...options.app,
  };
}

/** The address a browser on this machine opens: a wildcard host shown as 127.0.0.1. */
function shownUrl(app: FastifyInstance, host: string, port: number): string {
  const address = app.server.address();
  const actualPort = typeof address === 'object' && address ? address.port : port;
  const shownHost =
    host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host;
  return `http://${shownHost}:${actualPort}/`;
}

export async function startServer(options: StartOptions = {}): Promise<RunningServer> {
  // Checked before anything opens, so a wrong variable stops the start at once (record 0038).
  const env = readServerEnv();
  const host = options.host ?? env.HOST;
  const port = options.port ?? env.PORT ?? 3000;
  const print = options.print ?? ((line: string) => console.log(line));
  const config = options.config
    ? readConfiguration(withEnv(options.config), { firstObra: true }).config
    : undefined;
  const opened = await openDatabase({
    databaseUrl: options.databaseUrl,
    dataDir: options.dataDir,
    role: 'server',
    log: print,
    privateFolderFs: options.privateFolderFs,
  });
  try {
    // Every statement names its company (record 0285): the demo learner and the hint are the
    // first company's, the token housekeeping every company's.
    const db = companyDb(opened.db);
    await createDemoLearner(db.forCompany(FIRST_COMPANY_ID), print);
    await purgeTokens(db);
    await hintFirstCoordinator(db.forCompany(FIRST_COMPANY_ID), print);
    const adminToken = opened.dataDir ? newAdminToken() : null;
    const app = await buildApp(appOptions(db, env, options, config, adminToken));
    await app.listen({ host, port });
    const url = shownUrl(app, host, port);
    print(`Curso SST: ${url}`);
    print(`Vista previa LMS: ${url}lms-preview/`);
    print(`Consola del coordinador: ${url}consola`);
    const removeChannel =
      opened.dataDir && adminToken ? writeAdminChannel(opened.dataDir, url, adminToken) : () => {};
    let closed = false;
    return {
      url,
      async close() {
        if (closed) return;
        closed = true;
        removeChannel();
        await app.close();
        await opened.close();
      },
    };
  } catch (error) {
    await opened.close();
    throw error;
  }
}

/**
 * What a failed start prints: the Spanish message of a refusal we explain (folder locked, not
 * ours or damaged, a wrong variable…), else null (the error is printed as it is).
 */
export function startupMessage(error: unknown): string | null {
  if (
    error instanceof DataDirLockedError ||
    error instanceof DataDirRefusedError ||
    error instanceof TrustProxyError ||
    error instanceof EnvError
  )
    return error.message;
  if (error instanceof ConfigError) return formatConfigError(error);
  if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE')
    return `El puerto ya está en uso. Use otro con PORT=… / Port already in use: ${(error as Error).message}`;
  return null;
}

/**
 * Starts the server as a process would (npm start, `tsx server/server.ts`): stops cleanly on
 * SIGINT/SIGTERM, and a start failure (folder locked, port taken…) is one clear line and exit 1.
 */
export async function runServer(options: StartOptions = {}): Promise<RunningServer> {
  try {
    const server = await startServer(options);
    const stop = () => void server.close().then(() => process.exit(0));
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
    return server;
  } catch (error) {
    console.error(startupMessage(error) ?? error);
    process.exit(1);
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  let config: ConfigChoice;
  try {
    config = takeConfigArgs(process.argv.slice(2)).choice;
  } catch (error) {
    console.error(formatConfigError(error as ConfigError));
    process.exit(1);
  }
  void runServer({ config });
}
