// The LMS builds' start (decision 0207), shared by the built-per-obra entry (main-lms.tsx) and
// the template build's entry (main-lms-template.tsx, decision 0241). The LMS connection starts
// before React renders anything, so Initialize does not wait for the app (decision 0012); an
// LMS API found means `lms` mode, none means `local` (decision 0001). Hash routing: the package
// runs from any folder.
import { connectLmsOrLocal, createController, type ObraFilling } from './boot.ts';
import { ASSET_BASE, resumePath } from './routes.tsx';
import { prefetchAfterFirstPaint } from './prefetch.ts';
import { renderApp } from './render-app.tsx';

/** The longest the first screen waits for the stored progress before the app opens anyway. */
const START_TIMEOUT_MS = 4000;

export function startLms(filling?: ObraFilling): void {
  const controller = createController(connectLmsOrLocal(), filling);

  // After the first paint: the next screens' code, content and first illustrations (no screen waits).
  prefetchAfterFirstPaint(controller, ASSET_BASE);

  // The static first screen (the introduction, in index.html) stays until the stored progress is
  // read, then the app opens straight where the learner left off — no flash of a loading state.
  // A runtime that never answers does not hold the course hostage.
  let rendered = false;
  const open = () => {
    if (rendered) return;
    rendered = true;
    if (!window.location.hash || window.location.hash === '#/')
      window.history.replaceState(null, '', `#${resumePath(controller)}`);
    renderApp({ controller, routing: 'hash' });
  };
  void controller.start().then(open, open);
  window.setTimeout(open, START_TIMEOUT_MS);
}
