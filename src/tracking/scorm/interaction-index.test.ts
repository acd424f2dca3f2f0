// Interaction records at fixed positions (decision record 0130), proven against scorm-again with
// an LMS that reports a wrong cmi.interactions._count: lower (the Moodle app's rebuild from rows
// read in element-name order) and higher. What decision 0130 promises: all 14 interactions stay
// intact across a resume after module 4, in SCORM 1.2 and 2004.
import { describe, expect, it, vi } from 'vitest';
import type { ScormDialect } from './dialect.ts';
import { courseQuestionIds } from '../../domain/progress/course-facts.ts';
import { ScormSession } from './scorm-session.ts';
import {
  COURSE,
  answer,
  cmiOf,
  pluck,
  recordingLogger,
  routeFor,
  type RawApi,
  walkModules,
  routePart,
  withCourseClock,
  RESUMABLE_LMS,
  type ResumableLms,
} from './test-support.ts';
import { instrument, miscountingLms, moodleAppRebuiltCount } from './test-lms-wrappers.ts';

withCourseClock();

const ALL_IDS = courseQuestionIds(COURSE);

const VERSIONS = RESUMABLE_LMS;
type Version = ResumableLms;

async function play(dialect: ScormDialect, api: RawApi) {
  const spy = instrument(api);
  const log = recordingLogger();
  const session = new ScormSession(dialect, spy.api, {
    packageId: 'curso-sst',
    course: COURSE,
    log: log.logger,
    storage: null,
  });
  const started = session.start();
  await vi.advanceTimersByTimeAsync(200);
  return { spy, log, session, snapshot: await started };
}

/** Modules 1–4 on a correct LMS, then the stored record as the next launch sees it. */
async function firstSessionToModule4(v: Version) {
  const lms = v.lms(v.name === '1.2' ? { core: { student_id: 'u1' } } : { learner_id: 'u1' });
  const { session } = await play(v.dialect, lms as unknown as RawApi);
  walkModules(session, 0, 4);
  await vi.advanceTimersByTimeAsync(1000);
  session.finish();
  const stored = cmiOf(lms);
  expect(pluck(stored.interactions, 'id')).toEqual(ALL_IDS.slice(0, 12));
  return stored;
}

describe('the Moodle app’s _count rebuild', () => {
  it('reads rows in element-name order: 12 stored records are counted as 10', () => {
    expect(moodleAppRebuiltCount(12)).toBe(10);
    expect(moodleAppRebuiltCount(11)).toBe(10);
    expect(moodleAppRebuiltCount(13)).toBe(11);
    expect(moodleAppRebuiltCount(10)).toBe(10);
    expect(moodleAppRebuiltCount(3)).toBe(3);
  });
});

describe('fixed interaction positions', () => {
  it('follow the course shape: m1-q1 → 0 … m5-q2 → 13, module numbers included', () => {
    expect(ALL_IDS).toHaveLength(14);
    expect(ALL_IDS[0]).toBe('m1-q1');
    expect(ALL_IDS[13]).toBe('m5-q2');
    expect(
      courseQuestionIds({ topicCounts: [2, 2], questionCounts: [1, 2], moduleNumbers: [3, 7] }),
    ).toEqual(['m3-q1', 'm7-q1', 'm7-q2']);
  });
});

