// Commit policy, faults and session lifetime of the lms-mode port (same code for both versions;
// run here against scorm-again's 2004 and 1.2 APIs).
import { describe, expect, it, vi } from 'vitest';
import type { TrackingHealth } from '../port.ts';
import { cacheKey } from './local-cache.ts';
import { scorm12 } from './scorm12/dialect.ts';
import { scorm2004 } from './scorm2004/dialect.ts';
import { ScormSession, type ScormSessionOptions } from './scorm-session.ts';
import {
  COURSE,
  MemoryStorage,
  answer,
  cmiOf,
  lms12,
  lms2004,
  pluck,
  recordingLogger,
  routeFor,
  routeOf,
  viewedOf,
  routePart,
  withCourseClock,
} from './test-support.ts';
import { instrument } from './test-lms-wrappers.ts';
import { Backoff, groupOf, WriteQueue } from './write-queue.ts';

withCourseClock();

function fakeWindow() {
  const win = new EventTarget() as EventTarget & {
    document: EventTarget & { visibilityState: string };
  };
  win.document = Object.assign(new EventTarget(), { visibilityState: 'visible' });
  return win;
}

async function launch(
  cmi: Record<string, unknown> = {},
  options: Partial<ScormSessionOptions> = {},
) {
  const lms = lms2004(cmi);
  const spy = instrument(lms);
  const log = recordingLogger();
  const session = new ScormSession(scorm2004, spy.api, {
    packageId: 'curso-sst',
    course: COURSE,
    log: log.logger,
    storage: null,
    ...options,
  });
  const health: TrackingHealth[] = [];
  session.onHealth((h) => health.push(h));
  const started = session.start();
  await vi.advanceTimersByTimeAsync(200);
  const snapshot = await started;
  await vi.advanceTimersByTimeAsync(300); // the start commit (incomplete, exit suspend)
  return { lms, spy, log, session, snapshot, health };
}

