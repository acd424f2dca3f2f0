// The configuration a build is made from (decision 0075), shared by the Vite plugins,
// build.ts, package.ts and start.ts: where the build goes (CURSO_DIST_DIR, default dist/), the
// stamp each build target records, and the course filled for the build's obra.
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { companyInfo, type CompanyInfo } from '../../src/domain/config/index.ts';
import { fillCourse, placeholderValues } from '../../src/domain/content/placeholders.ts';
import { companyObras, type CompanyObras } from '../../src/domain/content/fill-per-obra.ts';
import type { Course } from '../../src/domain/content/types.ts';
import { formatIssues, readCourse } from '../../course-files/read-content.ts';
import {
  readConfiguration,
  withEnv,
  type ConfigStamp,
  type LoadedConfig,
} from '../../course-files/read-config.ts';
import { processEnv } from './env.ts';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** lms-template: the LMS build left unfilled, for the server's per-obra zips (decision 0241). */
export type BuildTarget = 'lms' | 'web' | 'preview' | 'lms-template';

/** Folder of the builds: CURSO_DIST_DIR (tests build into temp folders) or dist/. */
export const distRoot = (env: NodeJS.ProcessEnv = processEnv()) =>
  resolve(env.CURSO_DIST_DIR?.trim() || join(ROOT, 'dist'));

export const stampFile = (target: BuildTarget, root = distRoot()) =>
  join(root, `.config-${target}.json`);

export function readStamp(target: BuildTarget, root = distRoot()): ConfigStamp | null {
  try {
    return JSON.parse(readFileSync(stampFile(target, root), 'utf8')) as ConfigStamp;
  } catch {
    return null;
  }
}

export function writeStamp(target: BuildTarget, stamp: ConfigStamp, root = distRoot()): void {
  mkdirSync(root, { recursive: true });
  writeFileSync(stampFile(target, root), JSON.stringify(stamp, null, 2) + '\n');
}

export const hasBuild = (target: BuildTarget, root = distRoot()) =>
  existsSync(join(root, target === 'preview' ? 'lms-preview' : target, 'index.html'));

export interface BuildCourse {
  loaded: LoadedConfig;
  /** Filled for the build's obra (the LMS build and its static first screen). */
  course: Course;
  /** Not filled: the web build fills it per learner with `obras` (decision 0078). */
  unfilled: Course;
  /** The placeholder values of every obra of the configuration (web build). */
  obras: CompanyObras;
  company: CompanyInfo;
  /** Content files read (for watch mode). */
  files: string[];
}

/**
 * Configuration (CURSO_CONFIG / CURSO_OBRA, set by build.ts; default config/ejemplo.json) and
 * the course filled with its values. Throws an Error whose message lists every problem.
 */
export function readBuildCourse(env: NodeJS.ProcessEnv = processEnv()): BuildCourse {
  const loaded = readConfiguration(withEnv({}, env), { firstObra: true });
  const { course, issues, files } = readCourse();
  if (!course) throw new Error(`El contenido del curso tiene errores:\n${formatIssues(issues)}`);
  const values = placeholderValues(loaded.config, loaded.obra, course);
  return {
    loaded,
    course: fillCourse(course, values),
    unfilled: course,
    obras: companyObras(loaded.config, course),
    company: companyInfo(loaded.config, loaded.obra),
    files,
  };
}

/** Newest modification time under the given repository paths (files or folders), in ms. */
export function newestSource(
  // lms-preview: the preview page's own sources (decision 0150); pwa: the web app's icon (0140).
  paths = [
    'src',
    'content',
    'public',
    'index.html',
    'vite.config.ts',
    'scripts',
    'course-files',
    'lms-preview',
    'pwa',
  ],
): number {
  let latest = 0;
  const visit = (path: string) => {
    if (!existsSync(path)) return;
    const stat = statSync(path);
    if (stat.isDirectory()) for (const name of readdirSync(path)) visit(join(path, name));
    else latest = Math.max(latest, stat.mtimeMs);
  };
  paths.forEach((p) => visit(join(ROOT, p)));
  return latest;
}

/**
 * Why a target must be (re)built before it is packaged or served, or null when it is current:
 * missing, built from another configuration / obra / version of the file (the stamp), or older
 * than its sources.
 */
export function staleReason(
  target: BuildTarget,
  expected: ConfigStamp,
  root = distRoot(),
): string | null {
  if (!hasBuild(target, root)) return 'no hay build';
  const stamp = readStamp(target, root);
  if (!stamp) return 'la build no tiene sello de configuración';
  if (stamp.path !== expected.path || stamp.obra !== expected.obra)
    return `la build es de ${stamp.path} (obra ${stamp.obra}), no de ${expected.path} (obra ${expected.obra})`;
  if (stamp.sha256 !== expected.sha256) return `${expected.path} cambió desde la última build`;
  const built = statSync(stampFile(target, root)).mtimeMs;
  if (newestSource() > built) return 'hay fuentes más nuevas que la build';
  return null;
}
