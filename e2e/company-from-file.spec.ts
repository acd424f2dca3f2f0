// A company configured at run time, end to end (records 0287, 0291–0293), on one server started
// here against the one web build: the platform creates a company from its configuration file;
// its first coordinator changes the obra's meeting point on the configuration's obra page and
// imports two workers from a CSV; one of them, with the course seeded as finished, reads that
// company's name on the data notice, the new meeting point in module 5 and that company's name
// on the certificate; company 1's learner, on the same server, reads company 1's. The obra page
// is taken at 1280 px and 360 px (SHOTS_DIR).
import { expect, test, type Browser, type Page } from '@playwright/test';
import type { FastifyInstance } from 'fastify';
import { join } from 'node:path';
import type { Db } from '../server/db/db.ts';
import { runUsers } from '../server/cli/users.ts';
import { updateProgress } from '../server/db/store.ts';
import { companyDb, ALL_COMPANIES } from '../server/db/company-scope.ts';
import { loadCourseShape } from '../server/course-shape.ts';
import { readConfiguration, withEnv } from '../course-files/read-config.ts';
import { pagePath } from '../src/domain/progress/navigation.ts';
import { course } from './support/content.ts';
import { pdfText } from './support/pdf-text.ts';
import { shotsDir } from './support/shots.ts';
import { startSeededServer } from './support/seeded-server.ts';
import { companyFile } from './support/two-companies.ts';

process.env.CURSO_SST_SCRYPT_LOG2N ??= '12';
const PASSWORD = 'Clave-Empresas-2026';
const OPERATOR = { email: 'plataforma@consultora.co', name: 'Olga Operadora', password: PASSWORD };
const FIRST = { document: '1000048101', name: 'Ana Primera Ruiz' };
const GAMMA = {
  name: 'Constructora Gamma S.A.S.',
  obra: 'torre-gamma',
  obraName: 'Torre Gamma',
  fileMeetingPoint: 'la portería principal de la Torre Gamma',
  meetingPoint: 'el parqueadero sur de la Torre Gamma',
  coordinator: { document: '52004801', name: 'Gloria Gamma Pérez' },
  workers: [
    { document: '1000048102', name: 'Germán Gamma Ríos' },
    { document: '1000048103', name: 'Gina Gamma Toro' },
  ],
} as const;
const installation = readConfiguration(withEnv({}), { firstObra: true }).config;

test.describe.configure({ mode: 'serial' });

let db: Db;
let app: FastifyInstance;
let base = '';

/** Every topic and quiz of every module seen, score 100, the final acceptance given. */
async function seedFinished(scoped: Db, userId: number) {
  const shape = loadCourseShape();
  const route = shape.topicCounts
    .map((topics) => Array.from({ length: topics + 1 }, (_, i) => i).join(','))
    .join('-');
  await updateProgress(scoped, userId, { score: 100, route, finalTerms: true }, shape);
}

test.beforeAll(async () => {
  test.setTimeout(120_000);
  ({ db, app, base } = await startSeededServer({
    learners: [{ person: FIRST, stage: 'last-quiz' }],
    coordinator: { document: '1000048100', name: 'Carla Primera Empresa' },
    password: PASSWORD,
  }));
  const wall = companyDb(db);
  const [first] = await wall
    .forCompany(1)
    .query<{ id: number }>('SELECT id FROM users WHERE document = $1', [FIRST.document]);
  await seedFinished(wall.forCompany(1), first!.id);
  const lines: string[] = [];
  const io = { out: (s: string) => void lines.push(s), err: (s: string) => void lines.push(s) };
  const args = ['--email', OPERATOR.email, '--name', OPERATOR.name, '--password', PASSWORD];
  if ((await runUsers(['plataforma', 'add', ...args], io, db)) !== 0)
    throw new Error(lines.join('\n'));
});

test.afterAll(async () => {
  await app?.close();
  await db?.close();
});

/** The module-5 screen that says where the meeting point is. */
function meetingPointScreen(): string {
  const m5 = course().modules[4]!;
  const screen = m5.topics.find((t) => JSON.stringify(t).includes('{{#obra.puntoEncuentro}}'));
  expect(screen, 'una pantalla del módulo 5 usa obra.puntoEncuentro').toBeTruthy();
  return pagePath(screen!);
}

/** The certificate the footer's button opens, as text. */
async function certificateText(page: Page): Promise<string> {
  await page.goto('/menu');
  const pdf = page
    .context()
    .waitForEvent('response', (r) => /\/certificados\/[\w-]{22}\.pdf$/.test(r.url()));
  await Promise.all([
    page.context().waitForEvent('page'),
    page.getByRole('contentinfo').getByRole('button', { name: 'Certificado' }).click(),
  ]);
  const response = await pdf;
  expect(response.status()).toBe(200);
  return pdfText(await (await page.request.get(response.url())).body());
}

/** A learner signs in at their company's address, in a browser of their own. */
async function learnerSignsIn(browser: Browser, document: string, empresa: string | null) {
  const context = await browser.newContext({ baseURL: base, locale: 'es-CO' });
  const page = await context.newPage();
  await page.goto(empresa ? `/?empresa=${empresa}` : '/');
  await page.getByLabel('Número de documento o correo').fill(document);
  await page.getByLabel('Contraseña').fill(PASSWORD);
  await page.getByRole('button', { name: 'Ingresar' }).click();
  await expect(page).not.toHaveURL(new RegExp(`^${base}/(\\?.*)?$`));
  return { context, page };
}