describe('retry policy', () => {
  it('back-off: 0.5 s, 1 s, 2 s, 4 s, then 8 s; reset starts again', () => {
    const b = new Backoff();
    expect([b.next(), b.next(), b.next(), b.next(), b.next(), b.next()]).toEqual([
      500, 1000, 2000, 4000, 8000, 8000,
    ]);
    b.reset();
    expect(b.next()).toBe(500);
  });

  it('Commit failing 3 times then succeeding: retried at 0.5/1/2 s, health retrying → ok, nothing lost', async () => {
    const { lms, spy, session, health } = await launch();
    const commits = spy.count('Commit');
    spy.fail('Commit', 3);
    session.save({ viewed: viewedOf('0,1'), bookmark: 'modulo1-tema2', score: 0 });
    await vi.advanceTimersByTimeAsync(300);
    expect(spy.count('Commit')).toBe(commits + 1);
    expect(health).toEqual(['retrying']);
    await vi.advanceTimersByTimeAsync(499);
    expect(spy.count('Commit')).toBe(commits + 1);
    await vi.advanceTimersByTimeAsync(1);
    expect(spy.count('Commit')).toBe(commits + 2);
    await vi.advanceTimersByTimeAsync(1000);
    expect(spy.count('Commit')).toBe(commits + 3);
    session.save({ viewed: viewedOf('0,1,2'), bookmark: 'modulo1-tema3' }); // newer values replace queued ones
    await vi.advanceTimersByTimeAsync(2000);
    expect(spy.count('Commit')).toBe(commits + 4);
    expect(health).toEqual(['retrying', 'ok']);
    expect(routePart(cmiOf(lms).suspend_data)).toBe('0,1,2-{}-{}-{}-{}');
    expect(cmiOf(lms)).toMatchObject({ location: 'modulo1-tema3' });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(spy.count('Commit')).toBe(commits + 4); // nothing left to send
  });

  it('SetValue failing: the values stay queued and are sent again once the LMS accepts them', async () => {
    const { lms, spy, session, health, log } = await launch();
    spy.fail('SetValue', 4, '351');
    session.save({ viewed: viewedOf('0,1,2'), score: 0, bookmark: 'modulo1-tema3' });
    session.flush();
    expect(health).toEqual(['retrying']);
    session.recordAnswer(answer('m1-q1'));
    await vi.advanceTimersByTimeAsync(8000);
    expect(health).toEqual(['retrying', 'ok']);
    const cmi = cmiOf(lms);
    expect(routePart(cmi.suspend_data)).toBe('0,1,2-{}-{}-{}-{}');
    expect(cmi).toMatchObject({ location: 'modulo1-tema3' });
    expect(pluck(cmi.interactions, 'id')).toEqual(['m1-q1']);
    expect(cmi.interactions['0'].result).toBe('correct');
    expect(log.text()).toMatch(/SetValue\(.*\) failed: LMS error 351/);
    expect(log.text()).toMatch(/the grade was not stored in the LMS \(error 351\)|SetValue/);
  });

  it('a value the LMS refuses for good is logged and dropped, not retried forever', async () => {
    const { spy, session, health, log } = await launch();
    spy.fail('SetValue', 1, '406');
    session.save({ viewed: viewedOf('0') });
    session.flush();
    expect(health).toEqual([]);
    expect(log.text()).toMatch(/refused cmi\.suspend_data/);
    const refused = spy.calls.find((c) => c.method === 'SetValue' && c.result === 'false')!;
    const calls = spy.calls.length;
    await vi.advanceTimersByTimeAsync(30_000);
    // Only the kept time's refreshes (record 0268: a new value each time, never a Commit).
    const later = spy.calls.slice(calls);
    expect(later.filter((c) => c.method !== 'SetValue' || c.args[1] === refused.args[1])).toEqual(
      [],
    );
  });

  it('an LMS that throws never reaches the course', async () => {
    const { spy, session, log } = await launch();
    spy.api.Commit = () => {
      throw new Error('LMS exploded');
    };
    expect(() => {
      session.save({ viewed: viewedOf('0,1') });
      session.flush();
      session.recordAnswer(answer('m1-q1'));
      session.finish();
    }).not.toThrow();
    expect(log.text()).toMatch(/Commit threw: LMS exploded/);
  });

  it('a slow LMS (Commit blocks 2 s) loses nothing and commits once per burst', async () => {
    const { lms, spy, session, health } = await launch();
    const commit = spy.api.Commit as (p: string) => string;
    spy.api.Commit = (p: string) => {
      vi.setSystemTime(Date.now() + 2000); // a synchronous 2 s save, as Moodle's can be
      return commit(p);
    };
    const before = spy.count('Commit');
    for (let t = 0; t < 6; t++)
      session.save({
        viewed: viewedOf(routeFor(0, [Array.from({ length: t + 1 }, (_, i) => i)])),
        bookmark: `modulo1-tema${t + 1}`,
      });
    await vi.advanceTimersByTimeAsync(300);
    session.save({ viewed: viewedOf(routeFor(1)), score: 20, bookmark: 'menu' });
    await vi.advanceTimersByTimeAsync(300);
    session.finish();
    expect(health).toEqual([]);
    expect(routePart(cmiOf(lms).suspend_data)).toBe(routeFor(1));
    expect(cmiOf(lms)).toMatchObject({ location: 'menu', exit: 'suspend' });
    expect(spy.count('Commit') - before).toBe(3);
  });
});

