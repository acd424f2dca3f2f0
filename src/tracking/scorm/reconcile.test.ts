// The pure reconcile step (decision record 0160): one case per kind of LMS record.
import { describe, expect, it } from 'vitest';
import { encodeRoute } from '../../domain/progress/route-codec.ts';
import type { LmsStartData } from './dialect.ts';
import type { CacheRecord } from './local-cache.ts';
import { reconcile, type LmsRead, type StartPlan } from './reconcile.ts';
import { COURSE, routeFor } from './test-support.ts';

function data(overrides: Partial<LmsStartData> = {}): LmsStartData {
  const status = overrides.status ?? 'incomplete';
  return {
    learnerId: 'A-1',
    learnerName: 'Uno, Ana',
    scoreRaw: '',
    suspendData: '',
    bookmark: '',
    entry: 'resume',
    completed: status === 'completed' || status === 'passed',
    notAttempted: status === 'not attempted' || status === 'unknown',
    status,
    mode: 'normal',
    statuses: { 'cmi.core.lesson_status': status },
    interactionCount: 0,
    interactionIds: null,
    objectiveIds: [],
    completedObjectiveIds: [],
    ...overrides,
  };
}

const read = (d: LmsStartData, failed: string[] = []): LmsRead => ({
  data: d,
  failed,
  suspendDataElement: 'cmi.suspend_data',
});

function writePlan(plan: StartPlan) {
  if (plan.kind !== 'write') throw new Error(`expected a write plan, got ${plan.kind}`);
  return plan;
}

const localNet = (overrides: Partial<CacheRecord> = {}): CacheRecord => ({
  answered: [],
  ...overrides,
});

describe('review and browse modes: read-only', () => {
  it('review with a score of 100: certificate reachable', () => {
    const plan = reconcile(
      read(
        data({ mode: 'review', status: 'completed', scoreRaw: '100', suspendData: routeFor(5) }),
      ),
      null,
      COURSE,
      null,
    );
    expect(plan).toEqual({
      kind: 'read-only',
      mode: 'review',
      certified: true,
      score: 100,
      bookmark: null,
      completedAt: null,
    });
  });

  it('review with no data (Moodle 2004 after exit normal): taken as a finished attempt', () => {
    const plan = reconcile(
      read(data({ mode: 'review', status: 'unknown', entry: 'ab-initio' })),
      null,
      COURSE,
      null,
    );
    expect(plan).toMatchObject({ kind: 'read-only', certified: true, score: 100 });
  });

  it('review with a score below 100: no certificate', () => {
    const plan = reconcile(read(data({ mode: 'review', scoreRaw: '60' })), null, COURSE, null);
    expect(plan).toMatchObject({ kind: 'read-only', certified: false, score: 60 });
  });

  it('browse: read-only, no certificate without a score of 100', () => {
    const plan = reconcile(
      read(data({ mode: 'browse', status: 'not attempted' })),
      null,
      COURSE,
      null,
    );
    expect(plan).toMatchObject({ kind: 'read-only', mode: 'browse', certified: false });
  });
});

