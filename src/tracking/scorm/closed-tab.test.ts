// A session ended by a closed tab whose end never reached the LMS (decision record 0268): the
// course keeps in suspend_data the total time the LMS should hold, refreshed by SetValue alone;
// the next start adds what the LMS reports short of it, once, and never when the LMS stored it.
// An answer is in the LMS's data model the moment it is given; only its Commit waits.
import { describe, expect, it, vi } from 'vitest';
import { scorm12 } from './scorm12/dialect.ts';
import { ScormSession } from './scorm-session.ts';
import { splitSuspendData } from './answer-ledger.ts';
import { lostTime, timeRefreshMs } from './session-clock.ts';
import { parseScorm12Timespan, scorm12Timespan } from './time-format.ts';
import {
  COURSE,
  answer,
  cmiOf,
  lms12,
  recordingLogger,
  routeFor,
  viewedOf,
  withCourseClock,
} from './test-support.ts';
import { instrument } from './test-lms-wrappers.ts';

withCourseClock();

const ID = { student_id: 'A-1', student_name: 'Uno, Ana' };

/** A session on scorm-again 1.2 from a stored record: the LMS total and suspend_data. */
async function open(totalTime: string, suspendData: string) {
  const lms = lms12({
    core: { ...ID, lesson_status: 'incomplete', entry: 'resume', total_time: totalTime },
    suspend_data: suspendData,
  });
  const spy = instrument(lms);
  const log = recordingLogger();
  const session = new ScormSession(scorm12, spy.api, {
    packageId: 'curso-sst',
    course: COURSE,
    log: log.logger,
    storage: null,
  });
  const started = session.start();
  await vi.advanceTimersByTimeAsync(200);
  await started;
  return { lms, spy, session, log };
}

/** The seconds a session's session_time says. */
const sessionSeconds = (lms: ReturnType<typeof lms12>) =>
  (parseScorm12Timespan(cmiOf(lms).core.session_time) ?? NaN) / 1000;

describe('the time a closed tab lost (record 0268)', () => {
  it('is added to the next session once, and never when the LMS stored it', async () => {
    // Session 1: 10 min stored; 80 s of study; the tab closes and its end never arrives: what
    // the LMS has is what its data model held (the kept time, refreshed without a Commit).
    const one = await open('00:10:00', routeFor(1));
    one.session.save({ viewed: viewedOf(routeFor(1, [[0]])) });
    await vi.advanceTimersByTimeAsync(80_000);
    const kept = cmiOf(one.lms).suspend_data as string;
    expect(splitSuspendData(kept).timeMs! / 1000).toBeGreaterThan(600 + 76);
    expect(one.spy.calls.some((c) => c.method === 'Terminate' || c.method === 'LMSFinish')).toBe(
      false,
    );

    // Session 2: the LMS still reports 10 min; 30 s of study, a normal end.
    const two = await open('00:10:00', kept);
    await vi.advanceTimersByTimeAsync(30_000);
    two.session.finish();
    expect(sessionSeconds(two.lms)).toBeGreaterThan(30 + 76);
    expect(sessionSeconds(two.lms)).toBeLessThanOrEqual(30 + 80.5);
    expect(two.log.text()).toMatch(/an earlier session ended without its time/);

    // Session 3: the LMS stored session 2's time; 10 s of study adds 10 s, nothing more.
    const stored = 600 + sessionSeconds(two.lms);
    const three = await open(scorm12Timespan(stored * 1000), cmiOf(two.lms).suspend_data as string);
    await vi.advanceTimersByTimeAsync(10_000);
    three.session.finish();
    expect(sessionSeconds(three.lms)).toBeGreaterThanOrEqual(10);
    expect(sessionSeconds(three.lms)).toBeLessThan(11);
  });

  it('an LMS that reports no total (or zero) gets each session its own time', () => {
    expect(lostTime(null, 700_000)).toBe(0);
    expect(lostTime(0, 700_000)).toBe(0);
    expect(lostTime(600_000, null)).toBe(0);
    expect(lostTime(600_000, 600_900)).toBe(0); // rounding, not a loss
    expect(lostTime(600_000, 680_000)).toBe(80_000);
    expect(lostTime(690_000, 680_000)).toBe(0);
  });

  it('is kept fresh at most 5 % of the session stale, at least every second, at most every minute', () => {
    expect(timeRefreshMs(0)).toBe(1000);
    expect(timeRefreshMs(100_000)).toBe(5000);
    expect(timeRefreshMs(3_600_000)).toBe(60_000);
  });
});

describe('an answer reaches the LMS data model at once (record 0268)', () => {
  it('its interaction and the first-answer record are set before any Commit', async () => {
    const { lms, spy, session } = await open('00:10:00', routeFor(1));
    await vi.advanceTimersByTimeAsync(1000);
    const commits = spy.count('LMSCommit');
    session.recordAnswer(answer('m2-q1', { response: [0], correct: false }));
    expect(spy.count('LMSCommit')).toBe(commits);
    const cmi = cmiOf(lms);
    expect(cmi.interactions['3'].id).toBe('m2-q1');
    expect(splitSuspendData(cmi.suspend_data).answers.map((a) => a.id)).toEqual(['m2-q1']);
    // The Commit still comes, batched.
    await vi.advanceTimersByTimeAsync(10_000);
    expect(spy.count('LMSCommit')).toBe(commits + 1);
  });
});
