// The LMS preview (/lms-preview/, decision 0150): an admin sees first, in plain Spanish, what an
// LMS would record (status, score, topics, questions, time, last screen), the raw CMI data only
// behind «Detalle técnico»; SCORM 1.2 by default; both zips of the running configuration can be
// downloaded; relaunch resumes at the bookmark and a new attempt starts from nothing.
import AxeBuilder from '@axe-core/playwright';
import { readFileSync } from 'node:fs';
import { expect, test, type Frame, type Page } from '@playwright/test';
import { course } from './support/content.ts';
import { completeModule, expectRoute, leaveIntroduction, readTopics } from './support/course.ts';
import { collectErrors } from './support/lms-fixture.ts';

async function courseFrame(page: Page, previous?: Frame): Promise<Frame> {
  let frame: Frame | undefined;
  await expect
    .poll(() => {
      frame = page
        .frames()
        .find(
          (f) =>
            f !== previous && !f.isDetached() && f.url().includes('/lms-preview/course/index.html'),
        );
      return frame;
    })
    .toBeTruthy();
  return frame!;
}

/** One line of the plain summary, by its label («Estado», «Puntaje»…). */
const summary = (page: Page, key: string) => page.locator(`#summary dd[data-summary="${key}"]`);

const row = (page: Page, element: string) =>
  page.getByRole('row').filter({ has: page.getByRole('cell', { name: element, exact: true }) });

async function openDetail(page: Page) {
  const detail = page.locator('details#technical');
  if (!(await detail.evaluate((d: HTMLDetailsElement) => d.open)))
    await page.getByText('Detalle técnico', { exact: true }).click();
  await expect(page.getByRole('region', { name: 'Datos CMI' })).toBeVisible();
}

const topicTotal = () => course().modules.reduce((n, m) => n + m.topics.length, 0);
const questionTotal = () => course().modules.reduce((n, m) => n + m.activity.questions.length, 0);
const plain = (html: string) => html.replace(/<[^>]+>/g, '').trim();

