// SCORM 2004 mapping, proven against scorm-again's Scorm2004API (autocommit off, no commit URL,
// no scaled passing score).
import { describe, expect, it, vi } from 'vitest';
import { ScormSession } from '../scorm-session.ts';
import {
  COURSE,
  answer,
  cmiOf,
  lms2004,
  pluck,
  recordingLogger,
  routeFor,
  viewedOf,
  walkCourse,
  routePart,
  withCourseClock,
  writtenInteraction,
} from '../test-support.ts';
import { instrument } from '../test-lms-wrappers.ts';
import { scorm2004 } from './dialect.ts';

withCourseClock();

async function launch(cmi: Record<string, unknown> = {}) {
  const lms = lms2004(cmi);
  const spy = instrument(lms);
  const log = recordingLogger();
  const session = new ScormSession(scorm2004, spy.api, {
    packageId: 'curso-sst-scorm2004',
    course: COURSE,
    log: log.logger,
    storage: null,
  });
  const started = session.start();
  await vi.advanceTimersByTimeAsync(200);
  return { lms, spy, log, session, snapshot: await started };
}

describe('SCORM 2004 start', () => {
  it('reads learner, score, route and location; unknown → incomplete; success stays unknown', async () => {
    const { snapshot, lms } = await launch({
      learner_id: 'cc-77',
      learner_name: 'Rodríguez, Luis Fernando',
      entry: 'resume',
      location: 'modulo2-tema1',
      score: { raw: '20' },
      suspend_data: routeFor(1, [[], [0]]),
    });
    expect(snapshot).toEqual({
      learner: { id: 'cc-77', name: 'Luis Fernando Rodríguez' },
      score: 20,
      viewed: viewedOf(routeFor(1, [[], [0]])),
      bookmark: 'modulo2-tema1',
    });
    await vi.advanceTimersByTimeAsync(300);
    const cmi = cmiOf(lms);
    expect(cmi.completion_status).toBe('incomplete');
    expect(cmi.success_status).toBe('unknown');
    expect(cmi.exit).toBe('suspend');
  });
});

