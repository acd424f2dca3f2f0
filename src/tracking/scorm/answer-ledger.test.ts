// The course's own record in suspend_data (decision records 0003, 0190, 0200, 0263): the ledger
// keeps an answer of any shape (a one-option answer as one index, an order or a set as indexes
// joined by «.»), the completion date is kept once, every older format is still read, and the
// worst case stays under SCORM 1.2's 4,096 characters.
import { describe, expect, it } from 'vitest';
import { readCourse } from '../../../course-files/read-content.ts';
import { decodeRoute, encodeRoute } from '../../domain/progress/route-codec.ts';
import { joinSuspendData, splitSuspendData, type LedgerAnswer } from './answer-ledger.ts';

const base: LedgerAnswer = {
  id: 'm1-q2',
  moduleId: 'modulo1',
  type: 'matching',
  response: [2],
  correctResponse: [1],
  correct: false,
  latencyMs: 61_230,
  timestamp: new Date(1_700_000_000_000),
};

/** 28 November 2026, 15:30 in Colombia (20:30 UTC), whole seconds. */
const COMPLETED = new Date(Date.UTC(2026, 10, 28, 20, 30, 0));
/** The latest time a Date holds: its epoch seconds are the longest in base 36. */
const LATEST = new Date(8_640_000_000_000_000);
const NONE = { completedAt: null, timeMs: null, extra: [], dropped: [] };

describe('answer ledger', () => {
  it('writes a one-option answer as one index', () => {
    expect(joinSuspendData('0,1-{}', [base])).toBe('0,1-{}-~2;m1_q2,m,2,1,0,4q3,s44we8');
  });

  it('keeps an order and reads it back', () => {
    const order: LedgerAnswer = {
      ...base,
      type: 'sequencing',
      response: [0, 2, 1],
      correctResponse: [0, 1, 2],
    };
    const stored = joinSuspendData('0,1-{}', [order]);
    expect(stored).toBe('0,1-{}-~2;m1_q2,s,0.2.1,0.1.2,0,4q3,s44we8');
    expect(splitSuspendData(stored)).toEqual({ route: '0,1-{}', answers: [order], ...NONE });
  });
});

describe('suspend_data formats (decision records 0076, 0263)', () => {
  it('reads a route alone (record 0003) and an answer ledger (record 0190) as before', () => {
    expect(splitSuspendData('0,1,2-0-{}')).toEqual({ route: '0,1,2-0-{}', answers: [], ...NONE });
    expect(splitSuspendData('0,1-{}-~1;m1_q2,m,2,1,0,4q3,s44we8')).toEqual({
      route: '0,1-{}',
      answers: [base],
      ...NONE,
    });
  });

  it('keeps the completion date and reads it back to the second', () => {
    const stored = joinSuspendData('0,1-{}', [base], { completedAt: COMPLETED });
    expect(stored).toBe(
      `0,1-{}-~2;c=${(COMPLETED.getTime() / 1000).toString(36)};m1_q2,m,2,1,0,4q3,s44we8`,
    );
    const split = splitSuspendData(stored);
    expect(split.completedAt?.toISOString()).toBe('2026-11-28T20:30:00.000Z');
    expect(split.answers).toEqual([base]);
    // A record with a date and no answer yet still names its version.
    expect(splitSuspendData(joinSuspendData('0-{}', [], { completedAt: COMPLETED }))).toEqual({
      route: '0-{}',
      answers: [],
      ...NONE,
      completedAt: COMPLETED,
    });
  });

  it('the route decoder of record 0003 (earlier releases) still reads the route', () => {
    const shape = [3, 2];
    const stored = joinSuspendData('0,1,2,3-0', [base], { completedAt: COMPLETED });
    expect(decodeRoute(stored, shape).viewed).toEqual(decodeRoute('0,1,2,3-0', shape).viewed);
  });

  it('keeps a field it does not know and writes it back as read (a later release adds fields)', () => {
    const later = `0,1-{}-~2;c=${(COMPLETED.getTime() / 1000).toString(36)};x=2s5;m1_q2,m,2,1,0,4q3,s44we8`;
    const split = splitSuspendData(later);
    expect(split.extra).toEqual(['x=2s5']);
    expect(split.dropped).toEqual([]);
    expect(joinSuspendData(split.route, split.answers, split)).toBe(later);
  });

  it('keeps the total time the LMS should hold, to the centisecond, and reads it back (record 0268)', () => {
    const stored = joinSuspendData('0,1-{}', [base], { completedAt: COMPLETED, timeMs: 83_456 });
    expect(stored).toMatch(/;t=[0-9a-z]+;/);
    const split = splitSuspendData(stored);
    expect(split.timeMs).toBe(83_450);
    expect(split.completedAt).toEqual(COMPLETED);
    expect(split.answers).toEqual([base]);
    expect(split.extra).toEqual([]);
    // Written back with the record, never as a field this release does not know.
    expect(joinSuspendData(split.route, split.answers, split)).toBe(stored);
    expect(splitSuspendData('0-~2;t=zz;t=1').timeMs).toBe(parseInt('zz', 36) * 10);
  });

  it('the first date read stays; an unreadable one is dropped alone', () => {
    const split = splitSuspendData('0-~2;c=zzzzzzzzzz;c=1;c=2');
    expect(split.completedAt).toEqual(new Date(1000));
    expect(split.dropped).toEqual(['c=zzzzzzzzzz']);
  });

  it('the worst case of the real course, with a field to come, stays under 4,096 characters', () => {
    const { course } = readCourse();
    if (!course) throw new Error('content');
    // Every topic and quiz viewed; every question answered with all its options in its response
    // and its correct response, the longest latency and time the format allows.
    const viewed = course.modules.map((m) =>
      Array.from({ length: m.topics.length + 1 }, (_, i) => i),
    );
    const answers: LedgerAnswer[] = course.modules.flatMap((m, mi) =>
      m.activity.questions.map((q, qi) => {
        const all = q.options.map((_, i) => i);
        return {
          id: `m${mi + 1}-q${qi + 1}`,
          moduleId: `modulo${mi + 1}`,
          type: 'sequencing',
          response: all,
          correctResponse: all,
          correct: true,
          latencyMs: parseInt('zzzzzzzzz', 36) * 10,
          timestamp: LATEST,
        } satisfies LedgerAnswer;
      }),
    );
    const value = joinSuspendData(encodeRoute(viewed), answers, {
      completedAt: LATEST,
      // The kept time (record 0268) at its longest, and a later field of up to 40 characters.
      timeMs: parseInt('zzzzzzzzz', 36) * 10,
      extra: [`x=${'z'.repeat(40)}`],
    });
    expect(splitSuspendData(value).answers).toHaveLength(answers.length);
    expect(value.length).toBeLessThan(4096);
  });
});
