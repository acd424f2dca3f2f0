// One sign-in budget per account (docs/decisions/0053-login-budget-and-lockout.md): failures are
// counted per learner — document and correo together — or per identifier when no such learner
// exists. After `max` failures in a row the account waits a short delay before the next try
// (30 s, doubling with each further failure, at most 5 min); during the delay sign-in answers
// 429 without checking the password. After it, the right password signs in and clears the
// count, so a stranger who knows a document can slow its owner down, not lock them out for
// long. Counts are forgotten `forgetMs` after the last failure. Per-address limits are
// @fastify/rate-limit's. The server keeps the budget in the database (`DbLoginLimiter`, decision
// 0233), so instances behind a proxy share one budget and a restart forgets nothing;
// `LoginLimiter` keeps it in memory (unit tests of the rule itself).
import { createHash } from 'node:crypto';
import { requestCompanyScope } from '../db/company-scope.ts';
import { FIRST_COMPANY_ID } from '../db/company-store.ts';
import type { Queryable } from '../db/db.ts';

/** What the sign-in routes ask of a budget. */
export interface SignInBudget {
  readonly max: number;
  waitMs(key: string): number | Promise<number>;
  fail(key: string): void | Promise<void>;
  succeed(key: string): void | Promise<void>;
}
export interface LoginLimiterOptions {
  max?: number;
  baseDelayMs?: number;
  maxDelayMs?: number;
  forgetMs?: number;
  now?: () => number;
}

export class LoginLimiter implements SignInBudget {
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

/**
 * The same rule in the database (migration 041, table `sign_in_failures`), timed by the
 * database's clock so every instance agrees (decision 0233). Keys are stored as sha256: a
 * document number typed by a stranger is not kept in clear. Each failure is one atomic upsert.
 */
export class DbLoginLimiter implements SignInBudget {
  readonly max: number;
  private readonly baseDelayMs: number;
  private readonly maxDelayMs: number;
  private readonly forgetMs: number;

  constructor(
    private readonly db: Queryable,
    options: Omit<LoginLimiterOptions, 'now'> = {},
  ) {
    this.max = options.max ?? 5;
    this.baseDelayMs = options.baseDelayMs ?? 30_000;
    this.maxDelayMs = options.maxDelayMs ?? 5 * 60_000;
    this.forgetMs = options.forgetMs ?? 15 * 60_000;
  }

  /**
   * The stored key names the request's company (record 0282: one `key_hash` across the
   * installation, the company in what is hashed), so a document that no company knows, typed at
   * two companies' addresses, is two budgets — two rows, each behind its own company's wall.
   * Company 1's keys are hashed as before the companies.
   */
  private static hash(key: string) {
    const company = requestCompanyScope();
    const named = company === null || company === FIRST_COMPANY_ID ? key : `${company}|${key}`;
    return createHash('sha256').update(named, 'utf8').digest('hex');
  }

  async waitMs(key: string): Promise<number> {
    const [row] = await this.db.query<{ wait: number | string | null }>(
      `SELECT CASE WHEN last_at <= now() - ($2::double precision * interval '1 millisecond') THEN 0
                   ELSE greatest(0, ceil(extract(epoch FROM (until - now())) * 1000)) END AS wait
         FROM sign_in_failures WHERE key_hash = $1`,
      [DbLoginLimiter.hash(key), this.forgetMs],
    );
    return Number(row?.wait ?? 0);
  }

  async fail(key: string): Promise<void> {
    // count: +1 within the window, else 1; until: from the max-th failure on, a wait doubling
    // per further failure, capped (as LoginLimiter.fail).
    const count = `(CASE WHEN f.last_at > now() - ($5::double precision * interval '1 millisecond')
                         THEN f.count + 1 ELSE 1 END)`;
    const until = (n: string) =>
      `(CASE WHEN ${n} >= $2 THEN now() + (least($4::double precision,
          $3::double precision * power(2, least(${n} - $2, 20))) * interval '1 millisecond') END)`;
    await this.db.query(
      `INSERT INTO sign_in_failures AS f (key_hash, count, last_at, until)
       VALUES ($1, 1, now(), ${until('1')})
       ON CONFLICT (key_hash) DO UPDATE
         SET count = ${count}, last_at = now(), until = ${until(count)}`,
      [DbLoginLimiter.hash(key), this.max, this.baseDelayMs, this.maxDelayMs, this.forgetMs],
    );
    // Bounded under a flood of made-up documents: forgotten rows go.
    await this.db.query(
      `DELETE FROM sign_in_failures
        WHERE last_at < now() - ($1::double precision * interval '1 millisecond')`,
      [this.forgetMs],
    );
  }

  async succeed(key: string): Promise<void> {
    await this.db.query('DELETE FROM sign_in_failures WHERE key_hash = $1', [
      DbLoginLimiter.hash(key),
    ]);
  }
}
