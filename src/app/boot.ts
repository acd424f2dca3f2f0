// Boot: pick the runtime mode once (decision 0001) and connect its tracking adapter.
//   LMS build (src/app/main-lms.tsx): an LMS API found → `lms`; none → `local` (localStorage).
//   Web build (src/app/main-web.tsx): `server` (our API) — see server-mode.ts.
import { outline } from 'virtual:course';
import { courseShape } from '../domain/content/outline.ts';
import { connectScorm } from '../tracking/scorm/index.ts';
import { browserStore, createLocalTracking } from '../tracking/memory/local-tracking.ts';
import type { TrackingPort } from '../tracking/port.ts';
import {
  CourseController,
  type ModuleFiller,
  type OutlineFiller,
} from '../course/course-controller.ts';

export function packageId() {
  return outline.id;
}

export function connectLmsOrLocal(win: Window = window): TrackingPort {
  const local = () => createLocalTracking(packageId(), browserStore(), courseShape(outline));
  let tracking: TrackingPort | null = null;
  try {
    // An LMS API missing at boot is searched for a while longer (decision record 0265).
    tracking = connectScorm(win, { packageId: packageId(), local });
  } catch (e) {
    console.error('[curso-sst] error al buscar la plataforma LMS', e);
  }
  return tracking ?? local();
}

/** The per-obra filling of the web entry (decision 0078) and of the template LMS build (0241). */
export interface ObraFilling {
  outline: OutlineFiller;
  module: ModuleFiller;
}

export function createController(tracking: TrackingPort, filling?: ObraFilling) {
  return new CourseController(outline, tracking, filling?.outline, filling?.module);
}
