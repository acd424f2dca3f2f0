// The console's and the CLI's part of the wall between companies (records 0282, 0283): with two
// companies — A (company 1, the one a forgotten scope falls back to) and B — each with a
// coordinator, an auditor, learners (one with the same document in both), an obra, an import job
// and an invitation, B's coordinator and auditor walk every console route the app has, with A's
// ids in the addresses, and every CLI command runs for B: nothing of A shows, A's ids answer as
// not found, and A's rows (read through company 1's own scope) are as they were. The platform's
// routes (record 0286) are walked too: no staff session of a company opens them, and the
// platform's session opens no console route.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance, LightMyRequestResponse, RouteOptions } from 'fastify';
import {
  ENGINES,
  openTestDb,
  pdfPagesText,
  testApp,
  type Engine,
  type TestDb,
} from '../test-support.ts';
import { createUser } from '../db/store.ts';
import type { Db } from '../db/db.ts';
import { createCompany } from '../db/company-store.ts';
import { acrossCompanies, companyDb } from '../db/company-scope.ts';
import { ROOT } from '../../course-files/read-content.ts';
import { ANDINA, hiddenXsrf, postSignIn } from './console-fixture.ts';
import { importWorkerFor } from './import-worker.ts';
import { invitationWorkerFor, submitInvitations } from './invitation-jobs.ts';
import { submitImport } from './import-jobs.ts';
import { newSheetKey } from './invitation-sheet.ts';
import { guard } from './auth.ts';
import { ADMIN_HEADER } from './admin-channel.ts';
import { runUsers, USERS_HELP } from '../cli/users.ts';
import { runReport } from '../cli/report.ts';
import { createPlatformAccount } from '../platform/store.ts';
import type { XsrfTokens } from '../security/xsrf.ts';
import { importCompanyConfig } from '../company-config/import.ts';
import { insertRegistration } from '../lti/registrations.ts';

const FORM = 'application/x-www-form-urlencoded';
const ADMIN_TOKEN = 'token-del-canal-de-prueba';
const A = 1;

/** What only company A holds: none of it may reach a page, export or command of B. */
const A_SECRETS = [
  'Ana Alfa Reservada',
  'Aurelio Alfa Oculto',
  '6660001',
  'Importado Alfa',
  'Obra Alfa Reservada',
  'Contratista Alfa Reservado',
  'Coordinadora Alfa Reservada',
  'Auditora Alfa Reservada',
  'Punto Alfa Reservado',
  // Record 0295: A's LMS registration and an LMS user of A awaiting confirmation.
  'Plataforma Alfa Reservada',
  'Lucas Alfa Reservada',
  'cliente-lti-1',
];
/** A's configuration obra (the installation's file), whose meeting point A edits (record 0292). */
const A_CONFIG_OBRA = 'torre-norte';
/** The same document in both companies: two learners (record 0282). */
const SHARED_DOCUMENT = '5550001';

interface Company {
  id: number;
  coordinator: { document: string; password: string; cookie: string; xsrf: string };
  auditor: { document: string; password: string; cookie: string; xsrf: string };
  learnerId: number;
  obraSlug: string;
  importJob: number;
  sheet: string;
  /** An LTI registration of the company and an LMS user of it no proof linked yet. */
  ltiRegistration: number;
  ltiUser: number;
}

interface World {
  t: TestDb;
  app: FastifyInstance;
  routes: string[];
  platformRoutes: string[];
  a: Company;
  b: Company;
  /** A platform account's session (record 0286): no company's. */
  platform: { token: string };
}

async function signIn(app: FastifyInstance, document: string, password: string) {
  return postSignIn(app, 'consola', { documento: document, clave: password });
}

async function session(app: FastifyInstance, document: string, password: string) {
  const answer = await signIn(app, document, password);
  const found = answer.cookies.find((c) => c.name === 'consola_sesion');
  if (answer.statusCode !== 303 || !found) throw new Error(`no session for ${document}`);
  const cookie = `consola_sesion=${found.value}`;
  const page = await app.inject({ method: 'GET', url: '/consola', headers: { cookie } });
  return { document, password, cookie, xsrf: hiddenXsrf(page.body) };
}

const post = (app: FastifyInstance, url: string, cookie: string, fields: Record<string, string>) =>
  app.inject({
    method: 'POST',
    url,
    headers: { cookie, 'content-type': FORM },
    payload: new URLSearchParams(fields).toString(),
  });

