// @vitest-environment jsdom
// The HTTP adapter against a fake fetch: headers, XSRF, the error handler (decision 0026), sign-in
// messages, and progress queued on network failure and re-sent.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, createApiClient } from './api-client.ts';
import { hasToken, login, LoginError, logout, signInReason } from './auth.ts';
import { createHttpTracking } from './tracking.ts';
import { acceptDataNotice } from './data-notice.ts';
import { KEYS } from './storage.ts';
import { decodeRouteLenient, encodeRoute } from '../../domain/progress/route-codec.ts';

/** The handler's texts as the app gives them; the adapter itself holds none (lint). */
const TEXTS = {
  failed: 'falló',
  notFound: 'no encontrado',
  unauthorized: 'no autorizado',
  noConnection: 'sin conexión',
};

const viewedOf = (route: string) => decodeRouteLenient(route).viewed;

interface Call {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: unknown;
}

type Responder = (call: Call) => Response | Promise<Response> | 'network-error';

function fakeFetch(responder: Responder) {
  const calls: Call[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const call: Call = {
      url: String(input),
      method: init.method ?? 'GET',
      headers: { ...(init.headers as Record<string, string>) },
      body: init.body,
    };
    calls.push(call);
    if (call.url.endsWith('/csrf-cookie')) {
      document.cookie = 'XSRF-TOKEN=abc%2B123; path=/';
      return new Response(null, { status: 204 });
    }
    const result = await responder(call);
    if (result === 'network-error') throw new TypeError('Failed to fetch');
    return result;
  });
  return { fetch: fetch as unknown as typeof globalThis.fetch, calls };
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const user = (extra: Record<string, unknown> = {}) => ({
  id: 7,
  name: 'Ana',
  document: '123',
  score: 0,
  route: '',
  url_certificate: null,
  ...extra,
});

