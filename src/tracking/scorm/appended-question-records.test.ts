// The record of a question appended after publication (m3-q4, record 0270) has its slot after
// every other question's, so it is answered before positions that have no answer yet. SCORM 1.2
// and 2004 take no interaction index past the LMS's count: the record waits until those positions
// are written, never fills them with unanswered questions and never takes another question's slot
// (record 0278). Against scorm-again, with the Moodle app's short count on a resume, and with an
// attempt made before the question existed resumed on the new content.
import { describe, expect, it, vi } from 'vitest';
import type { Scorm12API, Scorm2004API } from 'scorm-again';
import type { TrackingPort } from '../port.ts';
import type { CourseShape } from '../../domain/progress/engine.ts';
import { courseQuestionIds } from '../../domain/progress/course-facts.ts';
import { splitSuspendData } from './answer-ledger.ts';
import type { ScormDialect } from './dialect.ts';
import { ScormSession } from './scorm-session.ts';
import {
  COURSE,
  answer,
  cmiOf,
  pluck,
  recordingLogger,
  walkModules,
  withCourseClock,
  type CmiJson,
  type RawApi,
  RESUMABLE_LMS,
} from './test-support.ts';
import { miscountingLms, moodleAppRebuiltCount } from './test-lms-wrappers.ts';

withCourseClock();

/** The course after the pass: module 1 gained a screen, module 3 a fourth question, appended. */
const NEW: CourseShape & { moduleIds: string[] } = {
  moduleIds: COURSE.moduleIds,
  topicCounts: [7, 5, 4, 5, 3],
  questionCounts: [3, 3, 4, 3, 2],
  appendedQuestions: ['m3-q4'],
};
const SLOTS = courseQuestionIds(NEW);

const VERSIONS = RESUMABLE_LMS;

async function play(dialect: ScormDialect, api: RawApi, course: CourseShape) {
  const log = recordingLogger();
  const session = new ScormSession(dialect, api, {
    packageId: 'curso-sst',
    course,
    log: log.logger,
    storage: null,
  });
  const started = session.start();
  await vi.advanceTimersByTimeAsync(200);
  return { log, session, snapshot: await started };
}

const done = (count: number) => Array.from({ length: count + 1 }, (_, i) => i);

/** Modules from..to-1 of the new course: every screen, then the quiz in course order. */
function walkNew(port: Pick<TrackingPort, 'save' | 'recordAnswer'>, from: number, to: number) {
  const { topicCounts } = NEW;
  for (let m = from; m < to; m++) {
    const viewed = topicCounts.map((count, i) => (i <= m ? done(count) : []));
    for (let q = 1; q <= NEW.questionCounts![m]!; q++) {
      const id = `m${m + 1}-q${q}`;
      // m3-q4 answered wrong, so its values are told apart from an id-only record.
      port.recordAnswer(answer(id, id === 'm3-q4' ? { response: [2], correct: false } : {}));
    }
    const score = m + 1 === topicCounts.length ? 100 : ((m + 1) * 100) / topicCounts.length;
    const modules = NEW.moduleIds.map((id, i) => ({
      id,
      status: i <= m ? ('viewed' as const) : ('not-viewed' as const),
    }));
    port.save({
      viewed,
      score,
      bookmark: 'menu',
      modules,
      ...(score === 100 ? { completed: true, finalTerms: true } : {}),
    });
  }
}

const ids = (lms: Scorm12API | Scorm2004API) => pluck(cmiOf(lms).interactions, 'id');

