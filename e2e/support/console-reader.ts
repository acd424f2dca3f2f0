// Reads what the server stored, through the coordinator's console, the way a coordinator would:
// specs assert outcomes where they land rather than catching requests in flight (a request sent
// while a page unloads is not reliably seen by Playwright's request events — decision 0155).
import type { Browser, Page } from '@playwright/test';
import { API_URL, COORDINATOR, PASSWORD } from './api-server-config.ts';

/** A page of a fresh context signed in to the console as the seeded coordinator. */
export async function consolePage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ baseURL: API_URL, locale: 'es-CO' });
  const page = await context.newPage();
  await page.goto('/consola/ingresar');
  await page.getByLabel('Documento o correo').fill(COORDINATOR.document);
  await page.getByLabel('Contraseña').fill(PASSWORD);
  await page.getByRole('button', { name: 'Ingresar' }).click();
  await page.waitForURL(/\/consola(\/|$)/);
  return page;
}

/** The learner's page in the console, found by document number as a coordinator finds it. */
export async function openLearner(console: Page, document: string): Promise<void> {
  await console.goto(`/consola/aprendices?q=${encodeURIComponent(document)}`);
  const href = await console
    .locator('a[href^="/consola/aprendices/"]')
    .filter({ hasNotText: /^$/ })
    .first()
    .getAttribute('href');
  if (!href) throw new Error(`no learner ${document} in the console`);
  await console.goto(href);
}

/** The sessions the server stored for the learner's current cycle (0 when none). */
export async function storedSessions(console: Page, document: string): Promise<number> {
  await openLearner(console, document);
  const row = console
    .locator('table')
    .filter({ hasText: 'Ciclos de inducción' })
    .locator('tbody tr');
  const time = await row.filter({ hasText: 'Actual' }).locator('td').nth(3).innerText();
  const match = /en (\d+) sesi(ón|ones)/.exec(time);
  return match ? Number(match[1]) : 0;
}
