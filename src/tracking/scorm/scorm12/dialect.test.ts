// SCORM 1.2 mapping, proven against scorm-again's Scorm12API (autocommit off, no commit URL,
// no mastery score).
import { describe, expect, it, vi } from 'vitest';
import { ScormSession, type ScormSessionOptions } from '../scorm-session.ts';
import {
  COURSE,
  answer,
  cmiOf,
  lms12,
  pluck,
  recordingLogger,
  type RawApi,
  routeFor,
  routeOf,
  viewedOf,
  walkCourse,
  routePart,
  withCourseClock,
  writtenInteraction,
  QUESTION_IDS,
} from '../test-support.ts';
import { instrument } from '../test-lms-wrappers.ts';
import { scorm12 } from './dialect.ts';

withCourseClock();

async function launch(
  cmi: Record<string, unknown> = {},
  options: Partial<ScormSessionOptions> = {},
  tweak?: (api: RawApi) => void,
) {
  const lms = lms12(cmi);
  const spy = instrument(lms);
  tweak?.(spy.api);
  const log = recordingLogger();
  const session = new ScormSession(scorm12, spy.api, {
    packageId: 'curso-sst-scorm12',
    course: COURSE,
    log: log.logger,
    storage: null,
    ...options,
  });
  const started = session.start();
  await vi.advanceTimersByTimeAsync(200);
  return { lms, spy, log, session, snapshot: await started };
}

describe('SCORM 1.2 start', () => {
  it('initialises, reads the stored data after 200 ms and sets not attempted → incomplete', async () => {
    const lms = lms12({ core: { student_id: 'cc-1010', student_name: 'Pérez Gómez, María José' } });
    const spy = instrument(lms);
    const session = new ScormSession(scorm12, spy.api, {
      packageId: 'p',
      course: COURSE,
      log: recordingLogger().logger,
    });
    const started = session.start();
    expect(spy.count('LMSInitialize')).toBe(1);
    await vi.advanceTimersByTimeAsync(199);
    expect(spy.count('LMSGetValue')).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    const snapshot = await started;
    expect(snapshot).toEqual({
      learner: { id: 'cc-1010', name: 'María José Pérez Gómez' },
      score: null,
      viewed: null,
      bookmark: null,
    });
    const read = spy.calls.filter((c) => c.method === 'LMSGetValue').map((c) => c.args[0]);
    expect(read).toEqual(
      expect.arrayContaining([
        'cmi.core.score.raw',
        'cmi.suspend_data',
        'cmi.core.lesson_location',
        'cmi.core.entry',
      ]),
    );
    await vi.advanceTimersByTimeAsync(300);
    expect(lms.cmi.core.lesson_status).toBe('incomplete');
    expect(cmiOf(lms).core.exit).toBe('suspend');
    expect(spy.count('LMSCommit')).toBe(1);
  });

  it('resumes: score, route and bookmark come back; a completed status is kept', async () => {
    const { snapshot, lms } = await launch({
      core: {
        entry: 'resume',
        lesson_status: 'incomplete',
        lesson_location: 'modulo3-tema2',
        score: { raw: '40' },
      },
      suspend_data: '0,1,2,3,4,5,6-0,1,2,3,4,5-0,1',
    });
    expect(snapshot).toMatchObject({
      score: 40,
      viewed: viewedOf('0,1,2,3,4,5,6-0,1,2,3,4,5-0,1-{}-{}'),
      bookmark: 'modulo3-tema2',
    });
    expect(lms.cmi.core.lesson_status).toBe('incomplete');

    const done = await launch({
      core: { lesson_status: 'completed', score: { raw: '100' } },
      suspend_data: routeFor(5),
    });
    await vi.advanceTimersByTimeAsync(1000);
    expect(done.lms.cmi.core.lesson_status).toBe('completed');
    expect(cmiOf(done.lms).core.exit).toBe('logout');
  });

  it('keeps what it can of a corrupted suspend_data and logs the rest', async () => {
    const { snapshot, log } = await launch({ suspend_data: '0,1,x,99-{"foo":1}-2-{}-{}-7-8' });
    expect(routeOf(snapshot)).toBe('0,1-{}-2-{}-{}');
    expect(log.text()).toMatch(/suspend_data: kept what could be read; dropped/);
  });

  it('ignores a stored score out of range', async () => {
    const { snapshot, log } = await launch({}, {}, (api) => {
      const get = api.LMSGetValue as (e: string) => string;
      api.LMSGetValue = (e: string) => (e === 'cmi.core.score.raw' ? '150' : get(e));
    });
    expect(snapshot.score).toBeNull();
    expect(log.text()).toMatch(/the grade must be between 0 and 100/);
  });
});

