// @vitest-environment jsdom
// Signing out on a shared device (decision record 0141): pending progress is sent first, or the
// sign-out is refused; otherwise the learner's data leaves the browser, online or not, and the
// next learner signs in with their own document.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createApiClient } from './api-client.ts';
import { login } from './auth.ts';
import { signOut } from './sign-out.ts';
import { createHttpTracking } from './tracking.ts';
import { hasPending, KEYS } from './storage.ts';

interface Call {
  url: string;
  method: string;
}

/** A server that answers, or a network that is down (every call rejects like fetch does). */
function fakeNetwork() {
  const calls: Call[] = [];
  const state = { online: true };
  const fetch = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = String(input);
    calls.push({ url, method: init.method ?? 'GET' });
    if (!state.online) throw new TypeError('Failed to fetch');
    if (url.endsWith('/csrf-cookie')) {
      document.cookie = 'XSRF-TOKEN=x; path=/';
      return new Response(null, { status: 204 });
    }
    const body = url.endsWith('/auth/login')
      ? { success: true, token: 'token-b', user: { id: 8, name: 'Beto', url_certificate: null } }
      : { success: true, user: { id: 7, name: 'Ana', score: 20, url_certificate: '/c/1.pdf' } };
    return new Response(JSON.stringify(body), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    });
  });
  const api = createApiClient({
    fetch: fetch as unknown as typeof globalThis.fetch,
    navigate: vi.fn(),
    log: () => undefined,
  });
  const sent = (path: string) => calls.filter((c) => c.url.endsWith(path)).length;
  return { api, calls, state, sent, navigate: api.navigate as ReturnType<typeof vi.fn> };
}

/** Learner 7 signed in, certificate issued, with or without progress waiting to be sent. */
function signedIn(pending: boolean) {
  localStorage.setItem(KEYS.token, 'token-a');
  localStorage.setItem(
    KEYS.user,
    JSON.stringify({ id: 7, name: 'Ana', url_certificate: '/certificados/abc.pdf' }),
  );
  localStorage.setItem(KEYS.score, '20');
  localStorage.setItem(KEYS.currentLocation, 'menu');
  if (pending)
    localStorage.setItem(
      KEYS.pending,
      JSON.stringify({
        userId: '7',
        score: 40,
        route: '0,1,2-0,1,2',
        bookmark: null,
        finalTerms: false,
      }),
    );
}

beforeEach(() => {
  localStorage.clear();
  document.cookie = 'XSRF-TOKEN=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
});

describe('signOut', () => {
  it('online, nothing pending: tells the server, clears the learner and their certificate, goes to /', async () => {
    signedIn(false);
    const net = fakeNetwork();
    expect(await signOut({ api: net.api })).toBe('signed-out');
    expect(net.sent('/logout')).toBe(1);
    expect(localStorage.length).toBe(0);
    expect(net.navigate).toHaveBeenCalledWith('/');
  });

  it('online with progress pending: sends it first (once), then signs out', async () => {
    signedIn(true);
    const net = fakeNetwork();
    const tracking = createHttpTracking({ api: net.api, events: null });
    expect(await signOut({ api: net.api, sync: () => tracking.sync() })).toBe('signed-out');
    expect(net.sent('/update-user')).toBe(1);
    const order = net.calls.map((c) => c.url.split('/').pop()).filter((p) => p !== 'csrf-cookie');
    expect(order).toEqual(['update-user', 'logout']);
    expect(localStorage.length).toBe(0);
  });

  it('the page leaving right after signing out writes nothing of the learner back', async () => {
    signedIn(false);
    const net = fakeNetwork();
    const events = new EventTarget();
    let clock = 1_000_000;
    const tracking = createHttpTracking({ api: net.api, events, now: () => clock });
    await tracking.start();
    clock += 90_000; // a minute and a half in the course: a session worth recording
    expect(await signOut({ api: net.api, sync: () => tracking.sync() })).toBe('signed-out');
    expect(localStorage.length).toBe(0);
    events.dispatchEvent(new Event('pagehide')); // the navigation to the sign-in page
    expect(localStorage.length).toBe(0);
    tracking.finish();
  });

  it('offline, nothing pending: the session ends on this device anyway', async () => {
    signedIn(false);
    const net = fakeNetwork();
    net.state.online = false;
    expect(await signOut({ api: net.api })).toBe('signed-out');
    expect(localStorage.length).toBe(0);
    expect(net.navigate).toHaveBeenCalledWith('/');
  });

  it('offline with progress pending: refused, nothing cleared, still signed in', async () => {
    signedIn(true);
    const net = fakeNetwork();
    net.state.online = false;
    const tracking = createHttpTracking({ api: net.api, events: null, retryDelays: [60_000] });
    const health: string[] = [];
    tracking.onHealth((h) => health.push(h));
    expect(await signOut({ api: net.api, sync: () => tracking.sync() })).toBe('pending');
    expect(net.sent('/logout')).toBe(0);
    expect(localStorage.getItem(KEYS.token)).toBe('token-a');
    expect(JSON.parse(localStorage.getItem(KEYS.pending)!)).toMatchObject({ score: 40 });
    expect(net.navigate).not.toHaveBeenCalled();
    expect(health).toEqual(['offline']);
    tracking.finish();
  });

  it('a network that never answers: the sign-out gives up waiting and refuses, keeping the progress', async () => {
    vi.useFakeTimers();
    try {
      signedIn(true);
      const net = fakeNetwork();
      const never = new Promise<void>(() => undefined);
      const result = signOut({ api: net.api, sync: () => never, waitMs: 8_000 });
      await vi.advanceTimersByTimeAsync(8_000);
      expect(await result).toBe('pending');
      expect(localStorage.getItem(KEYS.token)).toBe('token-a');
    } finally {
      vi.useRealTimers();
    }
  });

  it('answers or time not sent yet (the activity queue) also hold the sign-out', async () => {
    signedIn(false);
    localStorage.setItem(
      KEYS.activity,
      JSON.stringify({
        userId: '7',
        cycle: 1,
        answers: [{ questionId: 'm1-q1' }],
        sessions: [],
        sent: [],
      }),
    );
    const net = fakeNetwork();
    net.state.online = false;
    expect(hasPending(localStorage)).toBe(true);
    expect(await signOut({ api: net.api })).toBe('pending');
    expect(localStorage.getItem(KEYS.token)).toBe('token-a');
  });

  it('an activity record holding only what was already sent does not hold the sign-out', async () => {
    signedIn(false);
    localStorage.setItem(
      KEYS.activity,
      JSON.stringify({ userId: '7', cycle: 1, answers: [], sessions: [], sent: ['m1-q1'] }),
    );
    const net = fakeNetwork();
    net.state.online = false;
    expect(hasPending(localStorage)).toBe(false);
    expect(await signOut({ api: net.api })).toBe('signed-out');
  });

  it('after an offline sign-out the next learner signs in with their own document and finds nothing of the last', async () => {
    signedIn(false);
    const net = fakeNetwork();
    net.state.online = false;
    await signOut({ api: net.api });
    net.state.online = true;
    const user = await login('1000000002', 'clave', { api: net.api });
    expect(user.id).toBe(8);
    expect(Object.keys(localStorage).sort()).toEqual([KEYS.token, KEYS.user].sort());
    expect(localStorage.getItem(KEYS.user)).not.toContain('certificados');
  });
});
