// One web build for every company (record 0291): a server with two companies (seeded by
// e2e/support/two-companies.ts), company 2 with its own configuration. Company 2's learner sees
// company 2's name on the data notice and company 2's obra (its meeting point) in the course
// text — also after a restart when company-config cannot be reached (the copy kept on the phone);
// company 1's learner sees company 1's. Built once from the installation's file, no restart.
import { expect, test, type Browser } from '@playwright/test';
import { course } from './support/content.ts';
import {
  BETA,
  PASSWORD,
  startTwoCompanies,
  WORKERS,
  type TwoCompanies,
} from './support/two-companies.ts';
import { pagePath } from '../src/domain/progress/navigation.ts';

test.describe.configure({ mode: 'serial' });

let server: TwoCompanies;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  server = await startTwoCompanies();
});

test.afterAll(async () => {
  await server?.close();
});

/** The module-5 screen that says where the meeting point is. */
function meetingPointScreen(): string {
  const m5 = course().modules[4]!;
  const screen = m5.topics.find((t) => JSON.stringify(t).includes('{{#obra.puntoEncuentro}}'))!;
  expect(screen, 'una pantalla del módulo 5 usa obra.puntoEncuentro').toBeTruthy();
  return pagePath(screen);
}

/** Signs the worker in at their company's address, in a browser of their own. */
async function signIn(browser: Browser, worker: { document: string }, empresa: string | null) {
  const context = await browser.newContext({ baseURL: server.base, locale: 'es-CO' });
  const page = await context.newPage();
  await page.goto(empresa ? `/?empresa=${empresa}` : '/');
  await page.getByLabel('Número de documento o correo').fill(worker.document);
  await page.getByLabel('Contraseña').fill(PASSWORD);
  await page.getByRole('button', { name: 'Ingresar' }).click();
  return { context, page };
}

test('company 2’s new learner reads company 2’s data notice', async ({ browser }) => {
  const { context, page } = await signIn(browser, WORKERS.betaNew, BETA.slug);
  try {
    const notice = page.getByRole('main');
    await expect(page.getByRole('button', { name: 'Acepto' })).toBeVisible();
    await expect(notice).toContainText(BETA.name);
    await expect(notice).not.toContainText(server.installation.empresa.nombre);
    // «Acepto» records company 2's notice version: the course opens.
    await page.getByRole('button', { name: 'Acepto' }).click();
    await expect(page).toHaveURL(/\/(introduccion|menu|contenido)/);
  } finally {
    await context.close();
  }
});

test('each company’s learner sees their own obra’s meeting point in the course', async ({
  browser,
}) => {
  const path = meetingPointScreen();
  const first = server.installation.obras[0]!.puntoEncuentro!;
  const beta = await signIn(browser, WORKERS.beta, BETA.slug);
  const one = await signIn(browser, WORKERS.first, null);
  // The bundled company's learner asks for nothing more.
  const asked: string[] = [];
  one.page.on('request', (r) => void (r.url().includes('/company-config') && asked.push(r.url())));
  try {
    for (const { page } of [beta, one]) await expect(page).not.toHaveURL(`${server.base}/`);
    await beta.page.goto(path);
    await expect(beta.page.getByRole('main')).toContainText(BETA.meetingPoint);
    await expect(beta.page.getByRole('main')).not.toContainText(first);
    await one.page.goto(path);
    await expect(one.page.getByRole('main')).toContainText(first);
    await expect(one.page.getByRole('main')).not.toContainText(BETA.meetingPoint);
    expect(asked).toEqual([]);

    // A restart with company-config out of reach: the copy kept on the phone for this worker.
    await beta.page.route('**/api/v1/company-config', (route) => route.abort());
    await beta.page.reload();
    await expect(beta.page.getByRole('main')).toContainText(BETA.meetingPoint);
  } finally {
    await beta.context.close();
    await one.context.close();
  }
});
