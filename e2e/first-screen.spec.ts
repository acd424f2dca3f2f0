// The standalone app's first screen on a weak link (decision 0234): the sign-in and invitation
// forms are in the page itself and answer before the app's JavaScript arrives; a sign-in sent
// from there shows the data notice without the app, and the app takes the session over.
// (Timings are the bench's: `npm run bench -- --only web-first-screen`.)
import { expect, test, type Route } from '@playwright/test';
import { API_URL, LEARNERS, PASSWORD } from './support/api-server-config.ts';

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
