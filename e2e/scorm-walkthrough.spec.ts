// The whole course inside an LMS, for both SCORM versions, against scorm-again with a strict
// call checker: what the LMS records at the end, the relaunch at the bookmark, a window closed
// mid-module.
import { expect, test } from '@playwright/test';
import { course } from './support/content.ts';
import {
  closeCongratulations,
  completeCourse,
  completeModule,
  expectRoute,
  fullRoute,
  leaveIntroduction,
  moduleCount,
  questionCount,
  readTopics,
} from './support/course.ts';
import { collectErrors, launchLms, learnerData, type LmsVersion } from './support/lms-fixture.ts';

const VERSIONS: LmsVersion[] = ['1.2', '2004'];

for (const version of VERSIONS) {
  test.describe(`SCORM ${version}`, () => {
    test('a full walkthrough is recorded: completed, 100, 14 interactions, 5 objectives, one Terminate', async ({
      page,
    }) => {
      test.setTimeout(180_000);
      const errors = collectErrors(page);
      const lms = await launchLms(page, {
        version,
        cmi: learnerData(version, 'cc-1001', 'Pérez Gómez, María José'),
      });
      await completeCourse(lms.course, { firstTryWrong: true });
      await closeCongratulations(lms.course);
      await expect.poll(() => lms.terminated()).toBe(true);

      const cmi = await lms.cmi();
      const interactions = Object.values(cmi.interactions) as { id: string; result: string }[];
      const objectives = Object.values(cmi.objectives) as Record<string, string>[];
      expect(interactions).toHaveLength(questionCount());
      expect(new Set(interactions.map((i) => i.id)).size).toBe(questionCount());
      expect(objectives).toHaveLength(moduleCount());
      expect(objectives.map((o) => o.id)).toEqual(course().modules.map((m) => m.id));
      // The first answer of every quiz was wrong: recorded as such, the retry not recorded.
      const firstOfEach = course().modules.map(
        (m) => interactions.find((i) => i.id === `m${m.number}-q1`)!.result,
      );
      expect(firstOfEach).toEqual(
        Array(moduleCount()).fill(version === '1.2' ? 'wrong' : 'incorrect'),
      );
      if (version === '1.2') {
        expect(cmi.core).toMatchObject({ lesson_status: 'completed', exit: 'logout' });
        expect(cmi.core.score).toMatchObject({ raw: '100', min: '0', max: '100' });
        expect(objectives.map((o) => o.status)).toEqual(Array(moduleCount()).fill('completed'));
      } else {
        expect(cmi).toMatchObject({
          completion_status: 'completed',
          success_status: 'passed',
          exit: 'normal',
        });
        expect(cmi.score).toMatchObject({ raw: '100', min: '0', max: '100', scaled: '1' });
        expect(objectives.map((o) => o.success_status)).toEqual(
          Array(moduleCount()).fill('passed'),
        );
      }
      expect(cmi.suspend_data).toBe(fullRoute());
      expect(await lms.finishCalls()).toBe(1);
      // Commit policy: at most one Commit per screen view (introduction, each menu visit, each
      // topic, each quiz), plus at most one per answer — an answer waits up to 10 s for the next
      // screen's commit, so a slow learner (or a loaded CI machine) gets one of its own.
      const screens = 1 + course().modules.reduce((n, m) => n + 1 + m.topics.length + 1, 0) + 1;
      const questions = course().modules.reduce((n, m) => n + m.activity.questions.length, 0);
      const commits = await lms.count(version === '1.2' ? 'LMSCommit' : 'Commit');
      expect(commits).toBeLessThanOrEqual(screens + questions);
      // The window closing later adds no call after Terminate.
      await lms.closeCourse();
      expect(await lms.finishCalls()).toBe(1);
      await lms.expectNoViolations();
      expect(errors).toEqual([]);
    });

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
      await expect(again.course.getByText('Progreso: 20 %')).toBeVisible();
      await again.course.getByRole('link', { name: 'Menú' }).first().click();
      await expectRoute(again.course, '/menu');
      // Module 1 stays done: the course moves on with module 2 where it was left.
      await completeModule(again.course, 2);
      await expect(again.course.getByText('Progreso: 40 %')).toBeVisible();
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
