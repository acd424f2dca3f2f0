// The environment variables that choose the course files (decision 0206): read by the build,
// the package, the content check and the server alike, so they are declared here, below both
// scripts/ and server/. server/env.ts composes this schema into the server's one schema; no other
// file of course-files/ or server/ reads process.env (lint).
import { z } from 'zod';

const optionalText = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === '' ? undefined : v.trim()));

export const courseFilesEnvSchema = z.object({
  /** Content folder (course.json and one file per module); default content/es. Tests and tools. */
  CURSO_CONTENT_DIR: optionalText,
  /** Illustrations folder; default public/img. Tests and tools. */
  CURSO_IMAGE_DIR: optionalText,
  /** The company configuration file (its schema is checked where it is read). */
  CURSO_CONFIG: optionalText,
  /** The obra (slug) of that configuration. */
  CURSO_OBRA: optionalText,
});

export type CourseFilesEnv = z.infer<typeof courseFilesEnvSchema>;

/** The process's environment: the one place of course-files/ that reads it. */
export const processEnv = (): NodeJS.ProcessEnv => process.env;

/** The course-file variables of an environment (default: this process's). Never throws. */
export function readCourseFilesEnv(env: NodeJS.ProcessEnv = processEnv()): CourseFilesEnv {
  return courseFilesEnvSchema.parse(env);
}
