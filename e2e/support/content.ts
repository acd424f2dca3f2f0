// The course as the tests see it: read from the real content files, so no answer is hard-coded.
import { readCourse } from '../../course-files/read-content.ts';
import type { Course } from '../../src/domain/content/types.ts';
import { buildOutline, courseShape } from '../../src/domain/content/outline.ts';
import { courseQuestionIds } from '../../src/domain/progress/course-facts.ts';

let cached: Course | null = null;
export function course(): Course {
  if (!cached) {
    const { course: c, issues } = readCourse();
    if (!c) throw new Error(`Contenido inválido: ${JSON.stringify(issues)}`);
    cached = c;
  }
  return cached;
}

/** The text of the correct option of each question of a module's quiz. */
export function correctOptions(moduleNumber: number): string[] {
  const m = course().modules[moduleNumber - 1]!;
  return m.activity.questions.map((q) => q.options.find((o) => o.correct === 1)!.option);
}

/**
 * Every question id in interaction-slot order, as the course computes it (records 0130, 0270):
 * answering order, the questions added after publication last. Slot order is not course order.
 */
export function slotOrder(): string[] {
  return courseQuestionIds(courseShape(buildOutline(course())));
}

/**
 * The records an LMS holds once modules 1…n are done: the slots from 0 while their questions are
 * answered. A record whose slot lies past an unanswered question waits (record 0278): it is kept
 * in suspend_data and written once the slots before it are.
 */
export function slotsHeldAfter(modules: number): string[] {
  const answered = new Set(
    course()
      .modules.slice(0, modules)
      .flatMap((m) => m.activity.questions.map((_, q) => `m${m.number}-q${q + 1}`)),
  );
  const slots = slotOrder();
  const gap = slots.findIndex((id) => !answered.has(id));
  return gap < 0 ? slots : slots.slice(0, gap);
}
