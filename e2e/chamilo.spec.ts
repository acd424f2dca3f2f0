// The SCORM 1.2 course in a model of Chamilo 1.11's player (e2e/harness/strict-lms.js
// chamiloApi, from Chamilo's main/lp/ code; decision record 0190), seeded near the end: a learner
// whose first session finished modules 1–4 (their records stored at their slots, every answer in
// the course's record in suspend_data) relaunches, which makes Chamilo rebuild those interactions
// blank, and finishes module 5. Chamilo keeps every answer with its own values, at its slot (a
// question added after publication last: records 0270, 0278), and adds up the real time.
import { expect, test, type Frame } from '@playwright/test';
import { launchLms, type ChamiloRecord } from './support/lms-fixture.ts';
import {
  closeCongratulations,
  expectRoute,
  leaveIntroduction,
  readTopics,
  routeOf,
  finishLastModule,
} from './support/course.ts';
import { acceptFeedback, chooseOption } from './support/learner.ts';
import { course, slotOrder, slotsHeldAfter } from './support/content.ts';
import { scorm12 } from '../src/tracking/scorm/scorm12/dialect.ts';
import { joinSuspendData, toLedgerAnswer } from '../src/tracking/scorm/answer-ledger.ts';
import { answerKindOf } from '../src/domain/registry/index.ts';
import type { Interaction } from '../src/tracking/port.ts';
import type { LmsCall } from './support/lms-fixture.ts';

const last = () => course().modules.length;

/** The answers of modules 1–4 as the first session gave them: q1 wrong, the rest right. */
function firstSessionAnswers(): Interaction[] {
  const answers: Interaction[] = [];
  course()
    .modules.slice(0, last() - 1)
    .forEach((m, mi) => {
      m.activity.questions.forEach((q, qi) => {
        const correctResponse = q.options.findIndex((o) => o.correct === 1);
        const response = qi === 0 ? (correctResponse + 1) % q.options.length : correctResponse;
        const n = answers.length;
        answers.push({
          id: `m${mi + 1}-q${qi + 1}`,
          moduleId: m.id,
          description: '',
          type: answerKindOf(m.activity.type),
          response: [response],
          correctResponse: [correctResponse],
          correct: response === correctResponse,
          latencyMs: 3_000 + n * 1_370,
          timestamp: new Date(2026, 10, 20, 10, 2 * n, 7 * n),
        });
      });
    });
  return answers;
}

/** A Chamilo interaction row as the first session's writes left it. */
function row(index: number, answer: Interaction): (string | string[])[] {
  const v = Object.fromEntries(
    scorm12
      .interaction(index, answer)
      .map((w) => [w.element.split('.').slice(3).join('.'), w.value]),
  );
  return [
    v.id!,
    v.type!,
    v.time!,
    '',
    [v['correct_responses.0.pattern']!],
    v.student_response!,
    v.result!,
    v.latency!,
  ];
}

/**
 * What the first session left: a record at each slot from 0 while its question is answered; an
 * answer whose slot lies past module 5's (m3-q4) waits in suspend_data (record 0278).
 */
function seed(): ChamiloRecord {
  const answers = firstSessionAnswers();
  const byId = new Map(answers.map((a) => [a.id, a]));
  const route = course()
    .modules.map((m, i) =>
      i < last() - 1 ? Array.from({ length: m.topics.length + 1 }, (_, k) => k).join(',') : '{}',
    )
    .join('-');
  return {
    student_id: 'E-2401',
    student_name: 'Quispe Mamani, Rosa',
    lesson_status: 'incomplete',
    score: String(((last() - 1) * 100) / last()),
    lesson_location: 'menu',
    suspend_data: joinSuspendData(route, answers.map(toLedgerAnswer)),
    interactions: slotsHeldAfter(last() - 1).map((id, i) => row(i, byId.get(id)!)),
    objectives: course()
      .modules.slice(0, last() - 1)
      .map((m) => [m.id, 'completed', '', '', '']),
    totalSeconds: 600,
    timePosts: [],
  };
}

async function reachMenu(frame: Frame) {
  await expectRoute(frame, /^\/(menu|introduccion)$/);
  if (routeOf(frame) === '/introduccion') await leaveIntroduction(frame);
}

/** id, type, time, student_response, result, latency (Chamilo keeps no correct_responses of a
 *  rebuilt record: LMSSetValue appends to its '' — see chamiloApi). */
const ownValues = (r: (string | string[])[]) => [r[0], r[1], r[2], r[5], r[6], r[7]];

