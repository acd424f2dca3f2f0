// @vitest-environment jsdom
// First answers, session time and induction cycles (record 0126) against a fake API
// that keeps what the real server keeps: the first answer per (cycle, question), the largest
// seconds per session, and a 409 stale-cycle for anything of an archived cycle.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createApiClient } from './api-client.ts';
import { createHttpTracking, type HttpTrackingOptions } from './tracking.ts';
import { KEYS } from './storage.ts';
import { login } from './auth.ts';
import type { Interaction, Snapshot } from '../port.ts';
import { fakeServer, type Server } from './test-server.ts';
import { decodeRouteLenient } from '../../domain/progress/route-codec.ts';

function fakeVisibility() {
  const target = new EventTarget();
  const v = {
    visibilityState: 'visible' as DocumentVisibilityState,
    addEventListener: target.addEventListener.bind(target),
    removeEventListener: target.removeEventListener.bind(target),
    set(state: DocumentVisibilityState) {
      v.visibilityState = state;
      target.dispatchEvent(new Event('visibilitychange'));
    },
  };
  return v;
}

let clock = 1_700_000_000_000;
let sessions = 0;

/** A page load: a new adapter on the same localStorage. */
function page(server: Server, extra: Partial<HttpTrackingOptions> = {}) {
  const events = new EventTarget();
  const visibility = fakeVisibility();
  const tracking = createHttpTracking({
    api: createApiClient({ fetch: server.fetch, log: () => undefined }),
    events: events as unknown as Window,
    visibility: visibility as unknown as Document,
    retryDelays: [1000],
    contentVersion: 'curso-sst-abc123',
    now: () => clock,
    newSessionId: () => `00000000-0000-4000-8000-00000000000${++sessions}`,
    ...extra,
  });
  return { tracking, events, visibility };
}

const answer = (id: string, correct: boolean, extra: Partial<Interaction> = {}): Interaction => ({
  id,
  moduleId: 'modulo1',
  description: `Pregunta ${id}`,
  type: 'choice',
  response: [correct ? 1 : 0],
  correctResponse: [1],
  responseText: correct ? 'La correcta' : 'Una equivocada',
  correctResponseText: 'La correcta',
  correct,
  latencyMs: 1234.4,
  timestamp: new Date('2026-11-23T10:00:00.000Z'),
  ...extra,
});

const settle = () => vi.advanceTimersByTimeAsync(10);

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  localStorage.clear();
  localStorage.setItem('token', 't');
  localStorage.setItem('user', JSON.stringify({ id: 7, name: 'Ana', cycle: 1 }));
});
afterEach(() => vi.useRealTimers());