describe('session lifetime', () => {
  it('start() twice (React StrictMode) initialises once and gives the same snapshot', async () => {
    const lms = lms2004();
    const spy = instrument(lms);
    const session = new ScormSession(scorm2004, spy.api, {
      packageId: 'p',
      course: COURSE,
      log: recordingLogger().logger,
    });
    const a = session.start();
    const b = session.start();
    expect(a).toBe(b);
    await vi.advanceTimersByTimeAsync(200);
    expect(spy.count('Initialize')).toBe(1);
  });

  it('pagehide ends the session once: exit suspend, Commit, session_time, Terminate; then silence', async () => {
    const win = fakeWindow();
    const { lms, spy, session } = await launch({}, { win: win as unknown as Window });
    session.save({ viewed: viewedOf('0,1'), bookmark: 'modulo1-tema2' });
    vi.setSystemTime(Date.now() + 65_000);
    win.dispatchEvent(new Event('pagehide'));
    expect(spy.count('Terminate')).toBe(1);
    const cmi = cmiOf(lms);
    expect(routePart(cmi.suspend_data)).toBe('0,1-{}-{}-{}-{}');
    expect(cmi).toMatchObject({ exit: 'suspend', location: 'modulo1-tema2' });
    expect(cmi.session_time).toMatch(/^PT1M5(\.\d+)?S$/);
    // session_time after the last Commit: Chamilo posts again, and adds, what a Commit left
    // marked (decision record 0190).
    const names = spy.calls.map((c) =>
      c.method === 'SetValue' ? `SetValue ${c.args[0]}` : c.method,
    );
    expect(names.slice(-3)).toEqual(['Commit', 'SetValue cmi.session_time', 'Terminate']);
    const calls = spy.calls.length;
    win.dispatchEvent(new Event('pagehide'));
    session.save({ viewed: viewedOf('0,1,2') });
    session.recordAnswer(answer('m1-q1'));
    session.flush();
    session.finish();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(spy.calls.length).toBe(calls);
  });

  it('visibilitychange to hidden commits at once (no Terminate)', async () => {
    const win = fakeWindow();
    const { lms, spy, session } = await launch({}, { win: win as unknown as Window });
    session.save({ viewed: viewedOf('0,1,2'), bookmark: 'modulo1-tema3' });
    win.document.visibilityState = 'hidden';
    win.document.dispatchEvent(new Event('visibilitychange'));
    expect(routePart(cmiOf(lms).suspend_data)).toBe('0,1,2-{}-{}-{}-{}');
    expect(spy.count('Terminate')).toBe(0);
  });

  it('saves and answers made before the 200 ms read are kept and merged with the stored data', async () => {
    const lms = lms2004({ suspend_data: '0,1,2', location: 'modulo1-tema3' });
    const spy = instrument(lms);
    const session = new ScormSession(scorm2004, spy.api, {
      packageId: 'p',
      course: COURSE,
      log: recordingLogger().logger,
    });
    const started = session.start();
    session.save({ viewed: viewedOf('{}-{}-{}'), bookmark: 'introduccion' });
    session.recordAnswer(answer('m1-q1'));
    await vi.advanceTimersByTimeAsync(200);
    expect(routeOf(await started)).toBe('0,1,2-{}-{}-{}-{}');
    session.flush();
    const cmi = cmiOf(lms);
    expect(routePart(cmi.suspend_data)).toBe('0,1,2-{}-{}-{}-{}');
    expect(pluck(cmi.interactions, 'id')).toEqual(['m1-q1']);
  });

  it('an Initialize that fails is retried; the stored data is then merged, not overwritten', async () => {
    const lms = lms2004({ suspend_data: '0,1,2,3', score: { raw: '0' } });
    const spy = instrument(lms);
    spy.fail('Initialize', 2, '102');
    const log = recordingLogger();
    const session = new ScormSession(scorm2004, spy.api, {
      packageId: 'p',
      course: COURSE,
      log: log.logger,
    });
    const health: TrackingHealth[] = [];
    session.onHealth((h) => health.push(h));
    const started = session.start();
    await vi.advanceTimersByTimeAsync(200);
    expect(routeOf(await started)).toBeNull();
    session.save({ viewed: viewedOf('0,1') });
    await vi.advanceTimersByTimeAsync(2000);
    expect(spy.count('Initialize')).toBe(3);
    expect(routePart(cmiOf(lms).suspend_data)).toBe('0,1,2,3-{}-{}-{}-{}');
    expect(health).toEqual(['retrying', 'ok']);
    expect(log.text()).toMatch(/could not connect with the LMS/);
  });

  it('one Commit per burst of saves; answers ride along with the next progress commit', async () => {
    const { spy, session } = await launch();
    const before = spy.count('Commit');
    session.recordAnswer(answer('m1-q1'));
    session.recordAnswer(answer('m1-q2'));
    await vi.advanceTimersByTimeAsync(5000);
    expect(spy.count('Commit')).toBe(before);
    session.save({ viewed: viewedOf(routeFor(1)), score: 20, bookmark: 'menu' });
    session.save({ modules: [{ id: 'modulo1', status: 'viewed' }] });
    await vi.advanceTimersByTimeAsync(300);
    expect(spy.count('Commit')).toBe(before + 1);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(spy.count('Commit')).toBe(before + 1);
  });

  it('an answer alone is committed within 10 s', async () => {
    const { spy, session, lms } = await launch();
    const before = spy.count('Commit');
    session.recordAnswer(answer('m1-q1'));
    await vi.advanceTimersByTimeAsync(10_000);
    expect(spy.count('Commit')).toBe(before + 1);
    expect(pluck(cmiOf(lms).interactions, 'id')).toEqual(['m1-q1']);
  });

  it('completion is committed at once', async () => {
    const { spy, session, lms } = await launch();
    const before = spy.count('Commit');
    session.save({ viewed: viewedOf(routeFor(5)), score: 100, completed: true, bookmark: 'menu' });
    expect(spy.count('Commit')).toBe(before + 1);
    expect(cmiOf(lms)).toMatchObject({
      completion_status: 'completed',
      success_status: 'passed',
      exit: 'normal',
    });
  });
});

