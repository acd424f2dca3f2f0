// Boot: pick the runtime mode once (decision 0001) and connect its tracking adapter.
//   LMS build: an LMS API found → `lms`; none → `local` (localStorage).
//   Web build: `server` (our API) — see server-mode.ts.
import { outline } from 'virtual:course';
import { courseShape } from '../domain/content/outline.ts';
import { connectScorm } from '../tracking/scorm/index.ts';
import { browserStore, createLocalTracking } from '../tracking/memory/local-tracking.ts';
import type { TrackingPort } from '../tracking/port.ts';
import { CourseController } from '../course/course-controller.ts';
import { outlineForObra } from '../course/obra-fill.ts';

export function packageId() {
  return outline.id;
}

export function connectLmsOrLocal(win: Window = window): TrackingPort {
  let tracking: TrackingPort | null = null;
  try {
    tracking = connectScorm(win, { packageId: packageId() });
  } catch (e) {
    console.error('[curso-sst] error al buscar la plataforma LMS', e);
  }
  return tracking ?? createLocalTracking(packageId(), browserStore(), courseShape(outline));
}

export function createController(tracking: TrackingPort) {
  // The standalone app fills the texts for the learner's obra (decision 0078).
  return new CourseController(outline, tracking, outlineForObra);
}
