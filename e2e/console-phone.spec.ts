// The coordinator's Monday on a 360×740 phone (record 0274): sign in, import, invitations, one
// WhatsApp link opened and the cards' PDF downloaded, without sideways scrolling of the page or
// of any box on it (scroll widths read, not guessed from a picture); the header takes at most a
// fifth of the screen and the navigation folds into «Menú»; axe clean on every page, at 360 px
// and at 1366 px. Screenshots of each page at both widths for a person to look at (shots.ts).
import { join } from 'node:path';
import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { API_URL, COORDINATOR, PASSWORD } from './support/api-server-config.ts';
import { pdfText } from './support/pdf-text.ts';
import { shotsDir } from './support/shots.ts';

test.use({ baseURL: API_URL });

const RUN = Date.now().toString().slice(-7);
const WORKERS = [
  { document: `72${RUN}1`, name: 'Ana Lucía Teléfono' },
  { document: `72${RUN}2`, name: 'Bernardo Peñaloza Celular' },
];
const PHONE = { width: 360, height: 740 };
const DESKTOP = { width: 1366, height: 768 };

async function coordinatorOn(
  browser: Browser,
  viewport: { width: number; height: number },
): Promise<Page> {
  const phone = viewport.width < 500;
  const context = await browser.newContext({
    baseURL: API_URL,
    locale: 'es-CO',
    viewport,
    ...(phone ? { isMobile: true, hasTouch: true } : {}),
  });
  const page = await context.newPage();
  // A phone's share sheet, which Chromium lacks here: «Compartir» shows only where it exists.
  await page.addInitScript(() => {
    navigator.share = async () => undefined;
  });
  return page;
}

/** No sideways scrolling: not the page, not any box that scrolls (a table's wrapper…). */
async function fitsWidth(page: Page, where: string) {
  const overflow = await page.evaluate(() => {
    const found: string[] = [];
    const root = document.documentElement;
    if (root.scrollWidth > root.clientWidth)
      found.push(`page ${root.scrollWidth} > ${root.clientWidth}`);
    for (const el of Array.from(document.body.querySelectorAll<HTMLElement>('*'))) {
      const style = getComputedStyle(el);
      if (!/auto|scroll/.test(style.overflowX) || el.clientWidth === 0) continue;
      if (el.scrollWidth > el.clientWidth)
        found.push(
          `${el.tagName.toLowerCase()}.${el.className} ${el.scrollWidth} > ${el.clientWidth}`,
        );
    }
    return found;
  });
  expect(overflow, `desplazamiento lateral en ${where}`).toEqual([]);
}

async function axe(page: Page, where: string) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21aa'])
    .analyze();
  const summary = results.violations.map(
    (v) => `${v.id}: ${v.nodes.map((n) => n.target).join(' | ')}`,
  );
  expect(summary, `violaciones de axe en ${where}`).toEqual([]);
}

/** Fits, axe clean, and a full-page screenshot named after the page and the width. */
async function check(page: Page, name: string) {
  const width = page.viewportSize()!.width;
  if (width < 500) await fitsWidth(page, `${name} (${width} px)`);
  await axe(page, `${name} (${width} px)`);
  await page.screenshot({ path: join(shotsDir(), `consola-${name}-${width}.png`), fullPage: true });
}

async function signIn(page: Page) {
  await page.goto('/consola/ingresar');
  await check(page, 'ingresar');
  await page.getByLabel('Documento o correo').fill(COORDINATOR.document);
  await page.getByLabel('Contraseña').fill(PASSWORD);
  await page.getByRole('button', { name: 'Ingresar' }).click();
  await page.waitForURL(/\/consola(\/|$)/);
}

/**
 * The summary's rows are cards on a phone: each line reads its label at the left and its figure
 * at the right edge, «Completados … 3 (23 %)» with the percentage beside the figure, not the
 * figure alone in the middle of the line.
 */
async function figuresBesideTheirLabels(page: Page) {
  const lines = await page.locator('table.stack td.num').evaluateAll((cells) =>
    cells.map((cell) => {
      const range = document.createRange();
      range.selectNodeContents(cell); // the figure and its percentage, not the label (::before)
      const parts = Array.from(range.getClientRects())
        .filter((r) => r.width > 0)
        .sort((a, b) => a.left - b.left);
      const box = cell.getBoundingClientRect();
      let reach = parts[0]!.right;
      let widest = 0;
      for (const r of parts) {
        widest = Math.max(widest, r.left - reach);
        reach = Math.max(reach, r.right);
      }
      return {
        label: cell.getAttribute('data-label'),
        text: cell.textContent,
        right: box.right - parseFloat(getComputedStyle(cell).paddingRight),
        end: reach,
        // On one line: every part overlaps the first one's height.
        oneLine: parts.every((r) => r.top < parts[0]!.bottom && r.bottom > parts[0]!.top),
        widest,
      };
    }),
  );
  expect(lines.filter((l) => l.label === 'Completados').length).toBeGreaterThan(0);
  for (const l of lines) {
    const where = `${l.label} ${l.text}`;
    expect(Math.abs(l.end - l.right), `la cifra al borde derecho: ${where}`).toBeLessThan(1.5);
    expect(l.oneLine, `una sola línea: ${where}`).toBe(true);
    expect(l.widest, `la cifra junto a su porcentaje: ${where}`).toBeLessThan(12);
  }
}

