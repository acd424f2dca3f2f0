// Monday morning (decisions 0210, 0211 and 0245): the coordinator imports new workers and makes their
// invitations; the printed cards hold one QR per learner that opens a working link; opening the
// link changes nothing; on a phone the worker types the document number and is in, without a
// password; the same link again is refused; a deactivated worker's link is refused; a fresh code
// from the console signs the worker in on a second phone; «No soy yo» signs out, opens the code
// form for the next person (record 0274) and keeps the worker's unsent progress on the phone until
// they come back.
import { readFileSync } from 'node:fs';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { API_URL } from './support/api-server-config.ts';
import { consolePage, openLearner } from './support/console-reader.ts';
import { onToMenu } from './support/standalone.ts';
import { qrCodesInPdf } from './support/pdf-qr.ts';

test.use({ baseURL: API_URL });

const RUN = Date.now().toString().slice(-7);
const WORKERS = [
  { document: `71${RUN}1`, name: 'Ana Lucía Invitada' },
  { document: `71${RUN}2`, name: 'Bernardo Desactivado' },
  { document: `71${RUN}3`, name: 'Carmen Tercera' },
];
const PHONE = { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true };
const SAVES = /\/api\/v1\/(update-user|record-activity)$/;

async function phone(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ baseURL: API_URL, locale: 'es-CO', ...PHONE });
  return context.newPage();
}

/** The invitation page: the document, «Entrar» (and a code when there is no link). */
async function enter(page: Page, document: string, code?: string) {
  await page.getByLabel('Número de documento').fill(document);
  if (code) await page.getByLabel('Código', { exact: true }).fill(code);
  await page.getByRole('button', { name: 'Entrar' }).click();
}

/** A fresh code from the learner's console page, as the coordinator reads it out. */
async function freshCode(coordinator: Page, document: string): Promise<string> {
  await openLearner(coordinator, document);
  await coordinator.getByRole('button', { name: 'Código nuevo (24 horas)' }).click();
  await expect(coordinator.getByRole('heading', { name: 'Invitaciones listas: 1' })).toBeVisible();
  return (await coordinator.locator('.secret').first().innerText()).trim();
}

