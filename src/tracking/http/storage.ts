// The local-storage keys (user, token, score, current_location; decisions 0011 and 0026) and the
// adapter's own queue, behind a tiny interface so tests (and private-mode browsers that throw on
// access) never break the course.
import type { CourseUser } from './types.ts';

export const KEYS = {
  user: 'user',
  token: 'token',
  score: 'score',
  currentLocation: 'current_location',
  /** Progress not yet accepted by the server (network failures), re-sent later. */
  pending: 'curso-sst:pending-update',
  /** Why the learner is on the sign-in page ('session-ended'), until they sign in again. */
  signInReason: 'curso-sst:sign-in-reason',
  /** First answers and session time not yet accepted by the server (record 0126). */
  activity: 'curso-sst:pending-activity',
  /**
   * Other learners' unsent queues on this shared device, by learner id, kept until each signs in
   * here again (decision 0157). Not a 'curso-sst:pending' key: it never blocks another learner's
   * sign-out, and no clearing of this device erases it.
   */
  parked: 'curso-sst:parked',
  /**
   * Every worker's «Acepto» not yet recorded by the server, and why one was refused, per learner
   * and cycle (record 0261). Like `parked`, no clearing of this device erases it: each waits
   * until its worker is signed in here again. Not a 'curso-sst:pending' key (it blocks no one's
   * sign-out).
   */
  acceptances: 'curso-sst:acceptances',
  /** 'invitacion' when the session came from an invitation: long-lived, asks «¿Eres …?» (0211). */
  sessionKind: 'curso-sst:session-kind',
} as const;

export interface KeyValueStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
  clear(): void;
}

const memory = new Map<string, string>();
const memoryStore: KeyValueStore = {
  getItem: (k) => memory.get(k) ?? null,
  setItem: (k, v) => void memory.set(k, v),
  removeItem: (k) => void memory.delete(k),
  clear: () => memory.clear(),
};

/** localStorage when usable, else an in-memory stand-in. */
export function defaultStore(): KeyValueStore {
  try {
    const ls = globalThis.localStorage;
    if (ls) {
      ls.getItem(KEYS.token);
      return ls;
    }
  } catch {
    // Storage disabled: fall through.
  }
  return memoryStore;
}

export function safeGet(store: KeyValueStore, key: string): string | null {
  try {
    return store.getItem(key);
  } catch {
    return null;
  }
}

export function safeSet(store: KeyValueStore, key: string, value: string): void {
  try {
    store.setItem(key, value);
  } catch {
    // Quota or disabled storage: the server still has the data.
  }
}

export function safeRemove(store: KeyValueStore, key: string): void {
  try {
    store.removeItem(key);
  } catch {
    // ignore
  }
}

/**
 * What no clearing erases: other learners' unsent progress (decision 0157) and every worker's
 * acceptance still to send, in the current layout and in the single slot of the old one (moved
 * on the next start, record 0261).
 */
const KEPT_ON_CLEAR = [KEYS.parked, KEYS.acceptances, 'curso-sst:pending-acceptance'];

/**
 * Clears this device of the learner (sign-out, another learner, a forced logout) but never of
 * another learner's unsent progress (decision 0157) nor of an acceptance not yet sent (0261).
 */
export function safeClear(store: KeyValueStore): void {
  const kept = KEPT_ON_CLEAR.map((key) => [key, safeGet(store, key)] as const);
  try {
    store.clear();
  } catch {
    // ignore
  }
  for (const [key, value] of kept) if (value) safeSet(store, key, value);
}

/** A learner's queues as stored: the raw progress and activity records. */
interface ParkedQueues {
  pending: string | null;
  activity: string | null;
}

const readParked = (store: KeyValueStore): Record<string, ParkedQueues> => {
  const all = readJson<Record<string, ParkedQueues>>(store, KEYS.parked);
  return all && typeof all === 'object' && !Array.isArray(all) ? all : {};
};

