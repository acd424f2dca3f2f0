// The learner's acceptance in the standalone app (decision 0220, record 0261): «Acepto» is kept
// in localStorage first, per worker and cycle (a shared phone keeps each worker's own), and sent
// to POST record-acceptance only while that worker is signed in here and once the server has the
// progress that completes the course; one request at a time, retried with back-off and on
// 'online', re-sent after a reload. The server seals it on arrival and answers the same
// acceptance to a re-send. A refusal that can resolve later (not completed yet, the network, a
// failing server) keeps it; one that cannot (an archived cycle, a deactivated account, data the
// server will never take) removes it and leaves the worker a reason to read.
// Self-contained: the adapter (adapter-parts.ts) only creates it, feeds it the learner, cycle and
// session, tells it when the server acknowledged progress, and retries it when the network returns.
import type { AcceptanceChannel, AcceptanceRefusal, AcceptanceStatus } from '../port.ts';
import { ApiError, type ApiClient } from './api-client.ts';
import { staleCycleOf } from './retry.ts';
import {
  KEYS,
  readJson,
  readUser,
  safeGet,
  safeRemove,
  safeSet,
  type KeyValueStore,
} from './storage.ts';

/** The single slot of the layout before record 0261: read once, moved, never lost. */
export const LEGACY_ACCEPTANCE_KEY = 'curso-sst:pending-acceptance';
const recordedKey = (userId: string, cycle: number) =>
  `curso-sst:acceptance-recorded:${userId}:${cycle}`;

interface PendingAcceptance {
  userId: string;
  cycle: number;
  text: string;
  deviceTime: string;
  sessionId: string;
}

/** Why an acceptance was removed without reaching the server, for that worker to read. */
interface Refusal {
  userId: string;
  cycle: number;
  reason: AcceptanceRefusal;
}

/** Every worker's acceptances on this device (KEYS.acceptances): waiting ones and refusals. */
interface AcceptanceBook {
  pending: PendingAcceptance[];
  refused: Refusal[];
}

export interface AcceptanceQueueOptions {
  api: ApiClient;
  store: KeyValueStore;
  delays: number[];
  /** The signed-in learner, their cycle and this page load's session; null when unknown. */
  identity: () => { userId: string; cycle: number; sessionId: string } | null;
  /**
   * The progress sender still holds a change the server has not acknowledged that may complete
   * the course: the acceptance waits for it (the server refuses one before the completion).
   */
  completionPending?: () => boolean;
  now?: () => number;
}

export interface AcceptanceQueue extends AcceptanceChannel {
  refusal(): AcceptanceRefusal | null;
  retryNow(): void;
  /** The server acknowledged progress (update-user or me answered): a waiting one may go now. */
  progressAcknowledged(): void;
}

type Identity = ReturnType<AcceptanceQueueOptions['identity']>;

const isPending = (p: unknown): p is PendingAcceptance => {
  const item = p as Partial<PendingAcceptance> | null;
  return (
    !!item &&
    typeof item.userId === 'string' &&
    typeof item.text === 'string' &&
    typeof item.cycle === 'number'
  );
};

/** Every worker's acceptances as stored; an unreadable store counts as empty. */
function readBook(store: KeyValueStore): AcceptanceBook {
  const raw = readJson<Partial<AcceptanceBook>>(store, KEYS.acceptances);
  const pending = Array.isArray(raw?.pending) ? raw.pending.filter(isPending) : [];
  const refused = Array.isArray(raw?.refused)
    ? raw.refused.filter((r): r is Refusal => typeof r?.userId === 'string')
    : [];
  return { pending, refused };
}

function writeBook(store: KeyValueStore, book: AcceptanceBook): void {
  if (book.pending.length || book.refused.length)
    safeSet(store, KEYS.acceptances, JSON.stringify(book));
  else safeRemove(store, KEYS.acceptances);
}

const sameSlot = (a: { userId: string; cycle: number }, b: { userId: string; cycle: number }) =>
  a.userId === b.userId && a.cycle === b.cycle;

/**
 * Moves the single slot of the old layout into the book (written first, then the old key
 * removed): an acceptance waiting there when the app was updated is never lost.
 */
export function migrateLegacyAcceptance(store: KeyValueStore): void {
  if (safeGet(store, LEGACY_ACCEPTANCE_KEY) === null) return;
  const old = readJson<PendingAcceptance & { cycle?: number }>(store, LEGACY_ACCEPTANCE_KEY);
  const item = old ? { ...old, cycle: typeof old.cycle === 'number' ? old.cycle : 1 } : null;
  if (isPending(item)) {
    const book = readBook(store);
    if (!book.pending.some((p) => sameSlot(p, item))) {
      book.pending.push(item);
      writeBook(store, book);
      if (!readBook(store).pending.some((p) => sameSlot(p, item))) return; // not written: keep it
    }
  }
  safeRemove(store, LEGACY_ACCEPTANCE_KEY);
}

/** This learner's acceptance of their cycle: waiting here, recorded by the server, or none. */
function statusOf(store: KeyValueStore, who: Identity): AcceptanceStatus {
  if (!who) return 'none';
  if (readBook(store).pending.some((p) => sameSlot(p, who))) return 'pending';
  return readJson(store, recordedKey(who.userId, who.cycle)) ? 'recorded' : 'none';
}

