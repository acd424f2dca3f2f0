// Faults an LMS can throw at the course: no API, the API only in the opener, both APIs, a
// cross-origin frame in between, Commit or SetValue failing, a slow Commit, a corrupted
// suspend_data, two learners on one browser. In each: no progress lost, no uncaught error, and
// every call the course made passes the strict checker.
import { expect, test } from '@playwright/test';
import { course } from './support/content.ts';
import {
  completeModule,
  expectRoute,
  leaveIntroduction,
  readTopics,
  routePart,
} from './support/course.ts';
import { collectErrors, launchLms, learnerData, type LmsVersion } from './support/lms-fixture.ts';

const RETRYING =
  'La plataforma no responde. Seguimos intentando guardar tu avance; puedes continuar.';
const LOCAL = 'Tu progreso se guarda solo en este navegador.';
const module1Route = () =>
  Array.from({ length: course().modules[0]!.topics.length + 1 }, (_, i) => i).join(',');

/** suspend_data, location and score of either version, for short assertions. */
async function progressOf(
  lms: Awaited<ReturnType<typeof launchLms>>,
  version: LmsVersion = lms.version,
) {
  const cmi = await lms.cmi(version);
  return version === '1.2'
    ? {
        route: routePart(cmi.suspend_data),
        location: cmi.core.lesson_location,
        score: cmi.core.score.raw,
      }
    : { route: routePart(cmi.suspend_data), location: cmi.location, score: cmi.score.raw };
}

test('no API anywhere: the course keeps looking for 30 s, then runs in local mode and says so', async ({
  page,
}) => {
  const errors = collectErrors(page);
  // An API may come late (decision record 0265): the local notice only once the search gave up.
  await page.clock.install();
  const lms = await launchLms(page, { version: 'none' });
  await leaveIntroduction(lms.course);
  await expect(lms.course.getByText(LOCAL)).toHaveCount(0);
  await page.clock.runFor(30_000);
  await expect(lms.course.getByText(LOCAL)).toBeVisible();
  await readTopics(lms.course, 1, 'mouse', 2);
  expect(await lms.calls()).toEqual([]);
  expect(errors).toEqual([]);
});

test('both APIs in one window: SCORM 2004 is used and the 1.2 API is never called', async ({
  page,
}) => {
  const errors = collectErrors(page);
  const lms = await launchLms(page, {
    version: 'both',
    cmi: { '2004': learnerData('2004', 'b-1', 'Mora, Eva'), '1.2': {} },
  });
  await leaveIntroduction(lms.course);
  await readTopics(lms.course, 1, 'mouse', 2);
  await expect.poll(async () => (await progressOf(lms, '2004')).route).toMatch(/^0,1-/);
  const calls = await lms.calls();
  expect(calls.filter((c) => c.version === '1.2')).toEqual([]);
  expect(calls.filter((c) => c.version === '2004').length).toBeGreaterThan(0);
  await lms.expectNoViolations();
  expect(errors).toEqual([]);
});

