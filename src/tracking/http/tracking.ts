// The HTTP tracking adapter (mode 'server', decision 0001): progress goes to our API with a local
// cache. update-user is sent when the score rises or the route changes (final_terms=1 with the
// change that completes the last activity); when the network fails the change is kept in
// localStorage and re-sent later (on 'online', on the next save, with backoff), so no progress
// is lost (decision 0026). The server merges routes and keeps the highest score, so re-sending
// the latest state is always safe.
// The activity queue (docs/decisions/0126-activity-queue-and-cycles.md): first answers and the visible time
// of each page load go to record-activity through a second queue of the same kind (activity.ts);
// every save and activity batch carries the learner's induction cycle, and a 409 stale-cycle
// drops what was queued for the archived cycle for good, re-reads `me` and starts the new cycle.
import type {
  Interaction,
  ProgressChange,
  Snapshot,
  TrackingHealth,
  TrackingPort,
} from '../port.ts';
import {
  decodeRouteLenient,
  encodeRoute,
  type ModulesViewed,
} from '../../domain/progress/route-codec.ts';
import { mergeViewed, risingScore, type CourseShape } from '../../domain/progress/engine.ts';
import { restoreProgress } from '../../domain/progress/carry-over.ts';
import { ApiError, createApiClient, type ApiClient } from './api-client.ts';
import { KEYS, readJson, readUser, safeGet, safeRemove, safeSet, storeUser } from './storage.ts';
import { createActivityQueue, staleCycleOf, type QueuedAnswer } from './activity.ts';
import type { CourseUser, UserResponse } from './types.ts';
import { createAcceptanceQueue } from './acceptance.ts';

export interface HttpTrackingOptions {
  api?: ApiClient;
  /** Topic counts, to read the stored route strings. Without it every readable index is kept. */
  shape?: CourseShape;
  /** Called with the user the server returned after each accepted update. */
  onUser?: (user: CourseUser) => void;
  /** Retry delays after network failures, ms (the last one repeats). */
  retryDelays?: number[];
  /** Where to listen for 'online' and 'pagehide' (window by default). */
  events?: Pick<Window, 'addEventListener' | 'removeEventListener'> | null;
  /** Whose visibility counts as time spent (document by default). */
  visibility?: Pick<
    Document,
    'visibilityState' | 'addEventListener' | 'removeEventListener'
  > | null;
  /** The course's content version, sent with each first answer (src/domain/content). */
  contentVersion?: string;
  /**
   * The server started a new induction cycle for this learner (409 stale-cycle): what was queued
   * for the old one is gone; the snapshot is the new cycle's (a fresh course).
   */
  onCycleChange?: (snapshot: Snapshot) => void;
  /** Clock, ms (Date.now by default). */
  now?: () => number;
  /** Session ids (a UUID by default). */
  newSessionId?: () => string;
}

/** Seconds of visible time after which a normal save also sends the session's time. */
const SESSION_SEND_EVERY_S = 60;
const MAX_SESSION_S = 86_400;