test('the platform creates a company from its file; its coordinator moves the meeting point and imports two workers; each company’s learner sees their own company', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const context = await browser.newContext({ baseURL: base, locale: 'es-CO' });
  const page = await context.newPage();

  // The platform: a company from its configuration file, with its first coordinator.
  await page.goto('/plataforma');
  await page.getByLabel('Correo').fill(OPERATOR.email);
  await page.getByLabel('Contraseña').fill(OPERATOR.password);
  await page.getByRole('button', { name: 'Ingresar' }).click();
  await page.getByRole('link', { name: 'Crear empresa' }).first().click();
  await page.getByLabel('Nombre de la empresa').fill(GAMMA.name);
  await page.getByLabel('Nombre completo').fill(GAMMA.coordinator.name);
  await page.getByLabel('Documento').fill(GAMMA.coordinator.document);
  await page.getByLabel('Archivo de configuración (.json)').setInputFiles({
    name: 'gamma.json',
    mimeType: 'application/json',
    buffer: Buffer.from(
      companyFile(installation, { ...GAMMA, meetingPoint: GAMMA.fileMeetingPoint }),
      'utf8',
    ),
  });
  await page.getByRole('button', { name: 'Crear empresa' }).click();
  await expect(page.getByRole('status')).toContainText(`Se creó la empresa ${GAMMA.name}`);
  const coordinatorPassword = (await page.locator('p.secret').textContent())?.trim() ?? '';
  expect(coordinatorPassword).toMatch(/^[A-Za-z0-9]{12}$/);
  const [gamma] = await companyDb(db)
    .forCompany(ALL_COMPANIES)
    .query<{ id: number; slug: string }>('SELECT id, slug FROM companies WHERE name = $1', [
      GAMMA.name,
    ]);
  expect(gamma).toBeTruthy();

  // Its coordinator, at the company's address: the obra's meeting point changed on its page.
  await page.goto(`/consola/ingresar?empresa=${gamma!.slug}`);
  await page.getByLabel('Documento o correo').fill(GAMMA.coordinator.document);
  await page.getByLabel('Contraseña').fill(coordinatorPassword);
  await page.getByRole('button', { name: 'Ingresar' }).click();
  await expect(page.getByText(`${GAMMA.coordinator.name} (coordinador)`)).toBeVisible();
  await page.goto(`/consola/configuracion/obras/${GAMMA.obra}`);
  const meeting = page.getByLabel('Punto de encuentro');
  await expect(meeting).toHaveValue(GAMMA.fileMeetingPoint);
  await meeting.fill(GAMMA.meetingPoint);
  const shots = shotsDir();
  for (const [width, height, label] of [
    [1280, 800, 'escritorio'],
    [360, 740, '360'],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.screenshot({ path: join(shots, `configuracion-obra-${label}.png`), fullPage: true });
  }
  await page.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Versión 2', { exact: false }).first()).toBeVisible();

  // Two workers imported from a CSV, naming the configuration's obra.
  const csv =
    'documento;nombre;correo;contraseña;obra;cargo\r\n' +
    GAMMA.workers
      .map((w) => `${w.document};${w.name};;${PASSWORD};${GAMMA.obraName};Ayudante`)
      .join('\r\n') +
    '\r\n';
  await page.goto('/consola/importar');
  await page
    .getByLabel('Archivo CSV')
    .setInputFiles({ name: 'gamma.csv', mimeType: 'text/csv', buffer: Buffer.from(csv, 'utf8') });
  await page.getByRole('button', { name: 'Importar' }).click();
  await expect(page.getByRole('status').first()).toContainText('Importados: 2.', {
    timeout: 120_000,
  });
  await context.close();

  // One worker's course seeded as finished (the walk itself is other specs' work).
  const scoped = companyDb(db).forCompany(gamma!.id);
  const [worker] = await scoped.query<{ id: number; obra: string }>(
    'SELECT id, obra FROM users WHERE document = $1',
    [GAMMA.workers[0].document],
  );
  expect(worker!.obra).toBe(GAMMA.obra);
  await seedFinished(scoped, worker!.id);

  const path = meetingPointScreen();
  const g = await learnerSignsIn(browser, GAMMA.workers[0].document, gamma!.slug);
  try {
    // Company Gamma's data notice, accepted: its version is that company's.
    await expect(g.page.getByRole('button', { name: 'Acepto' })).toBeVisible();
    await expect(g.page.getByRole('main')).toContainText(GAMMA.name);
    await g.page.getByRole('button', { name: 'Acepto' }).click();
    await expect(g.page.getByRole('button', { name: 'Acepto' })).toHaveCount(0);
    await g.page.goto(path);
    await expect(g.page.getByRole('main')).toContainText(GAMMA.meetingPoint);
    await expect(g.page.getByRole('main')).not.toContainText(GAMMA.fileMeetingPoint);
    const text = await certificateText(g.page);
    expect(text).toContain(GAMMA.workers[0].name);
    expect(text).toContain(GAMMA.name);
    expect(text).not.toContain(installation.empresa.nombre);
  } finally {
    await g.context.close();
  }

  // Company 1's learner, same server, same build: company 1's obra and certificate.
  const one = await learnerSignsIn(browser, FIRST.document, null);
  try {
    await one.page.goto(path);
    await expect(one.page.getByRole('main')).toContainText(installation.obras[0]!.puntoEncuentro!);
    await expect(one.page.getByRole('main')).not.toContainText(GAMMA.meetingPoint);
    const text = await certificateText(one.page);
    expect(text).toContain(FIRST.name);
    expect(text).toContain(installation.empresa.nombre);
    expect(text).not.toContain(GAMMA.name);
  } finally {
    await one.context.close();
  }
});
