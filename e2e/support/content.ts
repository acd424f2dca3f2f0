// The course as the tests see it: read from the real content files, so no answer is hard-coded.
import { readCourse } from '../../course-files/read-content.ts';
import type { Course } from '../../src/domain/content/types.ts';

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
