// A console test's usual start: a database, the app with the Andina configuration, a coordinator,
// and a signed-in console session that can post forms (the session cookie and the form's token).
import { join } from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { openTestDb, testApp, type Engine, type TestDb } from '../test-support.ts';
import { createUser } from '../db/store.ts';
import { readConfiguration } from '../../course-files/read-config.ts';
import { ROOT } from '../../course-files/read-content.ts';

export const ANDINA = readConfiguration(
  { config: join(ROOT, 'test', 'fixtures', 'config', 'constructora-andina.json') },
  { firstObra: true },
).config;

export const hiddenXsrf = (html: string) => /name="_xsrf" value="([^"]+)"/.exec(html)?.[1] ?? '';

/**
 * Posts a sign-in form as the browser does: its page first (the XSRF cookie and the form's
 * token), then the fields — the console's (`documento`, `clave`) or the platform's (`correo`,
 * `clave`). The answer as it comes.
 */
export async function postSignIn(
  app: FastifyInstance,
  area: 'consola' | 'plataforma',
  fields: Record<string, string>,
): Promise<LightMyRequestResponse> {
  const page = await app.inject({ method: 'GET', url: `/${area}/ingresar` });
  const xsrf = page.cookies.find((c) => c.name === `${area}_xsrf`)!;
  return app.inject({
    method: 'POST',
    url: `/${area}/ingresar`,
    headers: {
      cookie: `${area}_xsrf=${xsrf.value}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    payload: new URLSearchParams({ _xsrf: hiddenXsrf(page.body), ...fields }).toString(),
  });
}

/** A staff member signed in to the console: their session cookie and the pages' form token. */
export interface StaffSession {
  cookie: string;
  xsrf: string;
}

/** Signs a staff member in as the browser does, and reads the form token of `/consola`. */
export async function staffSession(
  app: FastifyInstance,
  document: string,
  password: string,
): Promise<StaffSession> {
  const answer = await postSignIn(app, 'consola', { documento: document, clave: password });
  const found = answer.cookies.find((c) => c.name === 'consola_sesion');
  if (answer.statusCode !== 303 || !found) throw new Error(`staff sign-in failed for ${document}`);
  const cookie = `consola_sesion=${found.value}`;
  const home = await app.inject({ method: 'GET', url: '/consola', headers: { cookie } });
  return { cookie, xsrf: hiddenXsrf(home.body) };
}

export const COORDINATOR = {
  document: 'C-900',
  name: 'Carla Coordinadora',
  password: 'clave-coord',
};

export interface ConsoleFixture {
  t: TestDb;
  app: FastifyInstance;
  coordinatorId: number;
  /** Posts the console's sign-in form (with its token) and returns the answer as it comes. */
  signInAnswer(document: string, password: string): Promise<LightMyRequestResponse>;
  /** Signs in through the console's form; the 303's session cookie, or null when refused. */
  signIn(document?: string, password?: string): Promise<string | null>;
  /** GET as the signed-in coordinator. */
  get(url: string, cookie: string): Promise<LightMyRequestResponse>;
  /** POSTs a form the way the browser does: the token from `page`'s HTML, the session cookie. */
  post(
    url: string,
    cookie: string,
    fields: Record<string, string>,
    page: string,
  ): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

/** `coordinator`: the signed-in coordinator (COORDINATOR unless a test names its own). */
export async function consoleFixture(
  engine: Engine,
  coordinator: typeof COORDINATOR = COORDINATOR,
  /** The template LMS build of the obras' zips (decision 0241); default none. */
  lmsTemplateDir = '/nonexistent/lms-template',
): Promise<ConsoleFixture> {
  const t = await openTestDb(engine);
  const app = await testApp(t.db, {
    console: { config: ANDINA, course: { title: 'Inducción SST', hours: 4 }, lmsTemplateDir },
  });
  const { id: coordinatorId } = await createUser(t.db, { ...coordinator, role: 'coordinador' });
  const form = 'application/x-www-form-urlencoded';
  const signInAnswer = async (document: string, password: string) => {
    const page = await app.inject({ method: 'GET', url: '/consola/ingresar' });
    const xsrf = page.cookies.find((c) => c.name === 'consola_xsrf')!;
    return app.inject({
      method: 'POST',
      url: '/consola/ingresar',
      headers: { cookie: `consola_xsrf=${xsrf.value}`, 'content-type': form },
      payload: new URLSearchParams({
        _xsrf: hiddenXsrf(page.body),
        documento: document,
        clave: password,
      }).toString(),
    });
  };
  return {
    t,
    app,
    coordinatorId,
    signInAnswer,
    async signIn(document = coordinator.document, password = coordinator.password) {
      const answer = await signInAnswer(document, password);
      const session = answer.cookies.find((c) => c.name === 'consola_sesion');
      return answer.statusCode === 303 && session ? `consola_sesion=${session.value}` : null;
    },
    get: (url, cookie) => app.inject({ method: 'GET', url, headers: { cookie } }),
    post: (url, cookie, fields, page) =>
      app.inject({
        method: 'POST',
        url,
        headers: { cookie, 'content-type': form },
        payload: new URLSearchParams({ _xsrf: hiddenXsrf(page), ...fields }).toString(),
      }),
    async close() {
      await app.close();
      await t.cleanup();
    },
  };
}

/**
 * Uploads `csv` through the console's import form as the browser does (multipart, the form's
 * token, the session cookie), with any other form `fields` before the file; the answer as it comes.
 */
export async function uploadCsv(
  f: ConsoleFixture,
  cookie: string,
  csv: string,
  {
    fileName = 'lunes.csv',
    fields = {},
  }: { fileName?: string; fields?: Record<string, string> } = {},
): Promise<LightMyRequestResponse> {
  const form = await f.get('/consola/importar', cookie);
  const boundary = '----consola-importar';
  const part = (name: string, value: string) =>
    `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  const payload =
    part('_xsrf', hiddenXsrf(form.body)) +
    Object.entries(fields)
      .map(([name, value]) => part(name, value))
      .join('') +
    `--${boundary}\r\nContent-Disposition: form-data; name="archivo"; filename="${fileName}"\r\nContent-Type: text/csv\r\n\r\n${csv}\r\n--${boundary}--\r\n`;
  return f.app.inject({
    method: 'POST',
    url: '/consola/importar',
    headers: { cookie, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload,
  });
}
