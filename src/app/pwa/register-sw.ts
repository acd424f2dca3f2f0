// The standalone app's service worker (web build only; docs/decisions/0140-installable-offline-web-app.md):
// registered after the first paint, from a lazy chunk, so the first screen never waits on it.
// A new version installs (precaching the whole new course) in the background and waits; it takes
// over at a safe moment — the app hidden, the learner not in the middle of a quiz — and the page
// reloads onto it (decision 0140). Progress is never at risk: the queue lives in localStorage,
// apart from any cache, and is re-sent by the next start.
import { ACTIVITY_TYPES } from '../../domain/registry/index.ts';
import { routeSegment } from '../../domain/progress/navigation.ts';

/** What the update logic needs of the browser (a fake in unit tests). */
export interface SwEnvironment {
  container: Pick<
    ServiceWorkerContainer,
    'register' | 'controller' | 'addEventListener' | 'removeEventListener'
  >;
  document: Pick<Document, 'visibilityState' | 'addEventListener' | 'removeEventListener'>;
  location: Pick<Location, 'pathname' | 'reload'>;
}

const QUIZ_SEGMENTS = new Set(ACTIVITY_TYPES.map((t) => routeSegment(t)));

/** True when swapping to a new version (and reloading) cannot cost the learner anything. */
export function isSafeMoment(env: Pick<SwEnvironment, 'document' | 'location'>): boolean {
  if (env.document.visibilityState !== 'hidden') return false;
  const first = env.location.pathname.split('/')[1] ?? '';
  return !QUIZ_SEGMENTS.has(first);
}

const browserEnv = (): SwEnvironment => ({
  container: navigator.serviceWorker,
  document,
  location: window.location,
});

export async function registerServiceWorker(
  env: SwEnvironment = browserEnv(),
  url = '/sw.js',
): Promise<ServiceWorkerRegistration> {
  const { container } = env;
  // A page that loaded without a worker (the very first visit) is claimed by it: nothing to
  // reload then. A page that had one reloads once a newer one takes over.
  const hadController = Boolean(container.controller);
  let reloading = false;
  container.addEventListener('controllerchange', () => {
    if (!hadController || reloading) return;
    reloading = true;
    env.location.reload();
  });

  const registration = await container.register(url, { scope: '/' });

  let waiting: ServiceWorker | null = null;
  const activateIfSafe = () => {
    if (!waiting || !isSafeMoment(env)) return;
    waiting.postMessage({ type: 'SKIP_WAITING' });
    waiting = null;
    env.document.removeEventListener('visibilitychange', activateIfSafe);
  };
  const onWaiting = (worker: ServiceWorker) => {
    // Without a controller this is the first install: it activates by itself.
    if (!container.controller) return;
    if (!waiting) env.document.addEventListener('visibilitychange', activateIfSafe);
    waiting = worker;
    activateIfSafe();
  };

  if (registration.waiting) onWaiting(registration.waiting);
  registration.addEventListener('updatefound', () => {
    const installing = registration.installing;
    installing?.addEventListener('statechange', () => {
      if (installing.state === 'installed') onWaiting(installing);
    });
  });
  // An installed app can stay open for days: look for a new version whenever it comes back.
  env.document.addEventListener('visibilitychange', () => {
    if (env.document.visibilityState === 'visible') registration.update().catch(() => undefined);
  });
  return registration;
}
