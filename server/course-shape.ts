// The server needs the course's topic counts to read and merge route strings and to compute
// the score a route proves. They come from the same content the app is built from. Images are
// not checked here (the build does that): a missing picture must not stop sign-in.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadCourse, type ContentFile } from '../src/domain/content/loader.ts';
import { buildOutline, courseShape } from '../src/domain/content/outline.ts';
import type { CourseShape } from '../src/domain/progress/engine.ts';
import { CONTENT_DIR, formatIssues } from '../course-files/read-content.ts';

let cached: CourseShape | null = null;

function readJson(dir: string, name: string): ContentFile {
  try {
    return { file: name, data: JSON.parse(readFileSync(join(dir, name), 'utf8')) };
  } catch (error) {
    return { file: name, data: undefined, readError: (error as Error).message };
  }
}

export function loadCourseShape(contentDir = CONTENT_DIR): CourseShape {
  if (cached && contentDir === CONTENT_DIR) return cached;
  const { course, issues } = loadCourse(
    readJson(contentDir, 'course.json'),
    (name) => readJson(contentDir, name),
    {
      imageExists: () => true,
    },
  );
  if (!course) throw new Error(`Course content is invalid:\n${formatIssues(issues)}`);
  const shape = courseShape(buildOutline(course));
  if (contentDir === CONTENT_DIR) cached = shape;
  return shape;
}
