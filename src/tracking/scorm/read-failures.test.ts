// Never write less than the LMS holds (decision record 0100): every way a read of the stored
// data can fail (GetValue throws, answers '', sets an error code, or the LMS is slow to load the
// record), for both versions, against scorm-again, with a learner whose record is completed
// (whole route, score 100) and one at 60.
import { describe, expect, it, vi } from 'vitest';
import type { TrackingHealth } from '../port.ts';
import { cacheKey } from './local-cache.ts';
import { scorm12 } from './scorm12/dialect.ts';
import { scorm2004 } from './scorm2004/dialect.ts';
import { ScormSession } from './scorm-session.ts';
import {
  COURSE,
  MemoryStorage,
  answer,
  cmiOf,
  lms12,
  lms2004,
  moduleStatuses,
  recordingLogger,
  routeFor,
  routeOf,
  viewedOf,
  type CmiJson,
  routePart,
  withCourseClock,
  type Version,
} from './test-support.ts';
import { failReads, instrument, type ReadFault } from './test-lms-wrappers.ts';

withCourseClock();

interface Learner {
  label: string;
  score: number;
  route: string;
  location: string;
  completed: boolean;
}

const COMPLETED: Learner = {
  label: 'completed (whole route, score 100)',
  score: 100,
  route: routeFor(5),
  location: 'menu',
  completed: true,
};
const AT_60: Learner = {
  label: 'at 60',
  score: 60,
  route: routeFor(3, [[], [], [], [0]]),
  location: 'modulo4-tema1',
  completed: false,
};

function storedCmi(version: Version, l: Learner): Record<string, unknown> {
  if (version === '1.2')
    return {
      core: {
        student_id: 'A-1',
        student_name: 'Uno, Ana',
        entry: l.completed ? '' : 'resume',
        lesson_status: l.completed ? 'completed' : 'incomplete',
        lesson_location: l.location,
        score: { raw: String(l.score), min: '0', max: '100' },
      },
      suspend_data: l.route,
    };
  return {
    learner_id: 'A-1',
    learner_name: 'Uno, Ana',
    entry: l.completed ? '' : 'resume',
    completion_status: l.completed ? 'completed' : 'incomplete',
    success_status: l.completed ? 'passed' : 'unknown',
    location: l.location,
    score: { raw: String(l.score), min: '0', max: '100', scaled: String(l.score / 100) },
    progress_measure: String(l.score / 100),
    suspend_data: l.route,
  };
}

/** What a learner's record is: status, score, route and bookmark as the LMS holds them. */
function held(version: Version, cmi: CmiJson) {
  return version === '1.2'
    ? {
        status: cmi.core.lesson_status,
        score: cmi.core.score.raw,
        route: routePart(cmi.suspend_data),
        location: cmi.core.lesson_location,
      }
    : {
        status: `${cmi.completion_status}/${cmi.success_status}`,
        score: `${cmi.score.raw} ${cmi.score.scaled} ${cmi.progress_measure}`,
        route: routePart(cmi.suspend_data),
        location: cmi.location,
      };
}

function fakeWindow() {
  const win = new EventTarget() as EventTarget & {
    document: EventTarget & { visibilityState: string };
  };
  win.document = Object.assign(new EventTarget(), { visibilityState: 'visible' });
  return win;
}

function setUp(version: Version, cmi: Record<string, unknown>) {
  const lms = version === '1.2' ? lms12(cmi) : lms2004(cmi);
  const spy = instrument(lms);
  const log = recordingLogger();
  const win = fakeWindow();
  const storage = new MemoryStorage();
  const session = new ScormSession(version === '1.2' ? scorm12 : scorm2004, spy.api, {
    packageId: 'curso-sst',
    course: COURSE,
    log: log.logger,
    storage,
    win: win as unknown as Window,
  });
  const health: TrackingHealth[] = [];
  session.onHealth((h) => health.push(h));
  return { lms, spy, log, win, storage, session, health };
}

/** What the app does when it started with nothing read: module 1 from its first topic. */
function studyFromScratch(session: ScormSession) {
  session.save({
    viewed: viewedOf('0,1'),
    score: 0,
    bookmark: 'modulo1-tema2',
    modules: moduleStatuses(0, 0),
  });
  session.recordAnswer(answer('m1-q1'));
}

