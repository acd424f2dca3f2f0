// The suspend_data ledger of earlier sessions' first answers survives a session that made
// progress before the stored data was read (decision record 0190).
import { describe, expect, it, vi } from 'vitest';
import { scorm12 } from './scorm12/dialect.ts';
import { ScormSession } from './scorm-session.ts';
import { joinSuspendData, splitSuspendData, toLedgerAnswer } from './answer-ledger.ts';
import {
  answer,
  cmiOf,
  COURSE,
  lms12,
  MemoryStorage,
  recordingLogger,
  routeFor,
  viewedOf,
  withCourseClock,
} from './test-support.ts';

withCourseClock();
describe('earlier answers kept in suspend_data (decision record 0190)', () => {
  it('stay in the suspend_data the start writes when the learner moved on before the read', async () => {
    const stored = joinSuspendData(routeFor(0, [[0]]), [
      toLedgerAnswer(answer('m1-q1', { response: [0] })),
    ]);
    const lms = lms12({
      core: { student_id: 'A', lesson_status: 'incomplete', entry: 'resume' },
      suspend_data: stored,
    });
    const session = new ScormSession(scorm12, lms as unknown as Record<string, unknown>, {
      packageId: 'p',
      course: COURSE,
      log: recordingLogger().logger,
      storage: new MemoryStorage(),
    });
    const started = session.start();
    session.save({ viewed: viewedOf(routeFor(0, [[0, 1]])) });
    await vi.advanceTimersByTimeAsync(200);
    await started;
    await vi.advanceTimersByTimeAsync(5000);
    const sd = String(cmiOf(lms).suspend_data);
    // The route this session reached, and the earlier answer still after it.
    expect(splitSuspendData(sd).route).toBe(routeFor(0, [[0, 1]]));
    expect(splitSuspendData(sd).answers.map((a) => a.id)).toEqual(['m1-q1']);
  });
});