describe('first answers reach the server (record-activity)', () => {
  it('sends the first answer with its texts, the cycle and the content version; later answers to the same question are not sent', async () => {
    const server = fakeServer();
    const { tracking } = page(server);
    await tracking.start();
    tracking.recordAnswer(answer('m1-q1', false));
    tracking.recordAnswer(answer('m1-q1', true));
    await settle();
    const calls = server.sent('record-activity');
    expect(calls.length).toBeGreaterThanOrEqual(1);
    const withAnswers = calls.filter((c) => (c.body as { answers?: unknown[] }).answers);
    expect(withAnswers).toHaveLength(1);
    expect(withAnswers[0]!.body).toMatchObject({
      cycle: 1,
      answers: [
        {
          questionId: 'm1-q1',
          question: 'Pregunta m1-q1',
          option: 'Una equivocada',
          correctOption: 'La correcta',
          correct: false,
          contentVersion: 'curso-sst-abc123',
          answeredAt: '2026-11-23T10:00:00.000Z',
          latencyMs: 1234,
        },
      ],
    });
    expect(server.state.answers).toMatchObject([{ questionId: 'm1-q1', correct: false }]);
    expect(JSON.parse(localStorage.getItem(KEYS.activity)!)).toMatchObject({
      answers: [],
      sent: ['m1-q1'],
    });

    // A reload, and the quiz taken again: the server already has it; nothing is sent.
    const second = page(server).tracking;
    await second.start();
    const before = server.sent('record-activity').length;
    second.recordAnswer(answer('m1-q1', true));
    await settle();
    expect(
      server
        .sent('record-activity')
        .slice(before)
        .filter((c) => (c.body as { answers?: unknown[] }).answers),
    ).toEqual([]);
  });

  it("names the options by number when the quiz gave no text, with the app's label", async () => {
    const sentOptions = async (extra: Partial<HttpTrackingOptions>) => {
      localStorage.removeItem(KEYS.activity);
      const server = fakeServer();
      const { tracking } = page(server, extra);
      await tracking.start();
      tracking.recordAnswer(
        answer('m1-q1', false, { response: [2, 0], responseText: '', correctResponseText: '' }),
      );
      await settle();
      const [sent] = server.state.answers;
      return [sent?.option, sent?.correctOption];
    };
    // No text in the adapter: the bare numbers; the app gives «Opción N» (es.quiz.optionNumber).
    expect(await sentOptions({})).toEqual(['3, 1', '2']);
    expect(await sentOptions({ optionLabel: (n) => `Opción ${n}` })).toEqual([
      'Opción 3, Opción 1',
      'Opción 2',
    ]);
  });

  it('network failure, then recovery: kept in localStorage, retried, stored exactly once', async () => {
    const server = fakeServer();
    const { tracking, events } = page(server);
    const health: string[] = [];
    tracking.onHealth((h) => health.push(h));
    await tracking.start();
    server.state.online = false;
    tracking.recordAnswer(answer('m2-q1', true));
    await settle();
    expect(health).toEqual(['offline']);
    expect(JSON.parse(localStorage.getItem(KEYS.activity)!).answers).toMatchObject([
      { questionId: 'm2-q1' },
    ]);
    await vi.advanceTimersByTimeAsync(3000); // retries while still offline
    expect(server.state.answers).toEqual([]);
    server.state.online = true;
    events.dispatchEvent(new Event('online'));
    await settle();
    await vi.advanceTimersByTimeAsync(5000);
    expect(server.state.answers.map((a) => a.questionId)).toEqual(['m2-q1']);
    const delivered = server
      .sent('record-activity')
      .filter((c) =>
        (c.body as { answers?: { questionId: string }[] }).answers?.some(
          (a) => a.questionId === 'm2-q1',
        ),
      );
    expect(delivered).toHaveLength(1);
    expect(health).toEqual(['offline', 'ok']);
    expect(JSON.parse(localStorage.getItem(KEYS.activity)!).answers).toEqual([]);
  });

  it('a reload while offline: the queue survives and the next page load sends it once', async () => {
    const server = fakeServer();
    const first = page(server).tracking;
    await first.start();
    server.state.online = false;
    first.recordAnswer(answer('m3-q2', false));
    first.save({ score: 20, viewed: decodeRouteLenient('0,1,2,3').viewed });
    await settle();
    expect(localStorage.getItem(KEYS.activity)).toContain('m3-q2');
    expect(localStorage.getItem(KEYS.pending)).toContain('"cycle":1');

    server.state.online = true;
    const second = page(server).tracking;
    await second.start();
    await settle();
    expect(server.state.answers.map((a) => a.questionId)).toEqual(['m3-q2']);
    expect(server.state.score).toBe(20);
    expect(localStorage.getItem(KEYS.pending)).toBeNull();
    // The first page's timers fire later: nothing is sent twice.
    await vi.advanceTimersByTimeAsync(5000);
    expect(
      server.sent('record-activity').filter((c) => JSON.stringify(c.body).includes('m3-q2')),
    ).toHaveLength(1);
  });
});

