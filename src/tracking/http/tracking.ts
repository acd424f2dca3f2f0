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
// The options and their defaults are in tracking-options.ts, the parts are wired to each other in
// adapter-parts.ts, the page's events are listened to in page-events.ts and start()'s snapshot is
// read in snapshot.ts; this file keeps the port's methods and this device's copy of each change.
import type { Interaction, ProgressChange, Snapshot, TrackingPort } from '../port.ts';
import { encodeRoute } from '../../domain/progress/route-codec.ts';
import type { Response } from '../../domain/registry/index.ts';
import { risingScore } from '../../domain/progress/engine.ts';
import type { ApiClient } from './api-client.ts';
import {
  KEYS,
  readUser,
  safeGet,
  safeSet,
  takeAnsweredUser,
  type KeyValueStore,
} from './storage.ts';
import type { QueuedAnswer } from './activity.ts';
import { ANSWER_LIMITS } from '../../domain/progress/activity-record.ts';
import { createHealth } from './retry.ts';
import type { Fold } from './progress-sender.ts';
import { cycleOf, toNumber } from './cycle-guard.ts';
import type { CourseUser, UserResponse } from './types.ts';
import { withDefaults, type HttpTrackingOptions } from './tracking-options.ts';
import { listenToPage } from './page-events.ts';
import { createAdapterParts } from './adapter-parts.ts';
import { startFrom } from './snapshot.ts';

export type { HttpTrackingOptions } from './tracking-options.ts';

/** The port, plus a sync the sign-out awaits (decision record 0141). */
export interface HttpTracking extends TrackingPort {
  /** Sends what is pending now; resolves once that attempt ended (accepted or failed). */
  sync(): Promise<void>;
}

export { randomUuid } from './uuid.ts';

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

/**
 * This device's copy of a change, written before anything is sent: the bookmark, and the score
 * when the rising score differs from the stored one.
 */
function saveLocally(store: KeyValueStore, change: ProgressChange): void {
  if (change.bookmark !== undefined) safeSet(store, KEYS.currentLocation, change.bookmark);
  if (change.score === undefined) return;
  const local = toNumber(safeGet(store, KEYS.score));
  const score = risingScore(local, change.score);
  if (score !== local) safeSet(store, KEYS.score, String(score));
}

/** A change as the progress sender folds it: only what the change has, its route encoded. */
function foldOf(userId: string, cycle: number | null, change: ProgressChange): Fold {
  const route = change.viewed !== undefined ? encodeRoute(change.viewed) : undefined;
  return {
    userId,
    cycle,
    ...(change.score !== undefined ? { score: change.score } : {}),
    ...(route !== undefined ? { route } : {}),
    ...(change.bookmark !== undefined ? { bookmark: change.bookmark } : {}),
    ...(change.finalTerms ? { finalTerms: true } : {}),
  };
}

/** The learner the server has (`me`), accepted as it arrives; null when offline or signed out. */
async function readMe(api: ApiClient, accept: (user: CourseUser) => void) {
  let user: CourseUser | null = null;
  try {
    const response = await api.post<UserResponse>('me', new FormData());
    if (response?.user) {
      user = response.user;
      accept(user);
    }
  } catch {
    // Offline or signed out: the handler ran; start from the local cache.
  }
  return user;
}

export function createHttpTracking(options: HttpTrackingOptions = {}): HttpTracking {
  const settings = withDefaults(options);
  const { api, store } = settings;
  const health = createHealth();
  let userId: string | null = readUser(store)?.id?.toString() ?? null;
  let finished = false;
  const parts = createAdapterParts(settings, health, () => userId);
  const { session, activity, acceptance, progress, cycles, sendActivity, flush } = parts;
  const stopListening = listenToPage(settings.events, settings.visibility, parts);

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
      cycles.current = cycleOf(stored);
      // A user the server answered in this page (sign-in, «Acepto») is as fresh as `me`'s.
      const answered = takeAnsweredUser(store);
      if (answered) parts.acceptUser(answered);
      const user = answered ?? (await readMe(api, parts.acceptUser)) ?? stored;
      userId = user?.id?.toString() ?? null;
      acceptance.retryNow();
      return startFrom(user, stored, {
        ...parts,
        userId,
        cycle: cycles.current,
        store,
        shape: options.shape,
      });
    },

    save(change: ProgressChange): void {
      if (finished) return;
      saveLocally(store, change);
      const learner = signedInLearner();
      if (!learner) return;
      progress.fold(foldOf(learner, cycles.current, change));
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
        queuedAnswer(interaction, settings.contentVersion, settings.optionLabel),
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
      stopListening();
    },

    onHealth: health.onHealth,
  };
}