async function upload(app: FastifyInstance, who: Company['coordinator'], csv: string) {
  const boundary = '----aislamiento';
  const part = (name: string, value: string) =>
    `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  const answer = await app.inject({
    method: 'POST',
    url: '/consola/importar',
    headers: { cookie: who.cookie, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload:
      part('_xsrf', who.xsrf) +
      `--${boundary}\r\nContent-Disposition: form-data; name="archivo"; filename="l.csv"\r\nContent-Type: text/csv\r\n\r\n${csv}\r\n--${boundary}--\r\n`,
  });
  const id = /\/consola\/importar\/(\d+)/.exec(String(answer.headers.location))?.[1];
  if (!id) throw new Error(`import refused: ${answer.statusCode} ${answer.body.slice(0, 300)}`);
  return Number(id);
}

/** One company: its staff, two learners, an obra, an import job and an invitation sheet. */
async function populate(
  app: FastifyInstance,
  db: Db,
  id: number,
  names: {
    prefix: string;
    only: string;
    imported: string[];
    obra: string;
    contratista: string;
  },
): Promise<Company> {
  const scoped = companyDb(db).forCompany(id);
  const p = names.prefix;
  const staff = (role: 'coordinador' | 'auditor', name: string) =>
    createUser(scoped, {
      document: `${role === 'coordinador' ? 'C' : 'AU'}-${id}00`,
      name,
      password: `clave-${role}-${id}`,
      role,
    });
  const coordinator = await staff('coordinador', `Coordinadora ${p}`);
  const auditor = await staff('auditor', `Auditora ${p}`);
  const coordinatorSession = await session(app, coordinator.document, `clave-coordinador-${id}`);
  const auditorSession = await session(app, auditor.document, `clave-auditor-${id}`);
  const made = await post(app, '/consola/obras', coordinatorSession.cookie, {
    _xsrf: coordinatorSession.xsrf,
    nombre: names.obra,
  });
  expect(made.statusCode, made.body.slice(0, 500)).toBe(303);
  const [obra] = await scoped.query<{ slug: string }>('SELECT slug FROM obras WHERE nombre = $1', [
    names.obra,
  ]);
  const learner = await createUser(scoped, {
    document: SHARED_DOCUMENT,
    name: `Ana ${p}`,
    password: 'clave-aprendiz-1',
    obra: obra!.slug,
    contratista: names.contratista,
  });
  await createUser(scoped, { document: names.only, name: `Aurelio ${p}`, password: 'clave-2222' });
  const importJob = await upload(
    app,
    coordinatorSession,
    `documento,nombre\n${names.imported.join('\n')}\n`,
  );
  const invited = await post(app, '/consola/invitaciones', coordinatorSession.cookie, {
    _xsrf: coordinatorSession.xsrf,
    ids: String(learner.id),
    sin_datos: 'si',
  });
  const sheet = /hoja=([^&]+)/.exec(String(invited.headers.location))?.[1];
  if (!sheet) throw new Error(`invitation refused: ${invited.statusCode}`);
  const registration = await insertRegistration(scoped, {
    platformName: `Plataforma ${p}`,
    issuer: `https://lms-${id}.example.co`,
    clientId: `cliente-lti-${id}`,
    authUrl: `https://lms-${id}.example.co/auth`,
    tokenUrl: `https://lms-${id}.example.co/token`,
    jwksUrl: `https://lms-${id}.example.co/jwks`,
    registeredVia: 'manual',
    deploymentIds: [`despliegue-${id}`],
    createdByName: `Coordinadora ${p}`,
  });
  const [ltiUser] = await scoped.query<{ id: number }>(
    `INSERT INTO lti_users (registration_id, issuer, sub, name) VALUES ($1, $2, 'sub-1', $3)
     RETURNING id`,
    [registration.id, registration.issuer, `Lucas ${p}`],
  );
  return {
    ltiRegistration: registration.id,
    ltiUser: ltiUser!.id,
    id,
    coordinator: coordinatorSession,
    auditor: auditorSession,
    learnerId: learner.id,
    obraSlug: obra!.slug,
    importJob,
    sheet,
  };
}

/**
 * The app, its console routes and its platform routes (record 0286) listed as it registers them;
 * `plant` adds a route of a test's.
 */
async function appOn(db: Db, plant?: (app: FastifyInstance) => void) {
  const routes: string[] = [];
  const platformRoutes: string[] = [];
  const app = await testApp(db, {
    adminChannelToken: ADMIN_TOKEN,
    exportsInline: true,
    console: { config: ANDINA, course: { title: 'Inducción SST', hours: 4 } },
    onRoute: (route: RouteOptions) => {
      for (const method of [route.method].flat()) {
        if (method === 'HEAD') continue;
        if (route.url.startsWith('/consola')) routes.push(`${method} ${route.url}`);
        if (route.url.startsWith('/plataforma')) platformRoutes.push(`${method} ${route.url}`);
      }
    },
  });
  plant?.(app);
  return { app, routes, platformRoutes };
}

