import { describe, expect, it } from 'vitest';
import { moduleFigures, screensSeen } from './progress-figures.ts';

describe('progress figures', () => {
  it('counts topics seen and the quiz per module, ignoring out-of-range indexes', () => {
    expect(moduleFigures([[0, 1, 3], [0, 9], []], [3, 2, 4])).toEqual([
      { topicsSeen: 2, topicCount: 3, quizDone: true },
      { topicsSeen: 1, topicCount: 2, quizDone: false },
      { topicsSeen: 0, topicCount: 4, quizDone: false },
    ]);
  });
  it('counts screens seen over the whole course (topics and quizzes)', () => {
    expect(screensSeen([[0, 1, 3], [0], []], [3, 2, 4])).toEqual({ seen: 4, total: 12 });
    expect(screensSeen([[], [], []], [3, 2, 4])).toEqual({ seen: 0, total: 12 });
  });
});
