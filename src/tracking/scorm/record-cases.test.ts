// The LMS record is never damaged or missing (decision record 0160), both versions, against
// scorm-again and Moodle's relaunch behaviour (test-support moodleRelaunch): review and browse
// modes write nothing, a resumed-but-empty record and an unreadable suspend_data still end
// completed with 100, a completed record is never lowered, a new attempt starts clean, and
// session_time is written once per session.
import { describe, expect, it, vi } from 'vitest';
import { scorm12 } from './scorm12/dialect.ts';
import { scorm2004 } from './scorm2004/dialect.ts';
import { ScormSession } from './scorm-session.ts';
import {
  COURSE,
  MemoryStorage,
  cmiOf,
  lms12,
  lms2004,
  moodleRelaunch,
  pluck,
  recordingLogger,
  routeFor,
  walkCourse,
  walkModules,
  type CmiJson,
  routePart,
  withCourseClock,
  type Version,
} from './test-support.ts';
import { failReads, instrument } from './test-lms-wrappers.ts';

withCourseClock();

function fakeWindow() {
  const win = new EventTarget() as EventTarget & {
    document: EventTarget & { visibilityState: string };
  };
  win.document = Object.assign(new EventTarget(), { visibilityState: 'visible' });
  return win;
}

const identity = (version: Version) =>
  version === '1.2'
    ? { core: { student_id: 'A-1', student_name: 'Uno, Ana' } }
    : { learner_id: 'A-1', learner_name: 'Uno, Ana' };

function setUp(version: Version, cmi: Record<string, unknown>, storage = new MemoryStorage()) {
  const lms = version === '1.2' ? lms12(cmi) : lms2004(cmi);
  const spy = instrument(lms);
  const log = recordingLogger();
  const win = fakeWindow();
  const session = new ScormSession(version === '1.2' ? scorm12 : scorm2004, spy.api, {
    packageId: 'curso-sst',
    course: COURSE,
    log: log.logger,
    storage,
    win: win as unknown as Window,
  });
  const health: string[] = [];
  session.onHealth((h) => health.push(h));
  const end = () => win.dispatchEvent(new Event('pagehide'));
  return { lms, spy, log, win, storage, session, health, end };
}

async function started(t: ReturnType<typeof setUp>, waitMs = 200) {
  const p = t.session.start();
  await vi.advanceTimersByTimeAsync(waitMs);
  return p;
}

/** Status, score and route as the LMS holds them. */
function record(version: Version, cmi: CmiJson) {
  return version === '1.2'
    ? {
        status: cmi.core.lesson_status,
        score: cmi.core.score.raw,
        route: routePart(cmi.suspend_data),
      }
    : {
        status: `${cmi.completion_status}/${cmi.success_status}`,
        score: cmi.score.raw,
        route: routePart(cmi.suspend_data),
      };
}

const FINISHED = (version: Version) =>
  version === '1.2'
    ? { status: 'completed', score: '100', route: routeFor(5) }
    : { status: 'completed/passed', score: '100', route: routeFor(5) };

const setValueCalls = (t: ReturnType<typeof setUp>) =>
  t.spy.calls.filter((c) => /SetValue$/.test(c.method)).length;

/** A whole first attempt walked to the end in a fresh LMS; returns the LMS's final state. */
async function finishedAttempt(version: Version, storage: MemoryStorage) {
  const t = setUp(version, identity(version), storage);
  await started(t);
  walkCourse(t.session);
  await vi.advanceTimersByTimeAsync(11_000);
  t.end();
  expect(record(version, cmiOf(t.lms))).toEqual(FINISHED(version));
  return cmiOf(t.lms);
}

