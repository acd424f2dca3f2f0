// Progress survives a content update (decision 0076), LMS side: a learner with modules 1–2 completed under the old shape
// (6/6/7/5/5 topics, route 0,1,2,3,4,5,6-0,1,2,3,4,5,6-{}-{}-{}, score 40) relaunches a package
// whose modules have today's shape and still has modules 1–2 completed, score 40 — in SCORM 1.2
// and 2004, against scorm-again (decision 0076).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { computeScore, isModuleComplete } from '../../domain/progress/engine.ts';
import { decodeRoute } from '../../domain/progress/route-codec.ts';
import { scorm12 } from './scorm12/dialect.ts';
import { scorm2004 } from './scorm2004/dialect.ts';
import { ScormSession } from './scorm-session.ts';
import { cmiOf, lms12, lms2004, recordingLogger, routePart } from './test-support.ts';

const NEW = {
  topicCounts: [8, 8, 10, 5, 5],
  questionCounts: [3, 3, 3, 3, 2],
};
const OLD_ROUTE = '0,1,2,3,4,5,6-0,1,2,3,4,5,6-{}-{}-{}';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

const versions = [
  {
    name: 'SCORM 1.2',
    dialect: scorm12,
    lms: () =>
      lms12({
        core: {
          student_id: 'cc-1',
          student_name: 'Pérez, Ana',
          lesson_status: 'incomplete',
          score: { raw: '40' },
        },
        suspend_data: OLD_ROUTE,
      }),
    score: (cmi: Record<string, any>) => Number(cmi.core.score.raw), // eslint-disable-line @typescript-eslint/no-explicit-any
  },
  {
    name: 'SCORM 2004',
    dialect: scorm2004,
    lms: () =>
      lms2004({
        learner_id: 'cc-1',
        learner_name: 'Pérez, Ana',
        completion_status: 'incomplete',
        score: { raw: '40', min: '0', max: '100', scaled: '0.4' },
        suspend_data: OLD_ROUTE,
      }),
    score: (cmi: Record<string, any>) => Number(cmi.score.raw), // eslint-disable-line @typescript-eslint/no-explicit-any
  },
] as const;

describe.each(versions)('$name: progress survives a content update', ({ dialect, lms, score }) => {
  it('modules 1–2 stay completed with score 40 under the new shape, and the LMS gets the new route', async () => {
    const api = lms();
    const log = recordingLogger();
    const session = new ScormSession(dialect, api as never, {
      packageId: 'curso-sst',
      course: NEW,
      log: log.logger,
      storage: null,
    });
    const started = session.start();
    await vi.advanceTimersByTimeAsync(200);
    const snapshot = await started;
    expect(snapshot.score).toBe(40);
    const viewed = snapshot.viewed ?? [];
    expect(isModuleComplete(viewed, NEW, 0)).toBe(true);
    expect(isModuleComplete(viewed, NEW, 1)).toBe(true);
    expect(isModuleComplete(viewed, NEW, 2)).toBe(false);
    expect(computeScore(viewed, NEW)).toBe(40);
    expect(log.text()).toMatch(/modules 1, 2 kept as completed/);

    // The next save writes the route in the new shape; the score never drops.
    session.save({ viewed, score: computeScore(viewed, NEW) });
    await vi.advanceTimersByTimeAsync(1000);
    const cmi = cmiOf(api);
    expect(routePart(cmi.suspend_data)).toBe('0,1,2,3,4,5,6,7,8-0,1,2,3,4,5,6,7,8-{}-{}-{}');
    expect(computeScore(decodeRoute(cmi.suspend_data, NEW.topicCounts).viewed, NEW)).toBe(40);
    expect(score(cmi)).toBe(40);
  });
});
