// The learner's induction cycle as the HTTP adapter knows it (decision record 0126): every save
// and activity batch carries it; when the server says another cycle is current (a newer cycle
// in a returned user, or 409 stale-cycle) nothing of the old one may reach the server — it could
// complete the new cycle — nor count here.
import type { ApiClient } from './api-client.ts';
import { KEYS, readUser, safeRemove, storeUser } from './storage.ts';
import type { CourseUser, UserResponse } from './types.ts';

export const toNumber = (value: unknown): number | null => {
  const n =
    typeof value === 'number'
      ? value
      : typeof value === 'string' && value !== ''
        ? Number(value)
        : NaN;
  return Number.isFinite(n) ? n : null;
};

/** The cycle of a user the server returned; null when the server does not say (older server). */
export const cycleOf = (user: CourseUser | null | undefined): number | null => {
  const n = toNumber(user?.cycle);
  return n !== null && Number.isInteger(n) && n >= 1 ? n : null;
};

export interface CycleGuardOptions {
  api: ApiClient;
  /** Drops what belongs to another cycle than `current` (queues, what was known sent). */
  forget: (current: number | null) => void;
  /** Keeps the activity queue of this learner and cycle only. */
  keepOnly: (cycle: number) => void;
  /** A user the server returned: store it and take its score (the adapter's acceptUser). */
  accept: (user: CourseUser) => void;
  /** After a change of cycle: the new cycle's user (or the stored one when offline). */
  changed: (user: CourseUser | null) => void;
}

export function createCycleGuard(options: CycleGuardOptions) {
  const store = options.api.store;
  /** The learner's current cycle; null when the server does not say (nothing is sent then). */
  let cycle: number | null = cycleOf(readUser(store));
  let changing = false;

  /** Another cycle is current: the queues, the cached score and bookmark go. */
  const forgetCycle = (current: number | null) => {
    options.forget(current);
    safeRemove(store, KEYS.score);
    safeRemove(store, KEYS.currentLocation);
  };

  /** The cycle the server has stored as the learner's when the 409 came without a user. */
  const storeFreshCycle = (current: number | null) => {
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
  };

  return {
    get current() {
      return cycle;
    },
    set current(next: number | null) {
      cycle = next;
    },
    /** A user from the server: a newer cycle than ours drops the old one first. */
    observe(user: CourseUser) {
      const next = cycleOf(user);
      // A user stored before cycles existed was in cycle 1 (record 0126).
      if (next !== null && next !== (cycle ?? 1)) forgetCycle(next);
      if (next !== null) cycle = next;
    },
    /** 409 stale-cycle: drop the old cycle's data, re-read `me`, go on with the new cycle. */
    async change(current: number | null) {
      if (changing) return;
      changing = true;
      try {
        forgetCycle(current);
        let user: CourseUser | null = null;
        try {
          user = (await options.api.post<UserResponse>('me', new FormData()))?.user ?? null;
        } catch {
          // Offline or refused: the 409 said which cycle is current.
        }
        if (user) options.accept(user);
        else storeFreshCycle(current);
        if (cycle !== null) options.keepOnly(cycle);
        options.changed(user ?? readUser(store));
      } finally {
        changing = false;
      }
    },
  };
}

export type CycleGuard = ReturnType<typeof createCycleGuard>;