for (const version of ['1.2', '2004'] as const) {
  describe(`SCORM ${version}: review and browse modes write nothing`, () => {
    it('a finished attempt reopened as Moodle reopens it: review mode, no SetValue, certificate reachable', async () => {
      const storage = new MemoryStorage();
      const last = await finishedAttempt(version, storage);
      const t = setUp(version, moodleRelaunch(version, last), storage);
      const before = record(version, cmiOf(t.lms));
      const snapshot = await started(t);
      expect(snapshot.readOnly).toEqual({ mode: 'review', certified: true });
      expect(snapshot.score).toBe(100);
      expect(snapshot.viewed?.every((m, i) => m.length === COURSE.topicCounts[i]! + 1)).toBe(true);
      walkModules(t.session, 0, 2); // the learner browses; the app saves as usual
      await vi.advanceTimersByTimeAsync(11_000);
      t.end();
      expect(setValueCalls(t)).toBe(0);
      const methods = new Set(t.spy.calls.map((c) => c.method.replace(/^LMS/, '')));
      expect(
        [...methods]
          .filter((m) => !/GetValue|GetLastError|GetErrorString|GetDiagnostic/.test(m))
          .sort(),
      ).toEqual(
        // No Terminate in review (record 0268): Moodle's 2004 Terminate would store total_time.
        ['Commit', 'Initialize'],
      );
      expect(record(version, cmiOf(t.lms))).toEqual(before);
      expect(t.health).toEqual([]);
    });

    it('review mode with no data at all (Moodle 2004 after exit normal): certificate reachable, nothing written', async () => {
      const cmi =
        version === '1.2'
          ? { core: { ...identity('1.2').core, lesson_mode: 'review', lesson_status: 'completed' } }
          : { ...identity('2004'), mode: 'review', entry: 'ab-initio' };
      const t = setUp(version, cmi);
      const snapshot = await started(t);
      expect(snapshot.readOnly).toEqual({ mode: 'review', certified: true });
      expect(snapshot.score).toBe(100);
      walkModules(t.session, 0, 1);
      t.end();
      expect(setValueCalls(t)).toBe(0);
    });

    it('review mode of an unfinished record (score 60): browsable, no certificate, nothing written', async () => {
      const cmi =
        version === '1.2'
          ? {
              core: {
                ...identity('1.2').core,
                lesson_mode: 'review',
                lesson_status: 'incomplete',
                score: { raw: '60' },
              },
              suspend_data: routeFor(3),
            }
          : {
              ...identity('2004'),
              mode: 'review',
              score: { raw: '60' },
              suspend_data: routeFor(3),
            };
      const t = setUp(version, cmi);
      const snapshot = await started(t);
      expect(snapshot.readOnly).toEqual({ mode: 'review', certified: false });
      expect(snapshot.score).toBe(60);
      t.end();
      expect(setValueCalls(t)).toBe(0);
    });

    it('browse mode: nothing written, no certificate', async () => {
      const cmi =
        version === '1.2'
          ? { core: { ...identity('1.2').core, lesson_mode: 'browse' } }
          : { ...identity('2004'), mode: 'browse' };
      const t = setUp(version, cmi);
      const snapshot = await started(t);
      expect(snapshot.readOnly).toEqual({ mode: 'browse', certified: false });
      walkCourse(t.session);
      await vi.advanceTimersByTimeAsync(11_000);
      t.end();
      expect(setValueCalls(t)).toBe(0);
    });
  });

  describe(`SCORM ${version}: a learner is always recorded`, () => {
    it('a resumed-but-empty record (entry resume, incomplete, no data, no error) is read as empty and written', async () => {
      const cmi =
        version === '1.2'
          ? { core: { ...identity('1.2').core, entry: 'resume', lesson_status: 'incomplete' } }
          : { ...identity('2004'), entry: 'resume', completion_status: 'incomplete' };
      const t = setUp(version, cmi);
      const snapshot = await started(t);
      expect(snapshot).toMatchObject({ score: null, viewed: null });
      walkCourse(t.session);
      await vi.advanceTimersByTimeAsync(11_000);
      t.end();
      expect(t.health).toEqual([]);
      expect(record(version, cmiOf(t.lms))).toEqual(FINISHED(version));
      expect(pluck(cmiOf(t.lms).interactions, 'id')).toHaveLength(14);
    });

    for (const fault of ['throws', 'error-code'] as const) {
      it(`an unreadable suspend_data (${fault}) for a new learner: recorded, completed with 100`, async () => {
        const t = setUp(version, identity(version));
        failReads(t.spy, version, fault, () => true, /suspend_data/);
        const snapshot = await started(t, 2200);
        expect(snapshot).toMatchObject({ score: null, viewed: null });
        walkCourse(t.session);
        await vi.advanceTimersByTimeAsync(11_000);
        t.end();
        expect(record(version, cmiOf(t.lms))).toEqual(FINISHED(version));
        expect(t.health.at(-1) ?? 'ok').toBe('ok');
      });
    }

    it('an unreadable suspend_data over a completed record: the route is rebuilt from the score, nothing lowered', async () => {
      const storage = new MemoryStorage();
      const last = await finishedAttempt(version, storage);
      // The same record reopened in normal mode (an LMS without review mode), suspend_data failing.
      const cmi = moodleRelaunch(version, {
        ...last,
        exit: 'suspend',
        core: last.core && { ...last.core, exit: 'suspend' },
      });
      if (version === '1.2') (cmi.core as Record<string, unknown>).lesson_mode = 'normal';
      else cmi.mode = 'normal';
      const t = setUp(version, cmi, new MemoryStorage());
      failReads(t.spy, version, 'error-code', () => true, /suspend_data/);
      const snapshot = await started(t, 2200);
      expect(snapshot.score).toBe(100);
      walkModules(t.session, 0, 1);
      await vi.advanceTimersByTimeAsync(11_000);
      t.end();
      expect(record(version, cmiOf(t.lms))).toEqual(FINISHED(version));
    });
  });

  describe(`SCORM ${version}: a new attempt starts clean`, () => {
    it('a second attempt in the same browser starts at 0 and records all 14 interactions', async () => {
      const storage = new MemoryStorage();
      const last = await finishedAttempt(version, storage);
      const t = setUp(version, moodleRelaunch(version, last, { newAttempt: true }), storage);
      const snapshot = await started(t);
      expect(snapshot).toMatchObject({ score: null, viewed: null, bookmark: null });
      expect(snapshot.readOnly).toBeUndefined();
      walkCourse(t.session);
      await vi.advanceTimersByTimeAsync(11_000);
      t.end();
      expect(record(version, cmiOf(t.lms))).toEqual(FINISHED(version));
      expect(pluck(cmiOf(t.lms).interactions, 'id')).toHaveLength(14);
    });
  });

  describe(`SCORM ${version}: progress the LMS never took`, () => {
    it('an LMS that refused every value: the next launch (still not attempted) recovers this browser’s progress', async () => {
      const storage = new MemoryStorage();
      const first = setUp(version, identity(version), storage);
      first.spy.fail(version === '1.2' ? 'LMSSetValue' : 'SetValue', 100_000, '351');
      await started(first);
      walkModules(first.session, 0, 1);
      await vi.advanceTimersByTimeAsync(2000);
      first.end();
      const again = setUp(version, identity(version), storage);
      const snapshot = await started(again);
      expect(snapshot.score).toBe(20);
    });
  });

  describe(`SCORM ${version}: session time once per session`, () => {
    const timeElement = version === '1.2' ? 'cmi.core.session_time' : 'cmi.session_time';

    it('session_time is written once, at the end, however many commits the session made', async () => {
      const t = setUp(version, identity(version));
      await started(t);
      walkModules(t.session, 0, 2);
      await vi.advanceTimersByTimeAsync(60_000);
      t.end();
      expect(t.spy.sets().filter(([e]) => e === timeElement)).toHaveLength(1);
    });

    it('a session killed before its end adds its time to the next session of the same browser', async () => {
      const storage = new MemoryStorage();
      const first = setUp(version, identity(version), storage);
      await started(first);
      walkModules(first.session, 0, 1);
      await vi.advanceTimersByTimeAsync(10 * 60_000);
      // Ten minutes later the phone switches to another app, which then kills the tab.
      first.win.document.visibilityState = 'hidden';
      first.win.document.dispatchEvent(new Event('visibilitychange'));
      expect(first.spy.sets().filter(([e]) => e === timeElement)).toHaveLength(0);
      const cmi =
        version === '1.2'
          ? {
              core: { ...identity('1.2').core, entry: 'resume', lesson_status: 'incomplete' },
              suspend_data: routeFor(1),
            }
          : {
              ...identity('2004'),
              entry: 'resume',
              completion_status: 'incomplete',
              suspend_data: routeFor(1),
            };
      const second = setUp(version, cmi, storage);
      await started(second);
      await vi.advanceTimersByTimeAsync(60_000);
      second.end();
      const times = second.spy.sets().filter(([e]) => e === timeElement);
      expect(times).toHaveLength(1);
      const time = times[0]![1];
      // 10 min 0.2 s killed + 1 min 0.2 s now.
      expect(time).toMatch(version === '1.2' ? /^0{2,4}:11:00/ : /^PT11M0/);
    });
  });
}
