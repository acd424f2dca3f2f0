// The acceptance is offered until the worker answers «Acepto» (record 0262), against a real
// server started here on an in-memory database. Learners are seeded with every topic seen and
// only the last quiz left: one closes the page at the congratulations window without answering,
// and on the next launch the menu offers «Confirma tu inducción» (one line and a button, no
// dialog); they accept, and the coordinator's registro (text extracted from the PDF) shows it.
// Another answers «Ahora no»: nothing more this launch, asked again at the next one, in the menu
// and in the side menu.
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import type { FastifyInstance } from 'fastify';
import { type Db } from '../server/db/db.ts';
import { pagePath } from '../src/domain/progress/navigation.ts';
import { course } from './support/content.ts';
import { startSeededServer } from './support/seeded-server.ts';
import { answerQuiz } from './support/learner.ts';
import { pdfText } from './support/pdf-text.ts';
import { shotsDir } from './support/shots.ts';

process.env.CURSO_SST_SCRYPT_LOG2N ??= '12';
const PASSWORD = 'Clave-Oferta-1';
const CLOSES = { document: '1000000941', name: 'Dora Cierra Pino' };
const LATER = { document: '1000000942', name: 'Elkin Luego Mora' };
const COORDINATOR = { document: '1000000949', name: 'Laura Coordinadora' };
const OFFER_LINE = 'Todavía no confirmas tu inducción. Tu certificado no cambia.';

test.describe.configure({ mode: 'serial' });

let db: Db;
let app: FastifyInstance;
let base = '';
let shots = '';

test.beforeAll(async () => {
  test.setTimeout(120_000);
  ({ db, app, base } = await startSeededServer({
    learners: [CLOSES, LATER].map((person) => ({ person, stage: 'last-quiz' })),
    coordinator: COORDINATOR,
    password: PASSWORD,
  }));
  shots = shotsDir();
});

test.afterAll(async () => {
  await app?.close();
  await db?.close();
});

const completed = async (document: string) => {
  const [row] = await db.query<{ score: number }>(
    'SELECT p.score FROM progress p JOIN users u ON u.id = p.user_id WHERE u.document = $1',
    [document],
  );
  return Number(row?.score ?? 0);
};

/** Signs in and answers the last quiz; returns the congratulations window. */
async function finishLastQuiz(page: Page, learner: { document: string }) {
  await page.goto(`${base}/`);
  await page.getByLabel('Número de documento o correo').fill(learner.document);
  await page.getByLabel('Contraseña').fill(PASSWORD);
  await page.getByRole('button', { name: 'Ingresar' }).click();
  await expect(page).not.toHaveURL(`${base}/`);
  const last = course().modules.length;
  const activity = course().modules[last - 1]!.activity;
  await page.goto(`${base}${pagePath(activity)}`);
  await answerQuiz(page, last);
  const congrats = page.getByRole('dialog', { name: 'FELICITACIONES' });
  await expect(congrats).toBeVisible();
  await expect(congrats.getByRole('region', { name: 'Confirma tu inducción' })).toBeVisible();
  // The server has the completion before the page goes.
  await expect.poll(() => completed(learner.document)).toBe(100);
  return congrats;
}

/** The next launch: a new tab of the same browser, from the start address. */
async function relaunch(context: BrowserContext, learner: { document: string }) {
  const page = await context.newPage();
  await page.goto(`${base}/`);
  if (await page.getByLabel('Contraseña').isVisible()) {
    await page.getByLabel('Número de documento o correo').fill(learner.document);
    await page.getByLabel('Contraseña').fill(PASSWORD);
    await page.getByRole('button', { name: 'Ingresar' }).click();
  }
  await expect(page).toHaveURL(/\/menu$/);
  return page;
}

const offerIn = (page: Page) => page.getByRole('main').locator('[data-acceptance-offer]');

