// The parts the HTTP adapter (tracking.ts) is composed of (record 0208), wired to each other: the
// session timer, the activity queue, the acceptance queue, the progress sender and the cycle
// guard, all reporting to one health notice; and what the adapter does with them together
// (accept a user from the server, send the activity with this session's time, flush).
import { KEYS, safeGet, safeRemove, safeSet, storeUser, type KeyValueStore } from './storage.ts';
import { createActivityQueue, type ActivityQueue } from './activity.ts';
import { createAcceptanceQueue, type AcceptanceQueue } from './acceptance.ts';
import type { createHealth } from './retry.ts';
import { createSessionTimer, type SessionTimer } from './session-timer.ts';
import { createProgressSender, type ProgressSender } from './progress-sender.ts';
import { createCycleGuard, toNumber, type CycleGuard } from './cycle-guard.ts';
import { newCycleSnapshot } from './snapshot.ts';
import type { HttpTrackingSettings } from './tracking-options.ts';
import type { CourseUser } from './types.ts';

/**
 * Creates the parts; `userId` is who is signed in now (the adapter learns it on start() and on
 * the first save after signing in).
 */
export function createAdapterParts(
  settings: HttpTrackingSettings,
  health: ReturnType<typeof createHealth>,
  userId: () => string | null,
) {
  const { api, store, delays, now } = settings;
  const session = createSessionTimer({
    visibility: settings.visibility,
    now,
    ...(settings.newSessionId ? { newSessionId: settings.newSessionId } : {}),
  });
  const activity = createActivityQueue({
    api,
    store,
    delays,
    onFailing: (failing) => health.set('activity', failing),
    onStaleCycle: (current) => void cycles.change(current),
  });
  // The learner's «Acepto» (decision 0220): its own small queue, with this page's session; it
  // goes once the server has the progress that completes the course (record 0261).
  const acceptance = createAcceptanceQueue({
    api,
    store,
    delays,
    now,
    completionPending: () => progress.completionPending(),
    identity: () => {
      const id = userId();
      return id && session.id
        ? { userId: id, cycle: cycles.current ?? 1, sessionId: session.id }
        : null;
    },
  });
  const progress = createProgressSender({
    api,
    delays,
    current: () => ({ userId: userId(), cycle: cycles.current }),
    onFailing: (failing) => health.set('progress', failing),
    onUser: (user) => acceptUser(user),
    onStaleCycle: (current) => void cycles.change(current),
  });
  const cycles = createCycleGuard({
    api,
    forget: (current) => {
      progress.forget(current);
      const id = userId();
      if (id && current !== null) activity.keepOnly(id, current);
      else safeRemove(store, KEYS.activity);
      session.resetNotes();
    },
    keepOnly: (cycle) => activity.keepOnly(userId() ?? '', cycle),
    accept: (user) => acceptUser(user),
    changed: (fresh) => settings.onCycleChange?.(newCycleSnapshot(fresh, userId())),
  });

  /** A user from the server: its cycle, its cached copy and score, what the server now has. */
  function acceptUser(user: CourseUser) {
    cycles.observe(user);
    storeUser(store, user);
    const score = toNumber(user.score);
    if (score !== null) safeSet(store, KEYS.score, String(score));
    progress.known(user, score);
    settings.onUser?.(user);
    acceptance.progressAcknowledged();
  }

  const parts = { session, activity, acceptance, progress, cycles, acceptUser };
  return { ...parts, ...sendsOf(parts, store, userId) };
}

interface SendingParts {
  session: SessionTimer;
  activity: ActivityQueue;
  acceptance: AcceptanceQueue;
  progress: ProgressSender;
  cycles: CycleGuard;
}

/**
 * What the adapter sends with the parts together: the activity queue with this session's time,
 * everything pending when the page goes (flush), every queue again when the network is back.
 */
function sendsOf(
  { session, activity, acceptance, progress, cycles }: SendingParts,
  store: KeyValueStore,
  userId: () => string | null,
) {
  /** Writes this session's seconds into the activity queue when they grew. */
  const noteSession = () => {
    // Signed out on this device (the token is gone): nothing more of that learner is written —
    // the page leaving right after «Cerrar sesión» must not put their session back (record 0141).
    const id = userId();
    if (!session.started || !id || !safeGet(store, KEYS.token)) return;
    const note = session.noteIfGrown();
    if (note) activity.noteSession(id, cycles.current ?? 1, note);
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

  /** The network is back: every queue tries again now. */
  const retryNow = () => {
    progress.retryNow();
    activity.retryNow();
    acceptance.retryNow();
  };
  return { sendActivity, flush, retryNow };
}

export type AdapterParts = ReturnType<typeof createAdapterParts>;
