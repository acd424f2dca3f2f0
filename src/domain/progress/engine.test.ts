// The progress rules (decision 0015): recording views, module states, unlocking, the score.
import { describe, expect, it } from 'vitest';
import {
  canOpenModule,
  completedModules,
  computeScore,
  isCourseComplete,
  isModuleComplete,
  moduleState,
  recordView,
  risingScore,
  type CourseShape,
} from './engine.ts';
import { emptyViewed, type ModulesViewed } from './route-codec.ts';

/** Five modules with 3, 4, 2, 5 and 3 topics; the quiz index equals the topic count. */
const SHAPE: CourseShape = { topicCounts: [3, 4, 2, 5, 3] };
const MODULES = SHAPE.topicCounts.length;

/** Every topic and the quiz of a module. */
const allOf = (moduleIndex: number) =>
  Array.from({ length: SHAPE.topicCounts[moduleIndex]! + 1 }, (_, i) => i);

/** Progress with the given modules completed and the rest untouched. */
function completed(...modules: number[]): ModulesViewed {
  const viewed = emptyViewed(MODULES);
  for (const m of modules) viewed[m] = allOf(m);
  return viewed;
}

describe('recordView', () => {
  it('records a topic view for its module', () => {
    const { viewed, changed } = recordView(emptyViewed(MODULES), SHAPE, 1, 2);
    expect(changed).toBe(true);
    expect(viewed).toEqual([[], [2], [], [], []]);
  });

  it('keeps indexes sorted whatever the viewing order', () => {
    let viewed = emptyViewed(MODULES);
    for (const i of [2, 0, 1]) viewed = recordView(viewed, SHAPE, 0, i).viewed;
    expect(viewed[0]).toEqual([0, 1, 2]);
  });

  it('reports no change for a topic already viewed', () => {
    const before: ModulesViewed = [[0, 1], [], [], [], []];
    const { viewed, changed } = recordView(before, SHAPE, 0, 1);
    expect(changed).toBe(false);
    expect(viewed).toEqual(before);
  });

  it('does not record the quiz on a plain view', () => {
    const quiz = SHAPE.topicCounts[0]!;
    const { viewed, changed } = recordView(emptyViewed(MODULES), SHAPE, 0, quiz);
    expect(changed).toBe(false);
    expect(viewed[0]).toEqual([]);
  });

  it('records the quiz when forced (the quiz was completed)', () => {
    const quiz = SHAPE.topicCounts[3]!;
    const { viewed, changed } = recordView(emptyViewed(MODULES), SHAPE, 3, quiz, { force: true });
    expect(changed).toBe(true);
    expect(viewed[3]).toEqual([quiz]);
  });

  it('records a topic the same way with or without force', () => {
    const plain = recordView(emptyViewed(MODULES), SHAPE, 2, 1);
    const forced = recordView(emptyViewed(MODULES), SHAPE, 2, 1, { force: true });
    expect(forced).toEqual(plain);
  });

  it('ignores indexes past the quiz, even when forced', () => {
    const past = SHAPE.topicCounts[0]! + 1;
    expect(recordView(emptyViewed(MODULES), SHAPE, 0, past, { force: true }).changed).toBe(false);
  });

  it.each([
    ['a negative index', 0, -1],
    ['a fractional index', 0, 1.5],
    ['NaN', 0, Number.NaN],
    ['an unknown module', 7, 0],
    ['a negative module', -1, 0],
  ])('ignores %s', (_what, moduleIndex, index) => {
    const before = emptyViewed(MODULES);
    const { viewed, changed } = recordView(before, SHAPE, moduleIndex, index, { force: true });
    expect(changed).toBe(false);
    expect(viewed).toEqual(emptyViewed(MODULES));
  });

  it('does not change the progress it was given', () => {
    const before: ModulesViewed = [[0], [], [], [], []];
    recordView(before, SHAPE, 0, 1);
    recordView(before, SHAPE, 4, 3, { force: true });
    expect(before).toEqual([[0], [], [], [], []]);
  });

  it('fills in modules missing from short progress', () => {
    const { viewed } = recordView([[0]], SHAPE, 2, 0);
    expect(viewed).toEqual([[0], [], [0], [], []]);
  });
});

