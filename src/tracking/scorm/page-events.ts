// The page events that end or save a SCORM session (docs/decisions/0256-scorm-session-as-parts.md):
// pagehide ends it, visibilitychange to hidden commits. Never beforeunload/unload (mobile
// browsers skip them, Moodle forbids them).
import type { Logger } from './wrapper.ts';

/** Listens on the course's window; returns the function that stops listening. */
export function listenToPage(
  win: Window,
  on: { hide: () => void; hidden: () => void },
  log: Logger,
): () => void {
  const detachers: (() => void)[] = [];
  const onPageHide = () => on.hide();
  const onVisibility = () => {
    if (win.document.visibilityState === 'hidden') on.hidden();
  };
  try {
    win.addEventListener('pagehide', onPageHide);
    win.document.addEventListener('visibilitychange', onVisibility);
    detachers.push(
      () => win.removeEventListener('pagehide', onPageHide),
      () => win.document.removeEventListener('visibilitychange', onVisibility),
    );
  } catch (error) {
    log.warn(
      `could not listen to page events: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  return () => {
    for (const d of detachers.splice(0)) {
      try {
        d();
      } catch {
        // the window is going away anyway
      }
    }
  };
}
