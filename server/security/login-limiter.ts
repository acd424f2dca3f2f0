// Failed sign-ins per account (document or correo). After `max` failures within `windowMs`
// the account answers 429 without checking the password, which stops password guessing
// against one learner even from many addresses. Per-address limits are @fastify/rate-limit's.
// In memory: a restart forgets the counts, which is acceptable for a single-process server.
export class LoginLimiter {
  private readonly failures = new Map<string, { count: number; resetAt: number }>();

  constructor(
    private readonly max: number,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  isBlocked(key: string): boolean {
    const entry = this.failures.get(key);
    if (!entry) return false;
    if (entry.resetAt <= this.now()) {
      this.failures.delete(key);
      return false;
    }
    return entry.count >= this.max;
  }

  fail(key: string): void {
    const now = this.now();
    const entry = this.failures.get(key);
    if (!entry || entry.resetAt <= now)
      this.failures.set(key, { count: 1, resetAt: now + this.windowMs });
    else entry.count++;
    // Keep memory bounded under a flood of made-up documents.
    if (this.failures.size > 50_000) {
      for (const [k, v] of this.failures) if (v.resetAt <= now) this.failures.delete(k);
    }
  }

  succeed(key: string): void {
    this.failures.delete(key);
  }
}