test('plain-Spanish summary first, SCORM 1.2 by default, CMI data only in «Detalle técnico», accessible', async ({
  page,
}) => {
  test.setTimeout(120_000); // the course runs in the preview's frame, axe twice
  const errors = collectErrors(page);
  await page.goto('/lms-preview/');
  await expect(page.getByRole('radio', { name: 'SCORM 1.2' })).toBeChecked();
  await expect(page.getByRole('status')).toContainText('SCORM 1.2');
  const frame = await courseFrame(page);
  await leaveIntroduction(frame);
  await completeModule(frame, 1);
  const m1 = course().modules[0]!;

  await expect(summary(page, 'puntaje')).toHaveText('20 de 100');
  await expect(summary(page, 'estado')).toHaveText('En curso');
  await expect(summary(page, 'participante')).toHaveText('Pérez Gómez, María José');
  await expect(summary(page, 'temas')).toHaveText(`${m1.topics.length} de ${topicTotal()}`);
  await expect(summary(page, 'modulos')).toHaveText(`1 de ${course().modules.length}`);
  const asked = m1.activity.questions.length;
  await expect(summary(page, 'respondidas')).toHaveText(`${asked} de ${questionTotal()}`);
  await expect(summary(page, 'acertadas')).toHaveText(`${asked} de ${asked}`);
  await expect(summary(page, 'tiempo')).toHaveText(/^\d+ (s|min)/);
  // After the quiz's result panel, «Ir al menú»: the bookmark is the menu, named as such.
  await expect(summary(page, 'pantalla')).toHaveText('Menú del curso');
  await expect(page.getByRole('status')).toContainText(/guardado \d+ (vez|veces)/);

  // The visible page speaks plain Spanish: no SCORM element names, no «commit».
  const detail = page.locator('details#technical');
  await expect(detail).not.toHaveAttribute('open');
  const visible = await page.locator('body').innerText();
  expect(visible).not.toMatch(/commit|cmi\.|lesson_|suspend|interaction|LMS[A-Z]|SetValue/i);
  const axe = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.nodes[0]?.target}`)).toEqual([]);

  // Behind the toggle, the raw data: the LMS recorded the right answer of m1-q1 as its letter.
  await openDetail(page);
  await expect(detail).toHaveAttribute('open');
  await expect(row(page, 'cmi.core.score.raw')).toContainText('20');
  const right = m1.activity.questions[0]!.options.findIndex((o) => o.correct === 1);
  await expect(row(page, 'cmi.interactions.0.id')).toContainText('m1-q1');
  await expect(row(page, 'cmi.interactions.0.student_response')).toContainText(
    `1.${'abcd'[right]}`,
  );
  const axeOpen = await new AxeBuilder({ page })
    .include('#technical')
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  expect(axeOpen.violations.map((v) => `${v.id}: ${v.nodes[0]?.target}`)).toEqual([]);
  expect(errors).toEqual([]);
});

test('download buttons give both zips of the running configuration', async ({ page }) => {
  await page.goto('/lms-preview/');
  const downloads = page.getByRole('region', { name: 'Descargar los paquetes' });
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    downloads.getByRole('link', { name: /Descargar SCORM 1\.2/ }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('curso-sst-scorm12.zip');
  const zip = readFileSync((await download.path())!);
  expect(zip.subarray(0, 2).toString()).toBe('PK');
  // The same package as the course on the page: its manifest names this course.
  expect(zip.includes(Buffer.from('imsmanifest.xml'))).toBe(true);

  const link2004 = downloads.getByRole('link', { name: /Descargar SCORM 2004/ });
  await expect(link2004).toHaveAttribute('download', 'curso-sst-scorm2004.zip');
  const response = await page.request.get(
    new URL((await link2004.getAttribute('href'))!, page.url()).href,
  );
  expect(response.status()).toBe(200);
  expect((await response.body()).subarray(0, 2).toString()).toBe('PK');
});

for (const version of ['1.2', '2004'] as const) {
  test(`SCORM ${version}: relaunch resumes at the bookmark, a new attempt starts from nothing`, async ({
    page,
  }) => {
    const errors = collectErrors(page);
    await page.goto('/lms-preview/');
    await page.getByRole('radio', { name: `SCORM ${version}` }).check();
    await expect(page.getByRole('status')).toContainText(`SCORM ${version}`);
    let frame = await courseFrame(page);
    await leaveIntroduction(frame);
    await readTopics(frame, 1, 'mouse', 2);
    const topic = course().modules[0]!.topics[1]!;
    await expect(summary(page, 'pantalla')).toHaveText(`Módulo 1, tema 2: ${plain(topic.title)}`);
    await expect(summary(page, 'temas')).toHaveText(`2 de ${topicTotal()}`);
    await expect(page.getByRole('status')).toContainText('sesión abierta');

    await openDetail(page);
    const suspend = row(page, 'cmi.suspend_data');
    const location = row(page, version === '1.2' ? 'cmi.core.lesson_location' : 'cmi.location');
    await expect(suspend).toContainText('0,1-{}-{}-{}-{}');
    await expect(location).toContainText(topic.id);

    await page.getByRole('button', { name: 'Salir y volver a entrar' }).click();
    frame = await courseFrame(page, frame);
    await expect(page.getByRole('status')).toContainText('intento retomado');
    await expect(frame.getByRole('heading', { level: 1 })).toHaveText(plain(topic.title));
    await expect(suspend).toContainText('0,1-{}-{}-{}-{}');
    await expect(summary(page, 'temas')).toHaveText(`2 de ${topicTotal()}`);

    await page.getByRole('button', { name: 'Empezar un intento nuevo' }).click();
    frame = await courseFrame(page, frame);
    await expectRoute(frame, '/introduccion');
    await expect(frame.getByText('Módulos terminados: 0 de 5')).toBeVisible();
    await expect(page.getByRole('status')).toContainText('intento nuevo');
    await expect(summary(page, 'temas')).toHaveText(`0 de ${topicTotal()}`);
    await expect(summary(page, 'tiempo')).toHaveText(/^\d+ s$/);
    // The learner's name comes from the LMS ("Apellido, Nombre") into the course.
    await expect(
      row(page, version === '1.2' ? 'cmi.core.student_name' : 'cmi.learner_name'),
    ).toContainText('Pérez Gómez, María José');
    expect(errors).toEqual([]);
  });
}