function clearCookies() {
  for (const c of document.cookie.split(';')) {
    const name = c.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
}

beforeEach(() => {
  localStorage.clear();
  clearCookies();
});
afterEach(() => vi.useRealTimers());

describe('API client', () => {
  it('sends the stored token as is, and X-XSRF-TOKEN (fetching csrf-cookie first) on non-GET relative calls', async () => {
    localStorage.setItem('token', 'tok-123');
    const { fetch, calls } = fakeFetch(() => json(200, { success: true }));
    const api = createApiClient({ fetch, baseUrl: '/api/v1' });
    await api.post('me');
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual([
      'GET /api/v1/csrf-cookie',
      'POST /api/v1/me',
    ]);
    expect(calls[1]!.headers.Authorization).toBe('tok-123');
    expect(calls[1]!.headers['X-XSRF-TOKEN']).toBe('abc+123');
    expect(calls[1]!.body).toBeInstanceOf(FormData);
    await api.get('download-certificate');
    expect(calls.at(-1)!.headers['X-XSRF-TOKEN']).toBeUndefined();
    expect(calls.at(-1)!.headers.Authorization).toBe('tok-123');
    await api.getExternal('https://example.org/x.json');
    expect(calls.at(-1)!.headers.Authorization).toBeUndefined();
  });

  it('sends no Authorization header without a token', async () => {
    const { fetch, calls } = fakeFetch(() => json(200, {}));
    await createApiClient({ fetch }).get('x');
    expect(calls[0]!.headers.Authorization).toBeUndefined();
  });

  // Decision record 0101: only a refused identity ends the session; nothing else navigates.
  const cases: [number, string | null, string | null][] = [
    [404, TEXTS.notFound, null],
    [503, TEXTS.noConnection, null],
    [500, null, null],
    [401, TEXTS.unauthorized, '/auth/login'],
    [403, TEXTS.unauthorized, '/auth/login'],
  ];
  it.each(cases)(
    'status %i: logs %s, goes to %s; the learner and their queue stay; rethrows the «failed» text',
    async (status, text, path) => {
      localStorage.setItem('token', 't');
      localStorage.setItem('user', '{"id":1}');
      localStorage.setItem(KEYS.pending, '{"userId":"1","score":20}');
      const log = vi.fn();
      const navigate = vi.fn();
      const { fetch } = fakeFetch(() => json(status, { success: false, message: 'x' }));
      const api = createApiClient({ fetch, log, navigate, texts: TEXTS });
      await expect(api.get('me')).rejects.toThrow(TEXTS.failed);
      if (text) expect(log).toHaveBeenCalledWith(text);
      if (path) expect(navigate).toHaveBeenCalledWith(path);
      else expect(navigate).not.toHaveBeenCalled();
      // Only the token goes (on 401/403); the learner and their pending progress stay.
      expect(localStorage.getItem('token') === null).toBe(path !== null);
      expect(localStorage.getItem('user')).toBe('{"id":1}');
      expect(localStorage.getItem(KEYS.pending)).not.toBeNull();
      expect(signInReason(api.store)).toBe(path ? 'session-ended' : null);
    },
  );

  // Decision 0231: the 401's reason tells a password reset or a deactivation from an ended session.
  it.each([
    ['password-reset', 'password-reset'],
    ['deactivated', 'deactivated'],
    ['expired', 'session-ended'],
    ['anything-else', 'session-ended'],
  ])('a 401 with reason %s brings the learner to sign in with reason %s', async (sent, kept) => {
    localStorage.setItem('token', 't');
    localStorage.setItem(KEYS.pending, '{"userId":"1","score":20}');
    const navigate = vi.fn();
    const { fetch } = fakeFetch(() => json(401, { success: false, message: 'x', reason: sent }));
    const api = createApiClient({ fetch, log: vi.fn(), navigate, texts: TEXTS });
    await expect(api.post('update-user', {})).rejects.toThrow(TEXTS.failed);
    expect(navigate).toHaveBeenCalledWith('/auth/login');
    expect(signInReason(api.store)).toBe(kept);
    expect(localStorage.getItem(KEYS.pending)).not.toBeNull();
  });

  it('a later 401 without a reason (sent after the token went) keeps the reason an earlier one gave', async () => {
    localStorage.setItem('token', 't');
    const navigate = vi.fn();
    const { fetch } = fakeFetch((call) =>
      call.url.endsWith('/me')
        ? json(401, { success: false, message: 'x', reason: 'password-reset' })
        : json(401, { success: false, message: 'x' }),
    );
    const api = createApiClient({ fetch, log: vi.fn(), navigate, texts: TEXTS });
    await expect(api.get('me')).rejects.toThrow(TEXTS.failed);
    await expect(api.post('record-activity', {})).rejects.toThrow(TEXTS.failed);
    expect(navigate).toHaveBeenCalledTimes(2);
    expect(signInReason(api.store)).toBe('password-reset');
  });

  it('422 logs the message, an array joined with line breaks, and clears nothing', async () => {
    localStorage.setItem('token', 't');
    const log = vi.fn();
    const navigate = vi.fn();
    const { fetch } = fakeFetch(() => json(422, { message: ['uno', 'dos'] }));
    const error = await createApiClient({ fetch, log, navigate, texts: TEXTS })
      .get('x')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe(TEXTS.failed);
    expect(log).toHaveBeenCalledWith('uno\ndos');
    expect(navigate).not.toHaveBeenCalled();
    expect(localStorage.getItem('token')).toBe('t');
  });

  it('network failures reject with the «failed» text without navigating', async () => {
    const navigate = vi.fn();
    const { fetch } = fakeFetch(() => 'network-error');
    const error = (await createApiClient({ fetch, navigate, texts: TEXTS })
      .get('x')
      .catch((e: unknown) => e)) as ApiError;
    expect(error.message).toBe(TEXTS.failed);
    expect(error.network).toBe(true);
    expect(navigate).not.toHaveBeenCalled();
  });

  it('refreshes the XSRF cookie and retries once on 419', async () => {
    document.cookie = 'XSRF-TOKEN=old; path=/';
    let first = true;
    const { fetch, calls } = fakeFetch(() => {
      if (first) {
        first = false;
        return json(419, { message: 'x' });
      }
      return json(200, { success: true });
    });
    await createApiClient({ fetch }).post('me');
    expect(calls.map((c) => c.url)).toEqual(['/api/v1/me', '/api/v1/csrf-cookie', '/api/v1/me']);
    expect(calls[2]!.headers['X-XSRF-TOKEN']).toBe('abc+123');
  });
});

describe('login, logout and the guard', () => {
  it('stores token and user on success; hasToken follows the stored token', async () => {
    const { fetch, calls } = fakeFetch(() =>
      json(200, { success: true, token: 'new-token', user: user({ score: 40 }) }),
    );
    const api = createApiClient({ fetch });
    expect(hasToken()).toBe(false);
    await login(' ana@example.co ', 'secreto', { api });
    expect(JSON.parse(String(calls.at(-1)!.body))).toEqual({
      email: 'ana@example.co',
      password: 'secreto',
    });
    expect(localStorage.getItem('token')).toBe('new-token');
    expect(JSON.parse(localStorage.getItem('user')!).id).toBe(7);
    expect(localStorage.getItem('score')).toBe('40');
    expect(hasToken()).toBe(true);
  });

  it.each([
    [401, 'credentials', null],
    [429, 'too-many', 'Espere, por favor.'],
    [422, 'validation', 'uno\ndos'],
    [500, 'server', null],
  ] as const)(
    'a %i gives a "%s" LoginError without clearing storage or navigating',
    async (status, kind, message) => {
      localStorage.setItem('current_location', 'menu');
      const navigate = vi.fn();
      const body =
        status === 429
          ? { message: 'Espere, por favor.' }
          : status === 422
            ? { message: ['uno', 'dos'] }
            : { message: 'x' };
      const { fetch } = fakeFetch(() => json(status, body));
      const error = (await login('123', 'x', { api: createApiClient({ fetch, navigate }) }).catch(
        (e: unknown) => e,
      )) as LoginError;
      expect(error).toBeInstanceOf(LoginError);
      expect(error.kind).toBe(kind);
      expect(error.serverMessage).toBe(message);
      expect(navigate).not.toHaveBeenCalled();
      expect(localStorage.getItem('current_location')).toBe('menu');
    },
  );

  it('a network failure is a "network" LoginError', async () => {
    const { fetch } = fakeFetch(() => 'network-error');
    await expect(login('123', 'x', { api: createApiClient({ fetch }) })).rejects.toMatchObject({
      kind: 'network',
    });
  });

  it('logout posts, clears local storage and goes to /', async () => {
    localStorage.setItem('token', 't');
    localStorage.setItem('user', '{"id":7}');
    const navigate = vi.fn();
    const { fetch, calls } = fakeFetch(() => json(200, { success: true }));
    await logout({ api: createApiClient({ fetch, navigate }) });
    expect(calls.at(-1)!.url).toBe('/api/v1/logout');
    expect(localStorage.length).toBe(0);
    expect(navigate).toHaveBeenCalledWith('/');
  });
});

describe('HTTP tracking adapter', () => {
  const formOf = (call: Call) => Object.fromEntries((call.body as FormData).entries());

  it('start() reads the server (POST me) and returns the snapshot', async () => {
    localStorage.setItem('token', 't');
    const { fetch } = fakeFetch(() =>
      json(200, {
        success: true,
        user: user({
          score: 20,
          route: '0,1-{}',
          current_location: 'modulo2-tema1',
          obra: 'torre-norte',
          acceptanceStatement: 'Yo, Ana, con documento 123, recibí la inducción.',
        }),
      }),
    );
    const tracking = createHttpTracking({ api: createApiClient({ fetch }), events: null });
    expect(tracking.mode).toBe('server');
    const snapshot = await tracking.start();
    expect(snapshot).toEqual({
      learner: {
        id: '7',
        name: 'Ana',
        document: '123',
        urlCertificate: null,
        // The learner's obra, for the texts of the standalone app (decision 0078).
        obra: 'torre-norte',
        // The statement the server published, shown as it is (record 0259).
        acceptanceStatement: 'Yo, Ana, con documento 123, recibí la inducción.',
      },
      score: 20,
      viewed: [[0, 1], []],
      bookmark: 'modulo2-tema1',
    });
  });

  it('starts from the user a sign-in or «Acepto» in this page answered, without a POST me (record 0275)', async () => {
    const { fetch, calls } = fakeFetch((call) =>
      call.url.endsWith('/auth/login')
        ? json(200, { success: true, token: 'new-token', user: user({ score: 30 }) })
        : call.url.endsWith('/accept-data-notice')
          ? json(200, {
              success: true,
              user: user({ score: 30, dataNoticeAcceptedAt: '2026-11-29T10:00:00.000Z' }),
            })
          : json(200, { success: true, user: user({ score: 30 }) }),
    );
    const api = createApiClient({ fetch });
    const mes = () => calls.filter((c) => c.url.endsWith('/me')).length;
    await login('123', 'x', { api });
    const afterSignIn = await createHttpTracking({ api, events: null }).start();
    expect(afterSignIn.score).toBe(30);
    expect(mes()).toBe(0);
    await acceptDataNotice('v1', { api });
    await createHttpTracking({ api, events: null }).start();
    expect(mes()).toBe(0);
    // Taken once: a later start (nothing answered since) asks the server.
    await createHttpTracking({ api, events: null }).start();
    expect(mes()).toBe(1);
  });

  it('sends update-user when the score rises or the route changes, with final_terms=1 when asked', async () => {
    localStorage.setItem('token', 't');
    const { fetch, calls } = fakeFetch((call) =>
      call.url.endsWith('/me')
        ? json(200, { success: true, user: user() })
        : json(200, { success: true, user: user({ score: 100, route: '0,1-0' }) }),
    );
    const onUser = vi.fn();
    const tracking = createHttpTracking({ api: createApiClient({ fetch }), events: null, onUser });
    await tracking.start();
    tracking.save({ score: 100, viewed: [[0, 1], [0]], finalTerms: true });
    await vi.waitFor(() => expect(calls.some((c) => c.url.endsWith('/update-user'))).toBe(true));
    const sent = calls.find((c) => c.url.endsWith('/update-user'))!;
    expect(formOf(sent)).toEqual({ id: '7', score: '100', route: '0,1-0', final_terms: '1' });
    await vi.waitFor(() => expect(onUser).toHaveBeenCalled());
    expect(JSON.parse(localStorage.getItem('user')!).score).toBe(100);
    expect(localStorage.getItem(KEYS.pending)).toBeNull();
    // Same state again: nothing new to send.
    const count = calls.length;
    tracking.save({ score: 100, viewed: viewedOf('0,1-0') });
    await new Promise((r) => setTimeout(r, 10));
    expect(calls.length).toBe(count);
  });

  it('keeps progress when the network fails and re-sends it (on online and with backoff)', async () => {
    localStorage.setItem('token', 't');
    let online = false;
    const { fetch, calls } = fakeFetch((call) => {
      if (call.url.endsWith('/me')) return json(200, { success: true, user: user() });
      return online
        ? json(200, { success: true, user: user({ score: 40, route: '0,1,2-0,1,2' }) })
        : 'network-error';
    });
    const events = new EventTarget();
    const health: string[] = [];
    const tracking = createHttpTracking({
      api: createApiClient({ fetch }),
      events: events as unknown as Window,
      retryDelays: [60_000],
    });
    tracking.onHealth((h) => health.push(h));
    await tracking.start();
    tracking.save({ score: 20, viewed: viewedOf('0,1,2-{}') });
    // No answer at all: «sin conexión», not a failing server (decision record 0141).
    await vi.waitFor(() => expect(health).toEqual(['offline']));
    tracking.save({ score: 40, viewed: viewedOf('0,1,2-0,1,2') });
    const pending = JSON.parse(localStorage.getItem(KEYS.pending)!);
    expect(pending).toMatchObject({ userId: '7', score: 40, route: '0,1,2-0,1,2' });

    // A reload while offline: the queue is still there and a new adapter sends it.
    online = true;
    events.dispatchEvent(new Event('online'));
    await vi.waitFor(() => expect(localStorage.getItem(KEYS.pending)).toBeNull());
    const last = calls.filter((c) => c.url.endsWith('/update-user')).at(-1)!;
    expect(formOf(last)).toMatchObject({ score: '40', route: '0,1,2-0,1,2' });
    expect(health).toEqual(['offline', 'ok']);
  });

  it('re-sends a queue left by an earlier page on start()', async () => {
    localStorage.setItem('token', 't');
    localStorage.setItem(
      KEYS.pending,
      JSON.stringify({
        userId: '7',
        score: 60,
        route: '0,1,2-0,1,2-0,1,2',
        bookmark: null,
        finalTerms: false,
      }),
    );
    const { fetch, calls } = fakeFetch((call) =>
      call.url.endsWith('/me')
        ? json(200, { success: true, user: user({ score: 20, route: '0,1,2' }) })
        : json(200, { success: true, user: user({ score: 60 }) }),
    );
    const tracking = createHttpTracking({
      api: createApiClient({ fetch }),
      events: null,
      shape: { topicCounts: [2, 2, 2] },
    });
    const snapshot = await tracking.start();
    expect(snapshot.score).toBe(60);
    expect(encodeRoute(snapshot.viewed!)).toBe('0,1,2-0,1,2-0,1,2');
    await vi.waitFor(() => expect(calls.some((c) => c.url.endsWith('/update-user'))).toBe(true));
    await vi.waitFor(() => expect(localStorage.getItem(KEYS.pending)).toBeNull());
  });

  it('retries with backoff after a network failure', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    localStorage.setItem('token', 't');
    localStorage.setItem('user', JSON.stringify(user()));
    let failures = 2;
    const { fetch, calls } = fakeFetch(() =>
      failures-- > 0 ? 'network-error' : json(200, { success: true, user: user({ score: 20 }) }),
    );
    const tracking = createHttpTracking({
      api: createApiClient({ fetch }),
      events: null,
      retryDelays: [1000, 5000],
    });
    tracking.save({ score: 20, viewed: viewedOf('0,1,2') });
    await vi.advanceTimersByTimeAsync(10);
    const sends = () => calls.filter((c) => c.url.endsWith('/update-user')).length;
    expect(sends()).toBe(1);
    await vi.advanceTimersByTimeAsync(1000);
    expect(sends()).toBe(2);
    await vi.advanceTimersByTimeAsync(4000);
    expect(sends()).toBe(2);
    await vi.advanceTimersByTimeAsync(1000);
    expect(sends()).toBe(3);
    expect(localStorage.getItem(KEYS.pending)).toBeNull();
  });

  describe('a failed progress save (decision record 0101)', () => {
    const setUp = (status: number | 'network') => {
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
      localStorage.setItem('token', 't');
      localStorage.setItem('user', JSON.stringify(user()));
      let failing = true;
      const navigate = vi.fn();
      const { fetch, calls } = fakeFetch((call) => {
        if (!call.url.endsWith('/update-user')) return json(200, { success: true, user: user() });
        if (!failing) return json(200, { success: true, user: user({ score: 20 }) });
        return status === 'network' ? 'network-error' : json(status, { message: 'x' });
      });
      const api = createApiClient({ fetch, navigate, log: () => undefined });
      const health: string[] = [];
      const tracking = createHttpTracking({ api, events: null, retryDelays: [1000] });
      tracking.onHealth((h) => health.push(h));
      const sends = () => calls.filter((c) => c.url.endsWith('/update-user')).length;
      return { tracking, api, navigate, health, sends, heal: () => (failing = false) };
    };

    it.each(['network', 404, 419, 429, 500, 502, 503, 504] as const)(
      '%s: stays queued, a calm notice, no navigation; sent once the fault clears',
      async (status) => {
        const t = setUp(status);
        t.tracking.save({ score: 20, viewed: viewedOf('0,1,2') });
        await vi.advanceTimersByTimeAsync(10);
        // A network failure is «sin conexión»; an answering but failing server, «no responde».
        const notice = status === 'network' ? 'offline' : 'retrying';
        expect(t.health).toEqual([notice]);
        expect(t.navigate).not.toHaveBeenCalled();
        expect(localStorage.getItem('token')).toBe('t');
        expect(JSON.parse(localStorage.getItem(KEYS.pending)!)).toMatchObject({ score: 20 });
        t.heal();
        await vi.advanceTimersByTimeAsync(1000);
        expect(localStorage.getItem(KEYS.pending)).toBeNull();
        expect(t.health).toEqual([notice, 'ok']);
      },
    );

    it.each([401, 403])(
      '%i: the session ends with a reason; the queue is kept for this learner and sent after signing in again',
      async (status) => {
        const t = setUp(status);
        t.tracking.save({ score: 20, viewed: viewedOf('0,1,2') });
        await vi.advanceTimersByTimeAsync(10);
        expect(t.navigate).toHaveBeenCalledWith('/auth/login');
        expect(localStorage.getItem('token')).toBeNull();
        expect(signInReason(t.api.store)).toBe('session-ended');
        expect(JSON.parse(localStorage.getItem(KEYS.pending)!)).toMatchObject({
          userId: '7',
          score: 20,
        });
        await vi.advanceTimersByTimeAsync(60_000);
        expect(t.sends()).toBe(1); // no retry loop against a refused identity
        t.heal();
        // The same learner signs in again (a new page): the queue goes.
        const { fetch, calls } = fakeFetch((call) =>
          call.url.endsWith('/auth/login')
            ? json(200, { token: 't2', user: user() })
            : json(200, { success: true, user: user({ score: 20, route: '0,1,2' }) }),
        );
        const api = createApiClient({ fetch });
        await login('123', 'clave', { api });
        expect(signInReason(api.store)).toBeNull();
        await createHttpTracking({ api, events: null }).start();
        await vi.advanceTimersByTimeAsync(10);
        const sent = calls.filter((c) => c.url.endsWith('/update-user'));
        expect(sent.map((c) => formOf(c))).toEqual([{ id: '7', score: '20', route: '0,1,2' }]);
        expect(localStorage.getItem(KEYS.pending)).toBeNull();
      },
    );

    it("401, then a different learner signs in: the first learner's queue is never sent", async () => {
      const t = setUp(401);
      t.tracking.save({ score: 20, viewed: viewedOf('0,1,2') });
      await vi.advanceTimersByTimeAsync(10);
      const other = { ...user(), id: 9, name: 'Beto', document: '999' };
      const { fetch, calls } = fakeFetch((call) =>
        call.url.endsWith('/auth/login')
          ? json(200, { token: 't9', user: other })
          : json(200, { success: true, user: other }),
      );
      const api = createApiClient({ fetch });
      await login('999', 'clave', { api });
      await createHttpTracking({ api, events: null }).start();
      await vi.advanceTimersByTimeAsync(10);
      expect(calls.filter((c) => c.url.endsWith('/update-user'))).toEqual([]);
      expect(localStorage.getItem(KEYS.pending)).toBeNull();
    });

    it('422: the server refused the data itself; dropped, not retried forever, no navigation', async () => {
      const t = setUp(422);
      t.tracking.save({ score: 20, viewed: viewedOf('0,1,2') });
      await vi.advanceTimersByTimeAsync(10);
      expect(localStorage.getItem(KEYS.pending)).toBeNull();
      expect(t.navigate).not.toHaveBeenCalled();
      await vi.advanceTimersByTimeAsync(60_000);
      expect(t.sends()).toBe(1);
    });
  });
});