async function twoCompanies(engine: Engine): Promise<World> {
  const t = await openTestDb(engine);
  const { app, routes, platformRoutes } = await appOn(t.db);
  const bId = await createCompany(t.db, 'Empresa Beta');
  const a = await populate(app, t.db, A, {
    prefix: 'Alfa Reservada',
    only: '6660001',
    imported: [
      '7770001,Importado Alfa Uno',
      '7770002,Importado Alfa Dos',
      '7770003,Importado Alfa Tres',
    ],
    obra: 'Obra Alfa Reservada',
    contratista: 'Contratista Alfa Reservado',
  });
  const b = await populate(app, t.db, bId, {
    prefix: 'Beta Visible',
    only: '8880001',
    // A's imported document, imported in B: a new learner of B, not «ya inscrito».
    imported: ['7770002,Bianca Beta Visible'],
    obra: 'Obra Beta Visible',
    contratista: 'Contratista Beta Visible',
  });
  // The jobs' loops run outside any request, as the poll does: each job under its own company.
  await importWorkerFor(t.db)!.wake();
  await invitationWorkerFor(t.db)!.wake();
  // «Aurelio Alfa Oculto» is A's: the prefix makes «Aurelio Alfa Reservada»; rename for clarity.
  await companyDb(t.db)
    .forCompany(A)
    .query("UPDATE users SET name = 'Aurelio Alfa Oculto' WHERE document = '6660001'");
  await createPlatformAccount(t.db, PLATFORM_ACCOUNT);
  // A's configuration stored as version 1, its obra's meeting point A's alone (record 0292).
  const fileOfA = JSON.parse(
    readFileSync(join(ROOT, 'test', 'fixtures', 'config', 'constructora-andina.json'), 'utf8'),
  ) as { empresa: Record<string, unknown>; obras: Record<string, unknown>[] };
  delete fileOfA.empresa.logo;
  fileOfA.obras[0]!.puntoEncuentro = 'Punto Alfa Reservado';
  const storedA = await importCompanyConfig(companyDb(t.db), A, JSON.stringify(fileOfA), {
    platform: 'Prueba',
  });
  if (!storedA.ok) throw new Error(storedA.errors.join('; '));
  return { t, app, routes, platformRoutes, a, b, platform: await platformSession(app) };
}

const PLATFORM_ACCOUNT = {
  email: 'plataforma@consultora.co',
  name: 'Plataforma Consultora',
  password: 'clave-de-la-plataforma',
};

async function platformSession(app: FastifyInstance) {
  const answer = await postSignIn(app, 'plataforma', {
    correo: PLATFORM_ACCOUNT.email,
    clave: PLATFORM_ACCOUNT.password,
  });
  const found = answer.cookies.find((c) => c.name === 'plataforma_sesion');
  if (answer.statusCode !== 303 || !found) throw new Error('no platform session');
  return { token: found.value };
}

/** Company A's rows, read within company A: what B must never change. */
const A_TABLES = [
  'users',
  'progress',
  'induction_cycles',
  'tokens',
  'invitations',
  'obras',
  'import_jobs',
  'console_invitation_sheets',
  'console_notices',
  'audit_log',
  'audit_exclusions',
  'certificates',
  'lti_registrations',
  'lti_deployments',
  'lti_registration_links',
  'lti_users',
  'lti_tool_keys',
];
async function snapshotOfA(db: Db): Promise<string> {
  const scoped = companyDb(db).forCompany(A);
  const parts: string[] = [];
  for (const table of A_TABLES)
    parts.push(table, JSON.stringify(await scoped.query(`SELECT * FROM ${table} ORDER BY 1`)));
  return parts.join('\n');
}

/** How a route is walked by B's staff; `special` routes are proven by their own tests below. */
type RouteCase =
  | {
      /** The address, with A's objects in it. */
      url: (a: Company) => string;
      /** The address names an object of A: not found (404) for B. */
      foreign?: boolean;
      /** A POST's fields (besides `_xsrf`). */
      fields?: (a: Company) => Record<string, string>;
    }
  | { special: string };

const learner = (action: string): RouteCase => ({
  url: (a) => `/consola/aprendices/${a.learnerId}/${action}`,
  foreign: true,
  fields: () => ({ motivo: 'Prueba de B', confirmar: 'si', celular: '3009998877' }),
});

