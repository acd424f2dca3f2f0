// An LMS that answers oddly or late (decision record 0265), both versions against scorm-again:
// GetLastError non-zero after every call, the ones that worked too (each call is judged by what
// it returns), and an API that appears only after the course started (late-discovery.ts: found,
// Initialize called, the stored record read, what was saved meanwhile sent).
import { describe, expect, it, vi } from 'vitest';
import type { Snapshot, TrackingHealth } from '../port.ts';
import { createLocalTracking, memoryStore } from '../memory/local-tracking.ts';
import { scorm12 } from './scorm12/dialect.ts';
import { scorm2004 } from './scorm2004/dialect.ts';
import { ScormSession } from './scorm-session.ts';
import { LateLmsPort, searchDelays } from './late-discovery.ts';
import type { FoundApi } from './discovery.ts';
import {
  COURSE,
  QUESTION_IDS,
  cmiOf,
  lms12,
  lms2004,
  pluck,
  recordingLogger,
  routeFor,
  routePart,
  walkCourse,
  walkModules,
  withCourseClock,
  type RawApi,
} from './test-support.ts';
import { instrument } from './test-lms-wrappers.ts';

withCourseClock();

const VERSIONS = [
  { version: '1.2', dialect: scorm12, make: lms12, lastError: 'LMSGetLastError' },
  { version: '2004', dialect: scorm2004, make: lms2004, lastError: 'GetLastError' },
] as const;

const learner = (version: '1.2' | '2004', id = 'E-77') =>
  version === '1.2'
    ? { core: { student_id: id, student_name: 'Peña, Ana' } }
    : { learner_id: id, learner_name: 'Peña, Ana' };

const statusOf = (version: '1.2' | '2004', cmi: ReturnType<typeof cmiOf>) =>
  version === '1.2'
    ? { status: cmi.core.lesson_status, score: cmi.core.score.raw }
    : { status: cmi.completion_status, score: cmi.score.raw };

