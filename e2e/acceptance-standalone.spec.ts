// The worker's acceptance (decisions 0220, 0221) against a real server started here, in this
// process, on an in-memory database the test can reach: one learner finishes the course and
// answers «Acepto», another «Ahora no» and still gets the certificate; a third accepts offline
// and sees it pending until the network returns. The coordinator's «Registro de inducción»
// (text extracted from the PDF) shows time, version, acceptance and seal for the first and «sin
// aceptación» for the second. A stored acceptance edited in the database (its append-only
// trigger switched off, as only the database owner can) makes the console and /verificar
// report the seal as broken.
import { writeFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import type { FastifyInstance } from 'fastify';
import { type Db } from '../server/db/db.ts';
import { course } from './support/content.ts';
import { startSeededServer } from './support/seeded-server.ts';
import { takeModule } from './support/learner.ts';
import { pdfText } from './support/pdf-text.ts';
import { shotsDir } from './support/shots.ts';

process.env.CURSO_SST_SCRYPT_LOG2N ??= '12';
const PASSWORD = 'Clave-Aceptacion-1';
const ACCEPTS = { document: '1000000931', name: 'Ana Acepta Ruiz' };
const NOT_NOW = { document: '1000000932', name: 'Beto Ahora Díaz' };
const OFFLINE = { document: '1000000933', name: 'Carla Sin Señal' };
const COORDINATOR = { document: '1000000939', name: 'Laura Coordinadora' };

test.describe.configure({ mode: 'serial' });

let db: Db;
let app: FastifyInstance;
let base = '';
let shots = '';

test.beforeAll(async () => {
  test.setTimeout(120_000);
  ({ db, app, base } = await startSeededServer({
    learners: [ACCEPTS, NOT_NOW, OFFLINE].map((person) => ({ person, stage: 'last-module' })),
    coordinator: COORDINATOR,
    password: PASSWORD,
  }));
  shots = shotsDir();
});

test.afterAll(async () => {
  await app?.close();
  await db?.close();
});

async function finishCourse(page: Page, learner: { document: string }) {
  await page.goto(`${base}/`);
  await page.getByLabel('Número de documento o correo').fill(learner.document);
  await page.getByLabel('Contraseña').fill(PASSWORD);
  await page.getByRole('button', { name: 'Ingresar' }).click();
  await expect(page).not.toHaveURL(`${base}/`);
  await page.goto(`${base}/menu`);
  await takeModule(page, course().modules.length);
  const congrats = page.getByRole('dialog', { name: 'FELICITACIONES' });
  await expect(congrats).toBeVisible();
  return congrats;
}

const certificateCode = async (page: Page) => {
  const pdf = page
    .context()
    .waitForEvent('response', (r) => /\/certificados\/[\w-]{22}\.pdf$/.test(r.url()));
  const [tab] = await Promise.all([
    page.context().waitForEvent('page'),
    page
      .getByRole('dialog', { name: 'FELICITACIONES' })
      .getByRole('button', { name: 'DESCARGAR' })
      .click(),
  ]);
  const text = await pdfText(await (await page.request.get((await pdf).url())).body());
  await tab.close();
  return /SST-[A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4}/.exec(text)![0];
};

const codes: Record<string, string> = {};

test('a learner accepts after the last quiz; another answers «Ahora no» and still gets the certificate', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const congrats = await finishCourse(page, ACCEPTS);
  const panel = congrats.getByRole('region', { name: 'Confirma tu inducción' });
  await expect(panel).toContainText(`Yo, ${ACCEPTS.name}, con documento ${ACCEPTS.document}`);
  await expect(panel).toContainText('parte general de la inducción');
  await expect(panel).toContainText('EJEMPLO — revisar con su asesor legal');
  await expect(panel).not.toContainText(/firma manuscrita|firma autógrafa/i);
  for (const [label, size] of [
    ['1366', { width: 1366, height: 768 }],
    ['360', { width: 360, height: 740 }],
  ] as const) {
    await page.setViewportSize(size);
    await page.screenshot({ path: `${shots}/acceptance-panel-${label}.png` });
  }
  await page.setViewportSize({ width: 1366, height: 768 });
  await panel.getByRole('button', { name: 'Acepto' }).click();
  await expect(congrats.getByRole('status')).toHaveText('Tu aceptación quedó registrada.');
  codes.accepts = await certificateCode(page);

  const other = await page.context().browser()!.newPage();
  const congrats2 = await finishCourse(other, NOT_NOW);
  await congrats2.getByRole('button', { name: 'Ahora no' }).click();
  await expect(congrats2.getByRole('status')).toHaveText(
    'No confirmaste la inducción. Tu certificado no cambia.',
  );
  codes.notNow = await certificateCode(other);
  await other.close();
  const [count] = await db.query<{ n: number }>('SELECT count(*)::integer AS n FROM acceptances');
  expect(count?.n).toBe(1);
});

