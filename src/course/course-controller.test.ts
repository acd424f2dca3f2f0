// The course controller against a fake tracking port that records every call: what is stored,
// when, and that the progress rules (decision 0015) hold end to end (one save per screen view).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type {
  Interaction,
  ProgressChange,
  Snapshot,
  TrackingHealth,
  TrackingPort,
} from '../tracking/port.ts';
import { decodeRoute, encodeRoute } from '../domain/progress/route-codec.ts';
import { CourseController } from './course-controller.ts';
import { makeOutline } from './test-outline.ts';
import { LOCAL_CAPABILITIES } from '../tracking/memory/local-tracking.ts';

/** What the fake runtime stored: the route as a string, as the real adapters store it. */
type Stored = Partial<Omit<Snapshot, 'viewed'>> & { route?: string | null };
type Saved = Omit<ProgressChange, 'viewed'> & { route?: string };

/** Topics per module: module 1 has two topics, the others one (quiz index = topic count). */
const TOPICS = [2, 1, 1, 1, 1];
const PER_MODULE = 100 / TOPICS.length;

class FakeTracking implements TrackingPort {
  readonly mode = 'local' as const;
  /** What the local adapter declares (the fake stands in for it). */
  readonly capabilities = LOCAL_CAPABILITIES;
  saves: Saved[] = [];
  answers: Interaction[] = [];
  finishCalls = 0;
  startCalls = 0;
  healthListeners: ((h: TrackingHealth) => void)[] = [];

  constructor(
    private snapshot: Stored | Error = {},
    private topics: number[] = TOPICS,
  ) {}

  async start(): Promise<Snapshot> {
    this.startCalls++;
    if (this.snapshot instanceof Error) throw this.snapshot;
    const { route = null, ...rest } = this.snapshot;
    return {
      learner: { id: null, name: null },
      score: null,
      bookmark: null,
      ...rest,
      // Like every adapter, the fake reads the stored string with the course's shape.
      viewed: route === null ? null : decodeRoute(route, this.topics).viewed,
    };
  }
  save(change: ProgressChange) {
    const { viewed, ...rest } = change;
    this.saves.push(viewed ? { ...rest, route: encodeRoute(viewed) } : rest);
  }
  recordAnswer(interaction: Interaction) {
    this.answers.push(interaction);
  }
  flush() {}
  finish() {
    this.finishCalls++;
  }
  onHealth(listener: (h: TrackingHealth) => void) {
    this.healthListeners.push(listener);
    return () => {};
  }
}

async function started(snapshot: Stored | Error = {}, topics = TOPICS) {
  const tracking = new FakeTracking(snapshot, topics);
  const controller = new CourseController(makeOutline(topics), tracking);
  await controller.start();
  return { controller, tracking };
}

/** Views every topic of a module and completes its quiz. */
function completeModule(controller: CourseController, moduleIndex: number) {
  const n = moduleIndex + 1;
  for (let t = 1; t <= TOPICS[moduleIndex]!; t++) controller.visitPage(`modulo${n}-tema${t}`);
  controller.visitPage(`modulo${n}-actividad`);
  controller.completeActivity(`modulo${n}-actividad`);
}

let error: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  error = vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('CourseController.start', () => {
  it('starts empty when nothing was stored', async () => {
    const { controller, tracking } = await started();
    const state = controller.getState();
    expect(tracking.startCalls).toBe(1);
    expect(state.ready).toBe(true);
    expect(state.viewed).toEqual([[], [], [], [], []]);
    expect(state.score).toBe(0);
    expect(state.bookmark).toBeNull();
    expect(tracking.saves).toEqual([]);
  });

  it('decodes the stored route and restores the bookmark and learner', async () => {
    const { controller } = await started({
      route: '0,1,2-0-{}-{}-{}',
      score: 20,
      bookmark: 'modulo2-tema1',
      learner: { id: '7', name: 'Ana Pérez' },
    });
    const state = controller.getState();
    expect(state.viewed).toEqual([[0, 1, 2], [0], [], [], []]);
    expect(state.score).toBe(20);
    expect(state.bookmark).toBe('modulo2-tema1');
    expect(state.learner).toEqual({ id: '7', name: 'Ana Pérez' });
    expect(controller.moduleState(0)).toBe('viewed');
    expect(controller.moduleState(1)).toBe('current');
  });

  it('starts from nothing when the stored route is unreadable, and does not throw', async () => {
    const { controller, tracking } = await started({ route: '{"broken":true}&x=1', score: null });
    expect(controller.getState().ready).toBe(true);
    expect(controller.getState().viewed).toEqual([[], [], [], [], []]);
    expect(tracking.saves).toEqual([]);
  });

  it('keeps the readable part of a partly damaged route', async () => {
    const { controller } = await started({ route: '0,1,2-zz-{}-{}-{}' });
    expect(controller.getState().viewed[0]).toEqual([0, 1, 2]);
    expect(controller.moduleState(0)).toBe('viewed');
  });

  it('still becomes ready when the runtime fails to start', async () => {
    const { controller } = await started(new Error('LMS gone'));
    expect(controller.getState().ready).toBe(true);
    expect(controller.getState().score).toBe(0);
    expect(error).toHaveBeenCalled();
  });

  it('never lowers the stored score: 60 stored with a route worth 20 stays 60', async () => {
    const { controller, tracking } = await started({ route: '0,1,2-{}-{}-{}-{}', score: 60 });
    expect(controller.getState().score).toBe(60);
    completeModule(controller, 1); // the route is now worth 40, still below 60
    expect(controller.getState().score).toBe(60);
    expect(tracking.saves.every((s) => s.score === undefined)).toBe(true);
  });

  it('raises a stored score that is below what the route is worth', async () => {
    const { controller } = await started({ route: '0,1,2-0,1-{}-{}-{}', score: 0 });
    expect(controller.getState().score).toBeCloseTo(2 * PER_MODULE, 2);
  });
});