test('closed at the congratulations without answering: the next launch offers it in the menu; accepted, the registro shows it', async ({
  page,
  context,
}) => {
  test.setTimeout(180_000);
  await finishLastQuiz(page, CLOSES);
  await page.close();

  const next = await relaunch(context, CLOSES);
  await expect(next.getByRole('dialog')).toHaveCount(0);
  const offer = offerIn(next);
  await expect(offer).toContainText(OFFER_LINE);
  for (const [label, size] of [
    ['1280', { width: 1280, height: 800 }],
    ['360', { width: 360, height: 740 }],
  ] as const) {
    await next.setViewportSize(size);
    await next.screenshot({ path: `${shots}/acceptance-offer-menu-${label}.png` });
  }
  await offer.getByRole('button', { name: 'Confirma tu inducción' }).click();
  const panel = next.getByRole('main').getByRole('region', { name: 'Confirma tu inducción' });
  await expect(panel).toContainText(`Yo, ${CLOSES.name}, con documento ${CLOSES.document}`);
  await next.screenshot({ path: `${shots}/acceptance-offer-menu-open-360.png` });
  await panel.getByRole('button', { name: 'Acepto' }).click();
  await expect(next.getByRole('main').getByRole('status')).toHaveText(
    'Tu aceptación quedó registrada.',
  );

  // The coordinator's registro shows it.
  const console = await context.browser()!.newPage();
  await console.goto(`${base}/consola/ingresar`);
  await console.getByLabel('Documento o correo').fill(COORDINATOR.document);
  await console.getByLabel('Contraseña').fill(PASSWORD);
  await console.getByRole('button', { name: 'Ingresar' }).click();
  await expect(console).toHaveURL(/\/consola/);
  const today = new Date().toISOString().slice(0, 10);
  const response = await console.request.get(
    `${base}/consola/registro.pdf?obra=obra-ejemplo&desde=2026-01-01&hasta=${today}`,
  );
  expect(response.status()).toBe(200);
  const text = await pdfText(await response.body());
  const start = text.indexOf(CLOSES.name);
  const row = text.slice(start, text.indexOf(LATER.name, start + 1));
  expect(row).toMatch(/aceptó \d{2}\/\d{2}\/\d{4}/);
  await console.close();

  // Once accepted, the next launch offers nothing.
  const third = await relaunch(context, CLOSES);
  await expect(third.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(third.getByText(OFFER_LINE)).toHaveCount(0);
});

test('«Ahora no»: nothing more this launch; the next launch asks again, in the menu and the side menu', async ({
  page,
  context,
}) => {
  test.setTimeout(180_000);
  const congrats = await finishLastQuiz(page, LATER);
  await congrats.getByRole('button', { name: 'Ahora no' }).click();
  await expect(congrats.getByRole('status')).toHaveText(
    'No confirmaste la inducción. Tu certificado no cambia.',
  );
  await congrats.getByRole('button', { name: 'Cerrar' }).click();
  await page.getByRole('contentinfo').getByRole('link', { name: 'Menú' }).click();
  await expect(page).toHaveURL(/\/menu$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByText(OFFER_LINE)).toHaveCount(0);
  await page.close();

  const next = await relaunch(context, LATER);
  await expect(offerIn(next)).toContainText(OFFER_LINE);
  await next.getByRole('button', { name: 'Módulos' }).click();
  const drawer = next.getByRole('dialog');
  await expect(drawer.getByText(OFFER_LINE)).toBeVisible();
  for (const [label, size] of [
    ['1280', { width: 1280, height: 800 }],
    ['360', { width: 360, height: 740 }],
  ] as const) {
    await next.setViewportSize(size);
    await next.screenshot({ path: `${shots}/acceptance-offer-drawer-${label}.png` });
  }
  const [count] = await db.query<{ n: number }>(
    'SELECT count(*)::integer AS n FROM acceptances WHERE name = $1',
    [LATER.name],
  );
  expect(count?.n).toBe(0);
});