export const CONSOLE_ROUTES: Record<string, RouteCase> = {
  'POST /consola/cli': { special: 'the CLI commands, below' },
  'POST /consola/cli/hola': { special: 'asks for no company: a proof of the channel token' },
  'GET /consola/ingresar': { special: 'the sign-in, below' },
  'POST /consola/ingresar': { special: 'the sign-in, below' },
  'POST /consola/salir': { special: 'revokes only its own token (sign-in tests, below)' },
  'GET /consola/compartir.js': { special: 'a static script, no data' },
  'GET /consola': { url: (a) => `/consola?obra=${a.obraSlug}` },
  'GET /consola/aprendices': { url: (a) => `/consola/aprendices?obra=${a.obraSlug}` },
  'GET /consola/aprendices/:id': {
    url: (a) => `/consola/aprendices/${a.learnerId}`,
    foreign: true,
  },
  'POST /consola/aprendices/:id/desactivar': learner('desactivar'),
  'POST /consola/aprendices/:id/celular': learner('celular'),
  'POST /consola/aprendices/:id/reactivar': learner('reactivar'),
  'POST /consola/aprendices/:id/contrasena': learner('contrasena'),
  'POST /consola/aprendices/:id/reinduccion': learner('reinduccion'),
  'POST /consola/aprendices/:id/excluir-auditoria': learner('excluir-auditoria'),
  'POST /consola/aprendices/:id/incluir-auditoria': learner('incluir-auditoria'),
  'GET /consola/reinduccion-obra': { url: (a) => `/consola/reinduccion-obra?obra=${a.obraSlug}` },
  'POST /consola/reinduccion-obra': {
    url: () => '/consola/reinduccion-obra',
    fields: (a) => ({ obra: a.obraSlug, confirmar: 'si', motivo: 'Prueba de B' }),
  },
  'GET /consola/agregar': { url: () => '/consola/agregar' },
  'POST /consola/agregar': {
    url: () => '/consola/agregar',
    // A's own document, in B: B's new learner; A's stays as it was.
    fields: () => ({
      documento: '7770001',
      nombre: 'Benito Beta Visible',
      clave: 'clave-benito-1',
    }),
  },
  'GET /consola/auditoria': { url: () => '/consola/auditoria' },
  'GET /consola/exportar.csv': { url: () => '/consola/exportar.csv' },
  'GET /consola/registro': { url: (a) => `/consola/registro?obra=${a.obraSlug}` },
  'GET /consola/registro.pdf': { url: () => '/consola/registro.pdf' },
  'GET /consola/importar': { url: () => '/consola/importar' },
  'POST /consola/importar': {
    special: 'B imports in its setup (A`s document becomes B`s learner)',
  },
  'GET /consola/importar/:id': { url: (a) => `/consola/importar/${a.importJob}`, foreign: true },
  'POST /consola/importar/:id/obras': {
    url: (a) => `/consola/importar/${a.importJob}/obras`,
    foreign: true,
    fields: () => ({}),
  },
  'POST /consola/importar/:id/actualizar': {
    url: (a) => `/consola/importar/${a.importJob}/actualizar`,
    foreign: true,
    fields: () => ({ documentos: '7770002' }),
  },
  'GET /consola/obras': { url: () => '/consola/obras' },
  'POST /consola/obras': {
    url: () => '/consola/obras',
    fields: () => ({ nombre: 'Obra Beta Dos' }),
  },
  'GET /consola/obras/:slug': { url: (a) => `/consola/obras/${a.obraSlug}`, foreign: true },
  'POST /consola/obras/:slug': {
    url: (a) => `/consola/obras/${a.obraSlug}`,
    foreign: true,
    fields: () => ({ nombre: 'Obra Beta Cambiada' }),
  },
  'POST /consola/obras/:slug/asignar': {
    url: (a) => `/consola/obras/${a.obraSlug}/asignar`,
    foreign: true,
    fields: () => ({ documentos: `${SHARED_DOCUMENT}\n7770001` }),
  },
  'GET /consola/obras/:slug/paquete/:edition': {
    url: (a) => `/consola/obras/${a.obraSlug}/paquete/scorm12`,
    foreign: true,
  },
  'GET /consola/auditoria-0312': { url: () => '/consola/auditoria-0312' },
  'GET /consola/auditoria-0312.pdf': { url: () => '/consola/auditoria-0312.pdf' },
  'POST /consola/invitaciones': {
    url: () => '/consola/invitaciones',
    fields: (a) => ({ ids: String(a.learnerId), sin_datos: 'si' }),
  },
  'GET /consola/invitaciones': { url: (a) => `/consola/invitaciones?hoja=${a.sheet}` },
  'GET /consola/contratistas': { url: () => '/consola/contratistas' },
  // Record 0287: B's own configuration (never configured: its name only); B's import refused.
  'GET /consola/configuracion': { url: () => '/consola/configuracion' },
  'GET /consola/configuracion.json': { url: () => '/consola/configuracion.json' },
  'POST /consola/configuracion': { url: () => '/consola/configuracion', fields: () => ({}) },
  // Record 0292: B («sin configurar») is asked to import first; A's obra and A's stored version
  // (its meeting point is A's secret) are not found.
  'GET /consola/configuracion/:section': { url: () => '/consola/configuracion/empresa' },
  'POST /consola/configuracion/:section': {
    url: () => '/consola/configuracion/empresa',
    fields: () => ({ nombre: 'Empresa Beta Intrusa' }),
  },
  'GET /consola/configuracion/obras/:slug': {
    url: () => `/consola/configuracion/obras/${A_CONFIG_OBRA}`,
    foreign: true,
  },
  'POST /consola/configuracion/obras/:slug': {
    url: () => `/consola/configuracion/obras/${A_CONFIG_OBRA}`,
    foreign: true,
    fields: () => ({ nombre: 'Obra Beta Intrusa', puntoEncuentro: 'Punto Beta' }),
  },
  'GET /consola/configuracion/obra-nueva': { url: () => '/consola/configuracion/obra-nueva' },
  'POST /consola/configuracion/obra-nueva': {
    url: () => '/consola/configuracion/obra-nueva',
    fields: () => ({ slug: 'obra-intrusa', nombre: 'Obra Intrusa' }),
  },
  'GET /consola/configuracion/versiones/:version': {
    url: () => '/consola/configuracion/versiones/1',
    foreign: true,
  },
  'POST /consola/contratistas/unir': {
    url: () => '/consola/contratistas/unir',
    fields: () => ({ grupo: 'Contratista Alfa Reservado', nombre: 'Contratista Beta Unido' }),
  },
  // Record 0295: B's LTI pages list B's registrations only; A's registration and A's LMS user
  // are not found; B registering A's issuer and client id makes B's own registration.
  'GET /consola/lti': { url: () => '/consola/lti' },
  'POST /consola/lti/registros': {
    url: () => '/consola/lti/registros',
    fields: () => ({
      platformName: 'Plataforma Beta Dos',
      issuer: 'https://lms-1.example.co',
      clientId: 'cliente-lti-1',
      deploymentId: 'despliegue-1',
      jwksUrl: 'https://lms-1.example.co/jwks',
      authUrl: 'https://lms-1.example.co/auth',
      tokenUrl: 'https://lms-1.example.co/token',
      documentClaim: 'documento',
    }),
  },
  'POST /consola/lti/registros/:id/revocar': {
    url: (a) => `/consola/lti/registros/${a.ltiRegistration}/revocar`,
    foreign: true,
    fields: () => ({ confirmar: 'si' }),
  },
  'POST /consola/lti/enlaces': { url: () => '/consola/lti/enlaces', fields: () => ({}) },
  'POST /consola/lti/clave': {
    url: () => '/consola/lti/clave',
    fields: () => ({ confirmar: 'si' }),
  },
  'GET /consola/lti/pendientes': { url: () => '/consola/lti/pendientes' },
  'POST /consola/lti/pendientes/:id': {
    url: (a) => `/consola/lti/pendientes/${a.ltiUser}`,
    foreign: true,
    fields: () => ({ documento: SHARED_DOCUMENT }),
  },
};

