// Standalone saves never lose or eject (decision record 0101), against the real server: a
// progress save that fails (503, 500, aborted) keeps the learner on the screen with the calm
// notice and reaches the server once the fault clears; a refused session (401) sends them to
// the sign-in page with the reason, and the pending progress arrives after they sign in again.
import { expect, test, type Request } from '@playwright/test';
import { readTopics, takeModule } from './support/learner.ts';
import { API_URL, LEARNERS } from './support/api-server-config.ts';
import { signIn, signInToMenu } from './support/standalone.ts';

test.use({ baseURL: API_URL });

const RETRYING =
  'La plataforma no responde. Seguimos intentando guardar tu avance; puedes continuar.';
const SESSION_ENDED =
  'Tu sesión terminó. Vuelve a entrar para seguir; tu avance está guardado en este equipo.';
const UPDATE = '**/api/v1/update-user';

const toMenu = signInToMenu;

const formOf = (request: Request) =>
  Object.fromEntries(new URLSearchParams(request.postData() ?? '').entries());

/** The route field of a multipart update-user body. */
function routeSent(request: Request): string | null {
  const body = request.postData() ?? '';
  const m = /name="route"\r\n\r\n([^\r]*)/.exec(body);
  return m ? m[1]! : (formOf(request).route ?? null);
}

test('saves failing with 503, 500 and a cut connection: the learner stays, sees the calm notice, and the progress arrives', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await toMenu(page, LEARNERS.failingSaves.document);

  const faults = ['503', '503', '500', '500', 'abort', 'abort'];
  let failed = 0;
  await page.route(UPDATE, async (route) => {
    const fault = faults.shift();
    if (!fault) return route.continue();
    failed++;
    if (fault === 'abort') return route.abort('connectionreset');
    return route.fulfill({
      status: Number(fault),
      contentType: 'application/json',
      body: JSON.stringify({ success: false, message: 'fallo simulado' }),
    });
  });
  const notice = page.getByRole('status').filter({ hasText: RETRYING });
  const urls: string[] = [];
  page.on('framenavigated', (f) => {
    if (f === page.mainFrame()) urls.push(new URL(f.url()).pathname);
  });

  await readTopics(page, 1, 'mouse', 2);
  await expect(notice).toBeVisible();
  await page.getByRole('contentinfo').getByRole('link', { name: 'Menú' }).click();
  await takeModule(page, 1, 'mouse');
  await expect(page).toHaveURL(/\/menu$/);
  await expect(page.getByText('Módulos terminados: 1 de 5')).toBeVisible();
  expect(failed).toBe(6);
  await expect(notice).toBeHidden({ timeout: 60_000 });
  expect(urls.filter((u) => /auth|error-500|^\/$/.test(u))).toEqual([]);
  expect(await page.evaluate(() => localStorage.getItem('token'))).not.toBeNull();

  // The server has it: another browser signing in as the same learner sees module 1 done.
  const other = await browser.newContext({ baseURL: API_URL, locale: 'es-CO' });
  try {
    const second = await other.newPage();
    await toMenu(second, LEARNERS.failingSaves.document);
    await expect(second.getByText('Módulos terminados: 1 de 5')).toBeVisible();
  } finally {
    await other.close();
  }
  expect(errors).toEqual([]);
});

test('a refused session (401): sign-in page with the reason; after signing in again the pending progress arrives', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await toMenu(page, LEARNERS.sessionEnds.document);

  let refused = 0;
  await page.route(UPDATE, async (route) => {
    if (refused > 0) return route.continue();
    refused++;
    return route.fulfill({
      status: 401,
      contentType: 'application/json',
      body: JSON.stringify({ success: false, message: 'Unauthenticated.' }),
    });
  });
  // The first topic's save is refused: the learner lands on the sign-in page. (The click does not
  // wait for that navigation itself — once in CI it waited on it past the test's time although the
  // sign-in page was on screen; the URL and the page are asserted next.)
  await page.getByRole('button', { name: /Módulo 1\b/ }).click({ noWaitAfter: true });
  await expect(page).toHaveURL(/\/auth\/login$/);
  await expect(page.getByRole('status').filter({ hasText: SESSION_ENDED })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Ingreso al curso' })).toBeVisible();
  const pending = await page.evaluate(() => localStorage.getItem('curso-sst:pending-update'));
  expect(pending).toContain('"route"');

  const arrived = page.waitForResponse(
    (r) => r.url().endsWith('/update-user') && r.request().method() === 'POST',
  );
  await signIn(page, LEARNERS.sessionEnds.document);
  const response = await arrived;
  expect(response.status()).toBe(200);
  const route = routeSent(response.request());
  expect(route).toMatch(/^0-/);
  const body = (await response.json()) as { user: { route: string } };
  expect(body.user.route).toMatch(/^0-/);
  await expect
    .poll(() => page.evaluate(() => localStorage.getItem('curso-sst:pending-update')))
    .toBeNull();
  await expect(page.getByText(SESSION_ENDED)).toHaveCount(0);
  expect(errors).toEqual([]);
});

test('offline mid-course: a screen whose code has not arrived offers «Reintentar» (never a blank page), one calm message, and the progress arrives once back online', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  // The connection drops before the topic screens' code has arrived: the idle prefetch after
  // sign-in fails too, so opening a topic needs the network.
  const screensChunk = /\/assets\/templates-[^/]*\.(js|css)$/;
  await page.route(screensChunk, (route) => route.abort('internetdisconnected'));
  await toMenu(page, LEARNERS.goesOffline.document);

  await page.route('**/*', (route) => route.abort('internetdisconnected'));
  await page.getByRole('button', { name: /Módulo 1\b/ }).click();
  const loadError = page.getByRole('alert').filter({ hasText: 'No se pudo cargar este contenido' });
  await expect(loadError).toBeVisible();
  await expect(page.getByRole('contentinfo').getByRole('link', { name: 'Menú' })).toBeVisible();
  // One message at a time: the load card, and no sign-out or error page.
  await expect(page.getByText('No hay conexión con el servidor')).toHaveCount(0);
  expect(new URL(page.url()).pathname).toMatch(/^\/contenido\//);

  // Back online: «Reintentar» shows the screen; its visit reaches the server.
  await page.unroute('**/*');
  await page.unroute(screensChunk);
  const arrived = page.waitForResponse(
    (r) => r.url().endsWith('/update-user') && r.request().method() === 'POST',
  );
  await loadError.getByRole('button', { name: 'Reintentar' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect((await arrived).status()).toBe(200);
  expect(errors).toEqual([]);
});
