// The acceptance queue (record 0261): an «Acepto» waits on the device, per worker and cycle,
// until the server has it; it goes only after the progress that completes the course, only as
// the worker signed in, and only a refusal that cannot resolve later removes it (with a reason
// the worker reads).
import { describe, expect, it, vi } from 'vitest';
import { ApiError, type ApiClient } from './api-client.ts';
import { createAcceptanceQueue, LEGACY_ACCEPTANCE_KEY } from './acceptance.ts';
import { KEYS, safeClear, type KeyValueStore } from './storage.ts';

const STATEMENT = 'Yo, Ana, recibí la inducción general.';
const ANA = { id: 7, name: 'Ana', cycle: 1 };
const BETO = { id: 8, name: 'Beto', cycle: 1 };

function memoryStore(): KeyValueStore & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (k) => data.get(k) ?? null,
    setItem: (k, v) => void data.set(k, v),
    removeItem: (k) => void data.delete(k),
    clear: () => data.clear(),
  };
}

/** Who is signed in on the device, as sign-in stores it. */
function signIn(store: KeyValueStore, user: { id: number; name: string; cycle: number }) {
  store.setItem(KEYS.token, `token-${user.id}`);
  store.setItem(KEYS.user, JSON.stringify(user));
}

/**
 * The server's record-acceptance: answers with `reply` (a refusal when it returns an ApiError);
 * records who sent what (the learner the token on the device names).
 */
