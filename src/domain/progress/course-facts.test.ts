import { describe, expect, it } from 'vitest';
import {
  courseQuestionIds,
  byQuestionId,
  FirstAnswerLedger,
  moduleFigures,
  screensSeen,
} from './course-facts.ts';

describe('course facts (decision record 0201)', () => {
  it("lists the course's question ids in answering order, by module number", () => {
    expect(courseQuestionIds({ topicCounts: [2, 2], questionCounts: [1, 2] })).toEqual([
      'm1-q1',
      'm2-q1',
      'm2-q2',
    ]);
  });

  it('gives per module the topics seen and whether the quiz is done, and the screens seen', () => {
    const viewed = [[0, 1, 2], [1, 1], []];
    expect(moduleFigures(viewed, [2, 3, 1])).toEqual([
      { topicsSeen: 2, topicCount: 2, quizDone: true },
      { topicsSeen: 1, topicCount: 3, quizDone: false },
      { topicsSeen: 0, topicCount: 1, quizDone: false },
    ]);
    expect(screensSeen(viewed, [2, 3, 1])).toEqual({ seen: 4, total: 9 });
  });

  it('keeps the first answer to each question only', () => {
    const ledger = new FirstAnswerLedger<{ id: string; n: number }>(byQuestionId);
    expect(ledger.record({ id: 'm1-q1', n: 1 })).toBe(true);
    expect(ledger.record({ id: 'm1-q1', n: 2 })).toBe(false);
    expect(ledger.record({ id: 'm1-q2', n: 3 })).toBe(true);
    expect(ledger.has('m1-q1')).toBe(true);
    expect(ledger.all()).toEqual([
      { id: 'm1-q1', n: 1 },
      { id: 'm1-q2', n: 3 },
    ]);
  });
});
