// The standalone app's first screen on a weak link (decision 0234): the sign-in and invitation
// forms are in the page itself and answer before the app's JavaScript arrives; a sign-in sent
// from there shows the data notice without the app, and the app takes the session over.
// An invitation redeemed and accepted before the app arrives opens the course (decision 0251).
// (Timings are the bench's: `npm run bench -- --only web-first-screen`.)
import { expect, test, type Route } from '@playwright/test';
import { API_URL, LEARNERS, PASSWORD } from './support/api-server-config.ts';
import { consolePage } from './support/console-reader.ts';

test.use({ baseURL: API_URL, locale: 'es-CO' });

test('with JavaScript off the sign-in form is there and its button is visible', async ({
  browser,
}) => {
  const context = await browser.newContext({ baseURL: API_URL, javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Ingreso al curso' })).toBeVisible();
  await expect(page.getByLabel('Número de documento o correo')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Ingresar' })).toBeVisible();
  await context.close();
});

test('before the app arrives: the code form, then a sign-in that reaches the data notice', async ({
  page,
}) => {
  // The app's JavaScript is held back until released, as on a slow link.
  const held: Route[] = [];
  let release = false;
  await page.route(/\/assets\/.*\.js$/, (route) => {
    if (release) return route.continue();
    held.push(route);
  });

  await page.goto('/entrar', { waitUntil: 'commit' });
  await expect(page.getByRole('heading', { name: 'Entrar con tu código' })).toBeVisible();
  await expect(page.getByLabel('Código', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Entrar' })).toBeVisible();

  await page.goto('/', { waitUntil: 'commit' });
  // A tap on the empty form is answered at once.
  await page.getByRole('button', { name: 'Ingresar' }).click();
  await expect(page.getByRole('alert')).toHaveText('Ingresa tu número de documento o tu correo.');
  await page.getByLabel('Número de documento o correo').fill(LEARNERS.firstSignIn.document);
  await page.getByLabel('Contraseña').fill(PASSWORD);
  const signIn = page.waitForResponse((r) => r.url().endsWith('/api/v1/auth/login'));
  await page.getByRole('button', { name: 'Ingresar' }).click();
  expect((await signIn).status()).toBe(200);
  // The data notice of a learner who has not accepted it, with no script of the app run yet.
  await expect(page.getByRole('heading', { name: 'Tus datos personales' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Acepto' })).toBeVisible();
  expect(held.length).toBeGreaterThan(0);
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();

  // The app arrives and stores the session where sign-in stores it; the notice stays.
  release = true;
  for (const route of held.splice(0)) await route.continue();
  await expect
    .poll(() => page.evaluate(() => localStorage.getItem('token')), { timeout: 60_000 })
    .toBeTruthy();
  await expect(page.getByRole('heading', { name: 'Tus datos personales' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Acepto' })).toBeEnabled();
  expect(await page.evaluate(() => localStorage.getItem('curso-sst:first-screen'))).toBeNull();
});

test('an invitation redeemed and the notice accepted before the app arrives: the app opens the course', async ({
  browser,
  page,
}) => {
  test.setTimeout(120_000);
  // A new worker and their card's link, as the coordinator makes them.
  const document = `72${Date.now().toString().slice(-8)}`;
  const coordinator = await consolePage(browser);
  await coordinator.goto('/consola/importar');
  await coordinator.getByLabel('Archivo CSV').setInputFiles({
    name: 'uno.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(`documento;nombre\r\n${document};Rosa Lenta\r\n`),
  });
  await coordinator.getByRole('button', { name: 'Importar' }).click();
  await coordinator
    .getByRole('button', { name: /Hacer las invitaciones de los 1 importados/ })
    .click();
  const link = (await coordinator
    .getByRole('link', { name: 'Enlace personal' })
    .getAttribute('href'))!;
  await coordinator.context().close();

  // On a slow phone: the app's JavaScript is held back while the worker redeems and accepts.
  const held: Route[] = [];
  let release = false;
  await page.route(/\/assets\/.*\.js$/, (route) => {
    if (release) return route.continue();
    held.push(route);
  });
  await page.goto(link, { waitUntil: 'commit' });
  await page.getByLabel('Número de documento').fill(document);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page.getByRole('heading', { name: 'Tus datos personales' })).toBeVisible();
  const afterTap: string[] = [];
  page.on('request', (r) => afterTap.push(`${r.method()} ${new URL(r.url()).pathname}`));
  // «Acepto» is recorded at once, while the app's JavaScript is still on its way (record 0275).
  const accepted = page.waitForResponse(/\/api\/v1\/accept-data-notice$/, { timeout: 30_000 });
  await page.getByRole('button', { name: 'Acepto' }).click();
  expect((await accepted).status()).toBe(200);
  expect(held.length).toBeGreaterThan(0);

  // The app arrives and opens the course, not the code form, from the answer to «Acepto»: no
  // second question to the server, no notice code fetched after the tap.
  release = true;
  for (const route of held.splice(0)) await route.continue();
  await expect(page).toHaveURL(/\/introduccion$/, { timeout: 60_000 });
  await expect(page.getByRole('link', { name: 'Siguiente' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Entrar con tu código' })).toHaveCount(0);
  expect(afterTap.filter((r) => r.endsWith('/api/v1/accept-data-notice'))).toHaveLength(1);
  expect(afterTap).not.toContain('POST /api/v1/me');
  expect(afterTap.filter((r) => /\/assets\/data-notice-/.test(r))).toEqual([]);
});
