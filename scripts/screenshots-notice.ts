// Screenshots of the habeas-data notice screen (record 0127) at a 360×740 phone (touch) and a
// 1366×768 desktop, to be looked at. Needs the e2e API server (the standalone app on a throwaway
// database): `E2E_API_PORT=4400 npx tsx e2e/support/api-server.ts &`, then
// `E2E_API_PORT=4400 npx tsx scripts/screenshots-notice.ts [outDir]`. Signs in as a seeded learner
// and has the server's answers say the notice is not accepted yet (nothing is accepted).
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Route } from '@playwright/test';
import { API_URL, LEARNERS, PASSWORD } from '../e2e/support/api-server-config.ts';
import { CHROMIUM_ARGS, chromiumPath } from './lib/browser-env.ts';

const OUT = process.argv[2] ?? 'test-results/screenshots';

const settings = [
  { name: '360', viewport: { width: 360, height: 740 }, touch: true },
  { name: '1366', viewport: { width: 1366, height: 768 }, touch: false },
] as const;

/** The real answer, with the acceptance removed. */
async function notAccepted(route: Route) {
  const response = await route.fetch();
  const body = (await response.json()) as { user?: Record<string, unknown> };
  if (body.user) body.user.dataNoticeAcceptedAt = null;
  await route.fulfill({ response, json: body });
}

async function main() {
  mkdirSync(OUT, { recursive: true });
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
  for (const setting of settings) {
    const context = await browser.newContext({
      baseURL: API_URL,
      viewport: setting.viewport,
      hasTouch: setting.touch,
      isMobile: setting.touch,
      locale: 'es-CO',
    });
    const page = await context.newPage();
    await page.route('**/api/v1/auth/login', notAccepted);
    await page.route('**/api/v1/me', notAccepted);
    await page.goto('/');
    await page.getByLabel('Número de documento o correo').fill(LEARNERS.beginner.document);
    await page.getByLabel('Contraseña').fill(PASSWORD);
    await page.getByRole('button', { name: 'Ingresar' }).click();
    await page.getByRole('heading', { level: 1, name: 'Tus datos personales' }).waitFor();
    await page.evaluate(() => document.fonts.ready);
    await page.screenshot({ path: join(OUT, `${setting.name}-data-notice.png`) });
    await page.screenshot({
      path: join(OUT, `${setting.name}-data-notice-full.png`),
      fullPage: true,
    });
    // The message when the acceptance cannot be saved.
    await page.route('**/api/v1/accept-data-notice', (r) => r.abort('internetdisconnected'));
    await page.getByRole('button', { name: 'Acepto' }).click();
    await page.getByText('No pudimos guardar tu respuesta').waitFor();
    await page.screenshot({
      path: join(OUT, `${setting.name}-data-notice-failed-full.png`),
      fullPage: true,
    });
    await context.close();
  }
  await browser.close();
}

await main();
