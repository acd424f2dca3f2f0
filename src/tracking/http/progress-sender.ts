// The progress queue of the HTTP adapter (decision 0026): one pending record in local storage,
// later changes folded into it, sent to update-user one request at a time, re-sent with backoff
// when the network fails. The server merges routes and keeps the highest score, so re-sending
// the latest state is always safe.
// The sender itself is the one-request-at-a-time loop; folding a change (`folded`), the request
// and how its answer settles the queue (`updateUser`, `settleFailure`) are named functions beside it.
import type { ApiClient } from './api-client.ts';
import { KEYS, readJson, safeRemove, safeSet, type KeyValueStore } from './storage.ts';
import { classifyFailure, createBackoff, type Backoff, type Failing } from './retry.ts';
import type { CourseUser, UserResponse } from './types.ts';
import { risingScore } from '../../domain/progress/engine.ts';

/** The state not yet accepted by the server. One record: later changes fold into it. */
export interface Pending {
  userId: string;
  score: number;
  /** Route string (the form field the server expects; the record lives in local storage). */
  route: string | null;
  bookmark: string | null;
  finalTerms: boolean;
  /**
   * The induction cycle the change belongs to. Absent in records queued before cycles existed:
   * those belong to cycle 1 (record 0126).
   */
  cycle?: number;
}

/** The cycle of a queued progress record (cycle 1 when queued before cycles existed). */
export const pendingCycle = (p: Pending) => p.cycle ?? 1;

/** One change to fold in: what the adapter's save() was given, with its route encoded. */
export interface Fold {
  userId: string;
  cycle: number | null;
  score?: number;
  route?: string;
  bookmark?: string;
  finalTerms?: boolean;
}

export interface ProgressSenderOptions {
  api: ApiClient;
  delays: readonly number[];
  /** Who is signed in and their current cycle, now. */
  current: () => { userId: string | null; cycle: number | null };
  onFailing: (failing: Failing) => void;
  /** The server returned the learner after an accepted update. */
  onUser: (user: CourseUser) => void;
  /** 409 stale-cycle: the change was dropped; the server says which cycle is current. */
  onStaleCycle: (cycle: number | null) => void;
}

/** The pending record in local storage; an unreadable one counts as none. */
const readPending = (store: KeyValueStore): Pending | null => {
  const p = readJson<Pending>(store, KEYS.pending);
  return p && typeof p === 'object' && typeof p.userId === 'string' ? p : null;
};
const writePending = (store: KeyValueStore, p: Pending | null) =>
  p ? safeSet(store, KEYS.pending, JSON.stringify(p)) : safeRemove(store, KEYS.pending);
const samePending = (a: Pending, b: Pending) => JSON.stringify(a) === JSON.stringify(b);

/** update-user's form for a pending record. */
function updateForm(p: Pending): FormData {
  const form = new FormData();
  form.append('id', p.userId);
  if (p.cycle !== undefined) form.append('cycle', String(p.cycle));
  form.append('score', String(p.score));
  if (p.route !== null) form.append('route', p.route);
  if (p.bookmark) form.append('current_location', p.bookmark);
  if (p.finalTerms) form.append('final_terms', '1');
  return form;
}

/** What the server is known to have, so unchanged saves send nothing. */
interface ServerHas {
  /** The highest score the server is known to hold; null while none is. */
  score: number | null;
  route: string | null;
  bookmark: string | null;
}
const nothingKnown = (): ServerHas => ({ score: null, route: null, bookmark: null });

/**
 * A change folded into the pending record (a fresh one when that is another learner's or
 * cycle's), and what becomes of it: 'send' when the server would learn something, 'keep' for a
 * new bookmark alone, nothing when the server has it all.
 */
function folded(
  pending: Pending | null,
  change: Fold,
  server: ServerHas,
): { next: Pending; then: 'send' | 'keep' | null } {
  const { userId, cycle } = change;
  const base: Pending =
    pending && pending.userId === userId && (cycle === null || pendingCycle(pending) === cycle)
      ? pending
      : {
          userId,
          score: server.score ?? 0,
          route: server.route,
          bookmark: null,
          finalTerms: false,
        };
  const next: Pending = {
    ...(cycle !== null ? { cycle } : {}),
    userId,
    score: risingScore(base.score, change.score ?? 0),
    route: change.route ?? base.route,
    bookmark: change.bookmark ?? base.bookmark,
    finalTerms: base.finalTerms || Boolean(change.finalTerms),
  };
  const scoreRose =
    change.score !== undefined && (server.score === null || change.score > server.score);
  const routeChanged = change.route !== undefined && change.route !== server.route;
  const newFinal = Boolean(change.finalTerms) && !base.finalTerms;
  if (pending || scoreRose || routeChanged || newFinal) return { next, then: 'send' };
  // A bookmark alone waits for the next send or for flush(): one request per screen is enough.
  if (change.bookmark !== undefined && change.bookmark !== server.bookmark)
    return { next, then: 'keep' };
  return { next, then: null };
}

