// A sign-in address per company (record 0288), against a real server started here on an
// in-memory database with two companies whose workers share a document: a worker of company 2
// opens its company's address (`/entrar?empresa=constructora-beta`), types the document and the
// code of its card, and lands in its own course — company 2's learner, not company 1's with the
// same document. The gate page at that address names the company. Screenshots (360 px and
// desktop) of both pages go to the shots folder.
import { join, resolve } from 'node:path';
import { expect, test } from '@playwright/test';
import type { FastifyInstance } from 'fastify';
import { openPglite, type Db } from '../server/db/db.ts';
import { migrate } from '../server/db/migrate.ts';
import { buildApp } from '../server/app.ts';
import { createUser, updateProgress } from '../server/db/store.ts';
import { acceptDataNotice, publishDataNoticeVersion } from '../server/db/activity-store.ts';
import { companyDb } from '../server/db/company-scope.ts';
import { createCompany, FIRST_COMPANY_ID } from '../server/db/company-store.ts';
import { issueInvitations } from '../server/invitations.ts';
import { dataNoticeVersion } from '../src/domain/config/index.ts';
import { readConfiguration, withEnv } from '../course-files/read-config.ts';
import { loadCourseShape } from '../server/course-shape.ts';
import { shotsDir } from './support/shots.ts';

process.env.CURSO_SST_SCRYPT_LOG2N ??= '12';
const ROOT = resolve(import.meta.dirname, '..');
const CONFIG = readConfiguration(withEnv({}), { firstObra: true }).config;
const DOCUMENT = '1000028801';
const SLUG = 'constructora-beta';
const BETA = 'Constructora Beta S.A.S.';

test.describe.configure({ mode: 'serial' });

let db: Db;
let app: FastifyInstance;
let base = '';
let code = '';

test.beforeAll(async () => {
  db = await openPglite();
  await migrate(db);
  const wall = companyDb(db);
  const beta = await createCompany(db, BETA, SLUG);
  const shape = loadCourseShape();
  const route = shape.topicCounts.map(() => '0').join('-');
  const notice = dataNoticeVersion(CONFIG);
  for (const [company, name] of [
    [FIRST_COMPANY_ID, 'Ana Primera Ruiz'],
    [beta, 'Beto Segundo Gil'],
  ] as const) {
    const scoped = wall.forCompany(company);
    await publishDataNoticeVersion(scoped, notice);
    const user = await createUser(scoped, {
      document: DOCUMENT,
      name,
      email: null,
      password: `clave-de-${company}-larga`,
    });
    await acceptDataNotice(scoped, user.id, notice);
    await updateProgress(scoped, user.id, { score: 0, route, finalTerms: false }, shape);
    if (company === beta) {
      const [card] = await issueInvitations(
        scoped,
        { userId: null, name: 'Coordinación' },
        [user.id],
        'codigo',
      );
      code = card!.code;
    }
  }
  app = await buildApp({
    db,
    webDir: join(ROOT, 'dist', 'web'),
    lmsPreviewDir: null,
    console: { config: CONFIG },
    rateLimits: { loginPerIp: 0, failuresPerAccount: 1000 },
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
});

test.afterAll(async () => {
  await app?.close();
  await db?.close();
});

test('a worker of company 2 signs in at its company’s address with a code and lands in its course', async ({
  page,
}) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto(`${base}/entrar?empresa=${SLUG}`);
  await expect(page.getByRole('heading', { name: 'Entrar con tu código' })).toBeVisible();
  await page.screenshot({ path: join(shotsDir(), 'company-address-sign-in-360.png') });
  await page.getByLabel('Número de documento').fill(DOCUMENT);
  await page.getByLabel('Código', { exact: true }).fill(code);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page).toHaveURL(/\/(introduccion|menu|contenido|lista\d|seleccionar|arrastra)/);
  // Company 2's learner, not company 1's with the same document.
  const user = await page.evaluate(() => JSON.parse(localStorage.getItem('user') ?? 'null'));
  expect(user).toMatchObject({ name: 'Beto Segundo Gil' });
});

test('the gate page at the company’s address names the company', async ({ page }) => {
  for (const [width, height, name] of [
    [360, 740, 'company-address-gate-360.png'],
    [1280, 800, 'company-address-gate-desktop.png'],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.goto(`${base}/porteria?empresa=${SLUG}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Portería — ${BETA}`);
    await expect(page.getByText('Clave de verificación guardada en este teléfono')).toBeVisible();
    await page.screenshot({ path: join(shotsDir(), name) });
  }
  // Opened later at the plain address on the same phone: still that company's gate.
  await page.goto(`${base}/porteria`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Portería — ${BETA}`);
});

test('the sign-in page at the company’s address, on a desktop', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`${base}/?empresa=${SLUG}`);
  await expect(page.getByRole('button', { name: 'Ingresar' })).toBeVisible();
  await page.screenshot({ path: join(shotsDir(), 'company-address-sign-in-desktop.png') });
});
