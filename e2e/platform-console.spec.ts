// The platform console (record 0286), against a real server started here on an in-memory
// database: the platform account the CLI made signs in on /plataforma, sees the companies, creates
// one with its first coordinator and reads the password shown once; that coordinator signs in to
// the console. The list and the form are taken at 1280 px and 360 px (SHOTS_DIR) and checked with
// axe.
import { expect, test, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import type { FastifyInstance } from 'fastify';
import { join } from 'node:path';
import type { Db } from '../server/db/db.ts';
import { runUsers } from '../server/cli/users.ts';
import { startSeededServer } from './support/seeded-server.ts';
import { shotsDir } from './support/shots.ts';

process.env.CURSO_SST_SCRYPT_LOG2N ??= '12';
const OPERATOR = {
  email: 'operaciones@consultora.co',
  name: 'Olga Operadora',
  password: 'Clave-Plataforma-2026',
};
const COMPANY = 'Obras del Sur S.A.S.';
const FIRST_COORDINATOR = { document: '52000111', name: 'Sofía Sur Pérez' };

test.describe.configure({ mode: 'serial' });

let db: Db;
let app: FastifyInstance;
let base = '';
let shots = '';

test.beforeAll(async () => {
  test.setTimeout(120_000);
  ({ db, app, base } = await startSeededServer({
    learners: [],
    coordinator: { document: '1000000951', name: 'Carla Primera Empresa' },
    password: 'Clave-Primera-1',
  }));
  // The platform account, made the way an administrator makes it: the CLI's command.
  const lines: string[] = [];
  const io = { out: (s: string) => void lines.push(s), err: (s: string) => void lines.push(s) };
  const code = await runUsers(
    [
      'plataforma',
      'add',
      '--email',
      OPERATOR.email,
      '--name',
      OPERATOR.name,
      '--password',
      OPERATOR.password,
    ],
    io,
    db,
  );
  if (code !== 0) throw new Error(lines.join('\n'));
  shots = shotsDir();
});

test.afterAll(async () => {
  await app?.close();
  await db?.close();
});

/** Desktop and phone screenshots of the page as it stands, and no axe violation. */
async function look(page: Page, name: string) {
  for (const [width, height, label] of [
    [1280, 800, 'escritorio'],
    [360, 740, '360'],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.screenshot({ path: join(shots, `plataforma-${name}-${label}.png`), fullPage: true });
  }
  const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  expect(axe.violations.map((v) => v.id)).toEqual([]);
  await page.setViewportSize({ width: 1280, height: 800 });
}

test('the platform signs in, creates a company and its coordinator enters the console', async ({
  page,
}) => {
  await page.goto(`${base}/plataforma`);
  await expect(page.getByRole('heading', { name: 'Ingreso a la plataforma' })).toBeVisible();
  await page.getByLabel('Correo').fill(OPERATOR.email);
  await page.getByLabel('Contraseña').fill(OPERATOR.password);
  await page.getByRole('button', { name: 'Ingresar' }).click();

  await expect(page.getByRole('heading', { name: 'Empresas de esta instalación' })).toBeVisible();
  await expect(page.getByRole('table')).toContainText('1 empresa');
  await look(page, 'empresas');

  await page.getByRole('link', { name: 'Crear empresa' }).first().click();
  await expect(page.getByRole('heading', { name: 'Crear empresa' })).toBeVisible();
  await page.getByLabel('Nombre de la empresa').fill(COMPANY);
  await page.getByLabel('Nombre completo').fill(FIRST_COORDINATOR.name);
  await page.getByLabel('Documento').fill(FIRST_COORDINATOR.document);
  await look(page, 'crear');
  await page.getByRole('button', { name: 'Crear empresa' }).click();

  const done = page.getByRole('status');
  await expect(done).toContainText(`Se creó la empresa ${COMPANY}`);
  const password = (await page.locator('p.secret').textContent())?.trim() ?? '';
  expect(password).toMatch(/^[A-Za-z0-9]{12}$/);
  await page.getByRole('link', { name: 'Volver a las empresas' }).click();
  await expect(page.getByRole('row', { name: new RegExp(COMPANY) })).toContainText('0');
  await look(page, 'empresas-dos');

  // The first coordinator enters the console with the password shown once: an empty company.
  await page.goto(`${base}/consola/ingresar`);
  await page.getByLabel('Documento o correo').fill(FIRST_COORDINATOR.document);
  await page.getByLabel('Contraseña').fill(password);
  await page.getByRole('button', { name: 'Ingresar' }).click();
  await expect(page.getByText(`${FIRST_COORDINATOR.name} (coordinador)`)).toBeVisible();
  await page.goto(`${base}/consola/aprendices`);
  await expect(page.getByText('Carla Primera Empresa')).toHaveCount(0);
});
