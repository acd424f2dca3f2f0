// One sign-in budget per account (docs/decisions/0053-login-budget-and-lockout.md): failures are
// counted per learner — document and correo together — or per identifier when no such learner
// exists. After `max` failures in a row the account waits a short delay before the next try
// (30 s, doubling with each further failure, at most 5 min); during the delay sign-in answers
// 429 without checking the password. After it, the right password signs in and clears the
// count, so a stranger who knows a document can slow its owner down, not lock them out for
// long. Counts are forgotten `forgetMs` after the last failure. Per-address limits are
// @fastify/rate-limit's. In memory: a restart forgets, acceptable for a single-process server.
export interface LoginLimiterOptions {
  max?: number;
  baseDelayMs?: number;
  maxDelayMs?: number;
  forgetMs?: number;
  now?: () => number;
}

export class LoginLimiter {
  private readonly failures = new Map<string, { count: number; lastAt: number; until: number }>();
  readonly max: number;
  private readonly baseDelayMs: number;
  private readonly maxDelayMs: number;
  private readonly forgetMs: number;
  private readonly now: () => number;

  constructor(options: LoginLimiterOptions = {}) {
    this.max = options.max ?? 5;
    this.baseDelayMs = options.baseDelayMs ?? 30_000;
    this.maxDelayMs = options.maxDelayMs ?? 5 * 60_000;
    this.forgetMs = options.forgetMs ?? 15 * 60_000;
    this.now = options.now ?? Date.now;
  }

  /** Milliseconds before this account may try again; 0 when it may try now. */
  waitMs(key: string): number {
    const entry = this.failures.get(key);
    if (!entry) return 0;
    const now = this.now();
    if (now - entry.lastAt >= this.forgetMs) {
      this.failures.delete(key);
      return 0;
    }
    return Math.max(0, entry.until - now);
  }

  fail(key: string): void {
    const now = this.now();
    const entry = this.failures.get(key);
    const count = entry && now - entry.lastAt < this.forgetMs ? entry.count + 1 : 1;
    const over = count - this.max;
    const until =
      over >= 0 ? now + Math.min(this.maxDelayMs, this.baseDelayMs * 2 ** Math.min(over, 20)) : 0;
    this.failures.set(key, { count, lastAt: now, until });
    // Keep memory bounded under a flood of made-up documents.
    if (this.failures.size > 50_000) {
      for (const [k, v] of this.failures)
        if (now - v.lastAt >= this.forgetMs) this.failures.delete(k);
    }
  }

  succeed(key: string): void {
    this.failures.delete(key);
  }
}
