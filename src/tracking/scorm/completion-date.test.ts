// The completion date the course keeps in its own record (decision record 0263), both versions
// against scorm-again and Moodle's relaunch (test-support moodleRelaunch): taken once, kept in
// suspend_data and in this browser's net, never rewritten, and read back when Moodle reopens the
// finished attempt in review mode 12 days later (where nothing is written).
import { describe, expect, it, vi } from 'vitest';
import { scorm12 } from './scorm12/dialect.ts';
import { scorm2004 } from './scorm2004/dialect.ts';
import { ScormSession } from './scorm-session.ts';
import { splitSuspendData } from './answer-ledger.ts';
import {
  COURSE,
  MemoryStorage,
  cmiOf,
  lms12,
  lms2004,
  moodleRelaunch,
  recordingLogger,
  walkCourse,
  withCourseClock,
  type CmiJson,
  type Version,
} from './test-support.ts';
import { instrument } from './test-lms-wrappers.ts';

withCourseClock();

const DAY = 24 * 60 * 60 * 1000;

const identity = (version: Version) =>
  version === '1.2'
    ? { core: { student_id: 'A-1', student_name: 'Uno, Ana' } }
    : { learner_id: 'A-1', learner_name: 'Uno, Ana' };

function session(version: Version, cmi: Record<string, unknown>, storage: MemoryStorage) {
  const lms = version === '1.2' ? lms12(cmi) : lms2004(cmi);
  const win = Object.assign(new EventTarget(), {
    document: Object.assign(new EventTarget(), { visibilityState: 'visible' }),
  });
  const s = new ScormSession(version === '1.2' ? scorm12 : scorm2004, instrument(lms).api, {
    packageId: 'curso-sst',
    course: COURSE,
    log: recordingLogger().logger,
    storage,
    win: win as unknown as Window,
  });
  const start = async () => {
    const p = s.start();
    await vi.advanceTimersByTimeAsync(200);
    return p;
  };
  return { lms, s, start, end: () => win.dispatchEvent(new Event('pagehide')) };
}

/** The whole course walked; the app sends the completion date with the completing change. */
async function finished(version: Version, storage: MemoryStorage): Promise<CmiJson> {
  const t = session(version, identity(version), storage);
  await t.start();
  const completedAt = new Date();
  walkCourse({
    recordAnswer: (i) => t.s.recordAnswer(i),
    save: (c) => t.s.save(c.completed ? { ...c, completedAt } : c),
  });
  // A later save with a later date (another completion message) never rewrites the first.
  t.s.save({ bookmark: 'menu', completed: true, completedAt: new Date(Date.now() + DAY) });
  await vi.advanceTimersByTimeAsync(11_000);
  t.end();
  return cmiOf(t.lms);
}

for (const version of ['1.2', '2004'] as const) {
  describe(`SCORM ${version}: the completion date (record 0263)`, () => {
    it('is kept in suspend_data once, when the course completes', async () => {
      const completed = new Date();
      const cmi = await finished(version, new MemoryStorage());
      expect(splitSuspendData(cmi.suspend_data).completedAt).toEqual(completed);
    });

    it('a relaunch 12 days later in review mode, same browser: the completion date, nothing written', async () => {
      const storage = new MemoryStorage();
      const completed = new Date();
      const last = await finished(version, storage);
      vi.setSystemTime(Date.now() + 12 * DAY);
      const t = session(version, moodleRelaunch(version, last), storage);
      const snapshot = await t.start();
      expect(snapshot.readOnly).toEqual({ mode: 'review', certified: true });
      expect(snapshot.completedAt).toEqual(completed);
      t.end();
      expect(cmiOf(t.lms).suspend_data ?? '').toBe(version === '1.2' ? last.suspend_data : '');
    });

    it('from another browser: 1.2 reads it back; 2004 (Moodle hands no data back) does not know it', async () => {
      const completed = new Date();
      const last = await finished(version, new MemoryStorage());
      vi.setSystemTime(Date.now() + 12 * DAY);
      const t = session(version, moodleRelaunch(version, last), new MemoryStorage());
      const snapshot = await t.start();
      expect(snapshot.completedAt).toEqual(version === '1.2' ? completed : undefined);
    });
  });
}