test('SCORM 1.2 in Chamilo: after a relaunch every answer keeps its own values at its slot and the time added is the real one', async ({
  page,
}) => {
  const consoleLines: { type: string; text: string }[] = [];
  page.on('console', (m) => consoleLines.push({ type: m.type(), text: m.text() }));
  const stored = seed();
  const lms = await launchLms(page, { version: '1.2', lmsModel: 'chamilo', cmi: { ...stored } });
  const frame = lms.course;
  // No SCORM 2004 player in Chamilo: the course runs on the 1.2 API.
  expect(await page.evaluate(() => 'API_1484_11' in window)).toBe(false);
  await reachMenu(frame);
  // entry is ab-initio (Chamilo never keeps exit suspend); the course resumes from its record.
  await finishLastModule(frame);
  await closeCongratulations(frame);
  await expect.poll(() => lms.terminated('1.2'), { message: 'LMSFinish' }).toBe(true);

  const record = await lms.chamilo();
  expect(record.lesson_status).toBe('completed');
  expect(record.score).toBe('100');
  const slots = slotOrder();
  expect(record.interactions.map((r) => r[0])).toEqual(slots);
  // The first session's answers, the rebuilt records and those that waited, with their own values.
  const first = new Map(firstSessionAnswers().map((a) => [a.id, a]));
  slots.forEach((id, i) => {
    const answer = first.get(id);
    if (answer)
      expect(ownValues(record.interactions[i]!), `interaction ${i} (${id})`).toEqual(
        ownValues(row(i, answer)),
      );
  });
  const lastQuestions = course().modules[last() - 1]!.activity.questions;
  lastQuestions.forEach((_, qi) => {
    const r = record.interactions[slots.indexOf(`m${last()}-q${qi + 1}`)]!;
    expect(r[5]).not.toBe('');
    expect(r[6]).toBe('correct');
  });

  // The time Chamilo added up is the session's real time (LMSInitialize → LMSFinish), ±10 %.
  const calls = await lms.calls();
  const start = calls.find((c) => c.method === 'LMSInitialize')!.at;
  const end = calls.find((c) => c.method === 'LMSFinish')!.at;
  const realSeconds = (end - start) / 1000;
  const added = record.totalSeconds - stored.totalSeconds;
  expect(record.timePosts).toHaveLength(1);
  expect(Math.abs(added - realSeconds)).toBeLessThanOrEqual(realSeconds * 0.1);

  // The 401 on an interaction's objective is one warning, never a console error.
  const course401 = consoleLines.filter((l) => /objectives/.test(l.text));
  expect(course401.filter((l) => l.type === 'error')).toEqual([]);
  expect(course401.filter((l) => l.type === 'warning')).toHaveLength(1);
  await lms.expectNoViolations();
});

/** A session's real time from the harness's own call timestamps: Initialize to the last call. */
function realSeconds(calls: LmsCall[]): number {
  const start = calls.find((c) => c.method === 'LMSInitialize')!.at;
  return (calls[calls.length - 1]!.at - start) / 1000;
}

// Record 0268: closing the tab in Chamilo. Its own save on beforeunload goes first (no
// session_time yet), the course's LMSFinish at pagehide never reaches the server though it
// answers "true", and the stale save lands after the course's. The course kept the time and the
// answer in Chamilo's data model before that: the next session adds the lost time once, and the
// first answer stays the first.
test('SCORM 1.2 in Chamilo: a closed tab keeps its time and an answer given 1 s before it', async ({
  page,
}) => {
  const stored = seed();
  const quiz = course().modules[last() - 1]!.activity;
  const first = quiz.questions[0]!;
  const right = first.options.findIndex((o) => o.correct === 1);
  const wrong = first.options.findIndex((o) => o.correct !== 1);

  // Session 1: the last module's topics, its first question answered wrong, the tab closed 1 s later.
  let lms = await launchLms(page, { version: '1.2', lmsModel: 'chamilo', cmi: { ...stored } });
  await reachMenu(lms.course);
  await readTopics(lms.course, last());
  await chooseOption(lms.course, 'mouse', quiz.type, first.options[wrong]!.option);
  await acceptFeedback(lms.course, 'mouse', /Respuesta incorrecta/);
  await page.waitForTimeout(1000); // the learner's second before closing: the scenario itself
  await lms.closePage();
  await expect.poll(() => lms.terminated('1.2'), { message: 'LMSFinish' }).toBe(true);
  const firstCalls = await lms.calls();
  const afterClose = await lms.chamilo();
  // Chamilo lost that session's time (the model reproduces the tab closed in Chamilo 1.11.16).
  expect(afterClose.totalSeconds).toBe(stored.totalSeconds);

  // Session 2: a relaunch; the same question answered right this time, the module finished.
  lms = await launchLms(page, { version: '1.2', lmsModel: 'chamilo', cmi: { ...afterClose } });
  // It resumes at the last topic read (the bookmark); «Siguiente» leads to the quiz.
  await expectRoute(lms.course, /^\/contenido\//);
  const heading = lms.course.getByRole('heading', { level: 1 });
  for (let k = 0; k < 10 && (await heading.textContent()) !== quiz.title; k++)
    await lms.course.getByRole('link', { name: 'Siguiente' }).click();
  await expect(heading).toHaveText(quiz.title);
  for (const q of quiz.questions) {
    const k = q.options.findIndex((o) => o.correct === 1);
    await chooseOption(lms.course, 'mouse', quiz.type, q.options[k]!.option);
    await acceptFeedback(lms.course, 'mouse', /¡Respuesta correcta!/);
  }
  await expect(
    lms.course.getByRole('dialog').getByRole('heading', { name: 'FELICITACIONES' }),
  ).toBeVisible();
  await closeCongratulations(lms.course);
  await expect.poll(() => lms.terminated('1.2'), { message: 'LMSFinish' }).toBe(true);

  const record = await lms.chamilo();
  // Both sessions' real time is stored, ±10 %.
  const real = realSeconds(firstCalls) + realSeconds(await lms.calls());
  const added = record.totalSeconds - stored.totalSeconds;
  expect
    .soft(Math.abs(added - real), `${added} s stored for ${real} s`)
    .toBeLessThanOrEqual(real * 0.1);
  // The first answer keeps its first value: wrong, with the option first chosen.
  const firstResponse = scorm12
    .interaction(0, {
      ...firstSessionAnswers()[0]!,
      type: answerKindOf(quiz.type),
      response: [wrong],
    })
    .find((w) => w.element.endsWith('.student_response'))!.value;
  expect(right).not.toBe(wrong);
  expect
    .soft(record.interactions.map((r) => [r[0], r[5], r[6]]))
    .toContainEqual([`m${last()}-q1`, firstResponse, 'wrong']);
  await lms.expectNoViolations();
});
