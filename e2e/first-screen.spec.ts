// The standalone app's first screen on a weak link (decision 0234): the sign-in and invitation
// forms are in the page itself and answer before the app's JavaScript arrives; a sign-in sent
// from there shows the data notice without the app, and the app takes the session over.
// An invitation redeemed and accepted before the app arrives opens the course (decision 0251).
// (Timings are the bench's: `npm run bench -- --only web-first-screen`.)
import { expect, test, type Browser, type Route } from '@playwright/test';
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

/** A new worker and their card's link, as the coordinator makes them. */
async function invitedWorker(
  browser: Browser,
  prefix: string,
  name: string,
): Promise<{ document: string; link: string }> {
  const document = `${prefix}${Date.now().toString().slice(-8)}`;
  const coordinator = await consolePage(browser);
  await coordinator.goto('/consola/importar');
  await coordinator.getByLabel('Archivo CSV').setInputFiles({
    name: 'uno.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(`documento;nombre\r\n${document};${name}\r\n`),
  });
  await coordinator.getByRole('button', { name: 'Importar' }).click();
  await coordinator
    .getByRole('button', { name: /Hacer las invitaciones de los 1 importados/ })
    .click();
  const link = (await coordinator
    .getByRole('link', { name: 'Enlace personal' })
    .getAttribute('href'))!;
  await coordinator.context().close();
  return { document, link };
}

test('an invitation redeemed and the notice accepted before the app arrives: the app opens the course', async ({
  browser,
  page,
}) => {
  test.setTimeout(120_000);
  const { document, link } = await invitedWorker(browser, '72', 'Rosa Lenta');

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

test('«Acepto» tapped at once, the app arriving meanwhile: no script is requested before the course shows', async ({
  browser,
  page,
}) => {
  test.setTimeout(120_000);
  const { document, link } = await invitedWorker(browser, '73', 'Nelson Pronto');
  // In the page: when «Acepto» was tapped and when the course's first screen was first in it.
  await page.addInitScript(() => {
    const marks: { tap?: number; course?: number } = {};
    (window as unknown as { __marks: typeof marks }).__marks = marks;
    window.document.addEventListener(
      'click',
      (e: MouseEvent) => {
        if (!marks.tap && (e.target as Element).closest?.('.notice-accept'))
          marks.tap = performance.now();
      },
      true,
    );
    new MutationObserver(() => {
      if (!marks.course && window.document.querySelector('a.btn-next[href="/menu"]'))
        marks.course = performance.now();
    }).observe(window.document, { childList: true, subtree: true });
  });
  // The app arrives while the worker redeems the link (its forms' code held back, so the static
  // form sends it); its notice's code is still on the way when the worker taps «Acepto», and the
  // server's answer to «Acepto» comes after the app has drawn its screen.
  const heldForms: Route[] = [];
  let releaseForms = false;
  await page.route(/\/assets\/auth-.*\.js$/, (route) =>
    releaseForms ? route.continue() : void heldForms.push(route),
  );
  const heldNotice: Route[] = [];
  await page.route(/\/assets\/data-notice-.*\.js$/, (route) => void heldNotice.push(route));
  const heldAccept: Route[] = [];
  await page.route(/\/api\/v1\/accept-data-notice$/, (route) => void heldAccept.push(route));
  await page.goto(link);
  await page.getByLabel('Número de documento').fill(document);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page.getByRole('heading', { name: 'Tus datos personales' })).toBeVisible();
  releaseForms = true;
  for (const route of heldForms.splice(0)) await route.continue();
  await expect.poll(() => heldNotice.length, { timeout: 30_000 }).toBeGreaterThan(0);
  const requests: string[] = [];
  page.on('request', (r) => requests.push(`${r.method()} ${new URL(r.url()).pathname}`));
  await page.getByRole('button', { name: 'Acepto' }).click();
  await expect.poll(() => heldAccept.length, { timeout: 30_000 }).toBe(1);
  for (const route of heldNotice.splice(0)) await route.continue();
  // The app's notice takes the tap over, busy, without waiting for the answer.
  await expect(page.locator('#first-screen-notice')).toHaveCount(0, { timeout: 30_000 });
  await expect(page.getByRole('button', { name: 'Guardando…' })).toBeDisabled();
  const module1 = page.waitForEvent('requestfinished', {
    predicate: (r) => /\/assets\/modulo1-.*\.js$/.test(r.url()),
    timeout: 30_000,
  });
  await heldAccept[0]!.continue();
  await expect(page).toHaveURL(/\/introduccion$/, { timeout: 30_000 });
  await expect(page.getByRole('link', { name: 'Siguiente' })).toBeVisible();
  // The first module's content comes after the course's first screen, not before it.
  await module1;
  const early = await page.evaluate(() => {
    const { tap, course } = (window as unknown as { __marks: { tap: number; course: number } })
      .__marks;
    return performance
      .getEntriesByType('resource')
      .filter((e) => /\/assets\/.*\.js$/.test(e.name) && e.startTime > tap && e.startTime < course)
      .map((e) => new URL(e.name).pathname);
  });
  expect(early).toEqual([]);
  expect(requests.filter((r) => r.endsWith('/api/v1/accept-data-notice'))).toHaveLength(1);
  expect(requests).not.toContain('POST /api/v1/me');
});