for (const version of ['1.2', '2004'] as const) {
  test.describe(`SCORM ${version}`, () => {
    test('API only in the opener (popup launch): progress goes to the opener and survives closing the popup', async ({
      page,
    }) => {
      const errors = collectErrors(page);
      const lms = await launchLms(page, {
        version,
        popup: true,
        cmi: learnerData(version, 'p-1', 'Vega, Sara'),
      });
      await leaveIntroduction(lms.course);
      await completeModule(lms.course, 1);
      await readTopics(lms.course, 2, 'mouse', 1);
      await lms.closeCourse();
      await expect.poll(() => lms.terminated()).toBe(true);
      const p = await progressOf(lms);
      expect(p.route).toBe(`${module1Route()}-0-{}-{}-{}`);
      expect(p.location).toBe(course().modules[1]!.topics[0]!.id);
      expect(p.score).toBe('20');
      await lms.expectNoViolations();
      expect(errors).toEqual([]);
    });

    test('a cross-origin frame between the LMS and the course is skipped', async ({ page }) => {
      const errors = collectErrors(page);
      const lms = await launchLms(page, {
        version,
        crossOrigin: true,
        cmi: learnerData(version, 'x-1', 'Ruiz, Ana'),
      });
      await leaveIntroduction(lms.course);
      await readTopics(lms.course, 1, 'mouse', 2);
      await expect.poll(async () => (await progressOf(lms)).route).toMatch(/^0,1-/);
      await lms.expectNoViolations();
      expect(errors).toEqual([]);
    });

    test('Commit failing three times then succeeding: a notice while retrying, nothing lost', async ({
      page,
    }) => {
      const errors = collectErrors(page);
      const lms = await launchLms(page, {
        version,
        faults: { commitFailures: 3 },
        cmi: learnerData(version, 'c-1', 'Paz, Juan'),
      });
      const notice = lms.course.getByRole('status').filter({ hasText: RETRYING });
      await expect(notice).toBeVisible();
      await leaveIntroduction(lms.course);
      await readTopics(lms.course, 1, 'mouse', 3);
      await expect(notice).toBeHidden({ timeout: 15_000 });
      await expect.poll(async () => (await progressOf(lms)).route).toMatch(/^0,1,2-/);
      expect(await lms.count(version === '1.2' ? 'LMSCommit' : 'Commit', { injected: true })).toBe(
        3,
      );
      await lms.expectNoViolations();
      expect(errors).toEqual([]);
    });

    test('SetValue failing: values are sent again and arrive', async ({ page }) => {
      const errors = collectErrors(page);
      const lms = await launchLms(page, {
        version,
        faults: { setValueFailures: 4 },
        cmi: learnerData(version, 's-1', 'Gil, Rosa'),
      });
      await leaveIntroduction(lms.course);
      await completeModule(lms.course, 1);
      await expect
        .poll(async () => progressOf(lms), { timeout: 20_000 })
        .toMatchObject({ route: `${module1Route()}-{}-{}-{}-{}`, score: '20' });
      await expect.poll(async () => Object.keys((await lms.cmi()).interactions).length).toBe(3);
      await lms.expectNoViolations();
      expect(errors).toEqual([]);
    });

    test('every Commit taking 2 s (a synchronous LMS): nothing lost', async ({ page }) => {
      test.setTimeout(120_000);
      const errors = collectErrors(page);
      const lms = await launchLms(page, {
        version,
        faults: { commitDelayMs: 2000 },
        cmi: learnerData(version, 'd-1', 'Leal, Tito'),
      });
      await leaveIntroduction(lms.course);
      await completeModule(lms.course, 1);
      await readTopics(lms.course, 2, 'mouse', 2);
      await lms.closeCourse();
      await expect.poll(() => lms.terminated(), { timeout: 15_000 }).toBe(true);
      const p = await progressOf(lms);
      expect(p).toMatchObject({
        route: `${module1Route()}-0,1-{}-{}-{}`,
        score: '20',
        location: course().modules[1]!.topics[1]!.id,
      });
      expect(Object.keys((await lms.cmi()).interactions)).toHaveLength(3);
      await lms.expectNoViolations();
      expect(errors).toEqual([]);
    });

    test('a corrupted, foreign or over-long suspend_data never crashes the course', async ({
      page,
    }) => {
      const errors = collectErrors(page);
      const junk = `0,1,x,99-{"foo":[1,2]}-zz${'9'.repeat(version === '1.2' ? 3000 : 70000)}`;
      const cmi =
        version === '1.2'
          ? {
              core: {
                student_id: 'j-1',
                student_name: 'Ríos, Iván',
                entry: 'resume',
                lesson_location: 'nada-que-ver',
              },
              suspend_data: junk.slice(0, 4096),
            }
          : {
              learner_id: 'j-1',
              learner_name: 'Ríos, Iván',
              entry: 'resume',
              location: 'nada-que-ver',
              suspend_data: junk.slice(0, 64000),
            };
      const lms = await launchLms(page, { version, cmi });
      // Whatever could be read (module 1, topics 0 and 1) is kept; the rest is dropped, and the
      // course runs from the introduction (the foreign bookmark names no page).
      await leaveIntroduction(lms.course);
      await expect(lms.course.getByRole('button', { name: /Módulo 1\b/ })).toBeVisible();
      await readTopics(lms.course, 1, 'mouse', 3);
      await expect.poll(async () => (await progressOf(lms)).route).toBe('0,1,2-{}-{}-{}-{}');
      await lms.expectNoViolations();
      expect(errors).toEqual([]);
    });

    test('a second learner on the same browser never inherits the first one’s progress', async ({
      page,
    }) => {
      const errors = collectErrors(page);
      // Learner A: the LMS refuses every value, so A's progress is only in this browser's safety net.
      const a = await launchLms(page, {
        version,
        faults: { setValueFailures: 100_000 },
        cmi: learnerData(version, 'A-1', 'Uno, Ana'),
      });
      await leaveIntroduction(a.course);
      await readTopics(a.course, 1, 'mouse', 3);
      await a.closeCourse();
      await expect.poll(() => a.terminated()).toBe(true);

      // Learner B, same browser: starts from the introduction with nothing viewed.
      const b = await launchLms(page, { version, cmi: learnerData(version, 'B-2', 'Dos, Beto') });
      await expectRoute(b.course, '/introduccion');
      await expect(b.course.getByText('Módulos terminados: 0 de 5')).toBeVisible();
      await leaveIntroduction(b.course);
      await expect.poll(async () => (await progressOf(b)).route).toBe('{}-{}-{}-{}-{}');
      await b.closeCourse();
      await expect.poll(() => b.terminated()).toBe(true);
      await b.expectNoViolations();

      // Learner A again, on an LMS that never got the data: recovered from this browser and sent.
      const again = await launchLms(page, {
        version,
        cmi: learnerData(version, 'A-1', 'Uno, Ana'),
      });
      await expect(again.course.getByRole('heading', { level: 1 })).toHaveText(
        course().modules[0]!.topics[2]!.title.replace(/<[^>]+>/g, ''),
      );
      await expect.poll(async () => (await progressOf(again)).route).toBe('0,1,2-{}-{}-{}-{}');
      await again.expectNoViolations();
      expect(errors).toEqual([]);
    });
  });
}

