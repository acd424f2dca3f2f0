// The retry and health rules every HTTP sender shares (decisions 0026, 0101, 0126, 0141): what a
// failed request means, the backoff between attempts, and one health notice for all senders.
import { ApiError } from './api-client.ts';
import type { TrackingHealth } from '../port.ts';

/** Why a sender is failing: no answer at all ('offline') or the server answering with an error. */
export type Failing = false | 'offline' | 'retrying';

/** What a failed request means to the sender that made it. */
export type Failure =
  /** 409 stale-cycle: the cycle it belongs to was archived; drop it for good (record 0126). */
  | { kind: 'stale-cycle'; cycle: number | null }
  /** 401/403: the session ended; keep it for this learner until they are back (record 0101). */
  | { kind: 'signed-out' }
  /** 400/413/422: the server refused the data itself; sending it again would fail the same way. */
  | { kind: 'refused' }
  /** Network down, or the server failing (404, 419, 429, 5xx): keep it, say so, retry. */
  | { kind: 'retry'; failing: 'offline' | 'retrying' };

/** 409 { code: 'stale-cycle', cycle } from update-user or record-activity (decision 0111). */
export function staleCycleOf(error: unknown): { cycle: number | null } | null {
  if (!(error instanceof ApiError) || error.status !== 409) return null;
  const body = error.body as { code?: unknown; cycle?: unknown } | null;
  if (body?.code !== 'stale-cycle') return null;
  return { cycle: typeof body.cycle === 'number' ? body.cycle : null };
}

export function classifyFailure(error: unknown): Failure {
  const stale = staleCycleOf(error);
  if (stale) return { kind: 'stale-cycle', cycle: stale.cycle };
  const status = error instanceof ApiError ? error.status : 0;
  if (status === 401 || status === 403) return { kind: 'signed-out' };
  if (status === 400 || status === 413 || status === 422) return { kind: 'refused' };
  // No answer at all is «sin conexión», not a failing server (record 0141).
  return { kind: 'retry', failing: status === 0 ? 'offline' : 'retrying' };
}

export const DEFAULT_RETRY_DELAYS = [1_000, 2_000, 5_000, 10_000, 30_000, 60_000];

/** Backoff between attempts: the delays in turn, the last one repeating. */
export interface Backoff {
  /** Runs `retry` after the next delay (replacing a scheduled one). */
  schedule(): void;
  clear(): void;
  /** After a success or a fresh start: the next failure waits the first delay again. */
  reset(): void;
  readonly scheduled: boolean;
}

export function createBackoff(delays: readonly number[], retry: () => void): Backoff {
  let timer: ReturnType<typeof setTimeout> | null = null;
  let attempt = 0;
  const clear = () => {
    if (timer) clearTimeout(timer);
    timer = null;
  };
  return {
    schedule() {
      clear();
      const delay = delays[Math.min(attempt, delays.length - 1)]!;
      attempt++;
      timer = setTimeout(retry, delay);
    },
    clear,
    reset() {
      attempt = 0;
    },
    get scheduled() {
      return timer !== null;
    },
  };
}

/**
 * One health notice for several senders: 'retrying' while any gets errors from the server, else
 * 'offline' while any gets no answer, else 'ok' (record 0141).
 */
export function createHealth() {
  const listeners = new Set<(health: TrackingHealth) => void>();
  const failing = new Map<string, Failing>();
  let health: TrackingHealth = 'ok';
  return {
    /** Reports one sender's state; listeners hear only real changes of the overall health. */
    set(sender: string, state: Failing) {
      failing.set(sender, state);
      const kinds = [...failing.values()];
      const next: TrackingHealth = kinds.includes('retrying')
        ? 'retrying'
        : kinds.includes('offline')
          ? 'offline'
          : 'ok';
      if (next === health) return;
      health = next;
      listeners.forEach((l) => l(next));
    },
    onHealth(listener: (health: TrackingHealth) => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
