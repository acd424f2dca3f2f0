// SCORM runtime entry point: discovery (synchronous, at boot) and the `lms`-mode tracking port.
// Boot calls connectScorm once; null means no LMS API was found and the course runs in `local`
// mode. Nothing outside this folder knows which SCORM version is in use.
import { outline } from 'virtual:course';
import type { TrackingPort } from '../port.ts';
import { findApi } from './discovery.ts';
import { adoptEarlyInit } from './early-init.ts';
import type { ScormDialect } from './dialect.ts';
import { windowStorage } from './local-cache.ts';
import { scorm12 } from './scorm12/dialect.ts';
import { scorm2004 } from './scorm2004/dialect.ts';
import { ScormSession } from './scorm-session.ts';
import { courseShape } from '../../domain/content/outline.ts';
import type { CourseShape } from '../../domain/progress/engine.ts';

export interface ScormConnectOptions {
  /** Identifies the package, to key any local cache by package and learner. */
  packageId: string;
  /** The course's shape; defaults to the built course outline. */
  course?: CourseShape;
}

const DIALECTS: Record<'1.2' | '2004', ScormDialect> = { '1.2': scorm12, '2004': scorm2004 };

/**
 * Looks for an LMS API (SCORM 2004 or 1.2) from this window (parents up to 500 levels, then
 * the opener chain) and returns a tracking port for it, or null when none is found.
 */
export function connectScorm(win: Window, options: ScormConnectOptions): TrackingPort | null {
  let found;
  try {
    found = findApi(win);
  } catch (error) {
    console.error('[scorm] API discovery failed', error);
    return null;
  }
  if (!found) {
    console.info('[scorm] no LMS API found: the course runs in local mode');
    return null;
  }
  console.info(`[scorm] SCORM ${found.version} API found`);
  return new ScormSession(DIALECTS[found.version], found.api, {
    packageId: options.packageId,
    course: options.course ?? courseShape(outline),
    win,
    storage: windowStorage(win),
    preInitializedAt: adoptEarlyInit(win, found.api) ?? undefined,
  });
}
