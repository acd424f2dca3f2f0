// The HTTP tracking adapter (mode 'server', decision 0001): progress goes to our API with a local
// cache. update-user is sent when the score rises or the route changes (final_terms=1 with the
// change that completes the last activity); when the network fails the change is kept in
// localStorage and re-sent later (on 'online', on the next save, with backoff), so no progress
// is lost (decision 0026). The server merges routes and keeps the highest score, so re-sending
// the latest state is always safe.
import type { ProgressChange, Snapshot, TrackingHealth, TrackingPort } from '../port.ts';
import {
  decodeRouteLenient,
  encodeRoute,
  type ModulesViewed,
} from '../../domain/progress/route-codec.ts';
import { mergeViewed, risingScore, type CourseShape } from '../../domain/progress/engine.ts';
import { restoreProgress } from '../../domain/progress/carry-over.ts';
import { ApiError, createApiClient, type ApiClient } from './api-client.ts';
import { KEYS, readJson, readUser, safeGet, safeRemove, safeSet, storeUser } from './storage.ts';
import type { CourseUser, UserResponse } from './types.ts';

export interface HttpTrackingOptions {
  api?: ApiClient;
  /** Topic counts, to read the stored route strings. Without it every readable index is kept. */
  shape?: CourseShape;
  /** Called with the user the server returned after each accepted update. */
  onUser?: (user: CourseUser) => void;
  /** Retry delays after network failures, ms (the last one repeats). */
  retryDelays?: number[];
  /** Where to listen for 'online' (window by default). */
  events?: Pick<Window, 'addEventListener' | 'removeEventListener'> | null;
}

/** The state not yet accepted by the server. One record: later changes fold into it. */
interface Pending {
  userId: string;
  score: number;
  /** Route string (the form field the server expects; the record lives in local storage). */
  route: string | null;
  bookmark: string | null;
  finalTerms: boolean;
}

const DEFAULT_DELAYS = [1_000, 2_000, 5_000, 10_000, 30_000, 60_000];

const toNumber = (value: unknown): number | null => {
  const n =
    typeof value === 'number'
      ? value
      : typeof value === 'string' && value !== ''
        ? Number(value)
        : NaN;
  return Number.isFinite(n) ? n : null;
};

/** The port, plus a sync the sign-out awaits (decision record 0141). */
export interface HttpTracking extends TrackingPort {
  /** Sends what is pending now; resolves once that attempt ended (accepted or failed). */
  sync(): Promise<void>;
}

