// A question added to a published course (m3-q4, decision record 0270) moves nothing an LMS or the
// server already holds: every earlier question keeps its interaction slot (1.2, where ids are
// write-only, and 2004), its first answer stays a course question, and the stored route and score
// still read as the same completed modules.
import { describe, expect, it } from 'vitest';
import { readCourse } from '../../../course-files/read-content.ts';
import { buildOutline, courseShape } from '../../domain/content/outline.ts';
import { courseQuestionIds } from '../../domain/progress/course-facts.ts';
import { restoreProgress } from '../../domain/progress/carry-over.ts';
import { computeScore } from '../../domain/progress/engine.ts';
import { encodeRoute } from '../../domain/progress/route-codec.ts';
import { InteractionSlots } from './interaction-slots.ts';

const { course } = readCourse();
if (!course) throw new Error('the course does not load');
const now = courseShape(buildOutline(course));
// The course as published before the question: module 3 had 3 questions, module 1 eight topics.
const before = {
  topicCounts: [8, ...now.topicCounts.slice(1)],
  questionCounts: [3, 3, 3, 3, 2],
  moduleNumbers: now.moduleNumbers,
};
const oldIds = courseQuestionIds(before);

describe('a question appended to a published course (record 0270)', () => {
  it('is the one new question, and goes after every earlier slot', () => {
    const ids = courseQuestionIds(now);
    expect(ids.slice(0, oldIds.length)).toEqual(oldIds);
    expect(ids.slice(oldIds.length)).toEqual(['m3-q4']);
  });

  it('keeps every earlier interaction slot, in SCORM 1.2 (ids unseen) and 2004 (ids stored)', () => {
    for (const stored of [null, oldIds]) {
      const slots = new InteractionSlots(courseQuestionIds(now), () => true);
      slots.adopt(stored, oldIds.length);
      oldIds.forEach((id, position) => expect(slots.indexFor(id), `${id}`).toBe(position));
      expect(slots.indexFor('m3-q4')).toBe(oldIds.length);
    }
  });

  it('keeps the server’s first answers: every earlier id is still a question of the course', () => {
    const ids = new Set(courseQuestionIds(now));
    for (const id of oldIds) expect(ids.has(id), id).toBe(true);
  });

  it('keeps the completed modules and the score of a route stored before the change', () => {
    // Modules 1–3 done (quiz marks at each old topic count), module 4 half seen: score 60.
    const viewed = before.topicCounts.map((count, m) =>
      m < 3 ? Array.from({ length: count + 1 }, (_, i) => i) : m === 3 ? [0, 1] : [],
    );
    const score = computeScore(viewed, before);
    expect(score).toBe(60);
    const restored = restoreProgress({ route: encodeRoute(viewed), score }, now);
    expect(computeScore(restored.viewed, now)).toBe(60);
    expect(restored.viewed[3]).toEqual([0, 1]);
    // A finished course stays finished, 100.
    const done = before.topicCounts.map((count) => Array.from({ length: count + 1 }, (_, i) => i));
    const finished = restoreProgress({ route: encodeRoute(done), score: 100 }, now);
    expect(computeScore(finished.viewed, now)).toBe(100);
  });
});
