// @vitest-environment jsdom
// The app as an LMS frames it (record 0298): the launch's session kept without cookies, and the
// XSRF token taken from the server's header when the browser keeps no cookie.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createApiClient } from './api-client.ts';
import { adoptLtiSession, hasToken } from './auth.ts';
import { defaultStore, KEYS } from './storage.ts';

interface Call {
  url: string;
  method: string;
  headers: Record<string, string>;
}

const TOKEN = 'lti-session-token-0123456789';
const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });
const learner = { id: 41, name: 'Marta Gómez', document: '900', url_certificate: null };

/**
 * A server for a browser that keeps no cookie: csrf-cookie answers its token in `x-xsrf-token`
 * only (bound to the Authorization it got); `me` wants that token back.
 */
function cookielessServer() {
  const calls: Call[] = [];
  let issued = 0;
  const valid = new Set<string>();
  const fetch = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const call: Call = {
      url: String(input),
      method: init.method ?? 'GET',
      headers: { ...(init.headers as Record<string, string>) },
    };
    calls.push(call);
    if (call.url.endsWith('/csrf-cookie')) {
      const token = `x${++issued}-for-${call.headers.Authorization ?? 'anonymous'}`;
      valid.add(token);
      return new Response(null, { status: 204, headers: { 'x-xsrf-token': token } });
    }
    if (call.headers.Authorization !== TOKEN) return json(401, { reason: null });
    if (!valid.has(call.headers['X-XSRF-TOKEN'] ?? '')) {
      const fresh = `x${++issued}-renewed`;
      valid.add(fresh);
      return json(419, { message: 'expirado' }, { 'x-xsrf-token': fresh });
    }
    return json(200, { success: true, user: learner });
  });
  return { fetch: fetch as unknown as typeof globalThis.fetch, calls, valid };
}

beforeEach(() => localStorage.clear());
afterEach(() => vi.restoreAllMocks());

describe('XSRF without cookies', () => {
  it("sends the token the server answered in its header, csrf-cookie asked with the session's token", async () => {
    localStorage.setItem(KEYS.token, TOKEN);
    const server = cookielessServer();
    const api = createApiClient({ fetch: server.fetch, readCookies: () => '' });
    await api.post('me');
    await api.post('me');
    const [csrf, first, second] = server.calls;
    expect(csrf!.url).toBe('/api/v1/csrf-cookie');
    expect(csrf!.headers.Authorization).toBe(TOKEN);
    expect(first!.headers['X-XSRF-TOKEN']).toBe(`x1-for-${TOKEN}`);
    // Kept in memory: no second csrf-cookie.
    expect(second!.headers['X-XSRF-TOKEN']).toBe(`x1-for-${TOKEN}`);
    expect(server.calls).toHaveLength(3);
  });

  it('after a 419, retries once with a token it was given in a header', async () => {
    localStorage.setItem(KEYS.token, TOKEN);
    const server = cookielessServer();
    const api = createApiClient({ fetch: server.fetch, readCookies: () => '' });
    await api.post('me');
    server.valid.clear();
    await expect(api.post('me')).resolves.toMatchObject({ user: { id: 41 } });
    const last = server.calls.at(-1)!;
    expect(last.url).toBe('/api/v1/me');
    expect(server.valid.has(last.headers['X-XSRF-TOKEN']!)).toBe(true);
  });

  it('prefers the cookie when the browser keeps it (double submit)', async () => {
    localStorage.setItem(KEYS.token, TOKEN);
    const server = cookielessServer();
    const api = createApiClient({
      fetch: server.fetch,
      readCookies: () => 'XSRF-TOKEN=de-la-cookie',
    });
    await api.post('me').catch(() => undefined);
    expect(server.calls[0]!.headers['X-XSRF-TOKEN']).toBe('de-la-cookie');
  });
});

describe('adoptLtiSession', () => {
  it('keeps the token and the learner `me` names, as sign-in keeps them', async () => {
    const server = cookielessServer();
    const api = createApiClient({ fetch: server.fetch, readCookies: () => '' });
    const user = await adoptLtiSession(TOKEN, { api });
    expect(user).toMatchObject({ id: 41, name: 'Marta Gómez' });
    expect(localStorage.getItem(KEYS.token)).toBe(TOKEN);
    expect(JSON.parse(localStorage.getItem(KEYS.user)!)).toMatchObject({ id: 41 });
  });

  it("starts clean from another learner's session, their unsent progress set aside for them", async () => {
    localStorage.setItem(KEYS.token, 'token-of-another-learner-000');
    localStorage.setItem(KEYS.user, JSON.stringify({ id: 5, name: 'Otro' }));
    localStorage.setItem(KEYS.pending, JSON.stringify({ userId: '5', score: 40 }));
    localStorage.setItem(KEYS.sessionKind, 'invitacion');
    const server = cookielessServer();
    const api = createApiClient({ fetch: server.fetch, readCookies: () => '' });
    await adoptLtiSession(TOKEN, { api });
    expect(localStorage.getItem(KEYS.token)).toBe(TOKEN);
    expect(JSON.parse(localStorage.getItem(KEYS.user)!)).toMatchObject({ id: 41 });
    expect(localStorage.getItem(KEYS.pending)).toBeNull();
    expect(localStorage.getItem(KEYS.sessionKind)).toBeNull();
    expect(JSON.parse(localStorage.getItem(KEYS.parked)!)).toHaveProperty('5');
  });

  it('ends the session when the server refuses the token (sign-in page, reason kept)', async () => {
    const server = cookielessServer();
    const navigate = vi.fn();
    const api = createApiClient({ fetch: server.fetch, readCookies: () => '', navigate });
    expect(await adoptLtiSession('a-token-the-server-does-not-know', { api })).toBeNull();
    expect(localStorage.getItem(KEYS.token)).toBeNull();
    expect(navigate).toHaveBeenCalledWith('/auth/login');
  });

  it('keeps the session in memory when the browser refuses storage (third-party frame)', async () => {
    vi.spyOn(window, 'localStorage', 'get').mockImplementation(() => {
      throw new DOMException('Access is denied for this document.', 'SecurityError');
    });
    const server = cookielessServer();
    const api = createApiClient({ fetch: server.fetch, readCookies: () => '' });
    expect(await adoptLtiSession(TOKEN, { api })).toMatchObject({ id: 41 });
    expect(hasToken()).toBe(true);
    expect(defaultStore().getItem(KEYS.token)).toBe(TOKEN);
    defaultStore().clear();
  });
});