describe('SCORM 2004 saving', () => {
  it('maps score with min, max, scaled and progress_measure; location; objectives with both statuses', async () => {
    const { lms, session } = await launch();
    session.save({
      viewed: viewedOf(routeFor(3, [[], [], [], [0, 1]])),
      score: 60,
      bookmark: 'modulo4-tema2',
      modules: [
        { id: 'modulo1', status: 'viewed' },
        { id: 'modulo2', status: 'viewed' },
        { id: 'modulo3', status: 'viewed' },
        { id: 'modulo4', status: 'current' },
        { id: 'modulo5', status: 'not-viewed' },
      ],
    });
    await vi.advanceTimersByTimeAsync(300);
    const cmi = cmiOf(lms);
    expect(cmi.score).toMatchObject({ raw: '60', min: '0', max: '100', scaled: '0.6' });
    expect(cmi.progress_measure).toBe('0.6');
    expect(cmi.location).toBe('modulo4-tema2');
    expect(cmi.completion_status).toBe('incomplete');
    expect(cmi.success_status).toBe('unknown');
    expect(pluck(cmi.objectives, 'id')).toEqual(COURSE.moduleIds);
    expect(pluck(cmi.objectives, 'completion_status')).toEqual([
      'completed',
      'completed',
      'completed',
      'incomplete',
      'not attempted',
    ]);
    expect(pluck(cmi.objectives, 'success_status')).toEqual([
      'passed',
      'passed',
      'passed',
      'unknown',
      'unknown',
    ]);
  });

  it('a full course: completed + passed, 100, 14 interactions, 5 objectives, exit normal, one Terminate', async () => {
    const { lms, spy, session } = await launch({ learner_id: 'u2', learner_name: 'Pérez, Ana' });
    walkCourse(session);
    expect(cmiOf(lms).completion_status).toBe('completed');
    session.finish();
    session.finish();
    expect(spy.count('Terminate')).toBe(1);
    const cmi = cmiOf(lms);
    expect(cmi).toMatchObject({
      completion_status: 'completed',
      success_status: 'passed',
      exit: 'normal',
      location: 'menu',
    });
    expect(routePart(cmi.suspend_data)).toBe(routeFor(5));
    expect(cmi.score).toMatchObject({ raw: '100', scaled: '1' });
    expect(cmi.session_time).toMatch(/^PT(\d+H)?(\d+M)?(\d+(\.\d{1,2})?S)?$/);
    expect(pluck(cmi.interactions, 'id')).toHaveLength(14);
    expect(new Set(pluck(cmi.interactions, 'id')).size).toBe(14);
    expect(pluck(cmi.objectives, 'success_status')).toEqual(Array(5).fill('passed'));
    const terminateAt = spy.calls.findIndex((c) => c.method === 'Terminate');
    expect(
      spy.calls
        .slice(terminateAt + 1)
        .filter((c) => !/GetLastError|GetErrorString|GetDiagnostic/.test(c.method)),
    ).toEqual([]);
    expect(spy.count('Commit')).toBeLessThanOrEqual(12);
  });

  it('records the first answer with 2004 vocabulary, description and timestamp', async () => {
    const { lms, session } = await launch();
    session.recordAnswer(
      answer('m1-q1', {
        type: 'matching',
        response: [1],
        correctResponse: [3],
        correct: false,
        latencyMs: 3_723_450,
        description: '  ¿Qué  color tiene la señal de  evacuación? ',
      }),
    );
    session.recordAnswer(
      answer('m1-q1', { type: 'matching', response: [3], correctResponse: [3], correct: true }),
    );
    session.recordAnswer(
      answer('m1-q2', {
        response: [0],
        correctResponse: [0],
        correct: true,
        description: 'x'.repeat(400),
      }),
    );
    session.flush();
    const cmi = cmiOf(lms);
    expect(Object.keys(cmi.interactions)).toHaveLength(2);
    expect(cmi.interactions['0']).toMatchObject({
      id: 'm1-q1',
      type: 'matching',
      learner_response: '1[.]b',
      result: 'incorrect',
      latency: 'PT1H2M3.45S',
      timestamp: '2025-03-04T09:05:07',
      description: '¿Qué color tiene la señal de evacuación?',
    });
    expect(cmi.interactions['0'].correct_responses['0'].pattern).toBe('1[.]d');
    expect(cmi.interactions['0'].objectives['0'].id).toBe('modulo1');
    expect(cmi.interactions['1']).toMatchObject({
      type: 'choice',
      learner_response: 'a',
      result: 'correct',
    });
    expect(cmi.interactions['1'].description).toHaveLength(250);
  });

  it('reads the interaction ids of earlier sessions and never duplicates them', async () => {
    const { lms, session } = await launch({
      interactions: { '0': { id: 'm1-q1', type: 'choice' }, '1': { id: 'm1-q2', type: 'choice' } },
      objectives: { '0': { id: 'modulo1' } },
    });
    session.recordAnswer(answer('m1-q1'));
    session.recordAnswer(answer('m1-q2'));
    session.recordAnswer(answer('m1-q3'));
    session.save({
      modules: [
        { id: 'modulo1', status: 'viewed' },
        { id: 'modulo2', status: 'current' },
      ],
    });
    session.flush();
    const cmi = cmiOf(lms);
    expect(pluck(cmi.interactions, 'id')).toEqual(['m1-q1', 'm1-q2', 'm1-q3']);
    expect(pluck(cmi.objectives, 'id')).toEqual(['modulo1', 'modulo2']);
  });
});

// Each answer kind is written once (decision record 0200): an order and a set of options.
describe('SCORM 2004 answer shapes', () => {
  const written = (type: 'choice' | 'matching' | 'sequencing', response: number[]) =>
    writtenInteraction(scorm2004, type, response);

  it('writes an order as sequencing, a set as a choice of several, several drops as matchings', () => {
    expect(written('sequencing', [0, 2, 1])).toMatchObject({
      type: 'sequencing',
      learner_response: 'a[,]c[,]b',
      'correct_responses.0.pattern': 'a[,]b[,]c',
    });
    expect(written('choice', [0, 2])).toMatchObject({ type: 'choice', learner_response: 'a[,]c' });
    expect(written('matching', [0, 2])).toMatchObject({ learner_response: '1[.]a[,]1[.]c' });
  });
});