describe('local safety net, keyed by package and learner', () => {
  it('keeps what a failing LMS missed for the same learner only', async () => {
    const storage = new MemoryStorage();
    // Learner A: the LMS refuses every commit until the window closes.
    const a = await launch({ learner_id: 'A', learner_name: 'Uno, Ana' }, { storage });
    a.spy.fail('Commit', 1000);
    a.spy.fail('Terminate', 1);
    a.session.save({ viewed: viewedOf(routeFor(1)), score: 20, bookmark: 'menu' });
    a.session.recordAnswer(answer('m1-q1'));
    await vi.advanceTimersByTimeAsync(5000);
    a.session.finish();
    expect(storage.getItem(cacheKey('curso-sst', 'A'))).toContain('"route"');

    // Learner B on the same browser starts from nothing.
    const b = await launch({ learner_id: 'B', learner_name: 'Dos, Beto' }, { storage });
    expect(b.snapshot).toMatchObject({ score: null, viewed: null, bookmark: null });
    b.session.finish();
    expect(pluck(cmiOf(b.lms).interactions, 'id')).toEqual([]);

    // Learner A again, on an LMS that kept only the start commit (incomplete, exit suspend):
    // a resumed record with no data, read as such (record 0160); recovered and sent.
    const again = await launch(
      {
        learner_id: 'A',
        learner_name: 'Uno, Ana',
        completion_status: 'incomplete',
        entry: 'resume',
      },
      { storage },
    );
    expect(again.snapshot).toMatchObject({
      score: 20,
      viewed: viewedOf(routeFor(1)),
      bookmark: 'menu',
    });
    again.session.flush();
    expect(routePart(cmiOf(again.lms).suspend_data)).toBe(routeFor(1));
    expect(pluck(cmiOf(again.lms).interactions, 'id')).toEqual(['m1-q1']);
    again.session.finish();
    expect(storage.getItem(cacheKey('curso-sst', 'A'))).not.toContain('"route"');

    // Another package never shares it either.
    const other = await launch({ learner_id: 'A' }, { storage, packageId: 'otro-curso' });
    expect(routeOf(other.snapshot)).toBeNull();
  });

  it('caches nothing without a learner id', async () => {
    const storage = new MemoryStorage();
    const s = await launch({}, { storage });
    s.spy.fail('Commit', 1000);
    s.session.save({ viewed: viewedOf('0,1') });
    s.session.flush();
    expect(storage.length).toBe(0);
  });
});

describe('SCORM 1.2 specifics through the same session', () => {
  it('a successful LMSFinish counts as saved even when the last LMSCommit failed', async () => {
    const storage = new MemoryStorage();
    const lms = lms12({ core: { student_id: 'A' } });
    const spy = instrument(lms);
    const session = new ScormSession(scorm12, spy.api, {
      packageId: 'p',
      course: COURSE,
      log: recordingLogger().logger,
      storage,
    });
    const started = session.start();
    await vi.advanceTimersByTimeAsync(200);
    await started;
    session.save({ viewed: viewedOf('0,1') });
    spy.fail('LMSCommit', 1);
    session.finish();
    expect(spy.count('LMSFinish')).toBe(1);
    expect(storage.getItem(cacheKey('p', 'A'))).not.toContain('"route"');
  });
});

describe('write queue', () => {
  it('groups indexed records by their first index', () => {
    expect(groupOf('cmi.interactions.3.objectives.0.id')).toBe('cmi.interactions.3');
    expect(groupOf('cmi.core.score.raw')).toBe('cmi.core.score.raw');
  });

  it('skips values the LMS already has and keeps record order after a failure', () => {
    const q = new WriteQueue();
    q.assumeCommitted('cmi.location', 'a');
    expect(q.set('cmi.location', 'a')).toBe(false);
    q.set('cmi.interactions.0.id', 'm1-q1');
    q.set('cmi.interactions.0.type', 'choice');
    q.set('cmi.location', 'b');
    const sent: string[] = [];
    const outcome = q.send(
      (element) => {
        sent.push(element);
        return element === 'cmi.interactions.0.id'
          ? { ok: false, code: '101' }
          : { ok: true, code: '0' };
      },
      () => false,
    );
    expect(sent).toEqual(['cmi.interactions.0.id', 'cmi.location']);
    expect(outcome).toMatchObject({ sent: 1, failed: 2 });
  });
});
