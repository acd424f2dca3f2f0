// The LMS record is never damaged or missing (docs/decisions/0160-one-rule-for-what-the-course-writes.md),
// both SCORM versions in the strict harness, each started from a seeded near-complete record so
// that only the last module is walked: a resumed-but-empty record (progress only in the stored
// objectives), an unreadable suspend_data, and a finished attempt reopened as Moodle reopens it
// (review mode: the harness counts SetValue calls, which must be 0).
import { expect, test, type Frame } from '@playwright/test';
import { collectErrors, launchLms, type LmsVersion } from './support/lms-fixture.ts';
import {
  expectRoute,
  leaveIntroduction,
  routeOf,
  routePart,
  finishLastModule,
} from './support/course.ts';
import { course } from './support/content.ts';
import { moodleRelaunch } from '../src/tracking/scorm/test-support.ts';

const ID = 'E-2101';
const NAME = 'Rojas Díaz, Luz Marina';

const last = () => course().modules.length;

/** To the menu: through the introduction when there is no bookmark, else the menu is first. */
async function reachMenu(frame: Frame) {
  await expectRoute(frame, /^\/(menu|introduccion)$/);
  if (routeOf(frame) === '/introduccion') await leaveIntroduction(frame);
}

/** Route with every module but the last done (topics and quiz). */
const routeBeforeLast = () =>
  course()
    .modules.map((m, i) =>
      i < last() - 1 ? Array.from({ length: m.topics.length + 1 }, (_, k) => k).join(',') : '{}',
    )
    .join('-');
const fullRoute = () =>
  course()
    .modules.map((m) => Array.from({ length: m.topics.length + 1 }, (_, k) => k).join(','))
    .join('-');

/** Objectives of the first modules stored as completed (what the course writes per module). */
function objectives(version: LmsVersion, done: number) {
  return Object.fromEntries(
    course()
      .modules.slice(0, done)
      .map((m, i) => [
        String(i),
        version === '1.2'
          ? { id: m.id, status: 'completed' }
          : { id: m.id, completion_status: 'completed', success_status: 'passed' },
      ]),
  );
}

/** entry resume, incomplete, no suspend_data and no score; four module objectives completed. */
function resumedButEmpty(version: LmsVersion) {
  return version === '1.2'
    ? {
        core: { student_id: ID, student_name: NAME, entry: 'resume', lesson_status: 'incomplete' },
        objectives: objectives(version, last() - 1),
      }
    : {
        learner_id: ID,
        learner_name: NAME,
        entry: 'resume',
        completion_status: 'incomplete',
        objectives: objectives(version, last() - 1),
      };
}

/** A learner at 80 with every module but the last done; suspend_data will fail to read. */
function atEighty(version: LmsVersion) {
  const score = String(((last() - 1) * 100) / last());
  return version === '1.2'
    ? {
        core: {
          student_id: ID,
          student_name: NAME,
          entry: 'resume',
          lesson_status: 'incomplete',
          lesson_location: 'menu',
          score: { raw: score },
        },
        suspend_data: routeBeforeLast(),
      }
    : {
        learner_id: ID,
        learner_name: NAME,
        entry: 'resume',
        completion_status: 'incomplete',
        location: 'menu',
        score: { raw: score },
        suspend_data: routeBeforeLast(),
      };
}

/** What the last session of a finished learner left in the LMS (exit as in decision 0006). */
function finished(version: LmsVersion) {
  return version === '1.2'
    ? {
        core: {
          student_id: ID,
          student_name: NAME,
          lesson_status: 'completed',
          lesson_location: 'menu',
          exit: 'logout',
          score: { raw: '100', min: '0', max: '100' },
        },
        suspend_data: fullRoute(),
      }
    : {
        learner_id: ID,
        learner_name: NAME,
        completion_status: 'completed',
        success_status: 'passed',
        location: 'menu',
        exit: 'normal',
        score: { raw: '100', min: '0', max: '100', scaled: '1' },
        suspend_data: fullRoute(),
      };
}

const status = (version: LmsVersion, cmi: Record<string, never>) =>
  version === '1.2'
    ? // eslint-disable-next-line @typescript-eslint/no-explicit-any -- CMI JSON
      { status: (cmi as any).core.lesson_status, score: (cmi as any).core.score.raw }
    : // eslint-disable-next-line @typescript-eslint/no-explicit-any -- CMI JSON
      { status: (cmi as any).completion_status, score: (cmi as any).score.raw };

