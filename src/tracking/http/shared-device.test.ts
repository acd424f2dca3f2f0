// @vitest-environment jsdom
// A shared phone (decision 0157): a learner whose session the server ended (a password reset)
// leaves unsent progress; another learner signs in, studies and signs out; the first learner
// comes back — and their progress and first answers reach the server, credited to them only.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createApiClient } from './api-client.ts';
import { login } from './auth.ts';
import { signOut } from './sign-out.ts';
import { createHttpTracking } from './tracking.ts';
import { hasPending, KEYS, unsentProgressOnDevice } from './storage.ts';

const ANA = { id: 7, name: 'Ana', document: '1007', cycle: 1, score: 20, route: '0,1,2,3' };
const BETO = { id: 8, name: 'Beto', document: '1008', cycle: 1, score: 0, route: '' };

/** The server: who each token is, and what it stored per learner. */
function fakeServer() {
  const tokens = new Map<string, typeof ANA>();
  const stored = new Map<number, { score: number; route: string; answers: string[] }>();
  for (const u of [ANA, BETO]) stored.set(u.id, { score: u.score, route: u.route, answers: [] });
  let issued = 0;
  const json = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), {
      status,
      headers: { 'content-type': 'application/json' },
    });
  const fetch = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = String(input);
    if (url.endsWith('/csrf-cookie')) {
      document.cookie = 'XSRF-TOKEN=x; path=/';
      return new Response(null, { status: 204 });
    }
    if (url.endsWith('/auth/login')) {
      const { document: doc } = JSON.parse(String(init.body)) as { document: string };
      const user = [ANA, BETO].find((u) => u.document === doc)!;
      const token = `t${++issued}`;
      tokens.set(token, user);
      return json(200, { success: true, token, user: { ...user, ...stored.get(user.id) } });
    }
    const who = tokens.get(new Headers(init.headers).get('Authorization') ?? '');
    if (!who) return json(401, { success: false });
    const mine = stored.get(who.id)!;
    if (url.endsWith('/update-user')) {
      const form = init.body as FormData;
      expect(form.get('id')).toBe(String(who.id));
      mine.score = Math.max(mine.score, Number(form.get('score') ?? 0));
      mine.route = String(form.get('route') ?? mine.route);
    }
    if (url.endsWith('/record-activity')) {
      const body = JSON.parse(String(init.body)) as { answers?: { questionId: string }[] };
      for (const a of body.answers ?? [])
        if (!mine.answers.includes(a.questionId)) mine.answers.push(a.questionId);
      return json(200, { success: true, answers: body.answers?.length ?? 0, sessions: 0 });
    }
    if (url.endsWith('/logout')) return json(200, { success: true });
    return json(200, { success: true, user: { ...who, ...mine } });
  });
  const api = createApiClient({
    fetch: fetch as unknown as typeof globalThis.fetch,
    navigate: vi.fn(),
    log: () => undefined,
  });
  return { api, stored };
}

/** Ana studied module 2 offline; her session was then ended by the server (a password reset). */
function anaLeftUnsentProgress() {
  localStorage.setItem(KEYS.user, JSON.stringify(ANA));
  localStorage.setItem(KEYS.signInReason, 'session-ended');
  localStorage.setItem(
    KEYS.pending,
    JSON.stringify({ userId: '7', cycle: 1, score: 40, route: '0,1,2,3-0,1,2,3', bookmark: null }),
  );
  localStorage.setItem(
    KEYS.activity,
    JSON.stringify({
      userId: '7',
      cycle: 1,
      sessions: [],
      sent: [],
      answers: ['m2-q1', 'm2-q2', 'm2-q3'].map((questionId) => ({
        questionId,
        question: '¿?',
        option: 'a',
        correctOption: 'a',
        correct: true,
        contentVersion: 'curso-sst-abc',
        answeredAt: '2026-11-26T10:00:00.000Z',
        latencyMs: 1000,
      })),
    }),
  );
}

const settle = async (tracking: { flush(): void }) => {
  tracking.flush();
  await vi.waitFor(() => expect(hasPending(localStorage)).toBe(false));
};

beforeEach(() => localStorage.clear());

describe('a shared device keeps every learner’s unsent progress', () => {
  it('another learner signs in and out; the first comes back and her progress reaches the server', async () => {
    const server = fakeServer();
    anaLeftUnsentProgress();
    expect(unsentProgressOnDevice(localStorage)).toBe(true);

    // Beto signs in: nothing of Ana's is his, or sent as his, or erased.
    await login(BETO.document, 'x', { api: server.api });
    expect(localStorage.getItem(KEYS.pending)).toBeNull();
    expect(hasPending(localStorage)).toBe(false);
    const beto = createHttpTracking({ api: server.api });
    await beto.start();
    beto.save({ bookmark: 'menu' });
    await settle(beto);
    expect(server.stored.get(ANA.id)).toMatchObject({ score: 20, answers: [] });
    expect(unsentProgressOnDevice(localStorage)).toBe(true);

    // Beto signs out: his data leaves the phone, Ana's unsent progress stays.
    expect(await signOut({ api: server.api })).toBe('signed-out');
    expect(localStorage.getItem(KEYS.user)).toBeNull();
    expect(unsentProgressOnDevice(localStorage)).toBe(true);

    // Ana signs in again (her new password): what she studied offline is sent, as hers.
    await login(ANA.document, 'x', { api: server.api });
    const ana = createHttpTracking({ api: server.api });
    await ana.start();
    await settle(ana);
    await vi.waitFor(() =>
      expect(server.stored.get(ANA.id)).toMatchObject({
        score: 40,
        answers: ['m2-q1', 'm2-q2', 'm2-q3'],
      }),
    );
    expect(server.stored.get(BETO.id)).toMatchObject({ score: 0, answers: [] });
    expect(unsentProgressOnDevice(localStorage)).toBe(false);
  });
});