describe('induction cycles', () => {
  it('every save carries the cycle from me', async () => {
    const server = fakeServer();
    server.state.cycle = 3;
    const { tracking } = page(server);
    await tracking.start();
    tracking.save({ score: 20, viewed: decodeRouteLenient('0,1,2,3').viewed });
    await settle();
    expect(server.sent('update-user').map((r) => r.body)).toMatchObject([
      { id: '7', score: '20', cycle: '3' },
    ]);
  });

  it('409 stale-cycle on an answer: dropped for good, me re-read, the new cycle goes on', async () => {
    const server = fakeServer();
    const changes: Snapshot[] = [];
    const { tracking, events } = page(server, { onCycleChange: (s) => changes.push(s) });
    await tracking.start();
    server.state.online = false;
    tracking.recordAnswer(answer('m1-q1', true));
    await settle();
    // A coordinator starts a reinducción while this device is offline.
    server.state.cycle = 2;
    server.state.online = true;
    events.dispatchEvent(new Event('online'));
    await settle();
    expect(server.state.answers).toEqual([]);
    expect(localStorage.getItem(KEYS.activity) ?? '').not.toContain('m1-q1');
    expect(changes).toHaveLength(1);
    expect(changes[0]).toMatchObject({ score: 0, viewed: null, bookmark: null });
    expect(JSON.parse(localStorage.getItem('user')!).cycle).toBe(2);
    // Never retried.
    const stale = server
      .sent('record-activity')
      .filter((r) => (r.body as { cycle: number }).cycle === 1);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(
      server.sent('record-activity').filter((r) => (r.body as { cycle: number }).cycle === 1),
    ).toHaveLength(stale.length);
    // The new cycle: the same question is a first answer again.
    tracking.recordAnswer(answer('m1-q1', false));
    await settle();
    expect(server.state.answers).toMatchObject([{ cycle: 2, questionId: 'm1-q1', correct: false }]);
  });

  it('409 stale-cycle on a progress save: dropped, never completes the new cycle; the next save carries the new cycle', async () => {
    const server = fakeServer();
    const changes: Snapshot[] = [];
    const { tracking } = page(server, { onCycleChange: (s) => changes.push(s) });
    await tracking.start();
    server.state.cycle = 2;
    tracking.save({ score: 100, viewed: decodeRouteLenient('0,1-0,1').viewed, finalTerms: true });
    await settle();
    expect(server.state.score).toBe(0);
    expect(localStorage.getItem(KEYS.pending)).toBeNull();
    // The cached score is the new cycle's (0 from me), not the refused 100.
    expect(localStorage.getItem(KEYS.score) ?? '0').toBe('0');
    expect(changes).toMatchObject([{ score: 0, bookmark: null }]);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(server.sent('update-user')).toHaveLength(1);
    tracking.save({ score: 20, viewed: decodeRouteLenient('0,1,2').viewed });
    await settle();
    expect(server.sent('update-user').at(-1)!.body).toMatchObject({ cycle: '2', score: '20' });
    expect(server.state.score).toBe(20);
  });

  it("a device's old queue (an earlier cycle) is dropped at start without being sent, and its local score does not count", async () => {
    const server = fakeServer();
    server.state.cycle = 2;
    localStorage.setItem('score', '100');
    localStorage.setItem('current_location', 'modulo5-actividad');
    localStorage.setItem(
      KEYS.pending,
      JSON.stringify({
        userId: '7',
        score: 100,
        route: '0,1-0,1',
        bookmark: null,
        finalTerms: true,
        cycle: 1,
      }),
    );
    localStorage.setItem(
      KEYS.activity,
      JSON.stringify({
        userId: '7',
        cycle: 1,
        answers: [{ questionId: 'm5-q2' }],
        sessions: [],
        sent: [],
      }),
    );
    const { tracking } = page(server);
    const snapshot = await tracking.start();
    await settle();
    expect(snapshot).toMatchObject({ score: 0, viewed: null, bookmark: null });
    expect(server.sent('update-user')).toEqual([]);
    expect(server.sent('record-activity')).toEqual([]);
    expect(localStorage.getItem(KEYS.pending)).toBeNull();
    expect(localStorage.getItem(KEYS.activity) ?? '').not.toContain('m5-q2');
  });

  it('the same learner signs in again after a reinducción: nothing of the old cycle counts or is sent', async () => {
    localStorage.setItem('score', '100');
    localStorage.setItem('current_location', 'modulo5-actividad');
    localStorage.setItem(
      KEYS.pending,
      JSON.stringify({
        userId: '7',
        score: 100,
        route: '0,1',
        bookmark: 'x',
        finalTerms: true,
        cycle: 1,
      }),
    );
    localStorage.removeItem('token');
    const server = fakeServer();
    server.state.cycle = 2;
    const loginFetch = (async (input: RequestInfo | URL, init?: RequestInit) =>
      String(input).endsWith('/auth/login')
        ? new Response(
            JSON.stringify({
              token: 't2',
              user: { id: 7, name: 'Ana', score: 0, route: '', url_certificate: null, cycle: 2 },
            }),
            { headers: { 'content-type': 'application/json' } },
          )
        : server.fetch(input, init)) as typeof globalThis.fetch;
    await login('123', 'clave', { api: createApiClient({ fetch: loginFetch }) });
    const snapshot = await page(server).tracking.start();
    await settle();
    expect(snapshot).toMatchObject({ score: 0, viewed: null, bookmark: null });
    expect(server.sent('update-user')).toEqual([]);
    expect(localStorage.getItem(KEYS.score) ?? '0').toBe('0');
  });

  it('a progress record queued before cycles existed counts as cycle 1', async () => {
    const old = { userId: '7', score: 40, route: '0,1,2', bookmark: null, finalTerms: false };
    const server = fakeServer();
    localStorage.setItem(KEYS.pending, JSON.stringify(old));
    await page(server).tracking.start();
    await settle();
    expect(server.state.score).toBe(40);

    const later = fakeServer();
    later.state.cycle = 2;
    localStorage.setItem(KEYS.pending, JSON.stringify(old));
    await page(later).tracking.start();
    await settle();
    expect(later.sent('update-user')).toEqual([]);
    expect(later.state.score).toBe(0);
  });
});

