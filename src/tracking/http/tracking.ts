// The HTTP tracking adapter (mode 'server', decision 0001), composed of small parts (decision
// 0208): the progress sender (progress-sender.ts), the activity queue (activity.ts), the session
// timer (session-timer.ts) and the cycle guard (cycle-guard.ts), with one retry and health helper
// (retry.ts). Progress goes to our API with a local
// cache. update-user is sent when the score rises or the route changes (final_terms=1 with the
// change that completes the last activity); when the network fails the change is kept in
// localStorage and re-sent later (on 'online', on the next save, with backoff), so no progress
// is lost (decision 0026). The server merges routes and keeps the highest score, so re-sending
// the latest state is always safe.
// The activity queue (docs/decisions/0126-activity-queue-and-cycles.md): first answers and the visible time
// of each page load go to record-activity through a second queue of the same kind (activity.ts);
// every save and activity batch carries the learner's induction cycle, and a 409 stale-cycle
// drops what was queued for the archived cycle for good, re-reads `me` and starts the new cycle.
import type { Interaction, ProgressChange, Snapshot, TrackingPort } from '../port.ts';
import {
  decodeRouteLenient,
  encodeRoute,
  type ModulesViewed,
} from '../../domain/progress/route-codec.ts';
import type { Response } from '../../domain/registry/index.ts';
import {
  highestScore,
  mergeViewed,
  risingScore,
  type CourseShape,
} from '../../domain/progress/engine.ts';
import { restoreProgress } from '../../domain/progress/carry-over.ts';
import { createApiClient, type ApiClient } from './api-client.ts';
import { KEYS, readUser, safeGet, safeRemove, safeSet, storeUser } from './storage.ts';
import { createActivityQueue, type ActivityQueue, type QueuedAnswer } from './activity.ts';
import { ANSWER_LIMITS } from '../../domain/progress/activity-record.ts';
import { createHealth, DEFAULT_RETRY_DELAYS } from './retry.ts';
import { createSessionTimer, type SessionTimer } from './session-timer.ts';
import { createProgressSender, pendingCycle, type ProgressSender } from './progress-sender.ts';
import { createCycleGuard, cycleOf, toNumber } from './cycle-guard.ts';
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
   * How a first answer names an option when the quiz gave no text, from its 1-based number (the
   * app gives `es.quiz.optionNumber`, «Opción 2»; the bare number by default: no text here).
   */
  optionLabel?: (n: number) => string;
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

/** The port, plus a sync the sign-out awaits (decision record 0141). */
export interface HttpTracking extends TrackingPort {
  /** Sends what is pending now; resolves once that attempt ended (accepted or failed). */
  sync(): Promise<void>;
}

export { randomUuid } from './uuid.ts';

const learnerOf = (user: CourseUser | null, fallbackId: string | null) => ({
  id: user?.id?.toString() ?? fallbackId,
  name: user?.name ?? null,
  document: user?.document ?? null,
  urlCertificate: user?.url_certificate ?? null,
  obra: user?.obra ?? null,
});

/** An interaction as the activity queue sends it (the server wants both option texts). */
function queuedAnswer(
  interaction: Interaction,
  contentVersion: string,
  optionLabel: (n: number) => string,
): QueuedAnswer {
  // A response as the options' numbers, when no quiz text was given: «Opción 3, Opción 1».
  const optionNumbers = (response: Response) => response.map((i) => optionLabel(i + 1)).join(', ');
  return {
    questionId: interaction.id,
    question: interaction.description.slice(0, ANSWER_LIMITS.question),
    // Without the texts (no quiz text given) the options' numbers.
    option: (interaction.responseText || optionNumbers(interaction.response)).slice(
      0,
      ANSWER_LIMITS.option,
    ),
    correctOption: (
      interaction.correctResponseText || optionNumbers(interaction.correctResponse)
    ).slice(0, ANSWER_LIMITS.option),
    correct: interaction.correct,
    contentVersion: contentVersion.slice(0, ANSWER_LIMITS.contentVersion),
    answeredAt: interaction.timestamp.toISOString(),
    latencyMs: Math.min(ANSWER_LIMITS.latencyMs, Math.max(0, Math.round(interaction.latencyMs))),
  };
}

