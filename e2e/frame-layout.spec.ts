// Frame-safe layout (docs/decisions/0161-frame-safe-layout.md): the course in a page shaped like
// Moodle 4.4's player (a fixed 60-px bar, a 666-px frame 260 px down a taller page) at 1366×768
// and at a phone width, and in a 500-px popup. After the learner scrolls the course to its end
// (and the LMS page is scrolled too), the next screen's header and the certificate's buttons are
// in view, below the bar, and a click on them works. Started from a finished record, so no
// course walk.
import { expect, test, type Frame, type Locator, type Page } from '@playwright/test';
import { collectErrors, launchLms } from './support/lms-fixture.ts';
import { course } from './support/content.ts';
import { pagePath } from '../src/domain/progress/navigation.ts';

const BAR = 60;
const fullRoute = () =>
  course()
    .modules.map((m) => Array.from({ length: m.topics.length + 1 }, (_, k) => k).join(','))
    .join('-');
const finished = {
  core: {
    student_id: 'E-2102',
    student_name: 'Rojas Díaz, Luz Marina',
    entry: 'resume',
    lesson_status: 'completed',
    lesson_location: 'menu',
    score: { raw: '100', min: '0', max: '100' },
  },
  suspend_data: fullRoute(),
};

/** The element's box in the top page's viewport is entirely visible below the bar (`top`). */
async function expectInView(page: Page, target: Locator, top: number, what: string) {
  const box = await target.boundingBox();
  const height = page.viewportSize()!.height;
  expect(box, `${what} has a box`).not.toBeNull();
  expect(box!.y, `${what}: top below the bar`).toBeGreaterThanOrEqual(top - 0.5);
  expect(box!.y + box!.height, `${what}: bottom on screen`).toBeLessThanOrEqual(height + 0.5);
}

/** Clicks at the element's centre as a learner's pointer does (no scrolling into view first). */
async function clickWhereSeen(page: Page, target: Locator) {
  const box = (await target.boundingBox())!;
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
}

/** The wheel over the course until it is at its end. */
async function scrollCourseToEnd(page: Page, frame: Frame) {
  const box = (await frame.frameElement().then((f) => f.boundingBox()))!;
  const x = box.x + box.width / 2;
  const y = Math.max(box.y, BAR) + 40;
  for (let i = 0; i < 40; i++) {
    await page.mouse.move(x, y);
    await page.mouse.wheel(0, 400);
    const atEnd = await frame.evaluate(
      () => window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 2,
    );
    if (atEnd) return;
  }
}

const SHAPES = [
  { label: '1366×768', viewport: { width: 1366, height: 768 }, frame: { width: 714, height: 666 } },
  {
    label: 'phone 390×844',
    viewport: { width: 390, height: 844 },
    frame: { width: 390, height: 666 },
  },
];

for (const shape of SHAPES) {
  test(`Moodle-shaped page at ${shape.label}: header and certificate buttons in view after scrolling the course to its end`, async ({
    page,
  }, testInfo) => {
    const errors = collectErrors(page);
    await page.setViewportSize(shape.viewport);
    const lms = await launchLms(page, {
      version: '1.2',
      cmi: finished,
      pageShape: 'moodle',
      frameSize: shape.frame,
    });
    const frame = lms.course;
    const header = frame.getByRole('banner');
    await expect(frame.getByRole('heading', { name: 'Módulos del curso' })).toBeVisible();
    // The learner scrolls down to the course, opens module 1, reads to the end of topic 1.
    await page.evaluate(() => window.scrollTo(0, 200));
    await clickWhereSeen(page, frame.getByRole('button', { name: /Módulo 1\b/ }));
    await expect(frame.getByRole('heading', { level: 1 })).not.toHaveText('Módulos del curso');
    await scrollCourseToEnd(page, frame);
    // However the LMS page ended up (Moodle's own scrolling carried it ~310 px): the worst case.
    await page.evaluate(() => window.scrollTo(0, 310));
    const first = await frame.getByRole('heading', { level: 1 }).textContent();
    await clickWhereSeen(page, frame.getByRole('link', { name: 'Siguiente' }));
    await expect(frame.getByRole('heading', { level: 1 })).not.toHaveText(first!);
    await expectInView(page, header, BAR, 'the course header on the next screen');
    await page.screenshot({ path: testInfo.outputPath('next-screen.png') });

    // The certificate from the footer, at the end of the screen, with the page scrolled again.
    await scrollCourseToEnd(page, frame);
    await page.evaluate(() => window.scrollTo(0, 310));
    await clickWhereSeen(
      page,
      frame.getByRole('contentinfo').getByRole('button', { name: 'Certificado' }),
    );
    const screen = frame.getByRole('dialog', { name: 'Tu certificado' });
    await expect(screen).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath('certificate.png') });
    for (const name of ['DESCARGAR', 'IMPRIMIR', 'Cerrar'])
      await expectInView(page, screen.getByRole('button', { name }), BAR, `«${name}»`);
    await clickWhereSeen(page, screen.getByRole('button', { name: 'Cerrar' }));
    await expect(screen).toHaveCount(0);
    expect(errors).toEqual([]);
  });
}

