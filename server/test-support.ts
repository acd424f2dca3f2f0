// Helpers for the server tests: a fresh database per test file (in-memory PGlite, or a fresh
// schema on the PostgreSQL of TEST_DATABASE_URL, dropped afterwards) and a small HTTP client
// over fastify.inject that handles the XSRF cookie and multipart bodies.
import { randomBytes } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { openPglite, openPostgres, type Db } from './db/db.ts';
import { migrate } from './db/migrate.ts';
import { buildApp, type AppOptions } from './app.ts';
import { createUser, getUser, type PublicUser } from './db/store.ts';
import { issueToken } from './db/session-store.ts';
import type { Queryable } from './db/db.ts';
import { gateQrText } from './certificates.ts';
import type { CertificateRequest } from './context.ts';
import type { CompanyConfig } from '../src/domain/config/index.ts';
import { dataNoticeVersion } from '../src/domain/config/index.ts';
import { currentEnv } from './env.ts';
import { readConfiguration, withEnv } from '../course-files/read-config.ts';

export type Engine = 'pglite' | 'postgres';

/** Engines to run the suites on: PGlite always, PostgreSQL when TEST_DATABASE_URL is set. */
export const ENGINES: Engine[] = process.env.TEST_DATABASE_URL
  ? ['pglite', 'postgres']
  : ['pglite'];

/** A small course: five modules of 2 topics (1 in the last), 2 questions each, 20 points per module. */
export const SHAPE = { topicCounts: [2, 2, 2, 2, 1], questionCounts: [2, 2, 2, 2, 2] };
export const FULL_ROUTE = '0,1,2-0,1,2-0,1,2-0,1,2-0,1';

/**
 * The company a test's bare PostgreSQL database acts for when a statement names none: company 1,
 * so a test writes and reads its fixtures as on PGlite, whose bare handle is a superuser outside
 * the wall (record 0283). The server's own handle (`companyDb`) names a company in every
 * transaction, or none — which the wall refuses (record 0285) whatever the session says.
 */
export const TEST_SESSION_COMPANY = '1';

export interface TestDb {
  db: Db;
  cleanup(): Promise<void>;
}

export async function openTestDb(engine: Engine): Promise<TestDb> {
  if (engine === 'pglite') {
    const db = await openPglite();
    await migrate(db);
    return { db, cleanup: () => db.close() };
  }
  return openScratchSchema(process.env.TEST_DATABASE_URL!, 'test');
}

/**
 * A migrated schema of its own on the PostgreSQL at `url` (so a test or bench never touches
 * the data of a real database), dropped by cleanup.
 */
export async function openScratchSchema(url: string, prefix: string): Promise<TestDb> {
  const schema = `${prefix}_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const db = await openPostgres(url, { schema, max: 20, sessionCompany: TEST_SESSION_COMPANY });
  await migrate(db);
  return {
    db,
    async cleanup() {
      await db.close();
      const admin = await openPostgres(url, { max: 1 });
      await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      await admin.close();
    },
  };
}

export async function testApp(db: Db, options: Partial<AppOptions> = {}): Promise<FastifyInstance> {
  return buildApp({ db, webDir: null, lmsPreviewDir: null, courseShape: SHAPE, ...options });
}

export function multipart(
  fields: Record<string, string>,
  boundary = `----test${randomBytes(6).toString('hex')}`,
) {
  const body =
    Object.entries(fields)
      .map(
        ([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`,
      )
      .join('') + `--${boundary}--\r\n`;
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}

export class TestClient {
  xsrf = '';
  token = '';
  constructor(readonly app: FastifyInstance) {}

  async init(): Promise<this> {
    const response = await this.app.inject({ method: 'GET', url: '/api/v1/csrf-cookie' });
    const cookie = response.cookies.find((c) => c.name === 'XSRF-TOKEN');
    if (!cookie) throw new Error('no XSRF cookie');
    this.xsrf = cookie.value;
    return this;
  }

  headers(extra: Record<string, string> = {}): Record<string, string> {
    return {
      cookie: `XSRF-TOKEN=${this.xsrf}`,
      'x-xsrf-token': this.xsrf,
      ...(this.token ? { authorization: this.token } : {}),
      ...extra,
    };
  }

