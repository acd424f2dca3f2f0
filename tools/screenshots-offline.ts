// Screenshots of the standalone app with no signal at 360×740 (a phone, touch), to be looked at
// (docs/decisions/0141-offline-first-progress-and-sign-out.md): the «Sin conexión» notice on a topic screen and on the menu,
// and «Cerrar sesión» refused while progress is pending. Needs the web build (`npm run build --
// web`); runs our server itself on an in-memory database and stops it to cut the network.
//   npx tsx tools/screenshots-offline.ts [outDir]   (default test-results/screenshots-offline)
import { mkdirSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { buildApp } from '../server/app.ts';
import { openPglite } from '../server/db/db.ts';
import { migrate } from '../server/db/migrate.ts';
import { createUser } from '../server/db/store.ts';
import { ROOT } from '../course-files/read-content.ts';
import { CHROMIUM_ARGS, chromiumPath } from '../scripts/lib/browser-env.ts';
import { setEnvDefault } from '../scripts/lib/env.ts';

const OUT = process.argv[2] ?? join(ROOT, 'test-results', 'screenshots-offline');
const LEARNER = {
  document: '1000000301',
  name: 'Yeison Arley Mosquera',
  password: 'Clave-Obra-2026',
};
setEnvDefault('CURSO_SST_SCRYPT_LOG2N', '12');

mkdirSync(OUT, { recursive: true });
const db = await openPglite();
await migrate(db);
await createUser(db, { ...LEARNER, email: null });
const app = await buildApp({ db, webDir: join(ROOT, 'dist', 'web'), lmsPreviewDir: null });
await app.listen({ host: '127.0.0.1', port: 0 });
const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
let serverUp = true;
const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
try {
  const context = await browser.newContext({
    viewport: { width: 360, height: 740 },
    hasTouch: true,
    isMobile: true,
    locale: 'es-CO',
    serviceWorkers: 'allow',
  });
  const page = await context.newPage();
  await page.goto(`${url}/`);
  await page.getByLabel('Número de documento o correo').fill(LEARNER.document);
  await page.getByLabel('Contraseña').fill(LEARNER.password);
  await page.getByRole('button', { name: 'Ingresar' }).tap();
  await page.waitForURL(/\/introduccion$/);
  await page.waitForFunction(() => navigator.serviceWorker.controller?.state === 'activated');

  await app.close();
  serverUp = false;
  await page.reload();
  await context.setOffline(true);
  await page.getByRole('link', { name: 'Siguiente' }).tap();
  await page.waitForURL(/\/menu$/);
  await page.getByRole('button', { name: /Módulo 1\b/ }).tap();
  const notice = page.getByRole('status').filter({ hasText: 'Sin conexión' });
  await notice.waitFor();
  // The topic itself, from the worker's cache (its visit is what waits to be sent).
  await page.locator('main h1').waitFor();
  await page.getByText('Cargando').waitFor({ state: 'detached' });
  await page.screenshot({ path: join(OUT, 'offline-topic-360.png') });
  console.log(join(OUT, 'offline-topic-360.png'));

  await page.getByRole('contentinfo').getByRole('link', { name: 'Menú' }).tap();
  await page.waitForURL(/\/menu$/);
  await notice.waitFor();
  await page.screenshot({ path: join(OUT, 'offline-menu-360.png') });
  console.log(join(OUT, 'offline-menu-360.png'));

  await page.getByRole('button', { name: 'Cerrar sesión' }).tap();
  await page.getByRole('dialog').filter({ hasText: 'Todavía no puedes cerrar sesión' }).waitFor();
  await page.screenshot({ path: join(OUT, 'sign-out-refused-360.png') });
  console.log(join(OUT, 'sign-out-refused-360.png'));
} finally {
  await browser.close();
  if (serverUp) await app.close();
  await db.close();
}
