// The coordinator's Monday (decisions 0215, 0216): a CSV of 40 workers naming obras by name with
// mixed accents, one obra that does not exist yet (created from the import screen), one worker
// already registered and one bad row; the counts shown; a re-import with a changed cargo updated
// on request; the new obra's facts filled in the console and seen by its learner in the
// standalone app; its two SCORM zips downloaded from its console page, passing check-scorm, and
// the course inside one of them showing its meeting point in an LMS (decision 0241). Times the
// procedure (file chosen → learners listed) and takes the learners table at 360 px and 1366 px
// (test-results/console-import/). A second, lean test imports a file without a password column
// (record 0273): a success with no password on screen or in the audit log, the bad row apart,
// and the obra it created one click away.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { API_URL, COORDINATOR, PASSWORD } from './support/api-server-config.ts';
import { course } from './support/content.ts';
import { takeModule } from './support/learner.ts';
import { leaveIntroduction } from './support/course.ts';
import { launchLms } from './support/lms-fixture.ts';
import { pagePath } from '../src/domain/progress/navigation.ts';
import { extractZip } from '../course-files/package-unzip.ts';

test.use({ baseURL: API_URL });

// Unique per run, so a reused server still sees new workers and a new obra.
const RUN = Date.now().toString(36).toUpperCase().slice(-6);
const doc = (i: number) => `CI-${RUN}-${String(i).padStart(2, '0')}`;
const OBRA = `Torre Ñandú ${RUN}`;
const MEETING = `la portería de la calle 80 (${RUN})`;
const LEARNER_PASSWORD = 'Clave-Lunes-2026';
const OUT = 'test-results/console-import';
const ROOT = join(import.meta.dirname, '..');
/** The static server of the LMS harness and the unzipped packages (playwright.config.ts). */
const STATIC_URL = `http://127.0.0.1:${process.env.E2E_PORT ?? 4321}`;
const CHECK_SCORM = join(ROOT, '..', 'shared', 'tools', 'check-scorm', 'check-scorm');

/** An LMS learner back for module 5: modules 1 to 4 read and passed (the course's own route). */
function resumeAtModule5() {
  const modules = course().modules;
  const route = modules
    .map((m, i) =>
      i < modules.length - 1
        ? Array.from({ length: m.topics.length + 1 }, (_, k) => k).join(',')
        : '{}',
    )
    .join('-');
  const score = String(((modules.length - 1) * 100) / modules.length);
  return {
    learner_id: `E-${RUN}`,
    learner_name: 'Pérez, Ana',
    entry: 'resume',
    completion_status: 'incomplete',
    score: { raw: score },
    suspend_data: route,
  };
}

async function status(page: Page) {
  return page.getByRole('status').first();
}