async function textOf(answer: LightMyRequestResponse): Promise<string> {
  const type = String(answer.headers['content-type'] ?? '');
  if (type.includes('pdf')) return pdfPagesText(answer.rawPayload);
  return answer.body;
}

/**
 * Every way B's coordinator and auditor can reach A through the console: each problem found, as
 * a line; [] when the wall holds. `table` must name every console route the app has.
 */
async function isolationProblems(w: World, table: Record<string, RouteCase>): Promise<string[]> {
  const problems: string[] = [];
  for (const route of w.routes)
    if (!(route in table)) problems.push(`${route}: not in the table of console routes`);
  for (const route of Object.keys(table))
    if (!w.routes.includes(route)) problems.push(`${route}: in the table, not in the app`);
  const before = await snapshotOfA(w.t.db);
  for (const [route, walk] of Object.entries(table)) {
    if ('special' in walk) continue;
    const method = route.split(' ')[0]!;
    for (const [who, viewer] of [
      ['coordinator', w.b.coordinator],
      ['auditor', w.b.auditor],
    ] as const) {
      const url = walk.url(w.a);
      const answer =
        method === 'GET'
          ? await w.app.inject({ method: 'GET', url, headers: { cookie: viewer.cookie } })
          : await post(w.app, url, viewer.cookie, {
              _xsrf: viewer.xsrf,
              ...(walk.fields?.(w.a) ?? {}),
            });
      const text = await textOf(answer);
      const seen = A_SECRETS.filter((s) => text.includes(s));
      if (seen.length) problems.push(`${route} (${who}): shows A's ${seen.join(', ')}`);
      if (answer.statusCode >= 500) problems.push(`${route} (${who}): ${answer.statusCode}`);
      // The auditor's POST is refused for its role (403) before any object is looked at.
      // The auditor is refused a coordinator's page for its role (403) before any object is
      // looked at: that reveals nothing of A.
      const expected = walk.foreign ? [404] : [];
      if (who === 'auditor' && (method === 'POST' || walk.foreign)) expected.push(403);
      if (expected.length && !expected.includes(answer.statusCode))
        problems.push(`${route} (${who}): ${answer.statusCode}, expected ${expected.join(' or ')}`);
    }
  }
  await invitationWorkerFor(w.t.db)!.wake();
  await importWorkerFor(w.t.db)!.wake();
  if ((await snapshotOfA(w.t.db)) !== before) problems.push("B's requests changed A's rows");
  return problems;
}

/**
 * The platform console's routes (record 0286): each is the platform's alone. `public`: the
 * sign-in, open to anyone (a coordinator's credentials are no platform account: tested in
 * server/platform/platform.test.ts). Every other route is walked with a company's staff session.
 */
type PlatformCase = { public: string } | { url: string; fields?: Record<string, string> };

export const PLATFORM_ROUTES: Record<string, PlatformCase> = {
  'GET /plataforma/ingresar': { public: 'the sign-in form' },
  'POST /plataforma/ingresar': { public: 'the sign-in: a platform account’s correo and password' },
  'POST /plataforma/salir': { url: '/plataforma/salir' },
  'GET /plataforma': { url: '/plataforma' },
  'GET /plataforma/empresas/nueva': { url: '/plataforma/empresas/nueva' },
  'POST /plataforma/empresas': {
    url: '/plataforma/empresas',
    fields: { empresa: 'Empresa Intrusa', nombre: 'Ina Intrusa', documento: '4440001' },
  },
  // A company that leaves (record 0293): B's staff reach neither A's nor their own company's page,
  // export or deletion.
  'GET /plataforma/empresas/:id/retirar': { url: '/plataforma/empresas/1/retirar' },
  'GET /plataforma/empresas/:id/exportacion.json': {
    url: '/plataforma/empresas/2/exportacion.json',
  },
  'POST /plataforma/empresas/:id/eliminar': {
    url: '/plataforma/empresas/2/eliminar',
    fields: { confirmacion: 'Empresa Beta' },
  },
  'GET /plataforma/operador': { url: '/plataforma/operador' },
  'POST /plataforma/operador': {
    url: '/plataforma/operador',
    fields: { nombre: 'Operador Intruso', nit: '900.111.222-3', contacto: 'intruso@x.example' },
  },
};