test('a 500-px popup: header and certificate buttons in view after scrolling the course to its end', async ({
  page,
}, testInfo) => {
  const errors = collectErrors(page);
  const lms = await launchLms(page, {
    version: '1.2',
    cmi: finished,
    popup: true,
    popupSize: { width: 1000, height: 500 },
  });
  const popup = lms.popup!;
  await popup.setViewportSize({ width: 1000, height: 500 });
  const frame = lms.course;
  await expect(frame.getByRole('heading', { name: 'Módulos del curso' })).toBeVisible();
  await frame.getByRole('button', { name: /Módulo 1\b/ }).click();
  await frame.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await clickWhereSeen(popup, frame.getByRole('link', { name: 'Siguiente' }));
  await expectInView(popup, frame.getByRole('banner'), 0, 'the course header');
  await frame.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await clickWhereSeen(
    popup,
    frame.getByRole('contentinfo').getByRole('button', { name: 'Certificado' }),
  );
  const screen = frame.getByRole('dialog', { name: 'Tu certificado' });
  await expect(screen).toBeVisible();
  await popup.screenshot({ path: testInfo.outputPath('popup-certificate.png') });
  for (const name of ['DESCARGAR', 'IMPRIMIR', 'Cerrar'])
    await expectInView(popup, screen.getByRole('button', { name }), 0, `«${name}»`);
  expect(errors).toEqual([]);
});

/** The topic with the most content: the longest screen a learner scrolls through. */
function longestTopic() {
  const topics = course().modules.flatMap((m) => m.topics);
  return topics.reduce((a, b) => (JSON.stringify(b).length > JSON.stringify(a).length ? b : a));
}

/** Where the course and the LMS page are scrolled to. */
async function scrollPositions(page: Page, frame: Frame) {
  return [await page.evaluate(() => window.scrollY), await frame.evaluate(() => window.scrollY)];
}

test('Moodle-shaped page at 1366×768, page back at its top: the wheel over the course reaches «Siguiente» and the footer of the longest topic', async ({
  page,
}, testInfo) => {
  const errors = collectErrors(page);
  await page.setViewportSize({ width: 1366, height: 768 });
  const lms = await launchLms(page, {
    version: '1.2',
    cmi: finished,
    pageShape: 'moodle',
    frameSize: { width: 714, height: 666 },
  });
  const frame = lms.course;
  await expect(frame.getByRole('heading', { name: 'Módulos del curso' })).toBeVisible();
  const topic = longestTopic();
  await frame.evaluate((path) => {
    window.location.hash = path;
  }, pagePath(topic));
  await expect(frame.getByRole('heading', { level: 1 })).not.toHaveText('Módulos del curso');
  // Moodle's page back at its top, as at launch: the frame runs below the window.
  await page.evaluate(() => window.scrollTo(0, 0));
  const next = frame.getByRole('link', { name: 'Siguiente' });
  const footer = frame.getByRole('contentinfo');
  const height = page.viewportSize()!.height;
  const bottomOf = async (target: Locator) => {
    const box = (await target.boundingBox())!;
    return box.y + box.height;
  };
  // The wheel over the course, notch by notch, until «Siguiente» and the footer are in the
  // window; each notch must move the course or the page (a notch that moves nothing: stuck).
  for (let notch = 0; notch < 60; notch++) {
    if ((await bottomOf(next)) <= height + 0.5 && (await bottomOf(footer)) <= height + 0.5) break;
    const before = await scrollPositions(page, frame);
    const box = (await frame.frameElement().then((f) => f.boundingBox()))!;
    await page.mouse.move(box.x + box.width / 2, Math.max(box.y, BAR) + 40);
    await page.mouse.wheel(0, 400);
    await expect
      .poll(() => scrollPositions(page, frame), { message: 'the wheel over the course moves it' })
      .not.toEqual(before);
  }
  await page.screenshot({ path: testInfo.outputPath('longest-topic-end.png') });
  await expectInView(page, next, BAR, '«Siguiente»');
  await expectInView(page, footer, BAR, 'the course footer');
  // The course's header guarantee (record 0161) holds: the frame's top stays below the bar.
  const frameBox = (await frame.frameElement().then((f) => f.boundingBox()))!;
  expect(frameBox.y).toBeGreaterThanOrEqual(BAR - 0.5);
  const heading = await frame.getByRole('heading', { level: 1 }).textContent();
  await clickWhereSeen(page, next);
  await expect(frame.getByRole('heading', { level: 1 })).not.toHaveText(heading!);
  expect(errors).toEqual([]);
});
