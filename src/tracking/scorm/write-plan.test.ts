// The write planner alone (docs/decisions/0256-scorm-session-as-parts.md): a pure step, so its
// rules are checked without an LMS, a wrapper or timers.
import { describe, expect, it } from 'vitest';
import { emptyViewed } from '../../domain/progress/route-codec.ts';
import { toLedgerAnswer } from './answer-ledger.ts';
import { scorm12 } from './scorm12/dialect.ts';
import { scorm2004 } from './scorm2004/dialect.ts';
import { COURSE, answer } from './test-support.ts';
import { planWrites, type PlanEvent, type PlanState } from './write-plan.ts';

function state(overrides: Partial<PlanState> = {}): PlanState {
  return {
    dialect: scorm12,
    course: COURSE,
    progress: { viewed: emptyViewed(5), score: null, bookmark: null, completed: false },
    readDone: true,
    modules: null,
    heldStatuses: {},
    objectiveIndex: new Map(),
    nextObjective: 0,
    answers: [],
    completedAt: null,
    extraFields: [],
    timeMs: null,
    positionOf: () => 0,
    ...overrides,
  };
}

const exitOf = (event: PlanEvent, s: PlanState) =>
  planWrites(event, s).writes.filter((w) => w.element === s.dialect.exit(false).element);

const START = { kind: 'start', markIncomplete: false, writeProgress: false, routeWasEmpty: false };

describe('planWrites', () => {
  it('queues exit at the start, on progress and at the end, never for an answer', () => {
    const s = state();
    for (const event of [START, { kind: 'progress' }, { kind: 'end' }] as PlanEvent[])
      expect(exitOf(event, s)).toEqual([{ element: 'cmi.core.exit', value: 'suspend' }]);
    const claim = { interaction: answer('m1-q1'), index: 0, fill: [], first: true };
    expect(exitOf({ kind: 'answer', ...claim }, s)).toEqual([]);
  });

  it('gives the final exit only once the course is completed and the stored data was read', () => {
    const done = { viewed: emptyViewed(5), score: 100, bookmark: null, completed: true };
    expect(exitOf({ kind: 'end' }, state({ progress: done }))[0]?.value).toBe('logout');
    expect(exitOf({ kind: 'end' }, state({ progress: done, dialect: scorm2004 }))[0]?.value).toBe(
      'normal',
    );
    const unread = planWrites({ kind: 'end' }, state({ progress: done, readDone: false }));
    expect(unread.writes).toEqual([{ element: 'cmi.core.exit', value: 'suspend' }]);
  });

  it('gives a module without an objective the next index, and a first answer its ledger', () => {
    const modules = [
      { id: 'modulo1', status: 'viewed' as const },
      { id: 'modulo2', status: 'current' as const },
    ];
    const plan = planWrites(
      { kind: 'progress' },
      state({ modules, objectiveIndex: new Map([['modulo1', 0]]), nextObjective: 1 }),
    );
    expect(plan.objectives).toEqual([['modulo2', 1]]);
    const first = answer('m1-q1');
    const claim = { interaction: first, index: 0, fill: [], first: true };
    const withLedger = planWrites(
      { kind: 'answer', ...claim },
      state({ answers: [toLedgerAnswer(first)] }),
    );
    expect(withLedger.answerGroup).toBe('cmi.interactions.0');
    expect(withLedger.writes.at(-1)?.element).toBe('cmi.suspend_data');
  });
});
