// Entry point. The LMS connection starts before React renders anything, so Initialize does not
// wait for the app (decision 0012). The web build runs in `server` mode instead.
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app.tsx';
import { connectLmsOrLocal, createController } from './boot.ts';
import {
  createServerTracking,
  issueOnServer,
  serverRouteOptions,
  learnerOf,
} from './server-mode.tsx';
import { hasToken } from '../tracking/http/index.ts';
import type { CourseController } from '../course/course-controller.ts';
import { resumePath } from './routes.tsx';
import { prefetchAfterFirstPaint } from './prefetch.ts';
import { afterPaint, whenIdle } from '../ui/idle.ts';
import { keepFocusAcrossTakeover } from './keep-focus.ts';

/** The longest the first screen waits for the stored progress before the app opens anyway. */
const START_TIMEOUT_MS = 4000;
import './app.css';

let controller: CourseController;
let routeOptions = {};
let issue: (() => Promise<void>) | undefined;
if (__BUILD_TARGET__ === 'web') {
  controller = createController(
    createServerTracking((user) => controller.setLearner(learnerOf(user))),
  );
  routeOptions = serverRouteOptions(controller);
  issue = () => issueOnServer(controller);
  if (hasToken()) void controller.start();
} else {
  controller = createController(connectLmsOrLocal());
}

function render() {
  const root = document.getElementById('root');
  if (!root) return;
  keepFocusAcrossTakeover(root);
  // As a transition, React renders the app in slices and yields between them, so a tap on the
  // static first screen's «Siguiente» is handled while the app is still being built.
  startTransition(() =>
    createRoot(root).render(
      <StrictMode>
        <App controller={controller} routeOptions={routeOptions} issueOnServer={issue} />
      </StrictMode>,
    ),
  );
}

// After the first paint, when idle: the next screens' code and content (no screen waits).
prefetchAfterFirstPaint(controller);

// Web build: the service worker that makes the app installable and offline-first, registered
// from a lazy chunk after the first paint, when idle (docs/decisions/0140-installable-offline-web-app.md).
if (__BUILD_TARGET__ === 'web' && import.meta.env.PROD && 'serviceWorker' in navigator)
  afterPaint(() =>
    whenIdle(() => {
      import('./pwa/register-sw.ts')
        .then((m) => m.registerServiceWorker())
        .catch((e: unknown) =>
          console.warn('[curso-sst] no se pudo registrar el service worker', e),
        );
    }),
  );

if (__BUILD_TARGET__ === 'web') render();
else {
  // LMS build: the static first screen (the introduction, in index.html) stays until the stored
  // progress is read, then the app opens straight where the learner left off — no flash of a
  // loading state. A runtime that never answers does not hold the course hostage.
  let rendered = false;
  const open = () => {
    if (rendered) return;
    rendered = true;
    if (!window.location.hash || window.location.hash === '#/')
      window.history.replaceState(null, '', `#${resumePath(controller)}`);
    render();
  };
  void controller.start().then(open, open);
  window.setTimeout(open, START_TIMEOUT_MS);
}
