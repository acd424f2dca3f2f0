// Entry of the web build (decision 0207): `server` mode against our API (decision 0001), the
// course filled per learner's obra (0078), history routing, and the service worker that makes
// the app installable and offline-first (0140).
import { createController } from './boot.ts';
import { contentMayLoad } from './accept-in-flight.tsx';
import {
  afterFirstScreen,
  createServerTracking,
  issueOnServer,
  serverRouteOptions,
  learnerOf,
} from './server-mode.tsx';
import { hasToken } from '../tracking/http/index.ts';
import { defaultStore, readUser } from '../tracking/http/storage.ts';
import { onCompanyChange, restoreLearnerCompany } from './learner-company.ts';
import { moduleForObra, outlineForObra } from '../course/obra-fill.ts';
import type { CourseController } from '../course/course-controller.ts';
import { prefetchAfterFirstPaint } from './prefetch.ts';
import { ASSET_BASE } from './routes.tsx';
import { renderApp } from './render-app.tsx';
import { afterPaint, whenIdle } from '../ui/idle.ts';
import {
  closeFirstScreen,
  firstScreenPending,
  takeOverFirstScreen,
} from './first-screen/take-over.ts';
// The static first screen's forms and notice are drawn with these before the app arrives: they
// join the entry stylesheet, which the build inlines into the page (decision 0234).
import '../ui/centred-card.css';
import '../features/auth/login-page.css';
import '../features/data-notice/data-notice-page.css';

// The company of the learner stored on this device, as kept at their last visit (record 0291):
// an offline restart shows it from the first screen.
restoreLearnerCompany(readUser(defaultStore())?.id?.toString() ?? null);

const controller: CourseController = createController(
  createServerTracking((user) => controller.setLearner(learnerOf(user))),
  { outline: outlineForObra, module: moduleForObra },
);
// Another company's values: the course's texts are filled again (record 0291).
onCompanyChange(() => controller.refill());

// After the load event: the next screens' code; the modules' content and first illustrations
// once the course (or the notice, read without a tap) is on the screen (no screen waits; 0280).
prefetchAfterFirstPaint(controller, ASSET_BASE, contentMayLoad);

// The service worker, registered from a lazy chunk after the first paint, when idle
// (docs/decisions/0140-installable-offline-web-app.md).
if (import.meta.env.PROD && 'serviceWorker' in navigator)
  afterPaint(() =>
    whenIdle(() => {
      import('./pwa/register-sw.ts')
        .then((m) => m.registerServiceWorker())
        .catch((e: unknown) =>
          console.warn('[curso-sst] no se pudo registrar el service worker', e),
        );
    }),
  );

// A sign-in the static first screen sent before this script arrived is stored first, and the
// app renders once the screen it shows first is loaded (decision 0234).
// A tap on the static screen while the first screen's code loaded is taken over in turn.
async function takeOver(): Promise<void> {
  do await afterFirstScreen(await takeOverFirstScreen());
  while (firstScreenPending());
  closeFirstScreen();
}

void takeOver()
  .catch((e: unknown) => console.warn('[curso-sst] primera pantalla', e))
  .then(() => {
    if (hasToken()) void controller.start();
    // At once, not in slices: the static form's typed values are read as it is replaced (0249).
    renderApp(
      {
        controller,
        routing: 'history',
        routeOptions: serverRouteOptions(controller),
        issueOnServer: () => issueOnServer(controller),
      },
      'at-once',
    );
  });