// Decision record 0160 (was 0100): a failed read of the stored data never erases the LMS's record.
const fullModules = (done: number) =>
  course()
    .modules.map((m, i) =>
      i < done ? Array.from({ length: m.topics.length + 1 }, (_, t) => t).join(',') : '{}',
    )
    .join('-');

function learnerAt60(version: LmsVersion) {
  const route = fullModules(3);
  return version === '1.2'
    ? {
        core: {
          student_id: 'r-60',
          student_name: 'Sosa, Lina',
          entry: 'resume',
          lesson_status: 'incomplete',
          lesson_location: 'menu',
          score: { raw: '60', min: '0', max: '100' },
        },
        suspend_data: route,
      }
    : {
        learner_id: 'r-60',
        learner_name: 'Sosa, Lina',
        entry: 'resume',
        completion_status: 'incomplete',
        success_status: 'unknown',
        location: 'menu',
        score: { raw: '60', min: '0', max: '100', scaled: '0.6' },
        suspend_data: route,
      };
}

for (const version of ['1.2', '2004'] as const) {
  test.describe(`SCORM ${version}: the stored data cannot be read at first`, () => {
    test('two failed reads of suspend_data: the record is kept and the learner goes on from 60', async ({
      page,
    }) => {
      const errors = collectErrors(page);
      const lms = await launchLms(page, {
        version,
        faults: { getValueFailures: 2, getValueFault: 'error' },
        cmi: learnerAt60(version),
      });
      await expect(lms.course.getByText('Módulos terminados: 3 de 5')).toBeVisible();
      expect(
        await lms.count(version === '1.2' ? 'LMSGetValue' : 'GetValue', { injected: true }),
      ).toBe(2);
      expect(await progressOf(lms)).toEqual({
        route: fullModules(3),
        location: 'menu',
        score: '60',
      });
      await readTopics(lms.course, 4, 'mouse', 2);
      await expect
        .poll(async () => progressOf(lms))
        .toEqual({
          route: `${fullModules(3).split('-').slice(0, 3).join('-')}-0,1-{}`,
          location: course().modules[3]!.topics[1]!.id,
          score: '60',
        });
      await lms.expectNoViolations();
      expect(errors).toEqual([]);
    });

    test('suspend_data reads that keep throwing: after the start wait the route is rebuilt from the score (record 0160), nothing erased, the learner goes on from 60', async ({
      page,
    }) => {
      const errors = collectErrors(page);
      const lms = await launchLms(page, {
        version,
        faults: { getValueFailures: 1000, getValueFault: 'throws' },
        cmi: learnerAt60(version),
      });
      await expect(lms.course.getByText('Módulos terminados: 3 de 5')).toBeVisible();
      expect(await progressOf(lms)).toEqual({
        route: fullModules(3),
        location: 'menu',
        score: '60',
      });
      await readTopics(lms.course, 4, 'mouse', 2);
      await expect
        .poll(async () => progressOf(lms))
        .toEqual({
          route: `${fullModules(3).split('-').slice(0, 3).join('-')}-0,1-{}`,
          location: course().modules[3]!.topics[1]!.id,
          score: '60',
        });
      const cmi = await lms.cmi();
      expect(version === '1.2' ? cmi.core.lesson_status : cmi.completion_status).toBe('incomplete');
      await expect(lms.course.getByRole('status').filter({ hasText: RETRYING })).toBeHidden();
      await lms.expectNoViolations();
      expect(errors).toEqual([]);
    });
  });
}
