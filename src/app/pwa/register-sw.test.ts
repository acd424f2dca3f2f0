// A new version of the app takes over only at a safe moment (decision record 0140): the page
// hidden and the learner not in a quiz; the page then reloads onto it. The first install
// reloads nothing. The service worker and the page are fakes with the browser's event shapes.
import { describe, expect, it, vi } from 'vitest';
import { isSafeMoment, registerServiceWorker, type SwEnvironment } from './register-sw.ts';

class Events {
  private handlers = new Map<string, Set<() => void>>();
  addEventListener(type: string, fn: () => void) {
    if (!this.handlers.has(type)) this.handlers.set(type, new Set());
    this.handlers.get(type)!.add(fn);
  }
  removeEventListener(type: string, fn: () => void) {
    this.handlers.get(type)?.delete(fn);
  }
  dispatch(type: string) {
    [...(this.handlers.get(type) ?? [])].forEach((fn) => fn());
  }
}

class FakeWorker extends Events {
  state: ServiceWorkerState = 'installing';
  postMessage = vi.fn();
  install() {
    this.state = 'installed';
    this.dispatch('statechange');
  }
}

function setUp(options: { controlled: boolean; path: string; waiting?: boolean }) {
  const registration = Object.assign(new Events(), {
    waiting: options.waiting ? new FakeWorker() : null,
    installing: null as FakeWorker | null,
    update: vi.fn(async () => undefined),
  });
  const container = Object.assign(new Events(), {
    controller: options.controlled ? ({} as ServiceWorker) : null,
    register: vi.fn(async () => registration as unknown as ServiceWorkerRegistration),
  });
  const doc = Object.assign(new Events(), {
    visibilityState: 'visible' as DocumentVisibilityState,
  });
  const location = { pathname: options.path, reload: vi.fn() };
  const env = { container, document: doc, location } as unknown as SwEnvironment;
  const newVersion = () => {
    const worker = new FakeWorker();
    registration.installing = worker;
    registration.dispatch('updatefound');
    worker.install();
    return worker;
  };
  const hide = () => {
    doc.visibilityState = 'hidden';
    doc.dispatch('visibilitychange');
  };
  const show = () => {
    doc.visibilityState = 'visible';
    doc.dispatch('visibilitychange');
  };
  return { env, container, registration, location, newVersion, hide, show };
}

describe('registerServiceWorker', () => {
  it('registers /sw.js for the whole app', async () => {
    const t = setUp({ controlled: false, path: '/' });
    await registerServiceWorker(t.env);
    expect(t.container.register).toHaveBeenCalledWith('/sw.js', { scope: '/' });
  });

  it('a new version waits while the learner is looking, takes over once the app is hidden, then the page reloads', async () => {
    const t = setUp({ controlled: true, path: '/contenido/modulo1-tema1' });
    await registerServiceWorker(t.env);
    const worker = t.newVersion();
    expect(worker.postMessage).not.toHaveBeenCalled();
    t.hide();
    expect(worker.postMessage).toHaveBeenCalledWith({ type: 'SKIP_WAITING' });
    t.container.dispatch('controllerchange');
    expect(t.location.reload).toHaveBeenCalledTimes(1);
  });

  it('never in the middle of a quiz', async () => {
    const t = setUp({ controlled: true, path: '/seleccionar-pregunta/modulo2-actividad' });
    await registerServiceWorker(t.env);
    const worker = t.newVersion();
    t.hide();
    expect(worker.postMessage).not.toHaveBeenCalled();
  });

  it('a version already waiting when the app opens takes over at the first safe moment', async () => {
    const t = setUp({ controlled: true, path: '/menu', waiting: true });
    await registerServiceWorker(t.env);
    const waiting = t.registration.waiting!;
    expect(waiting.postMessage).not.toHaveBeenCalled();
    t.hide();
    expect(waiting.postMessage).toHaveBeenCalledTimes(1);
  });

  it('the first install claims the page without reloading it', async () => {
    const t = setUp({ controlled: false, path: '/' });
    await registerServiceWorker(t.env);
    const worker = t.newVersion();
    t.hide();
    expect(worker.postMessage).not.toHaveBeenCalled();
    t.container.dispatch('controllerchange');
    expect(t.location.reload).not.toHaveBeenCalled();
  });

  it('looks for a new version whenever the app comes back to the screen', async () => {
    const t = setUp({ controlled: true, path: '/menu' });
    await registerServiceWorker(t.env);
    t.hide();
    t.show();
    expect(t.registration.update).toHaveBeenCalledTimes(1);
  });
});

describe('isSafeMoment', () => {
  const at = (pathname: string, visibilityState: DocumentVisibilityState) =>
    isSafeMoment({
      document: { visibilityState } as Document,
      location: { pathname } as Location,
    });
  it('only when hidden and not in a quiz', () => {
    expect(at('/menu', 'visible')).toBe(false);
    expect(at('/menu', 'hidden')).toBe(true);
    expect(at('/arrastra-la-pregunta/modulo1-actividad', 'hidden')).toBe(false);
    expect(at('/auth/login', 'hidden')).toBe(true);
  });
});
