// The coordinator's side of `npm run bench:monday` (decision 0251), timed step by step in the
// console: sign in, upload the CSV of new workers, run the import (creating the new obra), select
// the workers who started today, issue their invitations and download the printable cards, each
// step checked (the counts, the links, the cards' QR codes).
import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import type { MondayRun, MondayWorker } from '../../scripts/bench/monday.ts';
import { qrCodesInPdf } from '../../e2e/support/pdf-qr.ts';

export const COORDINATOR = { document: '1000000900', password: 'Clave-Coordinacion-2026' };
export const WORKERS = 40;
/** Long waits: an import at production password cost, a phone on Slow 3G, a loaded machine. */
export const LONG = 300_000;

/** Milliseconds that `action` takes (the wall clock of this process). */
async function timed(action: () => Promise<void>): Promise<number> {
  const t0 = performance.now();
  await action();
  return performance.now() - t0;
}

export interface CoordinatorResult {
  times: Pick<MondayRun, 'signIn' | 'upload' | 'import' | 'select' | 'issue' | 'cards'>;
  /** Learner name → the invitation link the console showed. */
  links: Map<string, string>;
  /** The press that stores the invitations' job → its sheet ready (record 0273). ms. */
  invitationsMs: number;
}

/** The CSV uploaded: the import offers to create the new obra with its rows. ms. */
async function uploadCsv(
  page: Page,
  origin: string,
  csv: string,
  workers: MondayWorker[],
): Promise<number> {
  const create = page.getByRole('checkbox', { name: /^Crear la obra «/ });
  const upload = await timed(async () => {
    await page.goto(`${origin}/consola/importar`);
    await page.getByLabel('Archivo CSV').setInputFiles({
      name: 'nuevos-lunes.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(csv, 'utf8'),
    });
    // The file has celulares: the company's authorization is confirmed (decision 0239).
    await page
      .getByRole('checkbox', { name: /Confirmo que la empresa tiene la autorización/ })
      .check();
    await page.getByRole('button', { name: 'Importar' }).click();
    await create.waitFor();
  });
  const offered = await create.evaluate((el) => el.parentElement?.textContent ?? '');
  const newRows = workers.filter((w) => w.newObra).length;
  if (!offered.includes(`(${newRows} filas)`))
    throw new Error(`the import offered «${offered.trim()}», not one obra of ${newRows} rows`);
  return upload;
}

/** The obra created and the import job run to its result: every worker imported. ms. */
async function runImport(page: Page): Promise<number> {
  const result = page.getByText(/Importados: \d+\. Ya inscritos: \d+\. Con errores: \d+\./);
  const importMs = await timed(async () => {
    await page.getByRole('button', { name: 'Crear las obras marcadas e importar' }).click();
    // The job's page refreshes itself each second until the worker is done (decision 0216).
    await result.waitFor({ timeout: LONG });
  });
  const counts = (await result.innerText()).trim();
  if (counts !== `Importados: ${WORKERS}. Ya inscritos: 0. Con errores: 0.`)
    throw new Error(`import result: «${counts}»`);
  return importMs;
}

/** Learner name → the invitation link the console shows beside it. */
async function invitationLinks(page: Page, workers: MondayWorker[]): Promise<Map<string, string>> {
  const links = new Map(
    await page.$$eval('tr', (rows) =>
      rows.flatMap((row) => {
        const name = row.querySelector('th')?.textContent?.trim();
        const link = [...row.querySelectorAll('a')].find(
          (a) => a.textContent?.trim() === 'Enlace personal',
        );
        return name && link ? [[name, link.href] as [string, string]] : [];
      }),
    ),
  );
  if (links.size !== WORKERS || workers.some((w) => !links.has(w.name)))
    throw new Error(`${links.size} invitation links shown for ${WORKERS} workers`);
  return links;
}

/** The cards PDF downloaded, then read as a phone's camera reads it. ms of the download. */
async function downloadCards(
  browser: Browser,
  page: Page,
  links: Map<string, string>,
): Promise<number> {
  let pdf = new Uint8Array();
  const cards = await timed(async () => {
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: /Descargar las tarjetas/ }).click(),
    ]);
    pdf = new Uint8Array(readFileSync((await download.path())!));
  });
  // The printed sheet, read as a phone's camera reads it: one QR per worker, each a link issued.
  const decoded = await qrCodesInPdf(browser, pdf);
  const issued = new Set(links.values());
  if (decoded.length !== WORKERS || new Set(decoded).size !== WORKERS)
    throw new Error(`the cards PDF holds ${decoded.length} readable QR codes, not ${WORKERS}`);
  if (decoded.some((link) => !issued.has(link)))
    throw new Error('a QR code of the cards PDF is not one of the links issued');
  return cards;
}

export async function coordinatorSide(
  browser: Browser,
  origin: string,
  csv: string,
  workers: MondayWorker[],
  today: string,
): Promise<CoordinatorResult> {
  const context = await browser.newContext({
    viewport: { width: 1366, height: 768 },
    locale: 'es-CO',
    serviceWorkers: 'block',
    acceptDownloads: true,
  });
  const page = await context.newPage();
  page.setDefaultTimeout(60_000);
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  try {
    const signIn = await timed(async () => {
      await page.goto(`${origin}/consola/ingresar`);
      await page.getByLabel('Documento o correo').fill(COORDINATOR.document);
      await page.getByLabel('Contraseña').fill(COORDINATOR.password);
      await page.getByRole('button', { name: 'Ingresar' }).click();
      await page.waitForURL(/\/consola$/);
    });
    const upload = await uploadCsv(page, origin, csv, workers);
    const importMs = await runImport(page);
    const select = await timed(async () => {
      await page.goto(`${origin}/consola/aprendices`);
      await page.getByLabel('Ingresó desde').fill(today);
      await page.getByRole('button', { name: 'Filtrar' }).click();
      await page.getByText(`${WORKERS} aprendices · página 1 de 1`).waitFor();
      for (const w of workers)
        await page.getByRole('checkbox', { name: `Elegir a ${w.name}`, exact: true }).check();
    });
    // The press answers at once with the job's progress page, which reloads itself until the
    // sheet is ready (record 0273). The new obra has no meeting point or brigadistas yet: the
    // console says so first (409) and the coordinator goes on «de todos modos».
    let invitationsMs = 0;
    const issue = await timed(async () => {
      const ready = page.getByRole('heading', { name: `Invitaciones listas: ${WORKERS}` });
      const lacking = page.getByRole('heading', { name: 'Faltan datos de la obra' });
      let t0 = performance.now();
      await page.getByRole('button', { name: 'Hacer invitaciones de los elegidos' }).click();
      await ready.or(lacking).waitFor({ timeout: LONG });
      if (await lacking.isVisible()) {
        t0 = performance.now();
        await page.getByRole('button', { name: 'Hacer las invitaciones de todos modos' }).click();
      }
      await ready.waitFor({ timeout: LONG });
      invitationsMs = performance.now() - t0;
    });
    const links = await invitationLinks(page, workers);
    const cards = await downloadCards(browser, page, links);
    if (errors.length) throw new Error(`console page errors: ${errors.join('; ')}`);
    return {
      times: { signIn, upload, import: importMs, select, issue, cards },
      links,
      invitationsMs,
    };
  } finally {
    await context.close();
  }
}