/** Every element but the learner's identity (which a failing LMS may still give). */
const STORED_DATA = /^(?!cmi\.(core\.student_id|core\.student_name|learner_id|learner_name)$)/;

const FAULTS: ReadFault[] = ['throws', 'empty', 'error-code', 'slow'];

for (const version of ['1.2', '2004'] as const) {
  describe(`SCORM ${version}: a read that never succeeds`, () => {
    for (const learner of [COMPLETED, AT_60]) {
      for (const fault of FAULTS) {
        it(`${fault}, learner ${learner.label}: the LMS still holds exactly what it held`, async () => {
          const t = setUp(version, storedCmi(version, learner));
          const before = held(version, cmiOf(t.lms));
          // 'slow' here: the record never arrives while the learner is in the course.
          failReads(t.spy, version, fault, () => true, STORED_DATA);
          const started = t.session.start();
          await vi.advanceTimersByTimeAsync(200);
          await vi.advanceTimersByTimeAsync(2000);
          const snapshot = await started; // the course runs anyway
          expect(snapshot.score).toBeNull();
          studyFromScratch(t.session);
          await vi.advanceTimersByTimeAsync(30_000);
          expect(t.health).toEqual(['retrying']);
          t.win.dispatchEvent(new Event('pagehide'));

          expect(held(version, cmiOf(t.lms))).toEqual(before);
          const written = new Set(t.spy.sets().map(([element]) => element));
          const allowed =
            version === '1.2'
              ? ['cmi.core.exit', 'cmi.core.session_time']
              : ['cmi.exit', 'cmi.session_time'];
          expect([...written].filter((e) => !allowed.includes(e!))).toEqual([]);
          expect(t.log.text()).toMatch(/reading the stored data failed/);
          // The session's own progress is kept in this browser for the next launch.
          expect(t.storage.getItem(cacheKey('curso-sst', 'A-1'))).toContain('"route":"0,1-');
        });
      }
    }
  });

  describe(`SCORM ${version}: a read that fails, then succeeds`, () => {
    for (const fault of FAULTS) {
      it(`${fault}, learner completed: nothing lowered once the read works`, async () => {
        const t = setUp(version, storedCmi(version, COMPLETED));
        const before = held(version, cmiOf(t.lms));
        const t0 = Date.now();
        failReads(t.spy, version, fault, () => Date.now() - t0 < 3000);
        const started = t.session.start();
        await vi.advanceTimersByTimeAsync(2200);
        await started;
        studyFromScratch(t.session);
        await vi.advanceTimersByTimeAsync(10_000);
        expect(t.health).toEqual(['retrying', 'ok']);
        t.win.dispatchEvent(new Event('pagehide'));
        expect(held(version, cmiOf(t.lms))).toEqual(before);
      });

      it(`${fault}, learner at 60: the session's progress is merged with the stored one`, async () => {
        const t = setUp(version, storedCmi(version, AT_60));
        const t0 = Date.now();
        failReads(t.spy, version, fault, () => Date.now() - t0 < 3000);
        const started = t.session.start();
        await vi.advanceTimersByTimeAsync(2200);
        await started;
        studyFromScratch(t.session);
        // Something the stored record lacks (module 4, topic 2) while the read still fails.
        t.session.save({
          viewed: viewedOf(routeFor(0, [[], [], [], [1]])),
          bookmark: 'modulo4-tema2',
        });
        await vi.advanceTimersByTimeAsync(10_000);
        expect(t.health).toEqual(['retrying', 'ok']);
        const after = held(version, cmiOf(t.lms));
        expect(after.route).toBe(routeFor(3, [[], [], [], [0, 1]]));
        expect(after.score).toBe(held(version, cmiOf(lmsOf(version, AT_60))).score);
        expect(after.status).toBe(version === '1.2' ? 'incomplete' : 'incomplete/unknown');
        // Progress continues: the next screen is saved as usual.
        t.session.save({
          viewed: viewedOf(routeFor(3, [[], [], [], [0, 1, 2]])),
          bookmark: 'modulo4-tema3',
          modules: moduleStatuses(3, 3),
        });
        await vi.advanceTimersByTimeAsync(300);
        expect(held(version, cmiOf(t.lms))).toMatchObject({
          route: routeFor(3, [[], [], [], [0, 1, 2]]),
          location: 'modulo4-tema3',
        });
        // The objectives follow the merged route, not the app's view from scratch.
        const objectives = Object.values(cmiOf(t.lms).objectives as Record<string, CmiJson>);
        const statusKey = version === '1.2' ? 'status' : 'completion_status';
        expect(objectives.map((o) => o[statusKey])).toEqual([
          'completed',
          'completed',
          'completed',
          'incomplete',
          'not attempted',
        ]);
      });
    }

    it('a read that succeeds within the start wait: the course starts from the stored data', async () => {
      const t = setUp(version, storedCmi(version, AT_60));
      const t0 = Date.now();
      failReads(t.spy, version, 'throws', () => Date.now() - t0 < 600, /suspend_data/);
      const started = t.session.start();
      await vi.advanceTimersByTimeAsync(700);
      const snapshot = await started;
      expect(snapshot).toMatchObject({ score: 60, bookmark: AT_60.location });
      expect(routeOf(snapshot)).toBe(AT_60.route);
    });
  });
}