describe('CourseController.visitPage', () => {
  it('records a topic view and saves once, with the route and the bookmark', async () => {
    const { controller, tracking } = await started();
    controller.visitPage('modulo1-tema1');
    expect(controller.getState().viewed[0]).toEqual([0]);
    expect(controller.getState().bookmark).toBe('modulo1-tema1');
    expect(tracking.saves).toHaveLength(1);
    expect(tracking.saves[0]).toMatchObject({ route: '0-{}-{}-{}-{}', bookmark: 'modulo1-tema1' });
    expect(tracking.saves[0]!.modules?.map((m) => m.status)).toEqual([
      'current',
      'not-viewed',
      'not-viewed',
      'not-viewed',
      'not-viewed',
    ]);
    expect(tracking.saves[0]!.score).toBeUndefined();
  });

  it('saves once per new view', async () => {
    const { controller, tracking } = await started();
    controller.visitPage('modulo1-tema1');
    controller.visitPage('modulo1-tema2');
    expect(tracking.saves.map((s) => [s.route, s.bookmark])).toEqual([
      ['0-{}-{}-{}-{}', 'modulo1-tema1'],
      ['0,1-{}-{}-{}-{}', 'modulo1-tema2'],
    ]);
  });

  it('saves nothing when the page already viewed is shown again with the same bookmark', async () => {
    const { controller, tracking } = await started();
    controller.visitPage('modulo1-tema1');
    controller.visitPage('modulo1-tema1');
    expect(tracking.saves).toHaveLength(1);
  });

  it('saves nothing on the page the learner was bookmarked on, if already viewed', async () => {
    const { controller, tracking } = await started({
      route: '0-{}-{}-{}-{}',
      bookmark: 'modulo1-tema1',
    });
    controller.visitPage('modulo1-tema1');
    expect(tracking.saves).toEqual([]);
  });

  it('saves only the bookmark when going back to a page viewed before', async () => {
    const { controller, tracking } = await started();
    controller.visitPage('modulo1-tema1');
    controller.visitPage('modulo1-tema2');
    controller.visitPage('modulo1-tema1');
    expect(tracking.saves).toHaveLength(3);
    expect(tracking.saves[2]).toEqual({ bookmark: 'modulo1-tema1' });
  });

  it('does not record the quiz when its page is only shown', async () => {
    const { controller, tracking } = await started();
    controller.visitPage('modulo1-tema1');
    controller.visitPage('modulo1-tema2');
    controller.visitPage('modulo1-actividad');
    expect(controller.getState().viewed[0]).toEqual([0, 1]);
    expect(controller.moduleState(0)).toBe('current');
    expect(tracking.saves.at(-1)).toEqual({ bookmark: 'modulo1-actividad' });
  });

  it('ignores an unknown page', async () => {
    const { controller, tracking } = await started();
    controller.visitPage('modulo9-tema1');
    expect(tracking.saves).toEqual([]);
    expect(controller.getState().bookmark).toBeNull();
  });
});