const CAPABILITIES = {
  certificate: 'server',
  learnerIdMayBeDocument: false,
  runtimeNamesLearner: false,
  certificateAsScreen: false,
  answerTexts: true,
  localOnly: false,
  acceptanceInLmsComments: false,
} as const;

export function createHttpTracking(options: HttpTrackingOptions = {}): HttpTracking {
  const api = options.api ?? createApiClient();
  const store = api.store;
  const delays = options.retryDelays?.length ? options.retryDelays : DEFAULT_RETRY_DELAYS;
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
  const optionLabel = options.optionLabel ?? String;
  const health = createHealth();
  let userId: string | null = readUser(store)?.id?.toString() ?? null;
  let finished = false;

  const session: SessionTimer = createSessionTimer({
    visibility,
    now,
    ...(options.newSessionId ? { newSessionId: options.newSessionId } : {}),
  });
  const activity = createActivityQueue({
    api,
    store,
    delays,
    onFailing: (failing) => health.set('activity', failing),
    onStaleCycle: (current) => void cycles.change(current),
  });
  // The learner's «Acepto» (decision 0220): its own small queue, with this page's session.
  const acceptance = createAcceptanceQueue({
    api,
    store,
    delays,
    now,
    identity: () =>
      userId && session.id ? { userId, cycle: cycles.current ?? 1, sessionId: session.id } : null,
  });
  const progress: ProgressSender = createProgressSender({
    api,
    delays,
    current: () => ({ userId, cycle: cycles.current }),
    onFailing: (failing) => health.set('progress', failing),
    onUser: (user) => acceptUser(user),
    onStaleCycle: (current) => void cycles.change(current),
  });
  const cycles = createCycleGuard({
    api,
    forget: (current) => {
      progress.forget(current);
      if (userId && current !== null) activity.keepOnly(userId, current);
      else safeRemove(store, KEYS.activity);
      session.resetNotes();
    },
    keepOnly: (cycle) => activity.keepOnly(userId ?? '', cycle),
    accept: (user) => acceptUser(user),
    changed: (fresh) =>
      options.onCycleChange?.({
        learner: learnerOf(fresh, userId),
        score: toNumber(fresh?.score) ?? 0,
        viewed: null,
        bookmark: null,
      }),
  });

  function acceptUser(user: CourseUser) {
    cycles.observe(user);
    storeUser(store, user);
    const score = toNumber(user.score);
    if (score !== null) safeSet(store, KEYS.score, String(score));
    progress.known(user, score);
    options.onUser?.(user);
  }

  /** Writes this session's seconds into the activity queue when they grew. */
  const noteSession = () => {
    // Signed out on this device (the token is gone): nothing more of that learner is written —
    // the page leaving right after «Cerrar sesión» must not put their session back (record 0141).
    if (!session.started || !userId || !safeGet(store, KEYS.token)) return;
    const note = session.noteIfGrown();
    if (note) activity.noteSession(userId, cycles.current ?? 1, note);
  };

  const sendActivity = (keepalive = false) => {
    noteSession();
    session.markSent();
    return activity.send(keepalive);
  };

  const flush = () => {
    if (progress.read()) void progress.send(true);
    if (session.started || activity.hasPending()) void sendActivity(true);
  };

  const onOnline = () => {
    progress.retryNow();
    activity.retryNow();
    acceptance.retryNow();
  };
  // The page is going away or out of sight: what is pending goes now (keepalive), and hidden
  // time stops counting.
  const onPageHide = () => flush();
  const onVisibility = () => {
    if (!visibility) return;
    if (visibility.visibilityState === 'visible') return session.visible();
    session.hidden();
    flush();
  };
  events?.addEventListener('online', onOnline);
  events?.addEventListener('pagehide', onPageHide);
  visibility?.addEventListener('visibilitychange', onVisibility);

  const signedInLearner = () => {
    if (!userId) userId = readUser(store)?.id?.toString() ?? null;
    return userId;
  };

  return {
    mode: 'server',
    capabilities: CAPABILITIES,
    acceptance,

    async start(): Promise<Snapshot> {
      const stored = readUser(store);
      let user: CourseUser | null = stored;
      cycles.current = cycleOf(stored);
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
      acceptance.retryNow();
      return startFrom(user, stored, {
        userId,
        cycle: cycles.current,
        store,
        shape: options.shape,
        progress,
        activity,
        session,
        sendActivity: () => sendActivity(),
      });
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
      const learner = signedInLearner();
      if (!learner) return;
      progress.fold({
        userId: learner,
        cycle: cycles.current,
        ...(change.score !== undefined ? { score: change.score } : {}),
        ...(route !== undefined ? { route } : {}),
        ...(change.bookmark !== undefined ? { bookmark: change.bookmark } : {}),
        ...(change.finalTerms ? { finalTerms: true } : {}),
      });
      // The session's time rides along with normal saves, about once a minute (no timer).
      if (session.dueForSend()) void sendActivity();
    },

    recordAnswer(interaction: Interaction): void {
      if (finished) return;
      const learner = signedInLearner();
      if (!learner) return;
      // Only the first answer per question and cycle is kept (the queue ignores later ones).
      activity.addAnswer(
        learner,
        cycles.current ?? 1,
        queuedAnswer(interaction, contentVersion, optionLabel),
      );
      void sendActivity();
    },

    flush,

    // Both queues, this session's time included (the sign-out waits for them, decision 0141).
    sync: async () => {
      await Promise.all([progress.send(), sendActivity()]);
    },

    finish(): void {
      if (finished) return;
      flush();
      finished = true;
      events?.removeEventListener('online', onOnline);
      events?.removeEventListener('pagehide', onPageHide);
      visibility?.removeEventListener('visibilitychange', onVisibility);
    },

    onHealth: health.onHealth,
  };
}

