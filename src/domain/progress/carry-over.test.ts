import { describe, expect, it } from 'vitest';
import { modulesCompletedByScore, restoreProgress } from './carry-over.ts';
import { computeScore, isModuleComplete } from './engine.ts';

const OLD = { topicCounts: [6, 6, 7, 5, 5] };
const NEW = { topicCounts: [8, 8, 10, 5, 5] };
/** Modules 1–2 completed under the old shape (decision 0003: an index equal to the topic count marks the quiz). */
const OLD_ROUTE = '0,1,2,3,4,5,6-0,1,2,3,4,5,6-{}-{}-{}';

describe('modulesCompletedByScore', () => {
  it('20 per completed module, in order; rounded scores and 100 included', () => {
    expect(
      [0, 19.9, 20, 39.9, 40, 60, 80, 99.9, 100].map((s) => modulesCompletedByScore(s, 5)),
    ).toEqual([0, 0, 1, 1, 2, 3, 4, 4, 5]);
    expect(modulesCompletedByScore(33.33, 3)).toBe(1);
    expect(modulesCompletedByScore(null, 5)).toBe(0);
    expect(modulesCompletedByScore(Number.NaN, 5)).toBe(0);
  });
});

describe('restoreProgress', () => {
  it('same shape: the route as stored', () => {
    const r = restoreProgress({ route: OLD_ROUTE, score: 40 }, OLD);
    expect(computeScore(r.viewed, OLD)).toBe(40);
    expect(r.carried).toEqual([]);
  });

  it('6/6/7/5/5 → 8/8/10/5/5: modules 1–2 stay completed from the score 40', () => {
    const r = restoreProgress({ route: OLD_ROUTE, score: 40 }, NEW);
    expect(isModuleComplete(r.viewed, NEW, 0)).toBe(true);
    expect(isModuleComplete(r.viewed, NEW, 1)).toBe(true);
    expect(isModuleComplete(r.viewed, NEW, 2)).toBe(false);
    expect(computeScore(r.viewed, NEW)).toBe(40);
    expect(r.carried).toEqual([0, 1]);
  });

  it('without the score the same route would lose both completions (what the rule prevents)', () => {
    const r = restoreProgress({ route: OLD_ROUTE }, NEW);
    expect(computeScore(r.viewed, NEW)).toBe(0);
  });

  it('a module whose objective says completed stays completed, whatever the score', () => {
    const r = restoreProgress({ route: OLD_ROUTE, score: 20, completedModules: [1] }, NEW);
    expect(computeScore(r.viewed, NEW)).toBe(40);
  });

  it('a shrunk module does not take an old topic index as its quiz mark', () => {
    // Old module 3 had 10 topics; the learner saw 0..8 of them. New module 3 has 7: index 7
    // would read as "quiz done" — it must not (index 8 shows the module shrank).
    const r = restoreProgress(
      { route: '{}-{}-0,1,2,3,4,5,6,7,8-{}-{}', score: 0 },
      {
        topicCounts: [6, 6, 7, 5, 5],
      },
    );
    expect(r.viewed[2]).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(isModuleComplete(r.viewed, { topicCounts: [6, 6, 7, 5, 5] }, 2)).toBe(false);
  });

  it('topic marks of an unfinished module are kept where they still exist', () => {
    const r = restoreProgress(
      { route: OLD_ROUTE.replace('-{}-{}-{}', '-0,1,2-{}-{}'), score: 40 },
      NEW,
    );
    expect(r.viewed[2]).toEqual([0, 1, 2]);
  });
});