export function createHttpTracking(options: HttpTrackingOptions = {}): HttpTracking {
  const api = options.api ?? createApiClient();
  const store = api.store;
  const delays = options.retryDelays?.length ? options.retryDelays : DEFAULT_DELAYS;
  const events =
    options.events === undefined ? (typeof window !== 'undefined' ? window : null) : options.events;
  const listeners = new Set<(health: TrackingHealth) => void>();

  let health: TrackingHealth = 'ok';
  let userId: string | null = readUser(store)?.id?.toString() ?? null;
  // What the server is known to have, so unchanged saves send nothing.
  let sentScore = -1;
  let sentRoute: string | null = null;
  let sentBookmark: string | null = null;
  let inFlight: Promise<void> | null = null;
  let retryTimer: ReturnType<typeof setTimeout> | null = null;
  let attempt = 0;
  let finished = false;

  const setHealth = (next: TrackingHealth) => {
    if (next === health) return;
    health = next;
    listeners.forEach((l) => l(next));
  };

  const readPending = (): Pending | null => {
    const p = readJson<Pending>(store, KEYS.pending);
    return p && typeof p === 'object' && typeof p.userId === 'string' ? p : null;
  };
  const writePending = (p: Pending | null) =>
    p ? safeSet(store, KEYS.pending, JSON.stringify(p)) : safeRemove(store, KEYS.pending);

  const acceptUser = (user: CourseUser) => {
    storeUser(store, user);
    const score = toNumber(user.score);
    if (score !== null) {
      safeSet(store, KEYS.score, String(score));
      sentScore = Math.max(sentScore, score);
    }
    if (typeof user.route === 'string') sentRoute = user.route;
    options.onUser?.(user);
  };

  const clearRetry = () => {
    if (retryTimer) clearTimeout(retryTimer);
    retryTimer = null;
  };

  const scheduleRetry = () => {
    clearRetry();
    const delay = delays[Math.min(attempt, delays.length - 1)]!;
    attempt++;
    retryTimer = setTimeout(() => void send(), delay);
  };

  /** Sends the pending record; one request at a time, re-sending if it changed meanwhile. */
  function send(keepalive = false): Promise<void> {
    if (inFlight) return inFlight;
    const pending = readPending();
    if (!pending) return Promise.resolve();
    // Another learner signed in on this browser: their queue is not ours to send.
    if (userId && pending.userId !== userId) {
      writePending(null);
      return Promise.resolve();
    }
    clearRetry();
    const form = new FormData();
    form.append('id', pending.userId);
    form.append('score', String(pending.score));
    if (pending.route !== null) form.append('route', pending.route);
    if (pending.bookmark) form.append('current_location', pending.bookmark);
    if (pending.finalTerms) form.append('final_terms', '1');
    inFlight = api
      .post<UserResponse>('update-user', form, { keepalive })
      .then((response) => {
        attempt = 0;
        setHealth('ok');
        sentBookmark = pending.bookmark;
        const now = readPending();
        // Only drop the queue if nothing new was folded in while this was on the way.
        if (now && JSON.stringify(now) === JSON.stringify(pending)) writePending(null);
        if (response?.user) acceptUser(response.user);
      })
      .catch((error: unknown) => {
        const status = error instanceof ApiError ? error.status : 0;
        if (status === 401 || status === 403) {
          // The session ended (the handler sends the learner to sign in): the queue stays, for
          // this learner only, and goes once they are back (decision record 0101).
          return;
        }
        if (status === 400 || status === 413 || status === 422) {
          // The server refused the data itself: re-sending it would fail the same way.
          writePending(null);
          return;
        }
        // Network down, the server failing (404, 419, 429, 5xx): keep it, say so calmly, retry.
        // No answer at all is «sin conexión», not a failing server (decision record 0141).
        setHealth(status === 0 ? 'offline' : 'retrying');
        scheduleRetry();
      })
      .finally(() => {
        inFlight = null;
        const after = readPending();
        if (after && JSON.stringify(after) !== JSON.stringify(pending) && !retryTimer) void send();
      });
    return inFlight;
  }

  const flush = () => {
    if (readPending()) void send(true);
  };

  const onOnline = () => {
    attempt = 0;
    void send();
  };
  events?.addEventListener('online', onOnline);

  return {
    mode: 'server',

    async start(): Promise<Snapshot> {
      const stored = readUser(store);
      let user: CourseUser | null = stored;
      try {
        const response = await api.post<UserResponse>('me', new FormData());
        if (response?.user) {
          user = response.user;
          acceptUser(user);
        }
      } catch {
        // Offline or signed out: the handler ran; start from the local cache.
      }
      userId = user?.id?.toString() ?? null;
      const pending = readPending();
      const ours = pending && pending.userId === userId ? pending : null;
      if (pending && !ours) writePending(null);

      const serverScore = toNumber(user?.score);
      const localScore =
        stored && stored.id?.toString() === userId ? toNumber(safeGet(store, KEYS.score)) : null;
      const candidates = [serverScore, localScore, ours?.score ?? null].filter(
        (n): n is number => n !== null,
      );
      // Read against today's shape with the score stored beside the route: completed modules
      // survive a content update (decision 0076).
      const read = (route: string, score: number | null) =>
        options.shape
          ? restoreProgress({ route, score }, options.shape).viewed
          : decodeRouteLenient(route).viewed;
      let viewed: ModulesViewed | null =
        typeof user?.route === 'string' && user.route !== '' ? read(user.route, serverScore) : null;
      if (ours?.route) {
        const pendingViewed = read(ours.route, ours.score ?? null);
        viewed = viewed ? mergeViewed(viewed, pendingViewed) : pendingViewed;
      }
      if (ours) void send();
      const bookmark =
        ours?.bookmark ?? user?.current_location ?? safeGet(store, KEYS.currentLocation) ?? null;
      sentBookmark = user?.current_location ?? null;
      return {
        learner: {
          id: userId,
          name: user?.name ?? null,
          document: user?.document ?? null,
          urlCertificate: user?.url_certificate ?? null,
          obra: user?.obra ?? null,
        },
        score: candidates.length ? Math.max(...candidates) : null,
        viewed,
        bookmark,
      };
    },

    save(change: ProgressChange): void {
      if (finished) return;
      if (change.bookmark !== undefined) safeSet(store, KEYS.currentLocation, change.bookmark);
      if (change.score !== undefined) {
        const local = toNumber(safeGet(store, KEYS.score));
        if (local === null || change.score > local)
          safeSet(store, KEYS.score, String(risingScore(local, change.score)));
      }
      const route = change.viewed !== undefined ? encodeRoute(change.viewed) : undefined;
      if (!userId) userId = readUser(store)?.id?.toString() ?? null;
      if (!userId) return;
      const pending = readPending();
      const base: Pending =
        pending && pending.userId === userId
          ? pending
          : {
              userId,
              score: Math.max(0, sentScore),
              route: sentRoute,
              bookmark: null,
              finalTerms: false,
            };
      const next: Pending = {
        userId,
        score: Math.max(base.score, change.score ?? -1, 0),
        route: route ?? base.route,
        bookmark: change.bookmark ?? base.bookmark,
        finalTerms: base.finalTerms || Boolean(change.finalTerms),
      };
      const scoreRose = change.score !== undefined && change.score > sentScore;
      const routeChanged = route !== undefined && route !== sentRoute;
      const newFinal = Boolean(change.finalTerms) && !base.finalTerms;
      if (pending || scoreRose || routeChanged || newFinal) {
        writePending(next);
        void send();
      } else if (change.bookmark !== undefined && change.bookmark !== sentBookmark) {
        // A bookmark alone waits for the next send or for flush(): one request per screen is enough.
        writePending(next);
      }
    },

    recordAnswer(): void {
      // The server keeps no per-question record; the quiz result reaches it through the route.
    },

    flush,

    sync: () => send(),

    finish(): void {
      if (finished) return;
      flush();
      finished = true;
      events?.removeEventListener('online', onOnline);
    },

    onHealth(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
