// Reads the course content from disk and validates it (Node side: build, package, tests, CLI,
// server — the one reader they share, decision 0205).
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadCourse, type ContentFile, type ContentIssue } from '../src/domain/content/loader.ts';
import type { Course } from '../src/domain/content/types.ts';
import { readCourseFilesEnv } from './env.ts';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
/** CURSO_CONTENT_DIR / CURSO_IMAGE_DIR let tests and tools point at other content. */
const env = readCourseFilesEnv();
export const CONTENT_DIR = env.CURSO_CONTENT_DIR ?? join(ROOT, 'content', 'es');
export const IMAGE_DIR = env.CURSO_IMAGE_DIR ?? join(ROOT, 'public', 'img');

function readJson(path: string): ContentFile {
  const file = relative(ROOT, path);
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch {
    return { file, data: undefined, readError: 'no se pudo leer el archivo (¿existe?)' };
  }
  try {
    return { file, data: JSON.parse(text) };
  } catch (e) {
    return { file, data: undefined, readError: `JSON inválido: ${(e as Error).message}` };
  }
}

export interface ReadResult {
  course: Course | null;
  issues: ContentIssue[];
  /** Every content file read (for watch mode). */
  files: string[];
}

export function readCourse(contentDir = CONTENT_DIR, imageDir = IMAGE_DIR): ReadResult {
  const files: string[] = [join(contentDir, 'course.json')];
  const result = loadCourse(
    readJson(join(contentDir, 'course.json')),
    (name) => {
      files.push(join(contentDir, name));
      return readJson(join(contentDir, name));
    },
    { imageExists: (name) => existsSync(join(imageDir, name)) },
  );
  return { course: result.course, issues: result.issues, files };
}

export function formatIssues(issues: ContentIssue[]): string {
  return issues.map((i) => `  ${i.file}${i.id ? ` [${i.id}]` : ''}: ${i.reason}`).join('\n');
}

/** What names a course outside its screens: written once in course.json (decision record 0034). */
export interface CourseIdentity {
  id: string;
  title: string;
  header: string;
  hours: number;
  package: Course['package'];
}

const identities = new Map<string, CourseIdentity>();

/** The course's identity from course.json; throws (in Spanish) when the content does not load. */
export function courseIdentity(contentDir = CONTENT_DIR): CourseIdentity {
  const known = identities.get(contentDir);
  if (known) return known;
  const { course, issues } = readCourse(contentDir);
  if (!course) throw new Error(`El contenido del curso tiene errores:\n${formatIssues(issues)}`);
  const identity = {
    id: course.id,
    title: course.title,
    header: course.header,
    hours: course.hours,
    package: course.package,
  };
  identities.set(contentDir, identity);
  return identity;
}