function lmsOf(version: Version, l: Learner) {
  return version === '1.2' ? lms12(storedCmi(version, l)) : lms2004(storedCmi(version, l));
}

describe('SCORM 2004: passed belongs to score 100 only', () => {
  it('a record completed + failed + 20: no passed, no exit normal at launch', async () => {
    const t = setUp('2004', {
      learner_id: 'F-1',
      learner_name: 'Fallo, Fede',
      entry: 'resume',
      completion_status: 'completed',
      success_status: 'failed',
      score: { raw: '20', min: '0', max: '100' },
      suspend_data: routeFor(1),
    });
    const started = t.session.start();
    await vi.advanceTimersByTimeAsync(200);
    await started;
    await vi.advanceTimersByTimeAsync(300);
    t.session.save({ viewed: viewedOf(routeFor(1, [[], [0]])), bookmark: 'modulo2-tema1' });
    await vi.advanceTimersByTimeAsync(300);
    t.win.dispatchEvent(new Event('pagehide'));
    const cmi = cmiOf(t.lms);
    expect(cmi.success_status).toBe('failed');
    expect(cmi.completion_status).toBe('completed');
    expect(cmi.exit).not.toBe('normal');
    expect(t.spy.sets().filter(([, v]) => v === 'passed' || v === 'normal')).toEqual([]);
  });

  it('a brand-new learner with empty data is a successful read and saves as today', async () => {
    const t = setUp('2004', { learner_id: 'N-1', learner_name: 'Nuevo, Nico' });
    const started = t.session.start();
    await vi.advanceTimersByTimeAsync(200);
    expect((await started).score).toBeNull();
    studyFromScratch(t.session);
    await vi.advanceTimersByTimeAsync(300);
    expect(t.health).toEqual([]);
    expect(routePart(cmiOf(t.lms).suspend_data)).toBe('0,1-{}-{}-{}-{}');
    expect(cmiOf(t.lms)).toMatchObject({
      completion_status: 'incomplete',
      location: 'modulo1-tema2',
    });
  });

  it('a first session that ends abruptly still leaves a record the next launch reads as resumed', async () => {
    const first = setUp('2004', { learner_id: 'N-2', learner_name: 'Nuevo, Nico' });
    const started = first.session.start();
    await vi.advanceTimersByTimeAsync(200);
    await started;
    await vi.advanceTimersByTimeAsync(300); // the start commit; then the tab is killed
    const cmi = cmiOf(first.lms);
    const next = setUp('2004', {
      learner_id: 'N-2',
      learner_name: 'Nuevo, Nico',
      entry: 'resume',
      completion_status: cmi.completion_status,
      suspend_data: cmi.suspend_data,
    });
    const again = next.session.start();
    await vi.advanceTimersByTimeAsync(200);
    await again;
    studyFromScratch(next.session);
    await vi.advanceTimersByTimeAsync(300);
    expect(next.health).toEqual([]);
    expect(routePart(cmiOf(next.lms).suspend_data)).toBe('0,1-{}-{}-{}-{}');
  });
});