/**
 * The wall between the platform and the companies' staff, both ways: B's coordinator and
 * auditor, with their console session sent every way a platform route could read it, reach no
 * platform route (a GET goes to the platform's sign-in, a POST is refused) and create nothing;
 * the platform's session opens no console route. [] when it holds; `table` must name every
 * platform route the app has.
 */
async function platformProblems(w: World, table: Record<string, PlatformCase>): Promise<string[]> {
  const problems: string[] = [];
  for (const route of w.platformRoutes)
    if (!(route in table)) problems.push(`${route}: not in the table of platform routes`);
  for (const route of Object.keys(table))
    if (!w.platformRoutes.includes(route)) problems.push(`${route}: in the table, not in the app`);
  const companies = () => w.t.db.query('SELECT id, name FROM companies ORDER BY id');
  const before = await companies();
  // The installation's operator (record 0294) is the platform's to set, never a company's staff.
  const operators = () => w.t.db.query('SELECT id FROM installation_operator ORDER BY id');
  const operatorsBefore = await operators();
  for (const [route, walk] of Object.entries(table)) {
    if ('public' in walk) continue;
    const method = route.split(' ')[0]!;
    for (const [who, viewer] of [
      ['coordinator', w.b.coordinator],
      ['auditor', w.b.auditor],
    ] as const) {
      const token = /consola_sesion=(.+)$/.exec(viewer.cookie)![1]!;
      const headers = {
        cookie: `${viewer.cookie}; plataforma_sesion=${token}`,
        authorization: token,
      };
      const answer =
        method === 'GET'
          ? await w.app.inject({ method: 'GET', url: walk.url, headers })
          : await w.app.inject({
              method: 'POST',
              url: walk.url,
              headers: { ...headers, 'content-type': FORM },
              payload: new URLSearchParams({ _xsrf: viewer.xsrf, ...walk.fields }).toString(),
            });
      const refused =
        method === 'GET'
          ? answer.statusCode === 303 && answer.headers.location === '/plataforma/ingresar'
          : answer.statusCode === 401;
      if (!refused) problems.push(`${route} (${who}): ${answer.statusCode}, not refused`);
    }
  }
  // The platform's session on every console route: the console's sign-in, or 401.
  const platform = w.platform.token;
  for (const [route, walk] of Object.entries(CONSOLE_ROUTES)) {
    if ('special' in walk) continue;
    const method = route.split(' ')[0]!;
    const headers = {
      cookie: `plataforma_sesion=${platform}; consola_sesion=${platform}`,
    };
    const url = walk.url(w.a);
    const answer =
      method === 'GET'
        ? await w.app.inject({ method: 'GET', url, headers })
        : await post(w.app, url, headers.cookie, { ...(walk.fields?.(w.a) ?? {}) });
    const refused =
      method === 'GET'
        ? answer.statusCode === 303 &&
          String(answer.headers.location).startsWith('/consola/ingresar')
        : answer.statusCode === 401;
    if (!refused) problems.push(`${route} (platform session): ${answer.statusCode}, not refused`);
  }
  if (JSON.stringify(await companies()) !== JSON.stringify(before))
    problems.push("the companies' staff created a company");
  if (JSON.stringify(await operators()) !== JSON.stringify(operatorsBefore))
    problems.push("the companies' staff set the platform's operator");
  return problems;
}

