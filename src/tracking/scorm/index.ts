// SCORM runtime entry point: discovery (synchronous, at boot) and the `lms`-mode tracking port.
// Boot calls connectScorm once; null means no LMS API can be found and the course runs in `local`
// mode. An API not there at boot is searched for a while longer when the course has a parent or
// an opener to get one from (late-discovery.ts, decision record 0265). Nothing outside this folder
// knows which SCORM version is in use.
import { outline } from 'virtual:course';
import type { TrackingPort } from '../port.ts';
import { findApi, type FoundApi } from './discovery.ts';
import { LateLmsPort } from './late-discovery.ts';
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
  /**
   * The local-mode port. Given: an API missing at boot is searched for a while (record 0265) and
   * this port is used if the search gives up; absent: no API at boot means null.
   */
  local?: () => TrackingPort;
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
  if (found) {
    console.info(`[scorm] SCORM ${found.version} API found`);
    return session(win, found, options);
  }
  if (options.local && canGetApiLater(win)) {
    return new LateLmsPort({
      find: () => findApi(win),
      connect: (late) => session(win, late, options),
      local: options.local,
    });
  }
  console.info('[scorm] no LMS API found: the course runs in local mode');
  return null;
}

function session(win: Window, found: FoundApi, options: ScormConnectOptions): ScormSession {
  return new ScormSession(DIALECTS[found.version], found.api, {
    packageId: options.packageId,
    course: options.course ?? courseShape(outline),
    win,
    storage: windowStorage(win),
    preInitializedAt: adoptEarlyInit(win, found.api) ?? undefined,
  });
}

/**
 * Only a parent or an opener can give this window an API later: a top window opened directly
 * (the package's index.html opened from a folder or a plain web server) runs locally at once.
 */
function canGetApiLater(win: Window): boolean {
  try {
    return win.parent !== win || !!win.opener;
  } catch {
    return true; // a parent from another origin: an LMS frame
  }
}