test('Monday: 40 workers imported, a new obra created on the way, a changed cargo updated, its learner sees its meeting point, its two SCORM zips pass check-scorm and show it in an LMS', async ({
  browser,
  page,
}) => {
  test.setTimeout(600_000);
  mkdirSync(OUT, { recursive: true });
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));

  await page.goto('/consola/ingresar');
  await page.getByLabel('Documento o correo').fill(COORDINATOR.document);
  await page.getByLabel('Contraseña').fill(PASSWORD);
  await page.getByRole('button', { name: 'Ingresar' }).click();
  await expect(page).toHaveURL(/\/consola$/);

  // One worker is already registered (added by hand last week).
  await page.goto('/consola/agregar');
  await page.getByLabel('Documento (obligatorio)').fill(doc(0));
  await page.getByLabel('Nombre completo (obligatorio)').fill('Ana Registrada');
  await page.getByLabel('Cargo').fill('Oficial');
  await page.getByLabel('Contraseña').fill(LEARNER_PASSWORD);
  await page.getByRole('button', { name: 'Agregar aprendiz' }).click();
  await expect(page.getByText('Aprendiz agregado')).toBeVisible();

  // The file: 40 rows. Obra «Obra Ejemplo» typed four ways, the new obra two ways, the
  // registered worker, and one row without a name.
  const ejemplo = ['Obra Ejemplo', 'obra ejemplo', 'OBRA EJÉMPLO', 'Óbra Ejemplo'];
  const rows = [`${doc(0)};Ana Registrada;;;Obra Ejemplo;Oficial`];
  for (let i = 1; i <= 36; i++)
    rows.push(`${doc(i)};Trabajador ${i} Lunes;;${LEARNER_PASSWORD};${ejemplo[i % 4]};Ayudante`);
  rows.push(`${doc(37)};Nora Ñandú;;${LEARNER_PASSWORD};${OBRA};Ayudante`);
  rows.push(
    `${doc(38)};Óscar Ñandú;;${LEARNER_PASSWORD};${OBRA.toLowerCase().replace('ñandú', 'nandu')};Ayudante`,
  );
  rows.push(`${doc(39)};;;;Obra Ejemplo;Ayudante`);
  expect(rows).toHaveLength(40);
  const csv = `documento;nombre;correo;contraseña;obra;cargo\r\n${rows.join('\r\n')}\r\n`;

  // The Monday procedure, timed: choose the file → the new workers listed.
  await page.goto('/consola/importar');
  const started = Date.now();
  await page
    .getByLabel('Archivo CSV')
    .setInputFiles({ name: 'lunes.csv', mimeType: 'text/csv', buffer: Buffer.from(csv, 'utf8') });
  await page.getByRole('button', { name: 'Importar' }).click();
  const create = page.getByRole('checkbox', { name: `Crear la obra «${OBRA}» (2 filas)` });
  await expect(create).toBeChecked();
  await page.getByRole('button', { name: 'Crear las obras marcadas e importar' }).click();
  await expect(await status(page)).toContainText(
    'Importados: 38. Ya inscritos: 1. Con errores: 1.',
    { timeout: 120_000 },
  );
  await expect(page.getByText('Línea 41: falta el nombre')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Ya inscritos (1)' })).toBeVisible();
  await page.goto(`/consola/aprendices?q=${encodeURIComponent(`CI-${RUN}`)}`);
  await expect(page.getByText('39 aprendices · página 1 de 1')).toBeVisible();
  const mondayMs = Date.now() - started;
  writeFileSync(
    `${OUT}/monday-timing.json`,
    JSON.stringify({ rows: 40, imported: 38, mondayMs }, null, 2),
  );
  console.log(`Monday procedure (40-row CSV → learners listed): ${(mondayMs / 1000).toFixed(1)} s`);

  // The learners table, phone and desktop: the state always visible, nothing wider than 360.
  for (const [label, size] of [
    ['360', { width: 360, height: 800 }],
    ['1366', { width: 1366, height: 768 }],
  ] as const) {
    await page.setViewportSize(size);
    await expect(page.getByRole('columnheader', { name: 'Estado' })).toBeVisible();
    await page.screenshot({ path: `${OUT}/aprendices-${label}.png`, fullPage: true });
    if (label === '360')
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        360,
      );
  }

  // A re-import with a changed cargo: reported apart, updated on request, once.
  await page.goto('/consola/importar');
  await page.getByLabel('Archivo CSV').setInputFiles({
    name: 'lunes-2.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(`documento;nombre;cargo\r\n${doc(0)};Ana Registrada;Maestra de obra\r\n`),
  });
  await page.getByRole('button', { name: 'Importar' }).click();
  await expect(await status(page)).toContainText(
    'Importados: 0. Ya inscritos: 1. Con errores: 0.',
    { timeout: 60_000 },
  );
  await expect(page.getByText('cargo: «Oficial» → «Maestra de obra»')).toBeVisible();
  await page.getByRole('button', { name: 'Actualizar los datos distintos (1)' }).click();
  await expect(page.getByText('Datos actualizados: 1 aprendices.')).toBeVisible();
  await expect(page.getByRole('button', { name: /Actualizar los datos distintos/ })).toHaveCount(0);
  await page.goto(`/consola/aprendices?q=${doc(0)}`);
  await expect(page.getByRole('row').filter({ hasText: 'Ana Registrada' })).toContainText(
    'Maestra de obra',
  );

  // The new obra's facts, filled from its console page.
  await page.goto('/consola/obras');
  await page.getByRole('link', { name: OBRA }).click();
  await page.getByLabel('Punto de encuentro').fill(MEETING);
  await page.getByRole('button', { name: 'Guardar datos' }).click();
  await expect(page.getByRole('status').first()).toBeVisible();
  await expect(page.getByLabel('Punto de encuentro')).toHaveValue(MEETING);
  expect(errors).toEqual([]);

  // Its learner, in the standalone app, reaches module 5 and sees the obra's meeting point.
  const context = await browser.newContext({ baseURL: API_URL, locale: 'es-CO' });
  const learner = await context.newPage();
  const learnerErrors: string[] = [];
  learner.on('pageerror', (e) => learnerErrors.push(e.message));
  await learner.goto('/');
  await learner.getByLabel('Número de documento o correo').fill(doc(38));
  await learner.getByLabel('Contraseña').fill(LEARNER_PASSWORD);
  await learner.getByRole('button', { name: 'Ingresar' }).click();
  await learner.getByRole('button', { name: 'Acepto' }).click();
  await expect(learner).toHaveURL(/\/introduccion$/);
  await learner.getByRole('link', { name: 'Siguiente' }).click();
  for (let m = 1; m <= 4; m++) await takeModule(learner, m, 'mouse');
  const m5 = course().modules[4]!;
  const screen = m5.topics.find((t) => JSON.stringify(t).includes('{{#obra.puntoEncuentro}}'))!;
  await learner.goto(pagePath(screen));
  await expect(learner.getByRole('main')).toContainText(MEETING);
  await expect(learner.getByRole('main')).not.toContainText('{{');
  expect(learnerErrors).toEqual([]);
  await context.close();

  // The obra's SCORM zips, from its console page (decision 0241): both named for the obra.
  await page.goto('/consola/obras');
  await page.getByRole('link', { name: OBRA }).click();
  await expect(page.getByRole('heading', { name: 'Paquetes SCORM para el LMS' })).toBeVisible();
  const slug = new URL(page.url()).pathname.split('/').pop()!;
  for (const width of [1366, 360]) {
    await page.setViewportSize({ width, height: width === 360 ? 800 : 900 });
    await page.screenshot({ path: `${OUT}/obra-packages-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 720 });
  const zips: string[] = [];
  for (const label of ['SCORM 1.2', 'SCORM 2004 3rd Edition']) {
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: `Descargar ${label}` }).click(),
    ]);
    const file = join(OUT, download.suggestedFilename());
    await download.saveAs(file);
    zips.push(file);
  }
  expect(zips.map((z) => z.split('/').pop())).toEqual([
    `curso-sst-${slug}-scorm12.zip`,
    `curso-sst-${slug}-scorm2004.zip`,
  ]);
  // Each passes check-scorm (the shared checker, when this machine has it).
  if (existsSync(CHECK_SCORM))
    for (const zip of zips) {
      const r = spawnSync(CHECK_SCORM, [zip], { encoding: 'utf8' });
      const report = `${r.stdout}\n${r.stderr}`;
      expect(r.status, report).toBe(0);
      expect(r.stdout, report).toMatch(/RESULT: PASS/);
      expect(r.stdout, report).not.toMatch(/^(FAIL|WARN)/m);
    }
  else test.info().annotations.push({ type: 'skip', description: `sin ${CHECK_SCORM}` });

  // The 2004 zip, unzipped under an LMS-like path: its learner back for module 5 sees the obra's
  // name on the introduction and its meeting point on the emergency screen.
  const name = `obra-${RUN.toLowerCase()}`;
  const dir = join(ROOT, 'dist', 'e2e-packages', name);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  expect(extractZip(zips[1]!, dir)).toContain('imsmanifest.xml');
  const lmsContext = await browser.newContext({ baseURL: STATIC_URL, locale: 'es-CO' });
  const lmsPage = await lmsContext.newPage();
  const lmsErrors: string[] = [];
  lmsPage.on('pageerror', (e) => lmsErrors.push(e.message));
  const lms = await launchLms(lmsPage, {
    version: '2004',
    course: `/pkg/${name}/pluginfile.php/9/mod_scorm/content/1/index.html`,
    cmi: resumeAtModule5(),
  });
  await expect(lms.course.getByRole('main')).toContainText(`¡Bienvenido a ${OBRA}!`);
  await leaveIntroduction(lms.course);
  await lms.course.evaluate(
    (path) => {
      window.location.hash = path;
    },
    `#${pagePath(screen)}`,
  );
  await expect(lms.course.getByRole('main')).toContainText(MEETING);
  await expect(lms.course.getByRole('main')).not.toContainText('{{');
  expect(lmsErrors).toEqual([]);
  await lmsContext.close();
});