describe.each(ENGINES)('two companies in the console and the CLI (%s)', (engine) => {
  let w: World;
  beforeAll(async () => {
    w = await twoCompanies(engine);
  }, 120_000);
  afterAll(async () => {
    await w?.app.close();
    await w?.t.cleanup();
  });

  it('each company’s jobs ran under its own company: B’s import made B’s learner of A’s document', async () => {
    const jobs = await acrossCompanies(companyDb(w.t.db)).query<{
      company_id: number;
      state: string;
      result: { imported: number; registered: unknown[] };
    }>('SELECT company_id, state, result FROM import_jobs ORDER BY id');
    expect(jobs.map((j) => [j.company_id, j.state, j.result.imported])).toEqual([
      [A, 'terminado', 3],
      [w.b.id, 'terminado', 1],
    ]);
    const sheets = await acrossCompanies(companyDb(w.t.db)).query<{
      company_id: number;
      state: string;
    }>('SELECT company_id, state FROM console_invitation_sheets ORDER BY company_id');
    expect(sheets).toEqual([
      { company_id: A, state: 'lista' },
      { company_id: w.b.id, state: 'lista' },
    ]);
    const page = await w.app.inject({
      method: 'GET',
      url: '/consola/aprendices',
      headers: { cookie: w.b.coordinator.cookie },
    });
    expect(page.body).toContain('Bianca Beta Visible');
  });

  it('B’s pages show B’s learners (the walk below reads something)', async () => {
    for (const url of ['/consola/aprendices', '/consola/exportar.csv']) {
      const page = await w.app.inject({
        method: 'GET',
        url,
        headers: { cookie: w.b.coordinator.cookie },
      });
      expect(page.body).toContain('Ana Beta Visible');
    }
  });

  it('every console route, walked by B’s coordinator and auditor with A’s ids: nothing of A', async () => {
    expect(await isolationProblems(w, CONSOLE_ROUTES)).toEqual([]);
    // B's posts acted in B: A's document added in B is B's new learner.
    const [added] = await companyDb(w.t.db)
      .forCompany(w.b.id)
      .query<{ name: string }>("SELECT name FROM users WHERE document = '7770001'");
    expect(added?.name).toBe('Benito Beta Visible');
  }, 120_000);

  it('every platform route is the platform’s alone; the platform opens no console route', async () => {
    expect(await platformProblems(w, PLATFORM_ROUTES)).toEqual([]);
    // The platform's session reaches its own pages (the walk above reads something).
    const page = await w.app.inject({
      method: 'GET',
      url: '/plataforma',
      headers: { cookie: `plataforma_sesion=${w.platform.token}` },
    });
    expect(page.body).toContain('Empresa Beta');
  }, 120_000);

  it('every CLI command acts within --empresa (default 1), directly and through the channel', async () => {
    const before = await snapshotOfA(w.t.db);
    const run = async (command: 'users' | 'report', argv: string[], file?: string) => {
      const out: string[] = [];
      const err: string[] = [];
      const io = { out: (s: string) => void out.push(s), err: (s: string) => void err.push(s) };
      const code =
        command === 'report'
          ? await runReport(argv, io, w.t.db, { topicCounts: [1], questionCounts: [1] })
          : await runUsers(argv, io, w.t.db, { readFile: () => Buffer.from(file ?? '') });
      return { code, out: out.join('\n'), err: err.join('\n') };
    };
    const b = ['--empresa', String(w.b.id)];
    // The commands the CLI has: every script of server/cli/ and every `users` command.
    const scripts = Object.values(
      (
        JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
          scripts: Record<string, string>;
        }
      ).scripts,
    ).filter((s) => /server\/cli\//.test(s));
    const usersCommands = [...USERS_HELP.split('Comandos:')[1]!.matchAll(/^ {2}(\w+) {2,}/gm)].map(
      (m) => m[1],
    );
    expect({ scripts, usersCommands }).toEqual({
      scripts: ['tsx server/cli/users.ts', 'tsx server/cli/report.ts'],
      usersCommands: ['add', 'import', 'plataforma'],
    });
    // The platform's accounts are no company's (record 0286): no --empresa, no company's row.
    await expect(
      run('users', [
        'plataforma',
        'add',
        ...b,
        '--email',
        'p@x.co',
        '--name',
        'Pe',
        '--password',
        'x',
      ]),
    ).rejects.toThrow(/no es de ninguna empresa/);
    const platformAccount = await run('users', [
      'plataforma',
      'add',
      '--email',
      'segunda@consultora.co',
      '--name',
      'Segunda Cuenta',
      '--password',
      'clave-larga-segunda',
    ]);
    expect(platformAccount.code, platformAccount.err).toBe(0);

    const reportB = await run('report', ['--csv', ...b]);
    expect(reportB.code).toBe(0);
    expect(reportB.out).toContain('Ana Beta Visible');
    expect(A_SECRETS.filter((s) => reportB.out.includes(s))).toEqual([]);
    const reportA = await run('report', ['--csv']);
    expect(reportA.out).toContain('Ana Alfa Reservada');
    expect(reportA.out).not.toContain('Beta Visible');

    const added = await run('users', [
      'add',
      ...b,
      '--document',
      '7770003',
      '--name',
      'Bernardo Beta Visible',
      '--password',
      'clave-bernardo',
    ]);
    expect(added.code, added.err).toBe(0);
    const imported = await run(
      'users',
      ['import', 'b.csv', `--empresa=${w.b.id}`],
      'documento,nombre\n7770003,Repetido Beta\n9990001,Berenice Beta Visible\n',
    );
    expect(imported.code, imported.err).toBe(0);
    // A's document, B's since the add: «ya inscrito» in B; Berenice is B's new learner (below).
    expect(imported.out).toContain('ya inscrito 7770003 (Repetido Beta)');
    expect(A_SECRETS.filter((s) => imported.out.includes(s) || imported.err.includes(s))).toEqual(
      [],
    );

    const channel = await w.app.inject({
      method: 'POST',
      url: '/consola/cli',
      headers: { [ADMIN_HEADER]: ADMIN_TOKEN, 'content-type': 'application/json' },
      payload: JSON.stringify({
        argv: [
          'add',
          '--document',
          '9990002',
          '--name',
          'Bruno Beta Visible',
          '--password',
          'clave-bruno',
          ...b,
        ],
      }),
    });
    expect(channel.json()).toMatchObject({ code: 0 });
    const inB = await companyDb(w.t.db)
      .forCompany(w.b.id)
      .query<{ name: string }>(
        "SELECT name FROM users WHERE document IN ('7770003', '9990001', '9990002') ORDER BY document",
      );
    expect(inB.map((r) => r.name)).toEqual([
      'Bernardo Beta Visible',
      'Berenice Beta Visible',
      'Bruno Beta Visible',
    ]);

    const unknown = await run('report', ['--csv', '--empresa', '999']);
    expect(unknown).toMatchObject({ code: 1, out: '' });
    expect(unknown.err).toContain('No existe la empresa 999');
    await expect(run('report', ['--csv', '--empresa', 'dos'])).rejects.toThrow(/número de empresa/);
    expect(await snapshotOfA(w.t.db)).toBe(before);
  }, 60_000);

  it('a job no request of its company wakes (stored by another instance) runs under its company', async () => {
    const inB = companyDb(w.t.db).forCompany(w.b.id);
    const [coordinator] = await inB.query<{ id: number }>(
      "SELECT id FROM users WHERE role = 'coordinador' ORDER BY id LIMIT 1",
    );
    const actor = { userId: coordinator!.id, name: 'Otra instancia' };
    const job = await submitImport(
      inB,
      actor,
      'otra.csv',
      Buffer.from('documento,nombre\n9990005,Bautista Beta Visible\n'),
      [],
    );
    const sheet = await submitInvitations(
      inB,
      newSheetKey(),
      {
        ids: [w.b.learnerId],
        kind: 'tarjeta',
        base: 'http://localhost',
        chosen: 1,
        actor,
      },
      null,
    );
    // The loops' poll: no request, no company of its own.
    await importWorkerFor(w.t.db)!.wake();
    await invitationWorkerFor(w.t.db)!.wake();
    const [imported] = await inB.query<{ state: string }>(
      'SELECT state FROM import_jobs WHERE id = $1',
      ['id' in job ? job.id : 0],
    );
    const [issued] = await inB.query<{ state: string }>(
      'SELECT state FROM console_invitation_sheets WHERE id = $1',
      [sheet.id],
    );
    expect([imported?.state, issued?.state]).toEqual(['terminado', 'lista']);
    const learners = await acrossCompanies(companyDb(w.t.db)).query<{ company_id: number }>(
      "SELECT company_id FROM users WHERE document = '9990005'",
    );
    expect(learners).toEqual([{ company_id: w.b.id }]);
  });

  it('sign-in: across companies; the same staff document in two companies is refused, naming none', async () => {
    for (const id of [A, w.b.id])
      await createUser(companyDb(w.t.db).forCompany(id), {
        document: 'C-DOBLE',
        name: `Coordinador Doble ${id === A ? 'Alfa Reservada' : 'Beta'}`,
        password: 'clave-doble',
        role: 'coordinador',
      });
    const twice = await signIn(w.app, 'C-DOBLE', 'clave-doble');
    expect(twice.statusCode).toBe(409);
    expect(twice.body).toContain('Ingresa por la dirección de la consola de tu empresa');
    expect(twice.body).not.toMatch(/Empresa Beta|Alfa Reservada|Doble/);
    expect(twice.cookies.find((c) => c.name === 'consola_sesion')).toBeUndefined();
    const wrong = await signIn(w.app, 'C-DOBLE', 'otra-clave');
    expect(wrong.statusCode).toBe(401);
    // B's signing out ends B's session only.
    const other = await session(w.app, `C-${w.b.id}00`, `clave-coordinador-${w.b.id}`);
    await post(w.app, '/consola/salir', other.cookie, { _xsrf: other.xsrf });
    const still = await w.app.inject({
      method: 'GET',
      url: '/consola',
      headers: { cookie: w.a.coordinator.cookie },
    });
    expect(still.statusCode).toBe(200);
  });

  it('a console route that forgets the company is caught: missing from the table, then leaking', async () => {
    const stub = { issue: () => '', verify: () => false } as unknown as XsrfTokens;
    // A second server on the same database (the sessions hold), with one route more: it reads
    // across companies where it should read the signed-in account's.
    const planted = await appOn(w.t.db, (app) => {
      const db = companyDb(w.t.db);
      app.get('/consola/plantada', { preHandler: guard(db, stub, 'read') }, async () => {
        const rows = await acrossCompanies(db).query<{ name: string }>(
          'SELECT name FROM users ORDER BY id',
        );
        return rows.map((r) => r.name).join('\n');
      });
    });
    try {
      const world = { ...w, ...planted };
      const missing = await isolationProblems(world, CONSOLE_ROUTES);
      expect(missing).toContain('GET /consola/plantada: not in the table of console routes');
      const leaking = await isolationProblems(world, {
        ...CONSOLE_ROUTES,
        'GET /consola/plantada': { url: () => '/consola/plantada' },
      });
      expect(leaking.join('\n')).toMatch(
        /GET \/consola\/plantada \(coordinator\): shows A's Ana Alfa/,
      );
    } finally {
      await planted.app.close();
    }
  }, 120_000);

  it('a platform route that forgets its guard is caught: missing from the table, then reached', async () => {
    const planted = await appOn(w.t.db, (app) => {
      app.get('/plataforma/plantada', async () => 'todas las empresas');
    });
    try {
      const world = { ...w, ...planted };
      expect(await platformProblems(world, PLATFORM_ROUTES)).toContain(
        'GET /plataforma/plantada: not in the table of platform routes',
      );
      const reached = await platformProblems(world, {
        ...PLATFORM_ROUTES,
        'GET /plataforma/plantada': { url: '/plataforma/plantada' },
      });
      expect(reached).toContain('GET /plataforma/plantada (coordinator): 200, not refused');
    } finally {
      await planted.app.close();
    }
  }, 120_000);
});