describe('normal mode', () => {
  it('resumed but empty (entry resume, incomplete, no data, no error): a successful read', () => {
    const plan = writePlan(reconcile(read(data()), null, COURSE, null));
    expect(plan).toMatchObject({
      newAttempt: false,
      lmsRouteWasEmpty: true,
      suspendDataUnread: false,
    });
    expect(encodeRoute(plan.progress.viewed)).toBe('{}-{}-{}-{}-{}');
  });

  it('a mode that cannot be read is normal mode, not a failed read', () => {
    const plan = reconcile(read(data({ mode: '' }), ['cmi.mode']), null, COURSE, null);
    expect(plan.kind).toBe('write');
  });

  it('resumed but empty, with a local net from the killed first session: recovered', () => {
    const local = localNet({
      progress: { route: routeFor(1), score: 20, bookmark: 'menu', completed: false },
    });
    const plan = writePlan(reconcile(read(data()), local, COURSE, null));
    expect(plan.recovered).toBe(true);
    expect(plan.progress).toMatchObject({ score: 20, bookmark: 'menu' });
  });

  it('suspend_data unreadable (throws, or "" with error 101) during the start wait: retried', () => {
    const plan = reconcile(read(data(), ['cmi.suspend_data']), null, COURSE, null, false);
    expect(plan.kind).toBe('unread');
  });

  it('suspend_data unreadable after the wait: route from score and local net, written', () => {
    const local = localNet({
      progress: {
        route: routeFor(2, [[], [], [0, 1]]),
        score: 40,
        bookmark: 'modulo3-tema2',
        completed: false,
      },
    });
    const plan = writePlan(
      reconcile(read(data({ scoreRaw: '60' }), ['cmi.suspend_data']), local, COURSE, null),
    );
    expect(plan.suspendDataUnread).toBe(true);
    // Three modules finished by the read score; module 3's partial views from the net are
    // covered by it; nothing below the score.
    expect(encodeRoute(plan.progress.viewed)).toBe(routeFor(3));
    expect(plan.progress.score).toBe(60);
  });

  it('a new learner whose suspend_data cannot be read is still recorded', () => {
    const plan = writePlan(
      reconcile(
        read(data({ status: 'not attempted', entry: 'ab-initio' }), ['cmi.suspend_data']),
        null,
        COURSE,
        null,
      ),
    );
    expect(plan.newAttempt).toBe(true);
  });

  it('a completed record under failing reads: nothing written', () => {
    for (const failed of [['cmi.core.score.raw'], ['cmi.core.lesson_status', 'cmi.suspend_data']]) {
      const plan = reconcile(
        read(data({ status: 'completed', scoreRaw: '', suspendData: '' }), failed),
        null,
        COURSE,
        null,
      );
      expect(plan.kind).toBe('unread');
    }
    // Every read answering '' with no error (an LMS that has not loaded the record): no status.
    expect(reconcile(read(data({ status: '' })), null, COURSE, null).kind).toBe('unread');
  });

  it('a completed record read normally keeps completion and score', () => {
    const plan = writePlan(
      reconcile(
        read(data({ status: 'completed', scoreRaw: '100', suspendData: routeFor(5) })),
        null,
        COURSE,
        null,
      ),
    );
    expect(plan.progress).toMatchObject({ score: 100, completed: true });
  });
});

describe('a new attempt', () => {
  const earlier = localNet({
    answered: ['m1-q1', 'm1-q2', 'm1-q3'],
    held: true,
    progress: { route: routeFor(5), score: 100, bookmark: 'menu', completed: true },
  });

  it('mode normal, status not attempted: starts at 0 and drops the earlier attempt', () => {
    const plan = writePlan(
      reconcile(read(data({ status: 'not attempted', entry: 'ab-initio' })), earlier, COURSE, null),
    );
    expect(plan).toMatchObject({ newAttempt: true, droppedLocal: true, answered: [] });
    expect(plan.progress).toMatchObject({ score: null, completed: false });
    expect(encodeRoute(plan.progress.viewed)).toBe('{}-{}-{}-{}-{}');
  });

  it('2004 status unknown is a new attempt too', () => {
    const plan = writePlan(
      reconcile(read(data({ status: 'unknown', entry: 'ab-initio' })), earlier, COURSE, null),
    );
    expect(plan.answered).toEqual([]);
  });

  it('progress kept while the LMS never held the attempt (reads or commits failed) is this attempt’s', () => {
    const unsent = localNet({
      progress: { route: routeFor(1), score: 20, bookmark: 'menu', completed: false },
    });
    const plan = writePlan(
      reconcile(read(data({ status: 'not attempted', entry: 'ab-initio' })), unsent, COURSE, null),
    );
    expect(plan.progress.score).toBe(20);
  });

  it('a resumed attempt keeps the answered ids of the local net', () => {
    const plan = writePlan(reconcile(read(data()), earlier, COURSE, null));
    expect(plan.answered).toEqual(expect.arrayContaining(['m1-q1', 'm1-q2', 'm1-q3']));
  });
});