test('Monday: cards for the imported workers, sign-in without a password, a fresh code, «No soy yo»', async ({
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  const coordinator = await consolePage(browser);
  // A phone's share sheet (decision 0236), which desktop Chromium lacks: what it is given is kept.
  await coordinator.addInitScript(() => {
    const shared: ShareData[] = [];
    Object.assign(window, { sharedByTest: shared });
    navigator.share = async (data?: ShareData) => void shared.push(data ?? {});
  });

  // Import three workers and make their invitations from the import's result.
  await coordinator.goto('/consola/importar');
  const csv =
    'documento;nombre\r\n' + WORKERS.map((w) => `${w.document};${w.name}`).join('\r\n') + '\r\n';
  await coordinator
    .getByLabel('Archivo CSV')
    .setInputFiles({ name: 'lunes.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await coordinator.getByRole('button', { name: 'Importar' }).click();
  await expect(coordinator.getByRole('status').first()).toContainText('Importados: 3.');
  await coordinator
    .getByRole('button', {
      name: 'Hacer las invitaciones de los 3 importados (tarjetas y WhatsApp)',
    })
    .click();
  await expect(coordinator.getByRole('heading', { name: 'Invitaciones listas: 3' })).toBeVisible();

  const links = new Map<string, string>();
  for (const w of WORKERS) {
    const row = coordinator.getByRole('row').filter({ hasText: w.name });
    links.set(
      w.document,
      (await row.getByRole('link', { name: 'Enlace personal' }).getAttribute('href'))!,
    );
    const wa = (await row.getByRole('link', { name: /WhatsApp/ }).getAttribute('href'))!;
    expect(wa).toMatch(/^https:\/\/wa\.me\//);
    expect(decodeURIComponent(wa)).toContain(links.get(w.document)!);
    expect(decodeURIComponent(wa)).not.toContain(w.document);
  }
  // «Compartir» hands the phone's share sheet the same message: the link, never the document.
  const first = WORKERS[0]!;
  await coordinator
    .getByRole('button', { name: `Compartir la invitación de ${first.name}` })
    .click();
  const shared = await coordinator.evaluate(
    () => (window as unknown as { sharedByTest: ShareData[] }).sharedByTest,
  );
  expect(shared).toHaveLength(1);
  expect(shared[0]!.text).toContain(links.get(first.document)!);
  expect(shared[0]!.text).not.toContain(first.document);

  // The printed sheet: one QR per worker, each decoding to that worker's link.
  const [download] = await Promise.all([
    coordinator.waitForEvent('download'),
    coordinator.getByRole('link', { name: /Descargar las tarjetas/ }).click(),
  ]);
  const pdf = new Uint8Array(readFileSync((await download.path())!));
  const decoded = await qrCodesInPdf(browser, pdf);
  expect(decoded).toHaveLength(3);
  expect(new Set(decoded)).toEqual(new Set(links.values()));
  for (const link of decoded)
    expect(link).toMatch(new RegExp(`^${API_URL}/entrar#[A-Za-z0-9_-]{22}$`));

  // A reload of that page reopens the same sheet for this browser (record 0273) and issues
  // nothing: the same codes, and the links read above keep working below.
  expect(coordinator.url()).toMatch(/\/consola\/invitaciones\?hoja=[\w-]{24}$/);
  const codes = await coordinator.locator('.secret').allInnerTexts();
  await coordinator.reload();
  await expect(coordinator.getByRole('heading', { name: 'Invitaciones listas: 3' })).toBeVisible();
  expect(await coordinator.locator('.secret').allInnerTexts()).toEqual(codes);

  // A link preview (WhatsApp, a scanner) fetches the link: nothing is used.
  const [ana, bernardo] = WORKERS as [(typeof WORKERS)[0], (typeof WORKERS)[0]];
  const anaLink = links.get(ana.document)!;
  expect((await request.get(anaLink)).status()).toBe(200);

  // Ana on her phone: document and a tap; the token leaves the address; no password.
  const anaPhone = await phone(browser);
  await anaPhone.goto(anaLink);
  await expect(
    anaPhone.getByRole('heading', { name: 'Entra a tu curso de inducción' }),
  ).toBeVisible();
  await expect.poll(() => anaPhone.url()).toBe(`${API_URL}/entrar`);
  await enter(anaPhone, ana.document);
  // Her first screen: the data notice (a new learner), then the course.
  await expect(anaPhone.getByRole('heading', { name: 'Tus datos personales' })).toBeVisible();
  await anaPhone.getByRole('button', { name: 'Acepto' }).click();
  await onToMenu(anaPhone);

  // The same link again (a forwarded message, a second scan): refused, saying why.
  const other = await phone(browser);
  await other.goto(anaLink);
  await enter(other, ana.document);
  await expect(other.getByRole('alert')).toContainText('Esta invitación ya se usó');

  // A deactivated worker's link is refused.
  await openLearner(coordinator, bernardo.document);
  await coordinator.getByRole('button', { name: 'Desactivar' }).click();
  await expect(coordinator.getByRole('status').first()).toContainText('Cuenta desactivada');
  await other.goto(links.get(bernardo.document)!);
  await enter(other, bernardo.document);
  await expect(other.getByRole('alert')).toContainText('Tu cuenta está desactivada');

  // Ana on a second phone: a fresh code from her console page, with her document.
  const code = await freshCode(coordinator, ana.document);
  expect(code).toMatch(/^\d{5} \d{5}$/);
  await other.goto('/');
  await other.getByRole('link', { name: 'Tengo un código' }).click();
  await expect(other.getByRole('heading', { name: 'Entrar con tu código' })).toBeVisible();
  await enter(other, ana.document, code);
  await onToMenu(other);

  // Back on the first phone, with no signal for saves: she opens a topic (progress waits on the
  // phone). Next launch asks who holds the phone; «No soy yo» signs out and keeps her progress.
  await anaPhone.route(SAVES, (route) => route.abort('internetdisconnected'));
  await anaPhone.getByRole('button', { name: /Módulo 1\b/ }).click();
  await expect
    .poll(() => anaPhone.evaluate(() => localStorage.getItem('curso-sst:pending-update')))
    .not.toBeNull();
  const fresh = await anaPhone.context().newPage();
  await fresh.route(SAVES, (route) => route.abort('internetdisconnected'));
  await fresh.goto('/');
  await expect(fresh.getByRole('heading', { name: '¿Eres Ana?' })).toBeVisible();
  await fresh.getByRole('button', { name: 'No soy yo' }).click();
  // The next person on this phone most likely holds a card: the code form first, the password a
  // link below it (record 0274).
  await expect(fresh.getByRole('heading', { name: 'Entrar con tu código' })).toBeVisible();
  await expect(fresh.getByLabel('Código', { exact: true })).toBeVisible();
  await expect(fresh.getByRole('link', { name: 'Tengo contraseña' })).toBeVisible();
  await expect(fresh.getByRole('status')).toContainText(
    'Este equipo guarda avance de otra persona',
  );
  await expect(fresh.getByRole('status')).not.toContainText('Ana');
  const parked = await fresh.evaluate(() => localStorage.getItem('curso-sst:parked'));
  expect(parked).toContain('pending');
  expect(await fresh.evaluate(() => localStorage.getItem('token'))).toBeNull();

  // She comes back to this phone with another fresh code: her waiting progress is sent.
  await fresh.unroute(SAVES);
  await anaPhone.close();
  const again = await freshCode(coordinator, ana.document);
  await fresh.goto('/entrar');
  await enter(fresh, ana.document, again);
  await expect(fresh).toHaveURL(/\/(introduccion|menu|contenido|lista\d|seleccionar|arrastra)/);
  await expect
    .poll(() => fresh.evaluate(() => localStorage.getItem('curso-sst:parked')))
    .toBeNull();
  await expect
    .poll(() => fresh.evaluate(() => localStorage.getItem('curso-sst:pending-update')))
    .toBeNull();
});