describe('isModuleComplete', () => {
  it('needs every topic and the quiz', () => {
    expect(isModuleComplete(completed(0), SHAPE, 0)).toBe(true);
  });

  it('is false with every topic but no quiz', () => {
    const viewed = emptyViewed(MODULES);
    viewed[0] = [0, 1, 2];
    expect(isModuleComplete(viewed, SHAPE, 0)).toBe(false);
  });

  it('is false with the quiz but a topic missing', () => {
    const viewed = emptyViewed(MODULES);
    viewed[0] = [0, 2, 3];
    expect(isModuleComplete(viewed, SHAPE, 0)).toBe(false);
  });

  it('is false for a module the course does not have', () => {
    expect(isModuleComplete(completed(0, 1, 2, 3, 4), SHAPE, 5)).toBe(false);
  });

  it('is reached by recording each topic, then the forced quiz', () => {
    let viewed = emptyViewed(MODULES);
    for (let i = 0; i < SHAPE.topicCounts[2]!; i++) viewed = recordView(viewed, SHAPE, 2, i).viewed;
    expect(isModuleComplete(viewed, SHAPE, 2)).toBe(false);
    viewed = recordView(viewed, SHAPE, 2, SHAPE.topicCounts[2]!, { force: true }).viewed;
    expect(isModuleComplete(viewed, SHAPE, 2)).toBe(true);
  });
});

describe('moduleState', () => {
  it('is not viewed with no entry', () => {
    expect(moduleState(emptyViewed(MODULES), SHAPE, 1)).toBe('not-viewed');
  });

  it('is current with some topics viewed', () => {
    expect(moduleState([[], [0], [], [], []], SHAPE, 1)).toBe('current');
  });

  it('is current with the quiz recorded but topics missing', () => {
    expect(moduleState([[], [4], [], [], []], SHAPE, 1)).toBe('current');
  });

  it('is viewed with all topics and the quiz', () => {
    expect(moduleState(completed(1), SHAPE, 1)).toBe('viewed');
  });

  it('is not viewed for a module missing from short progress', () => {
    expect(moduleState([[0]], SHAPE, 3)).toBe('not-viewed');
  });
});

describe('canOpenModule', () => {
  it('always opens the first module', () => {
    expect(canOpenModule(emptyViewed(MODULES), SHAPE, 0)).toBe(true);
  });

  it('keeps the second module locked until the first is completed', () => {
    const almost = completed();
    almost[0] = [0, 1, 2]; // all topics, quiz not done
    expect(canOpenModule(almost, SHAPE, 1)).toBe(false);
    expect(canOpenModule(completed(0), SHAPE, 1)).toBe(true);
  });

  it('opens only the module after the last completed one', () => {
    const viewed = completed(0, 1);
    expect([0, 1, 2, 3, 4].map((m) => canOpenModule(viewed, SHAPE, m))).toEqual([
      true,
      true,
      true,
      false,
      false,
    ]);
  });

  it('keeps a completed module open even when the one before it is not', () => {
    const viewed = completed(0, 3); // e.g. progress merged from another device
    expect(canOpenModule(viewed, SHAPE, 3)).toBe(true);
    expect(canOpenModule(viewed, SHAPE, 4)).toBe(true);
    expect(canOpenModule(viewed, SHAPE, 2)).toBe(false);
  });

  it('does not open a module that was started but whose previous one is not done', () => {
    expect(canOpenModule([[0], [0, 1], [], [], []], SHAPE, 1)).toBe(false);
  });

  it('refuses modules outside the course', () => {
    const all = completed(0, 1, 2, 3, 4);
    expect(canOpenModule(all, SHAPE, -1)).toBe(false);
    expect(canOpenModule(all, SHAPE, MODULES)).toBe(false);
  });
});