describe.each(VERSIONS)('SCORM $version', ({ version, dialect, make, lastError }) => {
  it('GetLastError always 101: every call judged by what it returns, the whole course recorded', async () => {
    const lms = make(learner(version));
    const spy = instrument(lms);
    spy.api[lastError] = () => '101';
    const log = recordingLogger();
    const session = new ScormSession(dialect, spy.api, {
      packageId: 'curso-sst',
      course: COURSE,
      log: log.logger,
      storage: null,
    });
    const health: TrackingHealth[] = [];
    session.onHealth((h) => health.push(h));
    const started = session.start();
    await vi.advanceTimersByTimeAsync(200);
    await started;
    walkCourse(session);
    await vi.advanceTimersByTimeAsync(15_000);
    session.finish();
    const cmi = cmiOf(lms);
    expect(statusOf(version, cmi)).toEqual({ status: 'completed', score: '100' });
    expect(routePart(cmi.suspend_data)).toBe(routeFor(5));
    expect(pluck(cmi.interactions, 'id')).toEqual(QUESTION_IDS);
    expect(health).not.toContain('retrying');
    expect(log.text()).toMatch(/error code even after calls that worked/);
  });

  it('an honest GetLastError is read only after a call that did not answer true or a value', async () => {
    const lms = make(learner(version));
    const spy = instrument(lms);
    const session = new ScormSession(dialect, spy.api, {
      packageId: 'curso-sst',
      course: COURSE,
      log: recordingLogger().logger,
      storage: null,
    });
    const started = session.start();
    await vi.advanceTimersByTimeAsync(200);
    await started;
    // Empty values (no score, no suspend_data yet) are the only reads followed by GetLastError.
    const emptyReads = spy.calls.filter(
      (c) => /GetValue$/.test(c.method) && c.result === '',
    ).length;
    expect(spy.count(lastError)).toBe(emptyReads);
    const before = spy.count(lastError);
    walkCourse(session);
    await vi.advanceTimersByTimeAsync(15_000);
    session.finish();
    expect(spy.count(lastError)).toBe(before);
    expect(statusOf(version, cmiOf(lms))).toEqual({ status: 'completed', score: '100' });
  });

  describe('an API that appears after the course started', () => {
    function latePort(appearsAtMs: number, cmi: Record<string, unknown>) {
      const lms = make(cmi);
      const spy = instrument(lms);
      const log = recordingLogger();
      let now = 0;
      const found = (): FoundApi | null =>
        now >= appearsAtMs ? { version, api: spy.api as RawApi, host: {} as Window } : null;
      const tick = async (ms: number) => {
        for (let i = 0; i < ms / 50; i++) {
          now += 50;
          await vi.advanceTimersByTimeAsync(50);
        }
      };
      const port = new LateLmsPort({
        find: found,
        connect: (f) =>
          new ScormSession(f.version === '1.2' ? scorm12 : scorm2004, f.api, {
            packageId: 'curso-sst',
            course: COURSE,
            log: log.logger,
            storage: null,
          }),
        local: () => createLocalTracking('curso-sst', memoryStore(), COURSE),
        log: log.logger,
      });
      return { lms, spy, port, tick, log };
    }

    it('found 3 s after load: Initialize, the stored record read before the course opens', async () => {
      const stored =
        version === '1.2'
          ? {
              ...learner(version),
              core: { ...learner(version).core, lesson_status: 'incomplete', score: { raw: '40' } },
              suspend_data: routeFor(2),
            }
          : {
              ...learner(version),
              completion_status: 'incomplete',
              score: { raw: '40' },
              suspend_data: routeFor(2),
            };
      const { lms, spy, port, tick } = latePort(3_000, stored);
      let snapshot: Snapshot | null = null;
      void port.start().then((s) => (snapshot = s));
      await tick(2_900);
      expect(spy.count(version === '1.2' ? 'LMSInitialize' : 'Initialize')).toBe(0);
      await tick(350);
      expect(spy.count(version === '1.2' ? 'LMSInitialize' : 'Initialize')).toBe(1);
      await tick(200);
      expect(port.mode).toBe('lms');
      expect(snapshot).toMatchObject({ learner: { id: 'E-77' }, score: 40 });
      walkModules(port, 2, 5);
      await tick(15_000);
      port.finish();
      expect(statusOf(version, cmiOf(lms))).toEqual({ status: 'completed', score: '100' });
    });

    it('found 10 s after load, the course already started: what was saved and answered meanwhile is sent', async () => {
      const { lms, port, tick } = latePort(10_000, learner(version));
      let snapshot: Snapshot | null = null;
      const health: TrackingHealth[] = [];
      port.onHealth((h) => health.push(h));
      void port.start().then((s) => (snapshot = s));
      await tick(3_500);
      expect(snapshot).toMatchObject({ score: null, viewed: null });
      expect(port.capabilities.localOnly).toBe(false); // no local notice while searching
      walkModules(port, 0, 2);
      await tick(7_500); // searches at 4.5, 6.5 and 10.5 s
      expect(health).toContain('ok');
      walkModules(port, 2, 5);
      await tick(15_000);
      port.finish();
      const cmi = cmiOf(lms);
      expect(statusOf(version, cmi)).toEqual({ status: 'completed', score: '100' });
      expect(pluck(cmi.interactions, 'id')).toEqual(QUESTION_IDS);
      expect(routePart(cmi.suspend_data)).toBe(routeFor(5));
    });
  });
});

describe('the search for a late API', () => {
  it('every 250 ms during the 3.5-s start wait, then 1, 2, 4, 8 s, giving up at 30 s', () => {
    const delays = searchDelays();
    expect(delays.slice(0, 14)).toEqual(Array(14).fill(250));
    expect(delays.slice(14)).toEqual([1000, 2000, 4000, 8000, 11_500]);
    expect(delays.reduce((a, b) => a + b, 0)).toBe(30_000);
  });

  it('gives up after 30 s: local mode, the learner told so (a health event makes the course read it)', async () => {
    const log = recordingLogger();
    const find = vi.fn(() => null);
    const port = new LateLmsPort({
      find,
      connect: () => {
        throw new Error('never');
      },
      local: () => createLocalTracking('curso-sst', memoryStore(), COURSE),
      log: log.logger,
    });
    const health: TrackingHealth[] = [];
    port.onHealth((h) => health.push(h));
    void port.start();
    await vi.advanceTimersByTimeAsync(29_999);
    expect(port.mode).toBe('lms');
    expect(port.capabilities.localOnly).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(find).toHaveBeenCalledTimes(19);
    expect(port.mode).toBe('local');
    expect(port.capabilities.localOnly).toBe(true);
    expect(health).toEqual(['ok']);
  });
});