/** On a phone the navigation is behind «Menú»; wider, it is in the header. */
async function go(page: Page, label: string) {
  if (page.viewportSize()!.width < 500) await page.getByText('Menú', { exact: true }).click();
  await page
    .getByRole('navigation', { name: 'Consola' })
    .getByRole('link', { name: label })
    .click();
}

test('the Monday on a 360×740 phone: no sideways scrolling, the header a fifth at most, axe clean', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const page = await coordinatorOn(browser, PHONE);
  await signIn(page);

  // The header is one line and «Menú»; the navigation waits behind it.
  const header = (await page.locator('header').boundingBox())!;
  expect(header.height).toBeLessThanOrEqual(PHONE.height / 5);
  await expect(page.getByRole('navigation', { name: 'Consola' })).toBeHidden();
  await check(page, 'resumen');
  await figuresBesideTheirLabels(page);
  await page.getByText('Menú', { exact: true }).click();
  await expect(page.getByRole('link', { name: 'Importar CSV' })).toBeInViewport();
  await page.screenshot({ path: join(shotsDir(), 'consola-menu-360.png') });
  await page.getByRole('link', { name: 'Importar CSV' }).click();

  // The import.
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await check(page, 'importar');
  const csv =
    'documento;nombre\r\n' + WORKERS.map((w) => `${w.document};${w.name}`).join('\r\n') + '\r\n';
  await page
    .getByLabel('Archivo CSV')
    .setInputFiles({ name: 'lunes.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await page.getByRole('button', { name: 'Importar' }).click();
  await expect(page.getByRole('status').first()).toContainText('Importados: 2.');
  await check(page, 'importar-resultado');

  // The invitations: one card per worker, code, «WhatsApp» and «Compartir» on screen.
  await page
    .getByRole('button', {
      name: 'Hacer las invitaciones de los 2 importados (tarjetas y WhatsApp)',
    })
    .click();
  await expect(page.getByRole('heading', { name: 'Invitaciones listas: 2' })).toBeVisible();
  await check(page, 'invitaciones');
  for (const w of WORKERS) {
    const card = page.getByRole('row').filter({ hasText: w.name });
    for (const part of [
      card.locator('.secret'),
      card.getByRole('link', { name: /WhatsApp/ }),
      card.getByRole('button', { name: `Compartir la invitación de ${w.name}` }),
    ]) {
      await part.scrollIntoViewIfNeeded();
      const box = (await part.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
    }
  }

  // One WhatsApp link opened (wa.me answered here: the test reaches no one outside).
  await page
    .context()
    .route('https://wa.me/**', (route) =>
      route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>WhatsApp</title>' }),
    );
  const first = page.getByRole('row').filter({ hasText: WORKERS[0]!.name });
  const [whatsApp] = await Promise.all([
    page.context().waitForEvent('page'),
    first.getByRole('link', { name: /WhatsApp/ }).click(),
  ]);
  await whatsApp.waitForLoadState();
  const message = new URL(whatsApp.url()).searchParams.get('text')!;
  expect(message).toContain('Constructora Ejemplo S.A.S.\n');
  expect(message).not.toContain('..');
  expect(message).toContain(`${new URL(API_URL).host}/entrar y escribe`);
  expect(message).not.toContain(WORKERS[0]!.document);
  await whatsApp.close();

  // The cards' PDF: the address to type, every step whole, no doubled stop.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: /Descargar las tarjetas/ }).click(),
  ]);
  const text = await pdfText(new Uint8Array(readFileSync((await download.path())!)));
  expect(text).toContain(`${new URL(API_URL).host}/entrar`);
  expect(text).toContain('1. Escanea el QR con la cámara.');
  expect(text).not.toContain('…');
  expect(text).not.toContain('..');

  // The learners, a learner, the obras and an obra.
  await go(page, 'Aprendices');
  await check(page, 'aprendices');
  await page.getByRole('link', { name: WORKERS[0]!.name }).first().click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText(WORKERS[0]!.name);
  await check(page, 'aprendiz');
  await go(page, 'Obras');
  await check(page, 'obras');
  await page.locator('main a[href^="/consola/obras/"]').first().click();
  await check(page, 'obra');
});

test('the same pages at 1366 px: the navigation in the header, axe clean', async ({ browser }) => {
  test.setTimeout(120_000);
  const page = await coordinatorOn(browser, DESKTOP);
  await signIn(page);
  await expect(page.getByText('Menú', { exact: true })).toBeHidden();
  await expect(page.getByRole('navigation', { name: 'Consola' })).toBeVisible();
  await check(page, 'resumen');
  await go(page, 'Importar CSV');
  await check(page, 'importar');
  const one = { document: `73${RUN}1`, name: 'Carmen Escritorio' };
  await page.getByLabel('Archivo CSV').setInputFiles({
    name: 'lunes.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(`documento;nombre\r\n${one.document};${one.name}\r\n`),
  });
  await page.getByRole('button', { name: 'Importar' }).click();
  await expect(page.getByRole('status').first()).toContainText('Importados: 1.');
  await check(page, 'importar-resultado');
  await page.getByRole('button', { name: /Hacer las invitaciones/ }).click();
  await expect(page.getByRole('heading', { name: 'Invitaciones listas: 1' })).toBeVisible();
  await check(page, 'invitaciones');
  await go(page, 'Aprendices');
  await check(page, 'aprendices');
  await page.locator('main a[href^="/consola/aprendices/"]').first().click();
  await check(page, 'aprendiz');
  await go(page, 'Obras');
  await check(page, 'obras');
  await page.locator('main a[href^="/consola/obras/"]').first().click();
  await check(page, 'obra');
});