describe('CourseController.completeActivity', () => {
  it('records the quiz (forced), completes the module and sends the raised score', async () => {
    const { controller, tracking } = await started();
    completeModule(controller, 0);
    const last = tracking.saves.at(-1)!;
    expect(controller.getState().viewed[0]).toEqual([0, 1, 2]);
    expect(controller.moduleState(0)).toBe('viewed');
    expect(controller.getState().score).toBeCloseTo(PER_MODULE, 2);
    expect(last).toMatchObject({ route: '0,1,2-{}-{}-{}-{}', bookmark: 'modulo1-actividad' });
    expect(last.score).toBeCloseTo(PER_MODULE, 2);
    expect(last.completed).toBeUndefined();
    expect(last.finalTerms).toBeUndefined();
    expect(controller.getState().congratulations).toBe(false);
  });

  it('records the quiz even if a topic was skipped, without completing the module', async () => {
    const { controller, tracking } = await started();
    controller.visitPage('modulo1-tema1');
    controller.completeActivity('modulo1-actividad');
    expect(controller.getState().viewed[0]).toEqual([0, 2]);
    expect(controller.moduleState(0)).toBe('current');
    expect(controller.getState().score).toBe(0);
    expect(tracking.saves.at(-1)!.score).toBeUndefined();
  });

  it('saves nothing when the same quiz is completed again', async () => {
    const { controller, tracking } = await started();
    completeModule(controller, 0);
    const count = tracking.saves.length;
    controller.completeActivity('modulo1-actividad');
    expect(tracking.saves).toHaveLength(count);
  });

  it('raises the score by one module share per completed module', async () => {
    const { controller, tracking } = await started();
    const scores: number[] = [];
    for (let m = 0; m < 4; m++) {
      completeModule(controller, m);
      scores.push(controller.getState().score);
    }
    scores.forEach((s, i) => expect(s).toBeCloseTo((i + 1) * PER_MODULE, 2));
    const sent = tracking.saves.map((s) => s.score).filter((s): s is number => s !== undefined);
    expect(sent).toHaveLength(4);
    for (let i = 1; i < sent.length; i++) expect(sent[i]!).toBeGreaterThan(sent[i - 1]!);
  });

  it('completing the last module sets congratulations and sends completed, the score and finalTerms', async () => {
    const { controller, tracking } = await started();
    for (let m = 0; m < 5; m++) completeModule(controller, m);
    const last = tracking.saves.at(-1)!;
    expect(last).toMatchObject({
      score: 100,
      completed: true,
      finalTerms: true,
      bookmark: 'modulo5-actividad',
    });
    expect(last.modules?.every((m) => m.status === 'viewed')).toBe(true);
    expect(controller.getState().score).toBe(100);
    expect(controller.getState().congratulations).toBe(true);
    expect(tracking.saves.filter((s) => s.finalTerms)).toHaveLength(1);
    expect(tracking.saves.filter((s) => s.completed)).toHaveLength(1);
  });

  it('does not congratulate again when the course was already complete', async () => {
    const { controller, tracking } = await started({ route: '0,1,2-0,1-0,1-0,1-0', score: 100 });
    controller.completeActivity('modulo5-actividad');
    expect(controller.getState().congratulations).toBe(false);
    // The last quiz is recorded for the first time, so final terms and the score are sent once.
    expect(tracking.saves).toHaveLength(1);
    expect(tracking.saves[0]).toMatchObject({ score: 100, completed: true, finalTerms: true });
  });

  it('ignores an unknown quiz', async () => {
    const { controller, tracking } = await started();
    controller.completeActivity('modulo9-actividad');
    expect(tracking.saves).toEqual([]);
  });
});

describe('CourseController unlocking', () => {
  it('opens only the first module at the start', async () => {
    const { controller } = await started();
    expect([0, 1, 2, 3, 4].map((m) => controller.canOpen(m))).toEqual([
      true,
      false,
      false,
      false,
      false,
    ]);
    expect(controller.canView('modulo1-tema1')).toBe(true);
    expect(controller.canView('modulo2-tema1')).toBe(false);
    expect(controller.canView('modulo3-actividad')).toBe(false);
    expect(controller.canView('nowhere')).toBe(false);
  });

  it('opens the next module once the previous one is completed', async () => {
    const { controller } = await started();
    completeModule(controller, 0);
    expect([0, 1, 2, 3, 4].map((m) => controller.canOpen(m))).toEqual([
      true,
      true,
      false,
      false,
      false,
    ]);
    expect(controller.canView('modulo2-tema1')).toBe(true);
  });
});

