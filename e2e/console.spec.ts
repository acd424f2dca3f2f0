// The coordinator's console (decision 0110) against the real server: the SST coordinator signs in at /consola, imports a CSV with
// good and bad rows, finds a learner who completed the course in the learner app (driven in the
// same test), opens their first answers, exports the CSV and the «Registro de inducción» PDF and
// starts a reinducción; axe on every console page; screenshots at 1366×768 and 768×1024.
import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { API_URL, COORDINATOR, PASSWORD } from './support/api-server-config.ts';
import { course } from './support/content.ts';
import { takeModule } from './support/learner.ts';
import { pdfText } from './support/pdf-text.ts';

test.use({ baseURL: API_URL });

// Unique per run, so a reused server (reuseExistingServer) still imports the rows as new.
const RUN = Date.now().toString(36).toUpperCase().slice(-6);
const LEARNER = {
  document: `CS-${RUN}`,
  name: 'Yésica Ortiz Consola',
  password: 'Clave-Consola-1',
};

async function axe(page: Page, where: string) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  expect(
    results.violations.map((v) => `${where}: ${v.id} ${v.nodes.map((n) => n.target).join(' ')}`),
  ).toEqual([]);
}

async function shoot(page: Page, name: string) {
  for (const [label, size] of [
    ['1366', { width: 1366, height: 768 }],
    ['768', { width: 768, height: 1024 }],
  ] as const) {
    await page.setViewportSize(size);
    await page.screenshot({
      path: `test-results/console-screens/${name}-${label}.png`,
      fullPage: true,
    });
    // Nothing wider than a tablet's screen but the tables' own scroll areas.
    if (label === '768')
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        768,
      );
  }
  await page.setViewportSize({ width: 1366, height: 768 });
}

