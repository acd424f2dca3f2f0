// The certificate in the standalone app (decision 0020): issued by our server, opened in a new tab,
// carrying the learner's name, and confirmed at /verificar/:code; below 100, the message modal.
import { expect, test, type Locator, type Page } from '@playwright/test';
import { API_URL, LEARNERS, PASSWORD } from './support/api-server-config.ts';
import { course } from './support/content.ts';
import { takeModule } from './support/learner.ts';
import { pdfText } from './support/pdf-text.ts';
import { formatSpanishDate } from '../src/domain/certificate/text.ts';
import { STANDING_TEXT } from '../src/domain/gate/standing.ts';
import { signInToMenu as signInOnPhone } from './support/standalone.ts';

test.use({ baseURL: API_URL });

/** The demonstration configuration's certificates read as examples at /verificar (record 0260). */
const SAMPLE = STANDING_TEXT.sample;

/** Clicks a button that opens the certificate: the new tab, and the PDF's response (200) however
 * the tab gets there (first issue: a blank tab sent to url_file; later: url_certificate opened directly). */
async function openCertificate(page: Page, button: Locator) {
  const pdfResponse = page
    .context()
    .waitForEvent('response', (r) => /\/certificados\/[\w-]{22}\.pdf$/.test(r.url()));
  const [tab] = await Promise.all([page.context().waitForEvent('page'), button.click()]);
  const response = await pdfResponse;
  expect(response.status()).toBe(200);
  return { tab, response };
}

async function signInToMenu(page: Page, document: string) {
  await page.goto('/');
  await page.getByLabel('Número de documento o correo').fill(document);
  await page.getByLabel('Contraseña').fill(PASSWORD);
  await page.getByRole('button', { name: 'Ingresar' }).click();
  await expect(page).not.toHaveURL(`${API_URL}/`);
  await page.goto('/menu');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
}