/**
 * What settling one update-user request touches: the options (the store among them), the
 * back-off, what the server is known to have.
 */
interface Settling {
  options: ProgressSenderOptions;
  backoff: Backoff;
  server: ServerHas;
}

/** Sends update-user for the pending record and settles the queue by its answer. */
function updateUser(pending: Pending, keepalive: boolean, settling: Settling): Promise<void> {
  const { options, backoff, server } = settling;
  const store = options.api.store;
  return options.api
    .post<UserResponse>('update-user', updateForm(pending), { keepalive })
    .then((response) => {
      backoff.reset();
      options.onFailing(false);
      server.bookmark = pending.bookmark;
      const now = readPending(store);
      // Only drop the queue if nothing new was folded in while this was on the way.
      if (now && samePending(now, pending)) writePending(store, null);
      if (response?.user) options.onUser(response.user);
    })
    .catch((error: unknown) => settleFailure(pending, error, settling));
}

/** What a failed update-user means for the queue: dropped, kept, or re-sent after a while. */
function settleFailure(pending: Pending, error: unknown, { options, backoff }: Settling): void {
  const store = options.api.store;
  const failure = classifyFailure(error);
  if (failure.kind === 'stale-cycle') {
    // The cycle this change belongs to was archived: it is dropped for good, never retried.
    const now = readPending(store);
    if (now && pendingCycle(now) === pendingCycle(pending)) writePending(store, null);
    options.onStaleCycle(failure.cycle);
    return;
  }
  // The session ended (the handler sends the learner to sign in): the queue stays, for this
  // learner only, and goes once they are back (decision record 0101).
  if (failure.kind === 'signed-out') return;
  // The server refused the data itself: re-sending it would fail the same way.
  if (failure.kind === 'refused') return writePending(store, null);
  options.onFailing(failure.failing);
  backoff.schedule();
}

export function createProgressSender(options: ProgressSenderOptions) {
  const store = options.api.store;
  const server = nothingKnown();
  let inFlight: Promise<void> | null = null;
  const backoff = createBackoff(options.delays, () => void send());
  const read = () => readPending(store);
  const write = (p: Pending | null) => writePending(store, p);

  /** Another learner's queue, or one of an archived cycle, is not ours to send (record 0126). */
  const notOurs = (p: Pending) => {
    const { userId, cycle } = options.current();
    return (userId && p.userId !== userId) || (cycle !== null && pendingCycle(p) !== cycle);
  };

  /** Sends the pending record; one request at a time, re-sending if it changed meanwhile. */
  function send(keepalive = false): Promise<void> {
    if (inFlight) return inFlight;
    const pending = read();
    if (!pending) return Promise.resolve();
    if (notOurs(pending)) {
      write(null);
      return Promise.resolve();
    }
    backoff.clear();
    inFlight = updateUser(pending, keepalive, { options, backoff, server }).finally(() => {
      inFlight = null;
      const after = read();
      if (after && !samePending(after, pending) && !backoff.scheduled) void send();
    });
    return inFlight;
  }

  return {
    send,
    /** Folds a change into the pending record and sends it when the server would learn something. */
    fold(change: Fold): void {
      const { next, then } = folded(read(), change, server);
      if (then) write(next);
      if (then === 'send') void send();
    },
    read,
    write,
    /**
     * Whether the queue holds a change that may complete the course and that the server has not
     * acknowledged: the last activity's final terms, or a score above what the server is known to
     * hold (unknown counts as below). The acceptance waits for it (record 0261).
     */
    completionPending(): boolean {
      const pending = read();
      if (!pending) return false;
      return pending.finalTerms || server.score === null || pending.score > server.score;
    },
    /** What the server returned: its score and route are known there now. */
    known(user: CourseUser, score: number | null) {
      if (score !== null) server.score = risingScore(server.score, score);
      if (typeof user.route === 'string') server.route = user.route;
    },
    knownBookmark(bookmark: string | null) {
      server.bookmark = bookmark;
    },
    /** Another cycle is current: the old cycle's queue and what was known of it go. */
    forget(current: number | null) {
      const pending = read();
      if (pending && (current === null || pendingCycle(pending) !== current)) write(null);
      Object.assign(server, nothingKnown());
      backoff.clear();
      backoff.reset();
      options.onFailing(false);
    },
    retryNow() {
      backoff.reset();
      void send();
    },
  };
}

export type ProgressSender = ReturnType<typeof createProgressSender>;