describe('SCORM 1.2 saving', () => {
  it('maps progress: suspend_data, score with range, location, objectives; one commit per burst', async () => {
    const { lms, spy, session } = await launch();
    await vi.advanceTimersByTimeAsync(1000);
    const commitsBefore = spy.count('LMSCommit');
    session.save({
      viewed: viewedOf('0,1,2'),
      bookmark: 'modulo1-tema3',
      modules: [{ id: 'modulo1', status: 'current' }],
    });
    session.save({ viewed: viewedOf('0,1,2,3'), bookmark: 'modulo1-tema4' });
    expect(spy.count('LMSCommit')).toBe(commitsBefore);
    await vi.advanceTimersByTimeAsync(300);
    expect(spy.count('LMSCommit')).toBe(commitsBefore + 1);
    const cmi = cmiOf(lms);
    expect(routePart(cmi.suspend_data)).toBe('0,1,2,3-{}-{}-{}-{}');
    expect(cmi.core.lesson_location).toBe('modulo1-tema4');
    expect(cmi.objectives['0']).toMatchObject({ id: 'modulo1', status: 'incomplete' });

    session.save({
      viewed: viewedOf(routeFor(2)),
      score: 40,
      modules: [
        { id: 'modulo1', status: 'viewed' },
        { id: 'modulo2', status: 'viewed' },
      ],
    });
    await vi.advanceTimersByTimeAsync(300);
    expect(lms.cmi.core.score.raw).toBe('40');
    expect(lms.cmi.core.score.min).toBe('0');
    expect(lms.cmi.core.score.max).toBe('100');
    expect(lms.cmi.core.lesson_status).toBe('incomplete');
    expect(cmiOf(lms).objectives['1']).toMatchObject({ id: 'modulo2', status: 'completed' });
  });

  it('never sends a score outside 0–100 and says so', async () => {
    const { lms, session, log } = await launch();
    session.save({ score: 140 });
    session.save({ score: -1 });
    await vi.advanceTimersByTimeAsync(300);
    expect(lms.cmi.core.score.raw).toBe('');
    expect(
      log.messages.filter((m) => m.message.includes('the grade must be between 0 and 100')),
    ).toHaveLength(2);
  });

  it('a full course: completed, 100, 14 interactions, 5 objectives, exit logout, one LMSFinish', async () => {
    const { lms, spy, session } = await launch({
      core: { student_id: 'u1', student_name: 'Pérez, Ana' },
    });
    walkCourse(session);
    // Completion is committed at once, before any debounce.
    expect(lms.cmi.core.lesson_status).toBe('completed');
    expect(lms.cmi.core.score.raw).toBe('100');
    session.finish();
    session.finish();
    expect(spy.count('LMSFinish')).toBe(1);
    const cmi = cmiOf(lms);
    expect(cmi.core.exit).toBe('logout');
    expect(cmi.core.session_time).toMatch(/^\d{2,4}:\d{2}:\d{2}(\.\d{1,2})?$/);
    expect(routePart(cmi.suspend_data)).toBe(routeFor(5));
    expect(Object.keys(cmi.interactions)).toHaveLength(14);
    expect(Object.keys(cmi.objectives)).toHaveLength(5);
    expect(pluck(cmi.objectives, 'status')).toEqual(Array(5).fill('completed'));
    const ids = pluck(cmi.interactions, 'id');
    expect(ids).toEqual(QUESTION_IDS);
    // No call after LMSFinish.
    const finishAt = spy.calls.findIndex((c) => c.method === 'LMSFinish');
    expect(
      spy.calls
        .slice(finishAt + 1)
        .filter((c) => !/GetLastError|GetErrorString|GetDiagnostic/.test(c.method)),
    ).toEqual([]);
    // Commits: at most one per screen view (40 screens walked here).
    expect(spy.count('LMSCommit')).toBeLessThanOrEqual(12);
  });

  it('records one interaction per question at the first answer, in 1.2 vocabulary', async () => {
    const { lms, session } = await launch();
    session.recordAnswer(
      answer('m1-q1', {
        type: 'matching',
        response: [2],
        correctResponse: [0],
        correct: false,
        latencyMs: 61_500,
      }),
    );
    session.recordAnswer(
      answer('m1-q1', { type: 'matching', response: [0], correctResponse: [0], correct: true }),
    );
    session.recordAnswer(
      answer('m1-q2', { response: [1], correctResponse: [1], correct: true, latencyMs: 3000 }),
    );
    session.flush();
    const cmi = cmiOf(lms);
    expect(Object.keys(cmi.interactions)).toHaveLength(2);
    expect(cmi.interactions['0']).toMatchObject({
      id: 'm1-q1',
      type: 'matching',
      student_response: '1.c',
      result: 'wrong',
      latency: expect.stringMatching(/^0{0,2}00:01:01\.5/),
      time: '09:05:07',
    });
    expect(cmi.interactions['0'].correct_responses['0'].pattern).toBe('1.a');
    expect(cmi.interactions['0'].objectives['0'].id).toBe('modulo1');
    expect(cmi.interactions['1']).toMatchObject({
      id: 'm1-q2',
      type: 'choice',
      student_response: 'b',
      result: 'correct',
    });
  });

  it('does not record again on resume: writes at the fixed position and skips finished quizzes', async () => {
    const { lms, session } = await launch({
      interactions: { '0': { id: 'm1-q1' }, '1': { id: 'm1-q2' }, '2': { id: 'm1-q3' } },
      suspend_data: routeFor(1),
    });
    session.recordAnswer(answer('m1-q2'));
    session.recordAnswer(answer('m2-q1'));
    session.flush();
    expect(pluck(cmiOf(lms).interactions, 'id')).toEqual(['m1-q1', 'm1-q2', 'm1-q3', 'm2-q1']);
  });

  it('keeps suspend_data within 4096 characters', () => {
    expect(scorm12.suspendDataLimit).toBe(4096);
  });
});

// Each answer kind is written once (decision record 0200): an order and a set of options.
describe('SCORM 1.2 answer shapes', () => {
  const written = (type: 'choice' | 'matching' | 'sequencing', response: number[]) =>
    writtenInteraction(scorm12, type, response);

  it('writes an order as sequencing, a set as a choice of several, several drops as matchings', () => {
    expect(written('sequencing', [0, 2, 1])).toMatchObject({
      type: 'sequencing',
      student_response: 'a,c,b',
      'correct_responses.0.pattern': 'a,b,c',
    });
    expect(written('choice', [0, 2])).toMatchObject({ type: 'choice', student_response: 'a,c' });
    expect(written('matching', [0, 2])).toMatchObject({ student_response: '1.a,1.c' });
  });
});