/** The state not yet accepted by the server. One record: later changes fold into it. */
interface Pending {
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

/** The cycle of a user the server returned; null when the server does not say (older server). */
const cycleOf = (user: CourseUser | null | undefined): number | null => {
  const n = toNumber(user?.cycle);
  return n !== null && Number.isInteger(n) && n >= 1 ? n : null;
};

/** A random UUID (v4), also where crypto.randomUUID is missing (plain http on a LAN). */
export function randomUuid(): string {
  const c = globalThis.crypto;
  if (typeof c?.randomUUID === 'function') return c.randomUUID();
  const bytes = new Uint8Array(16);
  if (typeof c?.getRandomValues === 'function') c.getRandomValues(bytes);
  else for (let i = 0; i < 16; i++) bytes[i] = Math.floor(Math.random() * 256);
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** Why a queue is failing: no answer at all ('offline') or the server answering with an error. */
type Failing = false | 'offline' | 'retrying';

export function createHttpTracking(options: HttpTrackingOptions = {}): HttpTracking {
  const api = options.api ?? createApiClient();
  const store = api.store;
  const delays = options.retryDelays?.length ? options.retryDelays : DEFAULT_DELAYS;
  const events =
    options.events === undefined ? (typeof window !== 'undefined' ? window : null) : options.events;
  const visibility =
    options.visibility === undefined
      ? typeof document !== 'undefined'
        ? document
        : null
      : options.visibility;
  const now = options.now ?? Date.now;
  const contentVersion = options.contentVersion || 'desconocida';
  const listeners = new Set<(health: TrackingHealth) => void>();

  let health: TrackingHealth = 'ok';
  let userId: string | null = readUser(store)?.id?.toString() ?? null;
  /** The learner's current cycle; null when the server does not say (nothing is sent then). */
  let cycle: number | null = cycleOf(readUser(store));
  let progressFailing: Failing = false;
  let activityFailing: Failing = false;
  let changingCycle = false;
  // This page load's session: visible time only (record 0126).
  let session: { id: string; startedAt: string } | null = null;
  let visibleMs = 0;
  let visibleSince: number | null = null;
  // Null until this session is first queued: a visit shorter than a second is still a session
  // (decision 0155), so the first note is written whatever its seconds.
  let sessionQueuedS: number | null = null;
  let sessionSentS = 0;
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
  // One notice for both queues: 'retrying' while either is failing.
  // A server answering with errors outweighs no answer at all («sin conexión», decision 0141).
  const updateHealth = () => {
    const kinds = [progressFailing, activityFailing];
    setHealth(
      kinds.includes('retrying') ? 'retrying' : kinds.includes('offline') ? 'offline' : 'ok',
    );
  };
  const setProgressFailing = (failing: Failing) => {
    progressFailing = failing;
    updateHealth();
  };

  const activity = createActivityQueue({
    api,
    store,
    delays,
    onFailing: (failing) => {
      activityFailing = failing;
      updateHealth();
    },
    onStaleCycle: (current) => void changeCycle(current),
  });

  // The learner's «Acepto» (decision 0220): its own small queue.
  const acceptance = createAcceptanceQueue({
    api,
    store,
    delays,
    now,
    identity: () =>
      userId && session ? { userId, cycle: cycle ?? 1, sessionId: session.id } : null,
  });

  const readPending = (): Pending | null => {
    const p = readJson<Pending>(store, KEYS.pending);
    return p && typeof p === 'object' && typeof p.userId === 'string' ? p : null;
  };
  const writePending = (p: Pending | null) =>
    p ? safeSet(store, KEYS.pending, JSON.stringify(p)) : safeRemove(store, KEYS.pending);

  const acceptUser = (user: CourseUser) => {
    const next = cycleOf(user);
    // A user stored before cycles existed was in cycle 1 (record 0126).
    if (next !== null && next !== (cycle ?? 1)) forgetCycle(next);
    if (next !== null) cycle = next;
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

  /** The cycle of a queued progress record (cycle 1 when queued before cycles existed). */
  const pendingCycle = (p: Pending) => p.cycle ?? 1;

  /**
   * Another cycle is current: nothing of the old one may reach the server (it could complete the
   * new cycle) nor count here — the queues, the cached score and bookmark go.
   */
  function forgetCycle(current: number | null) {
    const pending = readPending();
    if (pending && (current === null || pendingCycle(pending) !== current)) writePending(null);
    if (userId && current !== null) activity.keepOnly(userId, current);
    else safeRemove(store, KEYS.activity);
    safeRemove(store, KEYS.score);
    safeRemove(store, KEYS.currentLocation);
    sentScore = -1;
    sentRoute = null;
    sentBookmark = null;
    sessionQueuedS = null;
    sessionSentS = 0;
    clearRetry();
    attempt = 0;
    setProgressFailing(false);
  }

  /** 409 stale-cycle: drop the old cycle's data, re-read `me`, go on with the new cycle. */
  async function changeCycle(current: number | null) {
    if (changingCycle) return;
    changingCycle = true;
    try {
      forgetCycle(current);
      let user: CourseUser | null = null;
      try {
        user = (await api.post<UserResponse>('me', new FormData()))?.user ?? null;
      } catch {
        // Offline or refused: the 409 said which cycle is current.
      }
      if (user) acceptUser(user);
      else {
        if (current !== null) cycle = current;
        const stored = readUser(store);
        if (stored && current !== null)
          storeUser(store, {
            ...stored,
            cycle: current,
            score: 0,
            route: '',
            current_location: null,
            url_certificate: null,
          });
      }
      if (cycle !== null) activity.keepOnly(userId ?? '', cycle);
      const fresh = user ?? readUser(store);
      options.onCycleChange?.({
        learner: learnerOf(fresh),
        score: toNumber(fresh?.score) ?? 0,
        viewed: null,
        bookmark: null,
      });
    } finally {
      changingCycle = false;
    }
  }

  const learnerOf = (user: CourseUser | null) => ({
    id: user?.id?.toString() ?? userId,
    name: user?.name ?? null,
    document: user?.document ?? null,
    urlCertificate: user?.url_certificate ?? null,
    obra: user?.obra ?? null,
  });

  /** Visible seconds of this page load so far. */
  const sessionSeconds = () => {
    const ms = visibleMs + (visibleSince !== null ? Math.max(0, now() - visibleSince) : 0);
    return Math.min(MAX_SESSION_S, Math.floor(ms / 1000));
  };

  /** Writes this session's seconds into the activity queue when they grew. */
  const noteSession = () => {
    // Signed out on this device (the token is gone): nothing more of that learner is written —
    // the page leaving right after «Cerrar sesión» must not put their session back (record 0141).
    if (!session || !userId || !safeGet(store, KEYS.token)) return;
    const seconds = sessionSeconds();
    if (sessionQueuedS !== null && seconds <= sessionQueuedS) return;
    sessionQueuedS = seconds;
    activity.noteSession(userId, cycle ?? 1, { ...session, seconds });
  };

  const sendActivity = (keepalive = false) => {
    noteSession();
    sessionSentS = sessionQueuedS ?? 0;
    return activity.send(keepalive);
  };

  const startSession = () => {
    if (session) return;
    session = {
      id: (options.newSessionId ?? randomUuid)(),
      startedAt: new Date(now()).toISOString(),
    };
    visibleSince = !visibility || visibility.visibilityState === 'visible' ? now() : null;
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
    // Another learner signed in on this browser: their queue is not ours to send. Nor is a
    // change of an archived cycle (record 0126).
    if (
      (userId && pending.userId !== userId) ||
      (cycle !== null && pendingCycle(pending) !== cycle)
    ) {
      writePending(null);
      return Promise.resolve();
    }
    clearRetry();
    const form = new FormData();
    form.append('id', pending.userId);
    if (pending.cycle !== undefined) form.append('cycle', String(pending.cycle));
    form.append('score', String(pending.score));
    if (pending.route !== null) form.append('route', pending.route);
    if (pending.bookmark) form.append('current_location', pending.bookmark);
    if (pending.finalTerms) form.append('final_terms', '1');
    inFlight = api
      .post<UserResponse>('update-user', form, { keepalive })
      .then((response) => {
        attempt = 0;
        setProgressFailing(false);
        sentBookmark = pending.bookmark;
        const now = readPending();
        // Only drop the queue if nothing new was folded in while this was on the way.
        if (now && JSON.stringify(now) === JSON.stringify(pending)) writePending(null);
        if (response?.user) acceptUser(response.user);
      })
      .catch((error: unknown) => {
        const stale = staleCycleOf(error);
        if (stale) {
          // The cycle this change belongs to was archived: it is dropped for good, never retried.
          const now = readPending();
          if (now && pendingCycle(now) === pendingCycle(pending)) writePending(null);
          void changeCycle(stale.cycle);
          return;
        }
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
        setProgressFailing(status === 0 ? 'offline' : 'retrying');
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
    if (session || activity.hasPending()) void sendActivity(true);
  };

  const onOnline = () => {
    attempt = 0;
    void send();
    activity.retryNow();
    acceptance.retryNow();
  };
  // The page is going away or out of sight: what is pending goes now (keepalive), and hidden
  // time stops counting.
  const onPageHide = () => flush();
  const onVisibility = () => {
    if (!visibility) return;
    if (visibility.visibilityState === 'visible') {
      if (visibleSince === null) visibleSince = now();
      return;
    }
    if (visibleSince !== null) {
      visibleMs += Math.max(0, now() - visibleSince);
      visibleSince = null;
    }
    flush();
  };
  events?.addEventListener('online', onOnline);
  events?.addEventListener('pagehide', onPageHide);
  visibility?.addEventListener('visibilitychange', onVisibility);

  return {
    mode: 'server',
    acceptance,
    capabilities: {
      certificate: 'server',
      learnerIdMayBeDocument: false,
      runtimeNamesLearner: false,
      certificateAsScreen: false,
      answerTexts: true,
      localOnly: false,
    },

    async start(): Promise<Snapshot> {
      const stored = readUser(store);
      let user: CourseUser | null = stored;
      cycle = cycleOf(stored);
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
      // Only this learner's changes of the current cycle (a device's old queue never completes a
      // new cycle, record 0126).
      const ours =
        pending && pending.userId === userId && (cycle === null || pendingCycle(pending) === cycle)
          ? pending
          : null;
      if (pending && !ours) writePending(null);
      if (userId && cycle !== null) activity.keepOnly(userId, cycle);
      startSession();
      if (activity.hasPending()) void sendActivity();
      acceptance.retryNow();

      const serverScore = toNumber(user?.score);
      const sameCycle = cycle === null || (cycleOf(stored) ?? 1) === cycle;
      const localScore =
        stored && stored.id?.toString() === userId && sameCycle
          ? toNumber(safeGet(store, KEYS.score))
          : null;
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
        ours?.bookmark ??
        user?.current_location ??
        (sameCycle ? safeGet(store, KEYS.currentLocation) : null) ??
        null;
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
        pending && pending.userId === userId && (cycle === null || pendingCycle(pending) === cycle)
          ? pending
          : {
              userId,
              score: Math.max(0, sentScore),
              route: sentRoute,
              bookmark: null,
              finalTerms: false,
            };
      const next: Pending = {
        ...(cycle !== null ? { cycle } : {}),
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
      // The session's time rides along with normal saves, about once a minute (no timer).
      if (sessionSeconds() - sessionSentS >= SESSION_SEND_EVERY_S) void sendActivity();
    },

    recordAnswer(interaction: Interaction): void {
      if (finished) return;
      if (!userId) userId = readUser(store)?.id?.toString() ?? null;
      if (!userId) return;
      const answer: QueuedAnswer = {
        questionId: interaction.id,
        question: interaction.description.slice(0, 1000),
        // The server wants both texts; without them (no quiz text given) the option's number.
        option: (interaction.responseText || `Opción ${interaction.response + 1}`).slice(0, 500),
        correctOption: (
          interaction.correctResponseText || `Opción ${interaction.correctResponse + 1}`
        ).slice(0, 500),
        correct: interaction.correct,
        contentVersion: contentVersion.slice(0, 64),
        answeredAt: interaction.timestamp.toISOString(),
        latencyMs: Math.min(86_400_000, Math.max(0, Math.round(interaction.latencyMs))),
      };
      // Only the first answer per question and cycle is kept (the queue ignores later ones).
      activity.addAnswer(userId, cycle ?? 1, answer);
      void sendActivity();
    },

    flush,

    // Both queues, this session's time included (the sign-out waits for them, decision 0141).
    sync: async () => {
      await Promise.all([send(), sendActivity()]);
    },

    finish(): void {
      if (finished) return;
      flush();
      finished = true;
      events?.removeEventListener('online', onOnline);
      events?.removeEventListener('pagehide', onPageHide);
      visibility?.removeEventListener('visibilitychange', onVisibility);
    },

    onHealth(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
