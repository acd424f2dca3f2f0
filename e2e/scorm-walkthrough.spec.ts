// The course inside an LMS, for both SCORM versions, against scorm-again with a strict call
// checker: the relaunch at the bookmark, a window closed mid-module. (The whole course and what the
// LMS records at its end are walked from the real zips: package-deep-path.spec.ts.)
import { expect, test } from '@playwright/test';
import { course } from './support/content.ts';
import { completeModule, expectRoute, leaveIntroduction, readTopics } from './support/course.ts';
import { collectErrors, launchLms, learnerData, type LmsVersion } from './support/lms-fixture.ts';

const VERSIONS: LmsVersion[] = ['1.2', '2004'];

for (const version of VERSIONS) {
  test.describe(`SCORM ${version}`, () => {
    test('a relaunch with the saved data (entry resume) opens at the bookmark with progress kept', async ({
      page,
    }) => {
      test.setTimeout(120_000);
      const errors = collectErrors(page);
      const first = await launchLms(page, {
        version,
        cmi: learnerData(version, 'cc-2002', 'Rojas, Ana'),
      });
      await leaveIntroduction(first.course);
      await completeModule(first.course, 1);
      await readTopics(first.course, 2, 'mouse', 2);
      const bookmark = course().modules[1]!.topics[1]!;
      await first.closeCourse();
      await expect.poll(() => first.terminated()).toBe(true);
      await first.expectNoViolations();
      const saved = await first.saved();
      expect(JSON.stringify(saved)).toContain('"entry":"resume"');

      const again = await launchLms(page, { version, cmi: saved });
      await expect(again.course.getByRole('heading', { level: 1 })).toHaveText(
        bookmark.title.replace(/<[^>]+>/g, ''),
      );
      await expect(again.course.getByText('Módulos terminados: 1 de 5')).toBeVisible();
      await again.course.getByRole('link', { name: 'Menú' }).first().click();
      await expectRoute(again.course, '/menu');
      // Module 1 stays done: the course moves on with module 2 where it was left.
      await completeModule(again.course, 2);
      await expect(again.course.getByText('Módulos terminados: 2 de 5')).toBeVisible();
      const ids = async () =>
        (Object.values((await again.cmi()).interactions) as { id: string }[]).map((i) => i.id);
      await expect.poll(ids).toEqual(['m1-q1', 'm1-q2', 'm1-q3', 'm2-q1', 'm2-q2', 'm2-q3']);
      await again.expectNoViolations();
      expect(errors).toEqual([]);
    });

    test('closing the window mid-module loses nothing', async ({ page }) => {
      test.setTimeout(90_000);
      const lms = await launchLms(page, {
        version,
        cmi: learnerData(version, 'cc-3003', 'Díaz, Luis'),
      });
      await leaveIntroduction(lms.course);
      await readTopics(lms.course, 1, 'mouse', 3);
      const topic = course().modules[0]!.topics[2]!;
      await lms.closeCourse(); // at once, no time for a debounced commit
      await expect.poll(() => lms.terminated()).toBe(true);
      const cmi = await lms.cmi();
      expect(cmi.suspend_data).toMatch(/^0,1,2-/);
      if (version === '1.2')
        expect(cmi.core).toMatchObject({
          lesson_location: topic.id,
          exit: 'suspend',
          lesson_status: 'incomplete',
        });
      else
        expect(cmi).toMatchObject({
          location: topic.id,
          exit: 'suspend',
          completion_status: 'incomplete',
        });
      await lms.expectNoViolations();
    });
  });
}