async function signIn(page: Page) {
  await page.goto('/consola/ingresar');
  await page.getByLabel('Documento o correo').fill(COORDINATOR.document);
  await page.getByLabel('Contraseña').fill(PASSWORD);
  await page.getByRole('button', { name: 'Ingresar' }).click();
  await expect(page).toHaveURL(/\/consola$/);
}

test('A CSV without passwords: a success with no password on screen or in the audit log, the bad row apart, and the new obra it created one click away', async ({
  page,
}) => {
  const obra = `Edificio Peñón ${RUN}`;
  const d = (i: number) => `SP-${RUN}-${i}`;
  const names = ['Íñigo Peña', 'María José Núñez', 'Begoña Ruíz', 'Sebastián Muñoz'];
  const csv =
    'documento;nombre;obra;cargo\r\n' +
    `${d(1)};${names[0]};${obra};Oficial\r\n` +
    `${d(2)};${names[1]};${obra.toUpperCase()};Ayudante\r\n` +
    `${d(3)};${names[2]};Obra Ejemplo;Ayudante\r\n` +
    `${d(4)};${names[3]};obra ejemplo;Oficial\r\n` +
    `${d(5)};;Obra Ejemplo;Ayudante\r\n`;
  await signIn(page);
  await page.goto('/consola/importar');
  await page
    .getByLabel('Archivo CSV')
    .setInputFiles({ name: 'sin-claves.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await page.getByRole('button', { name: 'Importar' }).click();
  await expect(
    page.getByRole('checkbox', { name: `Crear la obra «${obra}» (2 filas)` }),
  ).toBeChecked();
  await page.getByRole('button', { name: 'Crear las obras marcadas e importar' }).click();

  // A success reads as one: the console's «ok» notice, no alert anywhere on the page.
  const box = page.getByRole('status').filter({ hasText: 'Importados:' });
  await expect(box).toContainText('Importados: 4. Ya inscritos: 0. Con errores: 1.', {
    timeout: 60_000,
  });
  await expect(box).toHaveClass(/\bok\b/);
  await expect(box).not.toHaveClass(/\bbad\b/);
  await expect(page.getByRole('alert')).toHaveCount(0);
  // The rejected row apart, under its own heading, not in the success box.
  await expect(page.getByRole('heading', { name: 'Filas con errores' })).toBeVisible();
  await expect(page.getByText('Línea 6: falta el nombre')).toBeVisible();
  await expect(box).not.toContainText('Línea');
  // No password anywhere: no generated list, no «una sola vez».
  const main = page.getByRole('main');
  await expect(main).not.toContainText(/contraseñ/i);
  await expect(main).not.toContainText('una sola vez');
  const result = page.url();

  // The result at a phone's and a desktop's size (looked at by hand): axe clean, the phone
  // without sideways scrolling.
  mkdirSync(OUT, { recursive: true });
  for (const [width, height] of [
    [360, 740],
    [1366, 768],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.screenshot({ path: `${OUT}/import-result-${width}.png`, fullPage: true });
    const axe = await new AxeBuilder({ page })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21aa'])
      .analyze();
    expect(
      axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(' | ')}`),
    ).toEqual([]);
    if (width === 360)
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        360,
      );
  }

  // The audit log, as the coordinator or the auditor reads it: this import and its obra are
  // there, and no entry of theirs names a password.
  await page.goto('/consola/auditoria');
  const rows = page.getByRole('row');
  await expect(rows.filter({ hasText: 'Creó una obra' }).filter({ hasText: obra })).toHaveCount(1);
  await expect(
    rows
      .filter({ hasText: 'Importó un CSV' })
      .filter({ hasText: 'importados: 4' })
      .filter({ hasText: 'rechazados: 1' }),
  ).not.toHaveCount(0);
  const ours = await rows
    .filter({ hasText: new RegExp(`Importó un CSV|${obra}|${names.join('|')}`) })
    .allInnerTexts();
  expect(ours.join('\n')).not.toMatch(/contrase|password|clave/i);

  // The import that created an obra leads to its page, saying it has no facts yet.
  await page.goto(result);
  await expect(page.getByRole('heading', { name: 'Obra nueva' })).toBeVisible();
  await expect(main).toContainText(
    `Esta importación creó la obra «${obra}». Todavía no tiene sus datos`,
  );
  await page.getByRole('link', { name: `Completar los datos de «${obra}»` }).click();
  await expect(page).toHaveURL(/\/consola\/obras\/[\w-]+$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(obra);
  await expect(page.getByLabel('Punto de encuentro')).toHaveValue('');
});