test('a coordinator imports learners, finds one who completed the course, reads their answers, exports and starts a reinducción', async ({
  browser,
  page,
}) => {
  test.setTimeout(360_000);
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));

  // Anonymous: sent to the sign-in page.
  await page.goto('/consola/aprendices');
  await expect(page).toHaveURL(/\/consola\/ingresar\?volver=/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'Ingresar a la consola del coordinador',
  );
  await axe(page, 'ingresar');
  await shoot(page, 'ingresar');
  await page.getByLabel('Documento o correo').fill(COORDINATOR.document);
  await page.getByLabel('Contraseña').fill(PASSWORD);
  await page.getByRole('button', { name: 'Ingresar' }).click();
  await expect(page).toHaveURL(/\/consola\/aprendices$/);

  // Import: one good row (with a known password), one without a name, one with an unknown obra.
  await page
    .getByRole('navigation', { name: 'Consola' })
    .getByRole('link', { name: 'Importar CSV' })
    .click();
  await axe(page, 'importar');
  const csv =
    'documento;nombre;correo;contraseña;contratista;cargo;fecha_ingreso\r\n' +
    `${LEARNER.document};${LEARNER.name};;${LEARNER.password};Andamios del Norte SAS;Oficial de obra;02/03/2026\r\n` +
    `CS-${RUN}-2;;;;;;\r\n` +
    `CS-${RUN}-3;Fecha Mala;;;;;31/02/2026\r\n`;
  await page
    .getByLabel('Archivo CSV')
    .setInputFiles({ name: 'empleados.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await page.getByRole('button', { name: 'Importar' }).click();
  // The import runs as a job; its page refreshes itself until the result is there.
  await expect(page.getByRole('status').first()).toContainText(
    'Importados: 1. Ya inscritos: 0. Con errores: 2.',
    { timeout: 60_000 },
  );
  await expect(page.getByText('Línea 3: falta el nombre')).toBeVisible();
  await expect(page.getByText('Línea 4: fecha de ingreso inválida «31/02/2026»')).toBeVisible();
  await axe(page, 'importar (resultado)');
  await shoot(page, 'importar');

  // The imported learner takes the whole course in the learner app, in another browser context.
  const learnerContext = await browser.newContext({ baseURL: API_URL });
  const learner = await learnerContext.newPage();
  await learner.goto('/');
  await learner.getByLabel('Número de documento o correo').fill(LEARNER.document);
  await learner.getByLabel('Contraseña').fill(LEARNER.password);
  await learner.getByRole('button', { name: 'Ingresar' }).click();
  await learner.getByRole('button', { name: 'Acepto' }).click();
  await expect(learner).toHaveURL(/\/introduccion$/);
  await learner.getByRole('link', { name: 'Siguiente' }).click();
  const modules = course().modules.length;
  for (let m = 1; m <= modules; m++) await takeModule(learner, m, 'mouse');
  await expect(
    learner.getByRole('dialog').getByRole('heading', { name: 'FELICITACIONES' }),
  ).toBeVisible();
  // The queue has sent the last answers once the page goes away.
  await learner.close({ runBeforeUnload: true });
  await learnerContext.close();

  // The coordinator finds the learner completed, with their first answers.
  await page.goto('/consola/aprendices');
  await page.getByLabel('Buscar (nombre, documento, correo o cargo)').fill(LEARNER.document);
  await page.getByLabel('Estado').selectOption('completado');
  await page.getByRole('button', { name: 'Filtrar' }).click();
  const row = page.getByRole('row', { name: new RegExp(LEARNER.name) });
  await expect(row).toContainText('Completado');
  await expect(row).toContainText('Andamios del Norte SAS');
  await axe(page, 'aprendices');
  await shoot(page, 'aprendices');
  await row.getByRole('link', { name: LEARNER.name }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(LEARNER.name);
  const firstQuestion = course().modules[0]!.activity.questions[0]!;
  const questionText = firstQuestion.question
    .replace(/<[^>]+>/g, '')
    .trim()
    .slice(0, 30);
  await expect(page.getByRole('table', { name: /Primera respuesta/ })).toContainText(questionText);
  await expect(page.getByText(/correctas de \d+ respondidas/)).toBeVisible();
  await expect(page.getByText(/Aceptado el/)).toBeVisible();
  await axe(page, 'aprendiz');
  await shoot(page, 'aprendiz');

  // Exports: the CSV of the filtered table and the register PDF.
  await page.goto(`/consola/aprendices?q=${LEARNER.document}`);
  const csvDownload = page.waitForEvent('download');
  await page.getByRole('link', { name: /Exportar CSV/ }).click();
  const csvFile = readFileSync((await (await csvDownload).path())!);
  expect([...csvFile.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const lines = csvFile.toString('utf8').slice(1).trimEnd().split('\r\n');
  expect(lines[0]!.split(';').slice(0, 3)).toEqual(['documento', 'nombre', 'correo']);
  expect(lines[1]).toContain(`${LEARNER.document};${LEARNER.name}`);
  expect(lines[1]).toContain('Completado');

  await page
    .getByRole('navigation', { name: 'Consola' })
    .getByRole('link', { name: 'Registro de inducción' })
    .click();
  await axe(page, 'registro');
  await shoot(page, 'registro');
  const pdfDownload = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Descargar PDF' }).click();
  const text = await pdfText(readFileSync((await (await pdfDownload).path())!));
  expect(text).toContain('Registro de inducción SG-SST');
  expect(text).toContain(LEARNER.name);
  expect(text).toContain(LEARNER.document);
  expect(text).toContain('Oficial de obra');

  // Reinducción of this learner: the completed cycle is archived and a new one starts.
  await page.goto('/consola/aprendices');
  await page.getByLabel('Buscar (nombre, documento, correo o cargo)').fill(LEARNER.document);
  await page.getByRole('button', { name: 'Filtrar' }).click();
  await page.getByRole('link', { name: LEARNER.name }).click();
  await page.getByRole('checkbox', { name: /Confirmo: el ciclo/ }).check();
  await page.getByRole('button', { name: /Iniciar reinducción/ }).click();
  await expect(page.getByRole('status')).toContainText('Reinducción iniciada: ciclo 2');
  await expect(page.getByRole('link', { name: 'Ver ciclo 1' })).toBeVisible();

  // Summary and audit log.
  await page
    .getByRole('navigation', { name: 'Consola' })
    .getByRole('link', { name: 'Resumen' })
    .click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Resumen de la inducción');
  await axe(page, 'resumen');
  await shoot(page, 'resumen');
  await page
    .getByRole('navigation', { name: 'Consola' })
    .getByRole('link', { name: 'Auditoría' })
    .click();
  await expect(page.getByRole('table')).toContainText('Inició reinducción');
  await expect(page.getByRole('table')).toContainText('Importó un CSV');
  await axe(page, 'auditoria');
  await shoot(page, 'auditoria');
  expect(errors).toEqual([]);
});
