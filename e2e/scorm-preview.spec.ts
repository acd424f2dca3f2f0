// The LMS preview (/lms-preview/): an admin picks a version, watches the CMI data, relaunches
// with the saved data and resets the attempt.
import { expect, test, type Frame, type Page } from '@playwright/test';
import { course } from './support/content.ts';
import { expectRoute, leaveIntroduction, readTopics } from './support/course.ts';
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

const row = (page: Page, element: string) =>
  page.getByRole('row').filter({ has: page.getByRole('cell', { name: element, exact: true }) });

for (const version of ['1.2', '2004'] as const) {
  test(`SCORM ${version}: live CMI data, relaunch at the bookmark, reset`, async ({ page }) => {
    const errors = collectErrors(page);
    await page.goto('/lms-preview/');
    await page.getByRole('radio', { name: `SCORM ${version}` }).check();
    await expect(page.getByRole('status')).toContainText(`SCORM ${version}`);
    let frame = await courseFrame(page);
    await leaveIntroduction(frame);
    await readTopics(frame, 1, 'mouse', 2);

    const suspend = row(page, 'cmi.suspend_data');
    const location = row(page, version === '1.2' ? 'cmi.core.lesson_location' : 'cmi.location');
    await expect(suspend).toContainText('0,1-{}-{}-{}-{}');
    await expect(location).toContainText(course().modules[0]!.topics[1]!.id);
    await expect(page.getByRole('status')).toContainText('sesión abierta');

    await page.getByRole('button', { name: 'Relanzar con los datos guardados' }).click();
    frame = await courseFrame(page, frame);
    await expect(page.getByRole('status')).toContainText('entrada: resume');
    await expect(frame.getByRole('heading', { level: 1 })).toHaveText(
      course().modules[0]!.topics[1]!.title.replace(/<[^>]+>/g, ''),
    );
    await expect(suspend).toContainText('0,1-{}-{}-{}-{}');

    await page.getByRole('button', { name: 'Reiniciar intento' }).click();
    frame = await courseFrame(page, frame);
    await expectRoute(frame, '/introduccion');
    await expect(frame.getByText('Progreso: 0 %')).toBeVisible();
    await expect(page.getByRole('status')).toContainText('entrada: (nueva)');
    // The learner's name comes from the LMS ("Apellido, Nombre") into the course.
    await expect(
      row(page, version === '1.2' ? 'cmi.core.student_name' : 'cmi.learner_name'),
    ).toContainText('Pérez Gómez, María José');
    expect(errors).toEqual([]);
  });
}