for (const version of ['1.2', '2004'] as const) {
  test(`SCORM ${version}: a resumed-but-empty record is written, and the last module ends it completed with 100`, async ({
    page,
  }) => {
    const errors = collectErrors(page);
    const lms = await launchLms(page, { version, cmi: resumedButEmpty(version) });
    const frame = lms.course;
    await reachMenu(frame);
    await finishLastModule(frame);
    await expect
      .poll(async () => status(version, await lms.cmi()))
      .toEqual({
        status: 'completed',
        score: '100',
      });
    await expect(frame.getByText(/La plataforma no responde/)).toHaveCount(0);
    await lms.expectNoViolations();
    expect(errors).toEqual([]);
  });

  test(`SCORM ${version}: an unreadable suspend_data (${version === '1.2' ? 'throws' : "'' + error"}) still records the learner: completed with 100`, async ({
    page,
  }) => {
    const errors = collectErrors(page);
    const lms = await launchLms(page, {
      version,
      cmi: atEighty(version),
      faults: {
        getValueFailures: 1000,
        getValueFault: version === '1.2' ? 'throws' : 'error',
      },
    });
    const frame = lms.course;
    await reachMenu(frame);
    // Modules 1–4 come back from the stored score; the route is rebuilt and written.
    await finishLastModule(frame);
    await expect
      .poll(async () => status(version, await lms.cmi()))
      .toEqual({
        status: 'completed',
        score: '100',
      });
    expect(routePart((await lms.cmi()).suspend_data)).toBe(fullRoute());
    // The injected read failures are the LMS's; the course itself broke no rule.
    expect(errors.filter((e) => !/Fallo simulado/.test(e))).toEqual([]);
  });

  test(`SCORM ${version}: a finished attempt reopened as Moodle reopens it is reviewed without a single SetValue; the certificate stays reachable`, async ({
    page,
  }) => {
    const errors = collectErrors(page);
    const cmi = moodleRelaunch(version, finished(version));
    expect(version === '1.2' ? (cmi.core as { lesson_mode: string }).lesson_mode : cmi.mode).toBe(
      'review',
    );
    const lms = await launchLms(page, { version, cmi });
    const frame = lms.course;
    await expect(
      frame.getByText('Estás repasando el curso; tu avance ya quedó guardado.'),
    ).toBeVisible();
    await reachMenu(frame);
    await expect(frame.getByText('Módulos terminados: 5 de 5')).toBeVisible();
    // Every screen can be browsed: the last module's first topic, then back to the menu.
    await frame.getByRole('button', { name: new RegExp(`Módulo ${last()}\\b`) }).click();
    await expect(frame.getByRole('heading', { level: 1 })).toHaveText(
      course().modules[last() - 1]!.topics[0]!.title.replace(/<[^>]+>/g, ''),
    );
    await frame.getByRole('contentinfo').getByRole('button', { name: 'Certificado' }).click();
    const screen = frame.getByRole('dialog', { name: 'Tu certificado' });
    await expect(
      screen.getByRole('article', {
        name: 'Certificado de participación de Luz Marina Rojas Díaz',
      }),
    ).toBeVisible();
    await screen.getByRole('button', { name: 'Cerrar' }).click();
    await lms.closeCourse();
    await expect
      .poll(() => lms.count(version === '1.2' ? 'LMSCommit' : 'Commit'))
      .toBeGreaterThan(0);
    expect(await lms.count(version === '1.2' ? 'LMSSetValue' : 'SetValue')).toBe(0);
    // No Terminate in review (record 0268): Moodle's 2004 Terminate stores total_time.
    expect(await lms.finishCalls()).toBe(0);
    await lms.expectNoViolations();
    expect(errors).toEqual([]);
  });
}

// Record 0268: Moodle 2004 reopens a finished attempt in review mode and hands nothing back; its
// Terminate would store cmi.total_time = AddTime(nothing, nothing) = 'P' (the Moodle model in
// strict-lms.js). The review leaves Moodle's record exactly as it was.
test('SCORM 2004 in Moodle: a review leaves total_time, status, score, suspend_data and interactions as they were', async ({
  page,
}) => {
  const errors = collectErrors(page);
  const moodleDb = {
    'cmi.completion_status': 'completed',
    'cmi.success_status': 'passed',
    'cmi.score.raw': '100',
    'cmi.score.scaled': '1',
    'cmi.suspend_data': fullRoute(),
    'cmi.location': 'menu',
    'cmi.exit': 'normal',
    'cmi.total_time': 'PT1M3.67S',
    'cmi.interactions.0.id': 'm1-q1',
    'cmi.interactions.0.type': 'choice',
    'cmi.interactions.0.learner_response': 'b',
    'cmi.interactions.0.result': 'incorrect',
  };
  const cmi = moodleRelaunch('2004', finished('2004'));
  const lms = await launchLms(page, { version: '2004', lmsModel: 'moodle', moodleDb, cmi });
  const frame = lms.course;
  await expect(
    frame.getByText('Estás repasando el curso; tu avance ya quedó guardado.'),
  ).toBeVisible();
  await reachMenu(frame);
  await frame.getByRole('button', { name: new RegExp(`Módulo ${last()}\\b`) }).click();
  await lms.closeCourse();
  await expect.poll(() => lms.count('Commit')).toBeGreaterThan(0);
  expect(await lms.count('SetValue')).toBe(0);
  expect(await lms.moodleDb()).toEqual(moodleDb);
  await lms.expectNoViolations();
  expect(errors).toEqual([]);
});
