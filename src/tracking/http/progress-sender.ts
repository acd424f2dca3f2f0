// The progress queue of the HTTP adapter (decision 0026): one pending record in local storage,
// later changes folded into it, sent to update-user one request at a time, re-sent with backoff
// when the network fails. The server merges routes and keeps the highest score, so re-sending
// the latest state is always safe.
import type { ApiClient } from './api-client.ts';
import { KEYS, readJson, safeRemove, safeSet } from './storage.ts';
import { classifyFailure, createBackoff, type Failing } from './retry.ts';
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

export function createProgressSender(options: ProgressSenderOptions) {
  const { api } = options;
  const store = api.store;
  // What the server is known to have, so unchanged saves send nothing.
  /** The highest score the server is known to hold; null while none is. */
  let sentScore: number | null = null;
  let sentRoute: string | null = null;
  let sentBookmark: string | null = null;
  let inFlight: Promise<void> | null = null;
  const backoff = createBackoff(options.delays, () => void send());

  const read = (): Pending | null => {
    const p = readJson<Pending>(store, KEYS.pending);
    return p && typeof p === 'object' && typeof p.userId === 'string' ? p : null;
  };
  const write = (p: Pending | null) =>
    p ? safeSet(store, KEYS.pending, JSON.stringify(p)) : safeRemove(store, KEYS.pending);
  const same = (a: Pending, b: Pending) => JSON.stringify(a) === JSON.stringify(b);

  /** Another learner's queue, or one of an archived cycle, is not ours to send (record 0126). */
  const notOurs = (p: Pending) => {
    const { userId, cycle } = options.current();
    return (userId && p.userId !== userId) || (cycle !== null && pendingCycle(p) !== cycle);
  };

  const formOf = (p: Pending) => {
    const form = new FormData();
    form.append('id', p.userId);
    if (p.cycle !== undefined) form.append('cycle', String(p.cycle));
    form.append('score', String(p.score));
    if (p.route !== null) form.append('route', p.route);
    if (p.bookmark) form.append('current_location', p.bookmark);
    if (p.finalTerms) form.append('final_terms', '1');
    return form;
  };

  const accepted = (pending: Pending, response: UserResponse | undefined) => {
    backoff.reset();
    options.onFailing(false);
    sentBookmark = pending.bookmark;
    const now = read();
    // Only drop the queue if nothing new was folded in while this was on the way.
    if (now && same(now, pending)) write(null);
    if (response?.user) options.onUser(response.user);
  };

  const failed = (pending: Pending, error: unknown) => {
    const failure = classifyFailure(error);
    if (failure.kind === 'stale-cycle') {
      // The cycle this change belongs to was archived: it is dropped for good, never retried.
      const now = read();
      if (now && pendingCycle(now) === pendingCycle(pending)) write(null);
      options.onStaleCycle(failure.cycle);
      return;
    }
    // The session ended (the handler sends the learner to sign in): the queue stays, for this
    // learner only, and goes once they are back (decision record 0101).
    if (failure.kind === 'signed-out') return;
    // The server refused the data itself: re-sending it would fail the same way.
    if (failure.kind === 'refused') return write(null);
    options.onFailing(failure.failing);
    backoff.schedule();
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
    inFlight = api
      .post<UserResponse>('update-user', formOf(pending), { keepalive })
      .then((response) => accepted(pending, response))
      .catch((error: unknown) => failed(pending, error))
      .finally(() => {
        inFlight = null;
        const after = read();
        if (after && !same(after, pending) && !backoff.scheduled) void send();
      });
    return inFlight;
  }

  /** Folds a change into the pending record and sends it when the server would learn something. */
  function fold(change: Fold): void {
    const { userId, cycle } = change;
    const pending = read();
    const base: Pending =
      pending && pending.userId === userId && (cycle === null || pendingCycle(pending) === cycle)
        ? pending
        : {
            userId,
            score: sentScore ?? 0,
            route: sentRoute,
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
      change.score !== undefined && (sentScore === null || change.score > sentScore);
    const routeChanged = change.route !== undefined && change.route !== sentRoute;
    const newFinal = Boolean(change.finalTerms) && !base.finalTerms;
    if (pending || scoreRose || routeChanged || newFinal) {
      write(next);
      void send();
    } else if (change.bookmark !== undefined && change.bookmark !== sentBookmark) {
      // A bookmark alone waits for the next send or for flush(): one request per screen is enough.
      write(next);
    }
  }

  return {
    send,
    fold,
    read,
    write,
    /** What the server returned: its score and route are known there now. */
    known(user: CourseUser, score: number | null) {
      if (score !== null) sentScore = risingScore(sentScore, score);
      if (typeof user.route === 'string') sentRoute = user.route;
    },
    knownBookmark(bookmark: string | null) {
      sentBookmark = bookmark;
    },
    /** Another cycle is current: the old cycle's queue and what was known of it go. */
    forget(current: number | null) {
      const pending = read();
      if (pending && (current === null || pendingCycle(pending) !== current)) write(null);
      sentScore = null;
      sentRoute = null;
      sentBookmark = null;
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