const writeParked = (store: KeyValueStore, all: Record<string, ParkedQueues>) => {
  if (Object.keys(all).length) safeSet(store, KEYS.parked, JSON.stringify(all));
  else safeRemove(store, KEYS.parked);
};

/**
 * Another learner signs in on this device: what `userId` has not sent yet is set aside for them
 * (decision 0157) before the device is cleared for the next learner.
 */
export function parkQueues(store: KeyValueStore, userId: string): void {
  if (!hasPending(store)) return;
  const all = readParked(store);
  all[userId] = { pending: safeGet(store, KEYS.pending), activity: safeGet(store, KEYS.activity) };
  writeParked(store, all);
}

/** `userId` signs in again here: their set-aside queues become the queues to send. */
export function unparkQueues(store: KeyValueStore, userId: string): void {
  const all = readParked(store);
  const mine = all[userId];
  if (!mine) return;
  if (mine.pending && !safeGet(store, KEYS.pending)) safeSet(store, KEYS.pending, mine.pending);
  if (mine.activity && !safeGet(store, KEYS.activity)) safeSet(store, KEYS.activity, mine.activity);
  delete all[userId];
  writeParked(store, all);
}

/**
 * Whether this device holds progress that someone must sign in again to send: set aside for
 * another learner, or left by a learner whose session the server ended.
 */
export function unsentProgressOnDevice(store: KeyValueStore): boolean {
  if (Object.keys(readParked(store)).length) return true;
  return !safeGet(store, KEYS.token) && readUser(store) !== null && hasPending(store);
}

export function readJson<T>(store: KeyValueStore, key: string): T | null {
  const raw = safeGet(store, key);
  if (!raw) return null;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return null;
  }
}

export function readUser(store: KeyValueStore): CourseUser | null {
  const user = readJson<CourseUser>(store, KEYS.user);
  return user && typeof user === 'object' && user.id !== undefined && user.id !== null
    ? user
    : null;
}

/**
 * Whether anything of the learner's is still waiting to reach the server: every queue of this
 * adapter lives under a key starting with 'curso-sst:pending' (decision record 0141).
 */
export function hasPending(store: KeyValueStore): boolean {
  try {
    if (safeGet(store, KEYS.pending)) return true;
    const ls = store as Partial<Storage>;
    if (typeof ls.length !== 'number' || typeof ls.key !== 'function') return false;
    for (let i = 0; i < ls.length; i++) {
      const key = ls.key(i);
      if (!key?.startsWith('curso-sst:pending') || !safeGet(store, key)) continue;
      if (key === KEYS.activity) {
        // The activity record also remembers which answers were already sent: only answers or
        // session time still to send count as pending.
        const r = readJson<{ answers?: unknown[]; sessions?: unknown[] }>(store, key);
        if (!r || typeof r !== 'object') continue;
        if ((r.answers?.length ?? 0) > 0 || (r.sessions?.length ?? 0) > 0) return true;
        continue;
      }
      return true;
    }
  } catch {
    // Unreadable storage holds nothing we could send.
  }
  return false;
}

export const storeUser = (store: KeyValueStore, user: CourseUser) =>
  safeSet(store, KEYS.user, JSON.stringify(user));

/**
 * The user the server has just answered in this page (sign-in, invitation, «Acepto»; record
 * 0275), for the start of the course, which then needs no `me` of its own: the same user, one
 * round trip fewer. In memory only, bound to the session's token, taken once.
 */
const answered = new WeakMap<KeyValueStore, { token: string; user: CourseUser }>();

export function rememberAnsweredUser(store: KeyValueStore, user: CourseUser): void {
  const token = safeGet(store, KEYS.token);
  if (token) answered.set(store, { token, user });
}

/** The user answered in this page for the session still stored, once; null otherwise. */
export function takeAnsweredUser(store: KeyValueStore): CourseUser | null {
  const kept = answered.get(store);
  answered.delete(store);
  return kept && kept.token === safeGet(store, KEYS.token) ? kept.user : null;
}