test('offline, the acceptance waits on the device and is sealed when the network returns', async ({
  page,
  context,
}) => {
  test.setTimeout(240_000);
  const congrats = await finishCourse(page, OFFLINE);
  await context.setOffline(true);
  await congrats.getByRole('button', { name: 'Acepto' }).click();
  await expect(congrats.getByRole('status')).toContainText('pendiente de envío');
  await page.screenshot({ path: `${shots}/acceptance-pending-1366.png` });
  await context.setOffline(false);
  await expect(congrats.getByRole('status')).toHaveText('Tu aceptación quedó registrada.');
  const rows = await db.query<{ name: string }>('SELECT a.name FROM acceptances a ORDER BY id');
  expect(rows.map((r) => r.name)).toEqual([ACCEPTS.name, OFFLINE.name]);
});

test('the registro shows time, version, acceptance and seal; an edited row reads as a broken seal', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await page.goto(`${base}/consola/ingresar`);
  await page.getByLabel('Documento o correo').fill(COORDINATOR.document);
  await page.getByLabel('Contraseña').fill(PASSWORD);
  await page.getByRole('button', { name: 'Ingresar' }).click();
  await expect(page).toHaveURL(/\/consola/);

  const today = new Date().toISOString().slice(0, 10);
  const registro = async () => {
    const response = await page.request.get(
      `${base}/consola/registro.pdf?obra=obra-ejemplo&desde=2026-01-01&hasta=${today}`,
    );
    expect(response.status()).toBe(200);
    return response.body();
  };
  const bytes = await registro();
  writeFileSync(`${shots}/registro.pdf`, bytes);
  const text = await pdfText(bytes);
  const [accepted] = await db.query<{ seal: string; shown_version: string }>(
    'SELECT seal, shown_version FROM acceptances WHERE name = $1',
    [ACCEPTS.name],
  );
  const shortSeal = accepted!.seal.slice(0, 12).replace(/(.{4})(?=.)/g, '$1-');
  const rowOf = (name: string) => {
    const start = text.indexOf(name);
    const next = Math.min(
      ...[ACCEPTS.name, NOT_NOW.name, OFFLINE.name, 'Totales:']
        .map((n) => text.indexOf(n, start + 1))
        .filter((i) => i > start),
    );
    return text.slice(start, next);
  };
  // The «1.er intento» column says what it counts (the score is progress, not answers).
  expect(text).toContain('1.er intento: preguntas acertadas a la primera respuesta');
  const first = rowOf(ACCEPTS.name);
  expect(first).toMatch(/Tiempo registrado: ((\d+ h )?\d+ min|menos de 1 min)/);
  expect(first).toContain(`texto mostrado ${accepted!.shown_version.slice(0, 8)}`);
  expect(first).toMatch(
    new RegExp(`aceptó \\d{2}/\\d{2}/\\d{4},? \\d{1,2}:\\d{2}.*sello ${shortSeal}`),
  );
  expect(first).toContain(`verificar en ${base}/verificar/${codes.accepts}`);
  const second = rowOf(NOT_NOW.name);
  expect(second).toContain('sin aceptación');
  expect(second).toMatch(/Tiempo registrado: ((\d+ h )?\d+ min|menos de 1 min)/);
  expect(text).toContain('parte general de la inducción');
  expect(text).toContain('Totales: 3 aprendices · 2 con aceptación · 1 sin aceptación');
  expect(text).toContain('Cabeza de la cadena de sellos');
  expect(text).toContain('Laura Gómez');
  expect(text).toContain('Licencia SST 00000 de 2024 (ejemplo)');

  // Intact: the console's learner page and /verificar say so.
  const [{ id } = { id: 0 }] = await db.query<{ id: number }>(
    'SELECT id FROM users WHERE document = $1',
    [ACCEPTS.document],
  );
  await page.goto(`${base}/consola/aprendices/${id}`);
  await expect(page.locator('[data-seal]')).toContainText('sello íntegro');
  await page.goto(`${base}/verificar/${codes.accepts}`);
  await expect(page.getByRole('main')).toContainText('sello íntegro');
  await page.goto(`${base}/verificar/${codes.notNow}`);
  await expect(page.getByRole('main')).toContainText('Sin aceptación registrada');

  // Someone with the database owner's rights edits the stored acceptance.
  await db.query('ALTER TABLE acceptances DISABLE TRIGGER acceptances_no_change');
  await db.query(
    "UPDATE acceptances SET received_at = received_at - interval '3 days' WHERE name = $1",
    [ACCEPTS.name],
  );
  await db.query('ALTER TABLE acceptances ENABLE TRIGGER acceptances_no_change');
  await page.goto(`${base}/consola/aprendices/${id}`);
  await expect(page.locator('[data-seal]')).toContainText('SELLO ROTO');
  await page.screenshot({ path: `${shots}/console-broken-seal-1366.png`, fullPage: true });
  await page.goto(`${base}/verificar/${codes.accepts}`);
  await expect(page.getByRole('main')).toContainText('SELLO ROTO');
  await page.screenshot({ path: `${shots}/verificar-broken-seal-1366.png`, fullPage: true });
  const after = await pdfText(await registro());
  expect(after).toContain('SELLO ROTO');
});
