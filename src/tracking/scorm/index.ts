// SCORM runtime entry point (filled in by the SCORM runtime work, issue 4).
import type { TrackingPort } from '../port.ts';

export interface ScormConnectOptions {
  /** Identifies the package, to key any local cache by package and learner. */
  packageId: string;
}

/**
 * Looks for an LMS API (SCORM 2004 or 1.2) from this window (parents up to 500 levels, then
 * the opener chain) and returns a tracking port for it, or null when none is found.
 */
export function connectScorm(_win: Window, _options: ScormConnectOptions): TrackingPort | null {
  return null;
}