  async login(document: string, password: string): Promise<LightMyRequestResponse> {
    const response = await this.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      headers: this.headers(),
      payload: { document, password },
    });
    if (response.statusCode === 200) this.token = response.json().token;
    // Sign-in binds a fresh XSRF token to the session: echo the current cookie, as browsers do.
    const fresh = response.cookies.find((c) => c.name === 'XSRF-TOKEN');
    if (fresh) this.xsrf = fresh.value;
    return response;
  }

  updateUser(fields: Record<string, string>): Promise<LightMyRequestResponse> {
    const { body, contentType } = multipart(fields);
    return this.app.inject({
      method: 'POST',
      url: '/api/v1/update-user',
      headers: this.headers({ 'content-type': contentType }),
      payload: body,
    });
  }

  post(url: string, payload?: string | object, headers: Record<string, string> = {}) {
    return this.app.inject({
      method: 'POST',
      url: `/api/v1/${url}`,
      headers: this.headers(headers),
      ...(payload !== undefined ? { payload } : {}),
    });
  }
}

/**
 * Records that the learner accepted this server's data notice (record 0213: without it nothing is
 * saved). `version` must be one the server published; default the configuration's current one.
 */
export async function acceptNotice(db: Db, userId: number, version?: string): Promise<void> {
  const v =
    version ??
    dataNoticeVersion(readConfiguration(withEnv({}, currentEnv()), { firstObra: true }).config);
  await db.query('INSERT INTO data_notice_versions (version) VALUES ($1) ON CONFLICT DO NOTHING', [
    v,
  ]);
  await db.query(
    'UPDATE users SET data_notice_accepted_at = COALESCE(data_notice_accepted_at, now()), data_notice_version = COALESCE(data_notice_version, $2) WHERE id = $1',
    [userId, v],
  );
}

export async function seedUser(
  db: Db,
  overrides: Partial<{
    document: string;
    name: string;
    email: string;
    password: string;
    /** Default true: the learner accepted the data notice (tests of its rule pass false). */
    acceptNotice: boolean;
  }> = {},
): Promise<PublicUser> {
  const user = await createUser(db, {
    document: overrides.document ?? '1020304050',
    name: overrides.name ?? 'Ana Pérez',
    email: overrides.email ?? 'ana@example.co',
    password: overrides.password ?? 'secreto123',
  });
  if (overrides.acceptNotice === false) return user;
  await acceptNotice(db, user.id);
  return (await getUser(db, user.id))!;
}

/**
 * A seeded learner signed in through the API (password 'secreto123'); with `complete`, the whole
 * course sent through update-user, so the learner may ask for the certificate.
 */
export async function signedInLearner(
  app: FastifyInstance,
  db: Db,
  fields: { document: string; name?: string; email?: string; acceptNotice?: boolean },
  options: { complete?: boolean } = {},
): Promise<{ user: PublicUser; client: TestClient }> {
  const user = await seedUser(db, { email: `${fields.document}@example.co`, ...fields });
  const client = await new TestClient(app).init();
  const login = await client.login(fields.document, 'secreto123');
  if (login.statusCode !== 200) throw new Error(`login failed: ${login.statusCode}`);
  if (options.complete) {
    const saved = await client.updateUser({ id: String(user.id), score: '100', route: FULL_ROUTE });
    if (saved.json().user?.score !== 100) throw new Error('the course was not recorded complete');
  }
  return { user, client };
}

/** Every page's text as pdf.js extracts it, spaces collapsed (pdf.js loaded only by the tests that read a PDF). */
export async function pdfPagesText(bytes: Uint8Array): Promise<string> {
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const pdf = await getDocument({ data: new Uint8Array(bytes), verbosity: 0 }).promise;
  const parts: string[] = [];
  for (let i = 1; i <= pdf.numPages; i++) {
    const content = await (await pdf.getPage(i)).getTextContent();
    parts.push(content.items.map((it) => ('str' in it ? it.str : '')).join(' '));
  }
  await pdf.destroy();
  return parts.join(' ').replace(/\s+/g, ' ');
}

/**
 * A client holding a session issued directly for `userId` through `db` (a company's handle makes
 * it that company's session), with the XSRF token bound to it, as the app has after signing in.
 */
export async function sessionClient(
  app: FastifyInstance,
  db: Queryable,
  userId: number,
): Promise<TestClient> {
  const client = await new TestClient(app).init();
  client.token = await issueToken(db, userId, 3_600_000);
  const cookie = await app.inject({
    method: 'GET',
    url: '/api/v1/csrf-cookie',
    headers: { authorization: client.token },
  });
  client.xsrf = cookie.cookies.find((c) => c.name === 'XSRF-TOKEN')!.value;
  return client;
}

/** The gate QR text the issuer printed for `request`: the first obra, the reinducción period. */
export function printedGateQr(request: CertificateRequest, config: CompanyConfig, base: string) {
  return gateQrText(request.installationKey!, `${base}/verificar/${request.code}`, {
    code: request.code,
    name: request.user.name,
    document: request.user.document,
    obra: config.obras[0]!.nombre,
    completedAt: request.completedAt,
    reinductionMonths: config.reinduccion.periodoMeses,
  });
}
