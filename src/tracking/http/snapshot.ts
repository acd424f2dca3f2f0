// The snapshots the HTTP adapter (tracking.ts) gives the course: start()'s, read from the
// server's record, this device's cache and its queue; and a new induction cycle's (record 0126).
import type { Snapshot } from '../port.ts';
import { decodeRouteLenient, type ModulesViewed } from '../../domain/progress/route-codec.ts';
import { highestScore, mergeViewed, type CourseShape } from '../../domain/progress/engine.ts';
import { restoreProgress } from '../../domain/progress/carry-over.ts';
import type { ApiClient } from './api-client.ts';
import { KEYS, safeGet } from './storage.ts';
import type { ActivityQueue } from './activity.ts';
import type { SessionTimer } from './session-timer.ts';
import { pendingCycle, type ProgressSender } from './progress-sender.ts';
import { cycleOf, toNumber } from './cycle-guard.ts';
import type { CourseUser } from './types.ts';

const learnerOf = (user: CourseUser | null, fallbackId: string | null) => ({
  id: user?.id?.toString() ?? fallbackId,
  name: user?.name ?? null,
  document: user?.document ?? null,
  urlCertificate: user?.url_certificate ?? null,
  obra: user?.obra ?? null,
  acceptanceStatement: user?.acceptanceStatement ?? null,
});

/** A new cycle's snapshot: the learner the server returned (or the one signed in), a fresh course. */
export const newCycleSnapshot = (fresh: CourseUser | null, userId: string | null): Snapshot => ({
  learner: learnerOf(fresh, userId),
  score: toNumber(fresh?.score) ?? 0,
  viewed: null,
  bookmark: null,
});

export interface StartParts {
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
export function startFrom(
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