test('a learner who completed the course gets the PDF in a new tab, and its code verifies', async ({
  page,
  context,
  playwright,
}, testInfo) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await signInToMenu(page, LEARNERS.complete.document);
  await expect(page.getByText('Módulos terminados: 5 de 5')).toBeVisible();

  const { tab, response } = await openCertificate(
    page,
    page.getByRole('contentinfo').getByRole('button', { name: 'Certificado' }),
  );
  expect(response.headers()['content-type']).toBe('application/pdf');
  const pdfUrl = response.url();
  expect(pdfUrl.startsWith(`${API_URL}/certificados/`)).toBe(true);
  expect(tab).toBeTruthy();

  // The URL alone opens it (a new tab sends no Authorization header): fetch it with no
  // cookies and no token at all.
  const anonymous = await playwright.request.newContext();
  const file = await anonymous.get(pdfUrl);
  expect(file.status()).toBe(200);
  const bytes = await file.body();
  await anonymous.dispose();
  const text = await pdfText(bytes);
  expect(text).toContain(LEARNERS.complete.name);
  expect(text).toContain(LEARNERS.complete.document);
  expect(text).toContain(course().title);
  const code = /SST-[A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4}/.exec(text)?.[0];
  const date = /Fecha de finalización: (\d{1,2} de [a-z]+ de \d{4})/.exec(text)?.[1];
  expect(code).toBeTruthy();
  // The server's completion time, 12 days before today (seeded so): never the issue day.
  expect(date).toBe(formatSpanishDate(new Date(Date.now() - 12 * 24 * 60 * 60 * 1000)));
  expect(text.replace(/ /g, '')).toContain(`${API_URL}/verificar/${code}`);

  // Asking again (the footer button once more) opens the same file, by a fresh short-lived
  // link (decision 0230).
  // (The first tab's PDF viewer may fetch its own address again meanwhile: a link serves
  // several requests while it lives.)
  const again = context.waitForEvent(
    'response',
    (r) => /\/certificados\/[\w-]{22}\.pdf$/.test(r.url()) && r.url() !== pdfUrl,
  );
  await Promise.all([
    context.waitForEvent('page'),
    page.getByRole('contentinfo').getByRole('button', { name: 'Certificado' }).click(),
  ]);
  const second = await again;
  expect(second.status()).toBe(200);
  // (Headless Chromium turns the tab's PDF into a download, so read the file by its URL.)
  const secondFile = await page.request.get(second.url());
  expect(await pdfText(await secondFile.body())).toContain(LEARNERS.complete.document);

  // The QR code's page confirms name, course and date — and shows no full document number. The
  // test server runs the demonstration configuration: its certificates are examples, never
  // «válido» (record 0260).
  const verify = await page.goto(`/verificar/${code}`);
  expect(verify?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(SAMPLE);
  const main = page.getByRole('main');
  await expect(main).toContainText(LEARNERS.complete.name);
  await expect(main).toContainText(course().title);
  await expect(main).toContainText(date!);
  await expect(main).not.toContainText(LEARNERS.complete.document);
  await page.screenshot({ path: testInfo.outputPath('verificar-desktop.png'), fullPage: true });

  // Readable on a phone: nothing wider than the screen.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(SAMPLE);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: testInfo.outputPath('verificar-phone.png'), fullPage: true });

  // An invented code is clearly not found.
  const invented = await page.goto('/verificar/INVENTADO');
  expect(invented?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Certificado no encontrado');
  await expect(page.getByRole('main')).toContainText('INVENTADO');
  await page.screenshot({ path: testInfo.outputPath('verificar-not-found.png'), fullPage: true });
  expect(errors).toEqual([]);
});

test('below 100, Certificado shows the message modal and opens nothing', async ({
  page,
  context,
}) => {
  await signInToMenu(page, LEARNERS.beginner.document);
  let opened = 0;
  context.on('page', () => opened++);
  await page.getByRole('contentinfo').getByRole('button', { name: 'Certificado' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(
    'Para visualizar y descargar tu certificado es necesario que realices los módulos.',
  );
  await dialog.getByRole('button', { name: 'ACEPTAR' }).click();
  await expect(dialog).toHaveCount(0);
  expect(opened).toBe(0);
});

test('finishing the last quiz in the app: FELICITACIONES, DESCARGAR opens the issued PDF', async ({
  page,
}) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await signInToMenu(page, LEARNERS.almost.document);
  const progress = page.getByText(/^Módulos terminados: \d+ de \d+$/);
  await expect(progress).toBeVisible();
  test.skip(
    (await progress.textContent()) === 'Módulos terminados: 5 de 5',
    'reused test server: this learner finished the course in an earlier run',
  );
  await expect(progress).toHaveText('Módulos terminados: 4 de 5');
  const last = course().modules.length;
  // Every topic of the last module was viewed; reading them again leads to its quiz.
  await takeModule(page, last, 'mouse');

  const congrats = page.getByRole('dialog').filter({ hasText: 'FELICITACIONES' });
  await expect(congrats.getByRole('heading', { name: 'FELICITACIONES' })).toBeVisible();
  const { response } = await openCertificate(
    page,
    congrats.getByRole('button', { name: 'DESCARGAR' }),
  );
  // (Headless Chromium turns the tab's PDF into a download, so read the file by its URL.)
  const file = await page.request.get(response.url());
  const text = await pdfText(await file.body());
  expect(text).toContain(LEARNERS.almost.name);
  // The completion flow is over: the prompt has closed.
  await expect(congrats).toHaveCount(0);
  await expect(page.getByText('Módulos terminados: 5 de 5')).toBeVisible();
  expect(errors).toEqual([]);
});

test('when the certificate request fails, the tab opened for it closes again', async ({
  page,
  context,
}) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await signInToMenu(page, LEARNERS.offline.document);
  await expect(page.getByText('Módulos terminados: 5 de 5')).toBeVisible();
  await page.route('**/api/v1/download-certificate', (route) =>
    route.abort('internetdisconnected'),
  );
  const [tab] = await Promise.all([
    context.waitForEvent('page'),
    page.getByRole('contentinfo').getByRole('button', { name: 'Certificado' }).click(),
  ]);
  await expect.poll(() => tab.isClosed()).toBe(true);
  // Still signed in, on the course: a network error is not a reason to leave.
  await expect(page).toHaveURL(/\/menu$/);
  expect(errors).toEqual([]);
});

// Decision 0230: on a phone, Certificado opens the PDF while the learner is signed in; after
// «Cerrar sesión» the address left in the browser's history opens nothing of hers.
test.describe('on a phone', () => {
  test.use({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });

  test('the certificate opens while signed in; after sign-out its address opens nothing', async ({
    page,
    playwright,
  }) => {
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await signInOnPhone(page, LEARNERS.complete.document);
    await expect(page.getByText('Módulos terminados: 5 de 5')).toBeVisible();
    const { tab, response } = await openCertificate(
      page,
      page.getByRole('contentinfo').getByRole('button', { name: 'Certificado' }),
    );
    const pdfUrl = response.url();
    // A phone's download manager fetches the address again, with no session of its own.
    const downloader = await playwright.request.newContext();
    const fetched = await downloader.get(pdfUrl);
    expect(fetched.status()).toBe(200);
    expect(fetched.headers()['content-type']).toBe('application/pdf');
    await tab.close();

    await page.getByRole('button', { name: 'Cerrar sesión' }).click();
    await expect(page).toHaveURL(/\/($|auth\/login$)/);
    // The next person on the phone opens the address from the history.
    const reopened = await page.goto(pdfUrl);
    expect(reopened?.status()).toBe(404);
    expect(reopened?.headers()['content-type']).toContain('text/html');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Certificado no encontrado');
    await expect(page.getByRole('main')).not.toContainText(LEARNERS.complete.document);
    const late = await downloader.get(pdfUrl);
    expect(late.status()).toBe(404);
    await downloader.dispose();
    expect(errors).toEqual([]);
  });
});