describe('time spent per session', () => {
  it('counts visible time only; sent on hide and page hide, and with a save once a minute has passed', async () => {
    const server = fakeServer();
    const { tracking, events, visibility } = page(server);
    await tracking.start();
    const seconds = () => [...server.state.sessions.values()];

    clock += 30_000;
    tracking.save({ bookmark: 'menu' }); // under a minute: no activity call
    await settle();
    expect(server.sent('record-activity')).toEqual([]);

    visibility.set('hidden'); // 30 s visible
    await settle();
    expect(seconds()).toEqual([30]);
    clock += 600_000; // ten minutes in another app: not counted
    visibility.set('visible');
    clock += 45_000;
    events.dispatchEvent(new Event('pagehide'));
    await settle();
    expect(seconds()).toEqual([75]);

    clock += 61_000;
    tracking.save({ score: 20, viewed: decodeRouteLenient('0,1,2').viewed });
    await settle();
    expect(seconds()).toEqual([136]);
    // One session per page load, one id.
    const ids = new Set(
      server
        .sent('record-activity')
        .flatMap((r) => (r.body as { sessions?: { id: string }[] }).sessions ?? [])
        .map((s) => s.id),
    );
    expect(ids.size).toBe(1);
    expect(server.sent('record-activity')).toHaveLength(3);
  });

  it('a visit shorter than a second is still a session: leaving at once sends it with 0 s', async () => {
    const server = fakeServer();
    const { tracking, events } = page(server);
    await tracking.start();
    clock += 400; // the page leaves within the same second it became visible
    events.dispatchEvent(new Event('pagehide'));
    await settle();
    expect([...server.state.sessions.values()]).toEqual([0]);
    // Leaving again within that second adds nothing: the session is already queued at 0 s.
    clock += 300;
    events.dispatchEvent(new Event('pagehide'));
    await settle();
    expect(server.sent('record-activity')).toHaveLength(1);
  });

  it('a page load is a new session; the server keeps the larger seconds when a send is repeated', async () => {
    const server = fakeServer();
    const first = page(server);
    await first.tracking.start();
    server.state.online = false;
    clock += 20_000;
    first.visibility.set('hidden');
    await settle();
    server.state.online = true;
    const second = page(server);
    await second.tracking.start();
    await settle();
    clock += 10_000;
    second.events.dispatchEvent(new Event('pagehide'));
    await settle();
    expect([...server.state.sessions.values()].sort()).toEqual([10, 20]);
  });
});