interface StartParts {
  userId: string | null;
  cycle: number | null;
  store: ApiClient['store'];
  shape: CourseShape | undefined;
  progress: ProgressSender;
  activity: ActivityQueue;
  session: SessionTimer;
  sendActivity: () => Promise<void>;
}

/** The snapshot start() resolves with: the server's record, this device's cache and queue. */
function startFrom(
  user: CourseUser | null,
  stored: CourseUser | null,
  parts: StartParts,
): Snapshot {
  const { userId, cycle, store, progress, activity, session, sendActivity } = parts;
  const pending = progress.read();
  // Only this learner's changes of the current cycle (a device's old queue never completes a
  // new cycle, record 0126).
  const ours =
    pending && pending.userId === userId && (cycle === null || pendingCycle(pending) === cycle)
      ? pending
      : null;
  if (pending && !ours) progress.write(null);
  if (userId && cycle !== null) activity.keepOnly(userId, cycle);
  session.start();
  if (activity.hasPending()) void sendActivity();

  const serverScore = toNumber(user?.score);
  const sameCycle = cycle === null || (cycleOf(stored) ?? 1) === cycle;
  const localScore =
    stored && stored.id?.toString() === userId && sameCycle
      ? toNumber(safeGet(store, KEYS.score))
      : null;
  // Read against today's shape with the score stored beside the route: completed modules
  // survive a content update (decision 0076).
  const read = (route: string, score: number | null) =>
    parts.shape
      ? restoreProgress({ route, score }, parts.shape).viewed
      : decodeRouteLenient(route).viewed;
  let viewed: ModulesViewed | null =
    typeof user?.route === 'string' && user.route !== '' ? read(user.route, serverScore) : null;
  if (ours?.route) {
    const pendingViewed = read(ours.route, ours.score ?? null);
    viewed = viewed ? mergeViewed(viewed, pendingViewed) : pendingViewed;
  }
  if (ours) void progress.send();
  const bookmark =
    ours?.bookmark ??
    user?.current_location ??
    (sameCycle ? safeGet(store, KEYS.currentLocation) : null) ??
    null;
  progress.knownBookmark(user?.current_location ?? null);
  return {
    learner: learnerOf(user, null),
    score: highestScore(serverScore, localScore, ours?.score),
    viewed,
    bookmark,
  };
}