describe('computeScore', () => {
  it('is 0 with nothing completed', () => {
    expect(computeScore(emptyViewed(MODULES), SHAPE)).toBe(0);
  });

  it('adds 100 / number of modules for each completed module', () => {
    for (let done = 1; done <= MODULES; done++) {
      const modules = Array.from({ length: done }, (_, i) => i);
      expect(computeScore(completed(...modules), SHAPE)).toBeCloseTo((done * 100) / MODULES, 2);
    }
  });

  it('counts completed modules, not their order', () => {
    expect(computeScore(completed(1, 4), SHAPE)).toBeCloseTo(2 * (100 / MODULES), 2);
    expect(completedModules(completed(1, 4), SHAPE)).toBe(2);
  });

  it('gives nothing for a module with topics but no quiz', () => {
    const viewed = emptyViewed(MODULES);
    viewed[0] = [0, 1, 2];
    viewed[1] = [0, 1, 2, 3];
    expect(computeScore(viewed, SHAPE)).toBe(0);
  });

  it('reaches exactly 100 when every module is completed, whatever the module count', () => {
    const three: CourseShape = { topicCounts: [1, 1, 1] };
    expect(
      computeScore(
        [
          [0, 1],
          [0, 1],
          [0, 1],
        ],
        three,
      ),
    ).toBe(100);
    expect(computeScore(completed(0, 1, 2, 3, 4), SHAPE)).toBe(100);
  });

  it('keeps the per-module share to two decimals when it does not divide evenly', () => {
    const three: CourseShape = { topicCounts: [1, 1, 1] };
    const one = computeScore([[0, 1], [], []], three);
    expect(one).toBeCloseTo(100 / 3, 2);
    expect(Math.round(one * 100)).toBe(one * 100);
  });

  it('is 0 for a course without modules', () => {
    expect(computeScore([], { topicCounts: [] })).toBe(0);
  });
});

describe('risingScore', () => {
  it('keeps the stored score when the computed one is lower (never decreases)', () => {
    expect(risingScore(60, 20)).toBe(60);
    expect(risingScore(100, 0)).toBe(100);
  });

  it('takes the computed score when it is higher', () => {
    expect(risingScore(20, 40)).toBe(40);
  });

  it('takes the computed score when nothing usable was stored', () => {
    for (const stored of [null, undefined, Number.NaN, Number.POSITIVE_INFINITY])
      expect(risingScore(stored, 40)).toBe(40);
  });

  it('never goes above 100', () => {
    expect(risingScore(150, 20)).toBe(100);
    expect(risingScore(0, 120)).toBe(100);
  });

  it('never decreases over any sequence of computed scores', () => {
    const computed = [0, 20, 40, 20, 0, 60, 40, 100, 20, 0];
    let score = 0;
    for (const c of computed) {
      const next = risingScore(score, c);
      expect(next).toBeGreaterThanOrEqual(score);
      expect(next).toBeGreaterThanOrEqual(Math.min(c, 100));
      score = next;
    }
    expect(score).toBe(100);
  });
});

describe('isCourseComplete', () => {
  it('is true from a score of 100', () => {
    expect(isCourseComplete(100)).toBe(true);
  });

  it('is false below 100 or with no score', () => {
    for (const score of [0, 20, 99.99, null, undefined, Number.NaN])
      expect(isCourseComplete(score)).toBe(false);
  });

  it('agrees with the score of a fully completed course', () => {
    expect(isCourseComplete(computeScore(completed(0, 1, 2, 3, 4), SHAPE))).toBe(true);
    expect(isCourseComplete(computeScore(completed(0, 1, 2, 3), SHAPE))).toBe(false);
  });
});
