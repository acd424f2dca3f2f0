// @vitest-environment jsdom
// «First answer wins» from one ledger (decision record 0257): the controller's FirstAnswerLedger
// lets only a question's first answer through, and whichever adapter runs — the LMS (SCORM 1.2
// and 2004), the standalone server or this browser's storage — a second answer to the same
// question never reaches what it stores, neither in the same page load nor in the next one.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TrackingPort } from '../tracking/port.ts';
import { CourseController, type Answer } from './course-controller.ts';
import { makeOutline } from './test-outline.ts';
import { courseShape } from '../domain/content/outline.ts';
import { ScormSession } from '../tracking/scorm/scorm-session.ts';
import { scorm12 } from '../tracking/scorm/scorm12/dialect.ts';
import { scorm2004 } from '../tracking/scorm/scorm2004/dialect.ts';
import { splitSuspendData } from '../tracking/scorm/answer-ledger.ts';
import {
  cmiOf,
  lms12,
  lms2004,
  MemoryStorage,
  moodleRelaunch,
  recordingLogger,
} from '../tracking/scorm/test-support.ts';
import { instrument } from '../tracking/scorm/test-lms-wrappers.ts';
import { createHttpTracking } from '../tracking/http/tracking.ts';
import { createApiClient } from '../tracking/http/api-client.ts';
import { fakeServer } from '../tracking/http/test-server.ts';
import { createLocalTracking, LOCAL_KEYS } from '../tracking/memory/local-tracking.ts';

const outline = makeOutline([1, 1, 1, 1, 1]);
const shape = courseShape(outline);

/** The learner's answer to module 1's first question (a drag onto the zone): option `option` (1 is the right one). */
const answer = (option: number): Answer => ({
  activityId: 'modulo1-actividad',
  questionIndex: 0,
  description: '¿Quién reporta un peligro?',
  response: [option],
  correctResponse: [1],
  responseText: option === 1 ? 'Todos' : 'Solo el jefe',
  correctResponseText: 'Todos',
  correct: option === 1,
  latencyMs: 3000,
  timestamp: new Date('2026-11-23T10:00:00.000Z'),
});

/** One page load: a controller on the adapter; the learner answers wrong, then right. */
async function answerTwice(tracking: TrackingPort, settle: () => Promise<unknown>) {
  const controller = new CourseController(outline, tracking);
  const started = controller.start();
  await settle();
  await started;
  controller.recordAnswer(answer(0));
  controller.recordAnswer(answer(1));
  tracking.flush();
  await settle();
  tracking.finish();
  await settle();
  return controller;
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  vi.setSystemTime(new Date('2026-11-23T10:00:00.000Z'));
  localStorage.clear();
});
afterEach(() => vi.useRealTimers());

const settle = () => vi.advanceTimersByTimeAsync(5000);

describe.each([
  ['1.2', scorm12, lms12, 'student_response'] as const,
  ['2004', scorm2004, lms2004, 'learner_response'] as const,
])('SCORM %s: the LMS gets the first answer only', (version, dialect, lms, responseField) => {
  const session = (api: Record<string, unknown>, storage: Storage) =>
    new ScormSession(dialect, api, {
      packageId: 'p',
      course: shape,
      log: recordingLogger().logger,
      storage,
    });
  const learner = version === '1.2' ? { core: { student_id: 'A' } } : { learner_id: 'A' };
  /** What the dialect writes as the response of module 1's first question for an option. */
  const written = (option: number) =>
    dialect
      .interaction(0, { ...answer(option), id: 'm1-q1', moduleId: 'modulo1', type: 'matching' })
      .find((w) => w.element.endsWith(responseField))!.value;
  /** Every response value a page load wrote to any interaction record. */
  const responsesWritten = (spy: ReturnType<typeof instrument>) =>
    spy
      .sets()
      .filter(([element = '']) =>
        new RegExp(`^cmi\\.interactions\\.\\d+\\.${responseField}$`).test(element),
      )
      .map(([, value]) => value);

  it('only the first response is ever written, and kept in suspend_data, across two page loads', async () => {
    expect(written(0)).not.toBe(written(1));
    const storage = new MemoryStorage();
    const first = lms(learner);
    const firstSpy = instrument(first);
    const controller = await answerTwice(session(firstSpy.api, storage), settle);
    expect(controller.firstAnswers('modulo1').map((a) => a.response)).toEqual([[0]]);
    expect(responsesWritten(firstSpy)).toEqual([written(0)]);
    const stored = cmiOf(first);
    const kept = splitSuspendData(String(stored.suspend_data)).answers;
    expect(kept.map((a) => [a.id, a.response])).toEqual([['m1-q1', [0]]]);

    // The next page load answers the same question again: the LMS already holds it (a 1.2
    // record is written again with its own first values, decision record 0190).
    const second = lms(moodleRelaunch(version, stored));
    const secondSpy = instrument(second);
    await answerTwice(session(secondSpy.api, storage), settle);
    expect(responsesWritten(secondSpy)).not.toContain(written(1));
    const keptAfter = splitSuspendData(String(cmiOf(second).suspend_data)).answers;
    expect(keptAfter.map((a) => [a.id, a.response])).toEqual([['m1-q1', [0]]]);
  });
});

describe('the standalone server gets the first answer only', () => {
  beforeEach(() => {
    localStorage.setItem('token', 't');
    localStorage.setItem('user', JSON.stringify({ id: 7, name: 'Ana', cycle: 1 }));
  });

  it('one answer sent and stored, with the first option, across two page loads', async () => {
    const server = fakeServer();
    const page = () =>
      createHttpTracking({
        api: createApiClient({ fetch: server.fetch, log: () => undefined }),
        retryDelays: [1000],
        contentVersion: 'curso-sst-abc123',
        shape,
      });
    await answerTwice(page(), settle);
    await answerTwice(page(), settle);

    const sentAnswers = server
      .sent('record-activity')
      .flatMap((r) => (r.body as { answers?: { questionId: string }[] }).answers ?? []);
    expect(sentAnswers.map((a) => a.questionId)).toEqual(['m1-q1']);
    expect(server.state.answers.map((a) => [a.questionId, a.option])).toEqual([
      ['m1-q1', 'Solo el jefe'],
    ]);
  });
});

describe('this browser (local mode) keeps the first answer only', () => {
  it('one stored answer, with the first response, across two page loads', async () => {
    await answerTwice(createLocalTracking('p', localStorage, shape), settle);
    await answerTwice(createLocalTracking('p', localStorage, shape), settle);
    const stored = JSON.parse(localStorage.getItem(`p:${LOCAL_KEYS.interactions}`) ?? '[]') as {
      id: string;
      response: number[];
    }[];
    expect(stored.map((a) => [a.id, a.response])).toEqual([['m1-q1', [0]]]);
  });
});
