// Invitations as a job (record 0273): an impatient double press, a reload and «Atrás» issue one
// batch (the audit log says so); the sheet reopens from the learners table for the browser that
// asked for it; another session of the same coordinator, without the sheet's key, is refused and
// deletes nothing — the sheet still opens afterwards. The end of the ten-minute window is tested
// at the server level (server/console/invitations-console.test.ts), with a moved job clock.
import { expect, test, type Page } from '@playwright/test';
import { API_URL } from './support/api-server-config.ts';
import { consolePage } from './support/console-reader.ts';

test.use({ baseURL: API_URL });

const RUN = Date.now().toString().slice(-7);
const WORKERS = [
  { document: `72${RUN}1`, name: `Dora Doble ${RUN}` },
  { document: `72${RUN}2`, name: `Elías Doble ${RUN}` },
];
const READY = 'Invitaciones listas: 2';

/** The codes the sheet shows, in order. */
const codes = (page: Page) => page.locator('.secret').allInnerTexts();

/** How many «Emitió una invitación para» the audit log holds for these workers. */
async function invitationsAudited(page: Page): Promise<number> {
  await page.goto('/consola/auditoria');
  let count = 0;
  for (const w of WORKERS)
    count += await page
      .getByRole('row')
      .filter({ hasText: 'Emitió una invitación para' })
      .filter({ hasText: w.name })
      .count();
  return count;
}

test('one batch for a double press, a reload and «Atrás»; the sheet only for its browser', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const coordinator = await consolePage(browser);
  await coordinator.goto('/consola/importar');
  const csv =
    'documento;nombre\r\n' + WORKERS.map((w) => `${w.document};${w.name}`).join('\r\n') + '\r\n';
  await coordinator
    .getByLabel('Archivo CSV')
    .setInputFiles({ name: 'doble.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await coordinator.getByRole('button', { name: 'Importar' }).click();
  await expect(coordinator.getByRole('status').first()).toContainText('Importados: 2.');

  // The impatient coordinator presses twice; the page answers with the job's progress and then
  // the sheet (it reloads itself), and a reload shows the same sheet again.
  await coordinator
    .getByRole('button', {
      name: 'Hacer las invitaciones de los 2 importados (tarjetas y WhatsApp)',
    })
    .dblclick();
  await expect(coordinator.getByRole('heading', { name: READY })).toBeVisible({ timeout: 90_000 });
  const sheetUrl = coordinator.url();
  const shown = await codes(coordinator);
  expect(shown).toHaveLength(2);
  await coordinator.reload();
  await expect(coordinator.getByRole('heading', { name: READY })).toBeVisible();
  expect(await codes(coordinator)).toEqual(shown);

  // «Atrás» to the import's result: it links to the sheet instead of offering a second batch.
  await coordinator.goBack();
  await expect(
    coordinator.getByRole('button', { name: /Hacer las invitaciones de los 2 importados/ }),
  ).toHaveCount(0);
  await coordinator.getByRole('link', { name: 'Abrir la hoja de invitaciones (2)' }).click();
  await expect(coordinator.getByRole('heading', { name: READY })).toBeVisible();
  expect(await codes(coordinator)).toEqual(shown);

  // Another session of the same coordinator, without the sheet's key: refused, nothing deleted.
  const other = await consolePage(browser);
  const refused = await other.goto(sheetUrl);
  expect(refused?.status()).toBe(403);
  await expect(other.getByRole('status')).toContainText('No se borró ni se anuló nada.');
  await expect(other.locator('.secret')).toHaveCount(0);
  await other.goto('/consola/aprendices');
  await expect(other.getByRole('link', { name: /Abrir la hoja de invitaciones/ })).toHaveCount(0);
  await other.context().close();

  // The browser that asked still opens it, from the learners table.
  await coordinator.goto('/consola/aprendices');
  await coordinator.getByRole('link', { name: 'Abrir la hoja de invitaciones (2)' }).click();
  await expect(coordinator.getByRole('heading', { name: READY })).toBeVisible();
  expect(await codes(coordinator)).toEqual(shown);

  // One batch: one invitation per worker in the audit log.
  expect(await invitationsAudited(coordinator)).toBe(2);
});