describe.each(VERSIONS)('SCORM $name: the appended question m3-q4 (record 0278)', (v) => {
  const fresh = () =>
    v.lms(v.name === '1.2' ? { core: { student_id: 'u1' } } : { learner_id: 'u1' });
  /** A first session on `course` that walks modules 1–4 and ends: what the LMS then holds. */
  const firstFourModules = async (course: CourseShape, walk: typeof walkNew) => {
    const first = fresh();
    const one = await play(v.dialect, first as unknown as RawApi, course);
    walk(one.session, 0, 4);
    await vi.advanceTimersByTimeAsync(1000);
    one.session.finish();
    return cmiOf(first);
  };

  it('answered before module 4: no record for unanswered questions, its own at slot 14 at the end', async () => {
    const lms = fresh();
    const { session, log } = await play(v.dialect, lms as unknown as RawApi, NEW);
    walkNew(session, 0, 3);
    session.flush();
    // Modules 1–3: nine records, none for module 4 or 5, and m3-q4 not at another's slot.
    expect(ids(lms)).toEqual(SLOTS.slice(0, 9));
    // Its answer is kept: suspend_data's ledger holds it (record 0190).
    const ledger = splitSuspendData(cmiOf(lms).suspend_data as string).answers;
    expect(ledger.map((a) => a.id)).toContain('m3-q4');

    walkNew(session, 3, 5);
    await vi.advanceTimersByTimeAsync(1000);
    session.finish();
    const cmi = cmiOf(lms);
    expect(pluck(cmi.interactions, 'id')).toEqual(SLOTS);
    expect(SLOTS[14]).toBe('m3-q4');
    expect(cmi.interactions[14][v.response]).toBe('c');
    expect(cmi.interactions[14].result).toBe(v.name === '1.2' ? 'wrong' : 'incorrect');
    // Every record carries an answer: none was written with its id only.
    for (const [i, r] of (Object.values(cmi.interactions) as CmiJson[]).entries())
      expect(r.result, `record ${i}`).not.toBe('');
    expect(log.text()).not.toMatch(/refused|dropped|writing the ids of records/);
  });

  it.each([
    ['the Moodle app’s short _count (10 for 12)', (real: number) => moodleAppRebuiltCount(real)],
    ['a _count 3 higher than it holds', (real: number) => real + 3],
  ])('resumed after module 4 on %s: every record at its slot', async (_, reportedFor) => {
    const stored = await firstFourModules(NEW, walkNew);
    // Twelve records: modules 1–4 at their slots; m3-q4 waits for module 5's.
    expect(pluck(stored.interactions, 'id')).toEqual(SLOTS.slice(0, 12));

    const lms = v.lms(v.resumed(stored));
    const reported = reportedFor(12);
    const two = await play(v.dialect, miscountingLms(lms, v.name, reported), NEW);
    expect(two.snapshot.score).toBe(80);
    walkNew(two.session, 4, 5);
    await vi.advanceTimersByTimeAsync(1000);
    two.session.finish();

    const cmi = cmiOf(lms);
    expect(pluck(cmi.interactions, 'id')).toEqual(SLOTS);
    for (let i = 0; i < 12; i++) expect(cmi.interactions[i]).toEqual(stored.interactions[i]);
    // The first session's answer to m3-q4, from suspend_data, at its own slot.
    expect(cmi.interactions[14][v.response]).toBe('c');
    expect(cmi.interactions[12].result).toBe('correct');
    expect(two.log.text()).not.toMatch(/dropped|failed: LMS error/);
  });

  it('an attempt made before m3-q4 existed keeps its answers, score and completion', async () => {
    // Modules 1–4 on the course as first published (COURSE: 3 questions in module 3).
    const stored = await firstFourModules(COURSE, walkModules);
    const oldIds = courseQuestionIds(COURSE);
    expect(pluck(stored.interactions, 'id')).toEqual(oldIds.slice(0, 12));

    // Resumed on the new content: modules 1–4 still done, score 80, then module 5.
    const lms = v.lms(v.resumed(stored));
    const two = await play(v.dialect, lms as unknown as RawApi, NEW);
    expect(two.snapshot.score).toBe(80);
    expect(
      two.snapshot.viewed?.slice(0, 4).map((seen, m) => seen.includes(NEW.topicCounts[m]!)),
    ).toEqual([true, true, true, true]);
    walkNew(two.session, 4, 5);
    await vi.advanceTimersByTimeAsync(1000);
    two.session.finish();

    const cmi = cmiOf(lms);
    // Completed, 100; the earlier records unchanged at their slots; module 5 after them; no
    // record for m3-q4, which this learner never answered.
    expect(v.name === '1.2' ? cmi.core.lesson_status : cmi.completion_status).toBe('completed');
    expect(Number(v.name === '1.2' ? cmi.core.score.raw : cmi.score.raw)).toBe(100);
    expect(pluck(cmi.interactions, 'id')).toEqual(oldIds);
    for (let i = 0; i < 12; i++) expect(cmi.interactions[i]).toEqual(stored.interactions[i]);
    expect(two.log.text()).not.toMatch(/dropped|failed: LMS error/);
  });
});