/** Who is signed in on this device now (a token and a user): only their acceptances go. */
function signedIn(store: KeyValueStore): string | null {
  if (!safeGet(store, KEYS.token)) return null;
  const id = readUser(store)?.id;
  return id === undefined || id === null ? null : String(id);
}

/** Sends a waiting acceptance to record-acceptance. */
const postAcceptance = (api: ApiClient, p: PendingAcceptance) =>
  api.post<{ acceptance?: { seal?: string } }>('record-acceptance', {
    cycle: p.cycle,
    text: p.text,
    deviceTime: p.deviceTime,
    sessionId: p.sessionId,
  });

/** What a refusal of record-acceptance means for the waiting acceptance. */
type Outcome =
  /** Refused for good: removed, and the worker reads why. */
  | { kind: 'removed'; reason: AcceptanceRefusal }
  /** The server has not the completion yet: kept, sent again after the next progress answer. */
  | { kind: 'after-progress' }
  /** The session ended (expired, password reset): kept until this worker signs in again. */
  | { kind: 'signed-out' }
  /** The network or a failing server: kept, retried with back-off. */
  | { kind: 'retry' };

function outcomeOf(error: unknown): Outcome {
  const status = error instanceof ApiError ? error.status : 0;
  const body = (error instanceof ApiError ? error.body : null) as {
    code?: unknown;
    reason?: unknown;
  } | null;
  // 409 stale-cycle: the cycle was archived by a reinducción; the server never seals on it.
  if (staleCycleOf(error) || status === 409) return { kind: 'removed', reason: 'archived-cycle' };
  if (status === 401 || status === 403) {
    // Only a 401 saying the account is deactivated is final (decision 0231); an expired session
    // or a password reset keeps it for when the worker signs in again.
    return body?.reason === 'deactivated'
      ? { kind: 'removed', reason: 'deactivated' }
      : { kind: 'signed-out' };
  }
  // A refusal says why in `reason` (record 0272); an instance not yet upgraded, in a server
  // upgraded one instance at a time, still says it in `code`.
  if (status === 422 && (body?.reason ?? body?.code) === 'not-completed')
    return { kind: 'after-progress' };
  // Any other 422 (bad fields, a statement the server does not publish), 400 or 413: sending
  // the same acceptance again would be refused the same way.
  if (status === 400 || status === 413 || status === 422)
    return { kind: 'removed', reason: 'refused' };
  return { kind: 'retry' };
}

export function createAcceptanceQueue(options: AcceptanceQueueOptions): AcceptanceQueue {
  const { api, store, delays } = options;
  const now = options.now ?? Date.now;
  const completionPending = options.completionPending ?? (() => false);
  const listeners = new Set<(s: AcceptanceStatus) => void>();
  let inFlight = false;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let attempt = 0;
  /** The server said «not completed yet»: nothing goes before its next progress answer. */
  let awaitingProgress = false;
  migrateLegacyAcceptance(store);

  const status = () => statusOf(store, options.identity());
  const notify = () => {
    const s = status();
    listeners.forEach((l) => l(s));
  };

  /** Removes one waiting acceptance, noting why when the server refused it for good. */
  const settle = (p: PendingAcceptance, reason: AcceptanceRefusal | null) => {
    const book = readBook(store);
    book.pending = book.pending.filter((q) => !sameSlot(q, p));
    book.refused = book.refused.filter((r) => r.userId !== p.userId);
    if (reason) book.refused.push({ userId: p.userId, cycle: p.cycle, reason });
    writeBook(store, book);
  };

  const retryLater = () => {
    timer = setTimeout(send, delays[Math.min(attempt++, delays.length - 1)]);
  };

  function send(): void {
    migrateLegacyAcceptance(store);
    const who = signedIn(store);
    const p = who ? readBook(store).pending.find((q) => q.userId === who) : undefined;
    if (!p || inFlight || awaitingProgress || completionPending()) return;
    if (timer) clearTimeout(timer);
    timer = null;
    inFlight = true;
    let again = false;
    postAcceptance(api, p)
      .then(
        (response) => {
          attempt = 0;
          safeSet(
            store,
            recordedKey(p.userId, p.cycle),
            JSON.stringify(response?.acceptance ?? {}),
          );
          settle(p, null);
          again = true; // another cycle's acceptance of this worker may be waiting too
        },
        (error: unknown) => {
          const outcome = outcomeOf(error);
          if (outcome.kind === 'removed') {
            settle(p, outcome.reason);
            again = true;
          } else if (outcome.kind === 'after-progress') awaitingProgress = true;
          else if (outcome.kind === 'retry') retryLater();
        },
      )
      .finally(() => {
        inFlight = false;
        notify();
        if (again) send();
      });
  }

  return {
    accept(text) {
      const who = options.identity();
      if (!who || status() !== 'none') return;
      const book = readBook(store);
      book.pending.push({ ...who, text, deviceTime: new Date(now()).toISOString() });
      book.refused = book.refused.filter((r) => r.userId !== who.userId);
      writeBook(store, book);
      notify();
      send();
    },
    status,
    refusal() {
      const who = options.identity();
      if (!who || status() !== 'none') return null;
      return readBook(store).refused.find((r) => r.userId === who.userId)?.reason ?? null;
    },
    onStatus(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    retryNow() {
      attempt = 0;
      send();
    },
    progressAcknowledged() {
      awaitingProgress = false;
      attempt = 0;
      send();
    },
  };
}