describe.each(VERSIONS)('SCORM $name with a wrong _count', (v) => {
  it.each([
    ['lower (the Moodle app’s rebuild: 10 for 12)', (real: number) => moodleAppRebuiltCount(real)],
    ['higher (3 more than stored)', (real: number) => real + 3],
  ])(
    'keeps all 14 interactions intact across a resume after module 4: %s',
    async (_, reportedFor) => {
      const stored = await firstSessionToModule4(v);
      const lms = v.lms(v.resumed(stored));
      const reported = reportedFor(12);
      const { session, snapshot, log, spy } = await play(
        v.dialect,
        miscountingLms(lms, v.name, reported),
      );
      expect(snapshot.viewed?.[3]).toHaveLength(COURSE.topicCounts[3]! + 1);
      walkModules(session, 4, 5);
      await vi.advanceTimersByTimeAsync(1000);
      session.finish();

      const cmi = cmiOf(lms);
      expect(pluck(cmi.interactions, 'id')).toEqual(ALL_IDS);
      // The records of modules 1–4 are exactly what the first session wrote.
      for (let i = 0; i < 12; i++) expect(cmi.interactions[i]).toEqual(stored.interactions[i]);
      // Module 5's own answers: a wrong first try on q1, a right one on q2.
      expect(cmi.interactions[12][v.response]).toBe('a');
      expect(cmi.interactions[12].result).toBe(v.name === '1.2' ? 'wrong' : 'incorrect');
      expect(cmi.interactions[13][v.response]).toBe('b');
      expect(cmi.interactions[13].result).toBe('correct');
      expect(routePart(cmi.suspend_data)).toBe(routeFor(5));
      expect(log.text()).not.toMatch(/dropped/);
      // Re-written ids (lower count only) carry the values they already had.
      const rewrites = spy
        .sets()
        .filter(([e]) => e !== undefined && /^cmi\.interactions\.(10|11)\.id$/.test(e))
        .map(([, value]) => value);
      // 1.2 writes every earlier answer again from suspend_data (record 0190); 2004 only those
      // whose ids the LMS does not show. Either way the short count is advanced first.
      if (reported < 12 || v.name === '1.2') {
        expect(rewrites).toEqual(['m4-q2', 'm4-q3']);
        expect(log.text()).toMatch(
          v.name === '1.2'
            ? /writing again the 12 answers of earlier sessions/
            : /writing again the 2 answers of earlier sessions/,
        );
        // Every write was accepted: the short count was advanced before it could refuse one.
        expect(log.text()).not.toMatch(/failed: LMS error/);
      } else expect(rewrites).toEqual([]);
    },
  );

  it('a refused index (the count fell after it was read) is repaired and written', async () => {
    const stored = await firstSessionToModule4(v);
    const lms = v.lms(v.resumed(stored));
    // _count reads 12 at start, but the LMS applies its index rule with 10.
    const { session, log, spy } = await play(v.dialect, miscountingLms(lms, v.name, 10, 12));
    walkModules(session, 4, 5);
    await vi.advanceTimersByTimeAsync(11_000);
    const cmi = cmiOf(lms);
    expect(pluck(cmi.interactions, 'id')).toEqual(ALL_IDS);
    for (let i = 0; i < 12; i++) expect(cmi.interactions[i]).toEqual(stored.interactions[i]);
    if (v.name === '1.2') {
      // The earlier answers written again from suspend_data (record 0190) advance the count
      // from 10 in order: nothing is refused, no repair is needed.
      expect(log.text()).not.toMatch(/dropped|failed: LMS error/);
      return;
    }
    expect(log.text()).toMatch(/counted 10 interactions where the course has 12/);
    const sets = spy.sets().map(([e]) => e);
    const refused = sets.indexOf('cmi.interactions.12.id');
    expect(sets.slice(refused + 1, refused + 4)).toEqual([
      'cmi.interactions.10.id',
      'cmi.interactions.11.id',
      'cmi.interactions.12.id',
    ]);
  });

  it('a fresh launch on an LMS that counts 3 records it does not have writes from 0', async () => {
    const lms = v.lms();
    const { session, log } = await play(v.dialect, miscountingLms(lms, v.name, 3));
    walkModules(session, 0, 1);
    await vi.advanceTimersByTimeAsync(11_000);
    expect(pluck(cmiOf(lms).interactions, 'id')).toEqual(ALL_IDS.slice(0, 3));
    expect(log.text()).not.toMatch(/refused|dropped/);
  });
});

describe('an answer whose earlier records the LMS lacks', () => {
  it.each(VERSIONS)(
    'SCORM $name: ids of the earlier positions are written first, then the answer at its own',
    async (v) => {
      // Module 1 done by the route (its quiz answers recorded elsewhere or lost), no records.
      const lms = v.lms({ suspend_data: routeFor(1) });
      const { session, log } = await play(v.dialect, lms as unknown as RawApi);
      session.recordAnswer(answer('m2-q1'));
      session.flush();
      const cmi = cmiOf(lms);
      expect(pluck(cmi.interactions, 'id')).toEqual(ALL_IDS.slice(0, 4));
      expect(cmi.interactions[3].result).toBe('correct');
      // The earlier positions only carry their question's id: no invented answer.
      expect(cmi.interactions[0].result).toBe('');
      expect(log.text()).toMatch(/the LMS counts 0 interactions; writing the ids of records 0–2/);
    },
  );
});