describe('CourseController other events', () => {
  it('saves the menu or introduction as the bookmark once', async () => {
    const { controller, tracking } = await started();
    controller.visitPlace('menu');
    controller.visitPlace('menu');
    controller.visitPlace('introduccion');
    expect(tracking.saves).toEqual([{ bookmark: 'menu' }, { bookmark: 'introduccion' }]);
    expect(controller.getState().bookmark).toBe('introduccion');
  });

  it('passes answers to the tracking port under their question id and answer kind', async () => {
    const { controller, tracking } = await started();
    const answer = {
      description: 'P1',
      response: [0],
      correctResponse: [0],
      correct: true,
      latencyMs: 1200,
      timestamp: new Date(0),
    };
    controller.recordAnswer({ ...answer, activityId: 'modulo1-actividad', questionIndex: 0 });
    controller.recordAnswer({ ...answer, activityId: 'modulo2-actividad', questionIndex: 1 });
    controller.recordAnswer({ ...answer, activityId: 'no-such-page', questionIndex: 0 });
    // A later answer to a question already answered is not passed on.
    controller.recordAnswer({
      ...answer,
      activityId: 'modulo1-actividad',
      questionIndex: 0,
      correct: false,
    });
    expect(tracking.answers).toEqual<Interaction[]>([
      { ...answer, id: 'm1-q1', moduleId: 'modulo1', type: 'matching' },
      { ...answer, id: 'm2-q2', moduleId: 'modulo2', type: 'choice' },
    ]);
  });

  it('finish() ends the session exactly once, even if called twice', async () => {
    const { controller, tracking } = await started();
    controller.finish();
    controller.finish();
    expect(tracking.finishCalls).toBe(1);
  });

  it('ending the completion flow closes congratulations and finishes once', async () => {
    const { controller, tracking } = await started();
    for (let m = 0; m < 5; m++) completeModule(controller, m);
    controller.endCompletionFlow();
    controller.finish();
    expect(controller.getState().congratulations).toBe(false);
    expect(tracking.finishCalls).toBe(1);
  });

  it('reflects the runtime health in its state', async () => {
    const { controller, tracking } = await started();
    tracking.healthListeners.forEach((l) => l('retrying'));
    expect(controller.getState().health).toBe('retrying');
    tracking.healthListeners.forEach((l) => l('ok'));
    expect(controller.getState().health).toBe('ok');
  });

  it('notifies subscribers of changes until they unsubscribe', async () => {
    const { controller } = await started();
    const listener = vi.fn();
    const unsubscribe = controller.subscribe(listener);
    controller.visitPage('modulo1-tema1');
    expect(listener).toHaveBeenCalled();
    const before = controller.getState();
    unsubscribe();
    listener.mockClear();
    controller.visitPage('modulo1-tema2');
    expect(listener).not.toHaveBeenCalled();
    expect(controller.getState()).not.toBe(before);
  });

  it('updates the learner name', async () => {
    const { controller } = await started({ learner: { id: 'x', name: null } });
    controller.setLearnerName('Ana');
    expect(controller.getState().learner).toEqual({ id: 'x', name: 'Ana' });
  });
});

describe('outline filled for the learner’s obra (standalone app, decision 0078)', () => {
  it('gives the outline and its pages filled for the current learner’s obra', async () => {
    const base = makeOutline(TOPICS);
    base.introduction = { title: 'Bienvenido a {{obra.nombre}}', text: '' };
    const names: Record<string, string> = { a: 'Torre Norte', b: 'Puente Sur' };
    const tracking = new FakeTracking({ learner: { id: '1', name: 'Ana', obra: 'a' } });
    const controller = new CourseController(base, tracking, (outline, obra) => ({
      ...outline,
      introduction: {
        ...outline.introduction,
        title: outline.introduction.title.replace('{{obra.nombre}}', names[obra ?? 'a']!),
      },
    }));
    await controller.start();
    expect(controller.outline.introduction.title).toBe('Bienvenido a Torre Norte');
    expect(controller.pages.get('modulo1-tema1')).toBeDefined();
    controller.setLearner({ id: '2', name: 'Beto', obra: 'b' });
    expect(controller.outline.introduction.title).toBe('Bienvenido a Puente Sur');
    // The shape never depends on the obra.
    expect(controller.shape.topicCounts).toEqual(TOPICS);
  });
});

describe('review and browse modes (decision record 0160)', () => {
  it('review of a finished attempt: every module open, score 100, nothing saved', async () => {
    const { controller, tracking } = await started({
      score: 100,
      readOnly: { mode: 'review', certified: true },
    });
    const state = controller.getState();
    expect(state).toMatchObject({ score: 100, readOnly: 'review' });
    expect(TOPICS.every((_, i) => controller.canOpen(i))).toBe(true);
    completeModule(controller, 4);
    controller.visitPlace('menu');
    controller.recordAnswer({
      activityId: 'modulo1-actividad',
      questionIndex: 0,
      description: 'P',
      response: [0],
      correctResponse: [0],
      correct: true,
      latencyMs: 1,
      timestamp: new Date(),
    });
    expect(tracking.saves).toEqual([]);
    expect(tracking.answers).toEqual([]);
    expect(controller.getState()).toMatchObject({ score: 100, congratulations: false });
  });

  it('browse: every module open, the score stays the one read (no certificate)', async () => {
    const { controller, tracking } = await started({
      score: null,
      readOnly: { mode: 'browse', certified: false },
    });
    expect(controller.getState()).toMatchObject({ score: 0, readOnly: 'browse' });
    expect(controller.canOpen(4)).toBe(true);
    completeModule(controller, 0);
    expect(controller.getState().score).toBe(0);
    expect(tracking.saves).toEqual([]);
  });
});
