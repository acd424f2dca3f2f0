// The standalone server's side of the tracking contract, in memory, for the HTTP adapter's tests:
// it keeps what the real server keeps — the first answer per (cycle, question), the largest
// seconds per session, the highest score — and answers 409 stale-cycle for an archived cycle.
// Set `online` to false to fail every request as a dropped network would.
import { vi } from 'vitest';

interface StoredAnswer {
  cycle: number;
  questionId: string;
  option: string;
  correctOption: string;
  correct: boolean;
}

/** The server side of the contract, in memory. */
export function fakeServer() {
  const state = {
    cycle: 1,
    score: 0,
    route: '',
    online: true,
    answers: [] as StoredAnswer[],
    sessions: new Map<string, number>(),
    /** Every request that reached the server: path and body. */
    requests: [] as { path: string; body: unknown }[],
  };
  const user = () => ({
    id: 7,
    name: 'Ana',
    document: '123',
    score: state.score,
    route: state.route,
    current_location: null,
    url_certificate: null,
    cycle: state.cycle,
    dataNoticeAcceptedAt: '2026-01-01T00:00:00.000Z',
  });
  const json = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  const stale = () =>
    json(409, {
      success: false,
      code: 'stale-cycle',
      cycle: state.cycle,
      errors: ['Tu inducción empezó de nuevo.'],
    });

  const fetch = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const path = String(input).replace(/^.*\/api\/v1\//, '');
    if (path === 'csrf-cookie') {
      document.cookie = 'XSRF-TOKEN=x; path=/';
      return new Response(null, { status: 204 });
    }
    if (!state.online) throw new TypeError('Failed to fetch');
    const body =
      init.body instanceof FormData
        ? Object.fromEntries(init.body.entries())
        : init.body
          ? (JSON.parse(String(init.body)) as Record<string, unknown>)
          : {};
    state.requests.push({ path, body });
    if (path === 'me') return json(200, { success: true, user: user() });
    if (path === 'update-user') {
      const form = body as Record<string, string>;
      if (form.cycle !== undefined && Number(form.cycle) !== state.cycle) return stale();
      state.score = Math.max(state.score, Number(form.score));
      if (form.route) state.route = form.route;
      return json(200, { success: true, user: user() });
    }
    if (path === 'record-activity') {
      const b = body as {
        cycle: number;
        answers?: (StoredAnswer & Record<string, unknown>)[];
        sessions?: { id: string; seconds: number }[];
      };
      if (b.cycle !== state.cycle) return stale();
      let added = 0;
      for (const a of b.answers ?? []) {
        if (state.answers.some((s) => s.cycle === b.cycle && s.questionId === a.questionId))
          continue;
        state.answers.push({ ...a, cycle: b.cycle });
        added++;
      }
      for (const s of b.sessions ?? [])
        state.sessions.set(s.id, Math.max(state.sessions.get(s.id) ?? 0, s.seconds));
      return json(200, { success: true, answers: added, sessions: b.sessions?.length ?? 0 });
    }
    return json(404, { message: 'x' });
  });
  const sent = (path: string) => state.requests.filter((r) => r.path === path);
  return { state, fetch: fetch as unknown as typeof globalThis.fetch, sent };
}

export type Server = ReturnType<typeof fakeServer>;