function fakeApi(store: KeyValueStore, reply: () => ApiError | null = () => null) {
  const received: { userId: string; cycle: number; text: string }[] = [];
  const post = vi.fn(async (path: string, body?: Record<string, unknown>) => {
    expect(path).toBe('record-acceptance');
    const error = reply();
    if (error) throw error;
    const userId = JSON.parse(store.getItem(KEYS.user)!).id as number;
    received.push({ userId: String(userId), cycle: Number(body!.cycle), text: String(body!.text) });
    return { success: true, acceptance: { seal: 'abcd-ef01-2345' } };
  });
  return { api: { post, store } as unknown as ApiClient, post, received };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

/** The queue as the adapter makes it on a page load, for the learner signed in. */
function queueFor(
  store: KeyValueStore,
  api: ApiClient,
  options: { completionPending?: () => boolean } = {},
) {
  return createAcceptanceQueue({
    api,
    store,
    delays: [60_000],
    identity: () => {
      const user = store.getItem(KEYS.user);
      if (!store.getItem(KEYS.token) || !user) return null;
      const { id, cycle } = JSON.parse(user) as { id: number; cycle: number };
      return { userId: String(id), cycle, sessionId: 'session-0001' };
    },
    now: () => Date.parse('2026-11-29T10:00:00Z'),
    ...options,
  });
}

const offline = () => new ApiError(0, null);

describe('the acceptance queue', () => {
  it('waits until the server acknowledged the progress that completes the course', async () => {
    const store = memoryStore();
    signIn(store, ANA);
    const { api, post, received } = fakeApi(store);
    let completing = true;
    const queue = queueFor(store, api, { completionPending: () => completing });
    queue.accept(STATEMENT);
    queue.retryNow();
    await settle();
    expect(post).not.toHaveBeenCalled();
    expect(queue.status()).toBe('pending');

    completing = false;
    queue.progressAcknowledged();
    await settle();
    expect(received).toEqual([{ userId: '7', cycle: 1, text: STATEMENT }]);
    expect(queue.status()).toBe('recorded');
    expect(store.getItem(KEYS.acceptances)).toBeNull();
  });

  it.each([
    ['reason', { reason: 'not-completed', message: ['…'] }],
    // An instance not yet upgraded, in a server upgraded one instance at a time (record 0272).
    ['code of an older server', { code: 'not-completed', message: ['…'] }],
  ])(
    'keeps it on «not completed yet» (%s) and sends it again after the next progress answer',
    async (_, refusal) => {
      const store = memoryStore();
      signIn(store, ANA);
      const refusals = [new ApiError(422, refusal)];
      const { api, post, received } = fakeApi(store, () => refusals.shift() ?? null);
      const queue = queueFor(store, api);
      queue.accept(STATEMENT);
      await settle();
      expect(post).toHaveBeenCalledTimes(1);
      expect(queue.status()).toBe('pending');
      queue.retryNow(); // the network coming back does not resend it: the progress must go first
      await settle();
      expect(post).toHaveBeenCalledTimes(1);

      queue.progressAcknowledged();
      await settle();
      expect(received).toHaveLength(1);
      expect(queue.status()).toBe('recorded');
    },
  );

  it('keeps it through the network, a failing server and an expired session', async () => {
    const store = memoryStore();
    signIn(store, ANA);
    const refusals = [
      offline(),
      new ApiError(503, null),
      new ApiError(429, null),
      new ApiError(401, { reason: 'expired' }),
      new ApiError(401, { reason: 'password-reset' }),
    ];
    const { api, post, received } = fakeApi(store, () => refusals.shift() ?? null);
    const queue = queueFor(store, api);
    queue.accept(STATEMENT);
    for (let i = 0; i < 5; i++) {
      await settle();
      expect(queue.status()).toBe('pending');
      queue.retryNow();
    }
    await settle();
    expect(post).toHaveBeenCalledTimes(6);
    expect(received).toHaveLength(1);
    expect(queue.status()).toBe('recorded');
  });

  it.each([
    [
      'a cycle archived by a reinducción',
      new ApiError(409, { code: 'stale-cycle', cycle: 2 }),
      'archived-cycle',
    ],
    ['a deactivated account', new ApiError(401, { reason: 'deactivated' }), 'deactivated'],
    ['data the server will never take', new ApiError(422, { message: ['Otro texto.'] }), 'refused'],
  ] as const)('removes it for %s and says why', async (_, refusal, reason) => {
    const store = memoryStore();
    signIn(store, ANA);
    const { api } = fakeApi(store, () => refusal);
    const queue = queueFor(store, api);
    const statuses: string[] = [];
    queue.onStatus((s) => statuses.push(s));
    queue.accept(STATEMENT);
    await settle();
    expect(queue.status()).toBe('none');
    expect(statuses.at(-1)).toBe('none');
    expect(queue.refusal()).toBe(reason);
    // The same reason after a reload, until the worker accepts again.
    const reloaded = queueFor(store, api);
    expect(reloaded.refusal()).toBe(reason);
    reloaded.accept(STATEMENT);
    expect(reloaded.refusal()).toBeNull();
  });

  it("keeps each worker's own on a shared phone and sends each when that worker signs in", async () => {
    const store = memoryStore();
    let online = false;
    const { api, received } = fakeApi(store, () => (online ? null : offline()));
    // Ana accepts with no signal, then hands the phone over: the device is cleared for Beto.
    signIn(store, ANA);
    queueFor(store, api).accept('Yo, Ana.');
    await settle();
    safeClear(store);
    signIn(store, BETO);
    const beto = queueFor(store, api);
    expect(beto.status()).toBe('none');
    beto.accept('Yo, Beto.');
    await settle();
    expect(beto.status()).toBe('pending');

    // The signal returns while Beto is signed in: only Beto's goes, as Beto.
    online = true;
    beto.retryNow();
    await settle();
    expect(received).toEqual([{ userId: '8', cycle: 1, text: 'Yo, Beto.' }]);

    // Ana signs in again on this phone: hers goes too.
    safeClear(store);
    signIn(store, ANA);
    const ana = queueFor(store, api);
    expect(ana.status()).toBe('pending');
    ana.retryNow();
    await settle();
    expect(received).toEqual([
      { userId: '8', cycle: 1, text: 'Yo, Beto.' },
      { userId: '7', cycle: 1, text: 'Yo, Ana.' },
    ]);
    expect(ana.status()).toBe('recorded');
    expect(store.getItem(KEYS.acceptances)).toBeNull();
  });

  it('moves an acceptance from the single slot of the old layout, even past a clearing', async () => {
    const store = memoryStore();
    const old = {
      userId: '7',
      cycle: 1,
      text: STATEMENT,
      deviceTime: '2026-11-28T10:00:00.000Z',
      sessionId: 'session-old',
    };
    store.setItem(LEGACY_ACCEPTANCE_KEY, JSON.stringify(old));
    safeClear(store); // another learner's sign-in before the new app ever ran
    signIn(store, ANA);
    const { api, post } = fakeApi(store);
    const queue = queueFor(store, api);
    expect(store.getItem(LEGACY_ACCEPTANCE_KEY)).toBeNull();
    expect(queue.status()).toBe('pending');
    queue.retryNow();
    await settle();
    expect(post).toHaveBeenCalledWith('record-acceptance', {
      cycle: 1,
      text: STATEMENT,
      deviceTime: old.deviceTime,
      sessionId: 'session-old',
    });
    expect(queue.status()).toBe('recorded');
  });
});
