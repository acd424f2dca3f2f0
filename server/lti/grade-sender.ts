// The sender of LMS grades (record 0297): works through the targets whose wanted score is above
// the one the platform acknowledged (grades.ts), one company at a time on that company's handle
// and with that company's registrations. Per target: an access token (client-credentials.ts),
// then POST <line item>/scores. Success records the score sent (it never goes down); a failure
// — no answer, a 5xx, a 429, and also any other 4xx — records the error and waits 30 s, doubling
// up to an hour, before the target is tried again; nothing is dropped. A 4xx is not final
// because what it usually says (line item deleted, learner not yet enrolled, scope missing) is
// set right by the LMS admin, and the grade should then arrive without anyone acting here. A 401
// drops the cached token and tries once more at once with a new one.
//
// Claiming a batch moves its next attempt a lease ahead in the same statement (FOR UPDATE SKIP
// LOCKED), so two server instances never send one target at once, and a target whose sender died
// is due again when the lease ends. Times come from an injected clock.
import type { FastifyInstance } from 'fastify';
import type { Db, Queryable } from '../db/db.ts';
import { acrossCompanies, companyDb, forCompanyOf } from '../db/company-scope.ts';
import { JobLoop } from '../console/job-loop.ts';
import { systemClock, type JobClock } from '../console/import-worker.ts';
import { registrationById, type Registration } from './registrations.ts';
import {
  AccessTokens,
  describe,
  TokenRequestError,
  type FetchLike,
  type SignClientAssertion,
} from './client-credentials.ts';

export const SCORE_CONTENT_TYPE = 'application/vnd.ims.lis.v1.score+json';
/** The first wait after a failure; it doubles per further failure up to MAX_BACKOFF_MS. */
export const FIRST_BACKOFF_MS = 30_000;
export const MAX_BACKOFF_MS = 3_600_000;
/** How long a claimed target is held by its sender (longer than a token request and a POST). */
export const LEASE_MS = 120_000;
/** Targets claimed at once. */
const BATCH = 50;
/** Longest a score POST may take. */
const SCORE_TIMEOUT_MS = 20_000;
/** How often a server looks for due targets (failures whose wait ended, another instance's). */
export const POLL_MS = 15_000;

/** The wait before the next attempt after the `attempts`-th failure in a row (1, 2, …). */
export const backoffMs = (attempts: number): number =>
  Math.min(MAX_BACKOFF_MS, FIRST_BACKOFF_MS * 2 ** Math.max(0, Math.min(attempts - 1, 20)));

/** What sending needs; `tokens` outlives one run (the token cache). */
export interface SendDeps {
  /** One company's handle. */
  db: Queryable;
  tokens: AccessTokens;
  fetch: FetchLike;
  /** Milliseconds since the epoch. */
  now: () => number;
}

interface ClaimedTarget {
  id: number;
  registration_id: number;
  lineitem_url: string;
  wanted_score: number;
  attempts: number;
  sub: string;
}

export interface SendResult {
  sent: number;
  failed: number;
}

const iso = (ms: number) => new Date(ms).toISOString();

/** A due target: a score the platform has not acknowledged, its wait over, a live registration. */
const DUE = `wanted_score > COALESCE(sent_score, -1)
  AND (next_attempt_at IS NULL OR next_attempt_at <= $1::timestamptz)
  AND EXISTS (SELECT 1 FROM lti_registrations r
               WHERE r.id = registration_id AND r.revoked_at IS NULL)`;

/** `<line item>/scores`, the path extended before the query string (AGS). */
export function scoresUrl(lineitemUrl: string): string {
  const url = new URL(lineitemUrl);
  url.pathname = url.pathname.replace(/\/*$/, '') + '/scores';
  return url.toString();
}

/** The AGS score of a grade (0–100). */
export function scoreBody(sub: string, score: number, timestampMs: number) {
  const complete = score === 100;
  return {
    userId: sub,
    scoreGiven: score,
    scoreMaximum: 100,
    activityProgress: complete ? 'Completed' : 'InProgress',
    gradingProgress: complete ? 'FullyGraded' : 'Pending',
    timestamp: iso(timestampMs),
  };
}

async function claim(db: Queryable, now: number): Promise<ClaimedTarget[]> {
  const rows = await db.query<ClaimedTarget>(
    `UPDATE lti_grade_targets g SET next_attempt_at = $2::timestamptz
      WHERE g.id IN (SELECT id FROM lti_grade_targets WHERE ${DUE}
                      ORDER BY id LIMIT ${BATCH} FOR UPDATE SKIP LOCKED)
      RETURNING g.id, g.registration_id, g.lineitem_url, g.wanted_score, g.attempts,
                (SELECT u.sub FROM lti_users u WHERE u.id = g.lti_user_id) AS sub`,
    [iso(now), iso(now + LEASE_MS)],
  );
  return rows.map((r) => ({
    ...r,
    id: Number(r.id),
    registration_id: Number(r.registration_id),
    wanted_score: Number(r.wanted_score),
    attempts: Number(r.attempts),
  }));
}

/** One POST of a score with a token; the platform's status, or 0 with no answer. */
async function postScore(
  deps: SendDeps,
  target: ClaimedTarget,
  token: string,
): Promise<{ status: number; detail: string }> {
  try {
    const response = await deps.fetch(scoresUrl(target.lineitem_url), {
      method: 'POST',
      headers: { 'content-type': SCORE_CONTENT_TYPE, authorization: `Bearer ${token}` },
      body: JSON.stringify(scoreBody(target.sub, target.wanted_score, deps.now())),
      signal: AbortSignal.timeout(SCORE_TIMEOUT_MS),
    });
    const text = await response.text().catch(() => '');
    return { status: response.status, detail: text.slice(0, 200) };
  } catch (error) {
    return { status: 0, detail: describe(error) };
  }
}

/** Sends one claimed target; the error to record, or null when the platform took the score. */
async function sendOne(
  deps: SendDeps,
  registration: Registration,
  target: ClaimedTarget,
): Promise<string | null> {
  let answer = await postScore(deps, target, await deps.tokens.get(registration));
  if (answer.status === 401) {
    // The token expired early or was revoked: a new one, once, at once.
    deps.tokens.drop(registration.id);
    answer = await postScore(deps, target, await deps.tokens.get(registration));
  }
  if (answer.status >= 200 && answer.status < 300) return null;
  return answer.status === 0
    ? `score POST failed: ${answer.detail}`
    : `score POST answered ${answer.status}: ${answer.detail}`;
}

async function succeeded(deps: SendDeps, target: ClaimedTarget): Promise<void> {
  // A score risen while this one was on its way keeps the target due (wanted > sent).
  await deps.db.query(
    `UPDATE lti_grade_targets
        SET sent_score = GREATEST(sent_score, $2::integer), sent_at = $3::timestamptz,
            attempts = 0, next_attempt_at = NULL, last_error = NULL
      WHERE id = $1`,
    [target.id, target.wanted_score, iso(deps.now())],
  );
}

async function failed(deps: SendDeps, target: ClaimedTarget, error: string): Promise<void> {
  const attempts = target.attempts + 1;
  await deps.db.query(
    `UPDATE lti_grade_targets SET attempts = $2, next_attempt_at = $3::timestamptz, last_error = $4
      WHERE id = $1`,
    [target.id, attempts, iso(deps.now() + backoffMs(attempts)), error],
  );
}

/**
 * Sends every due target of the company `deps.db` acts for, batch after batch, until none is due.
 * A registration whose token request failed is not asked again in the same run.
 */
export async function sendDueGrades(deps: SendDeps): Promise<SendResult> {
  const result: SendResult = { sent: 0, failed: 0 };
  const registrations = new Map<number, Registration | null>();
  const tokenFailures = new Map<number, string>();
  for (;;) {
    const batch = await claim(deps.db, deps.now());
    if (batch.length === 0) return result;
    for (const target of batch) {
      let registration = registrations.get(target.registration_id);
      if (registration === undefined) {
        registration = await registrationById(deps.db, target.registration_id);
        registrations.set(target.registration_id, registration);
      }
      let error = tokenFailures.get(target.registration_id) ?? null;
      if (!registration) error = 'registration missing';
      else if (error === null)
        try {
          error = await sendOne(deps, registration, target);
        } catch (e) {
          error = describe(e);
          if (e instanceof TokenRequestError) tokenFailures.set(target.registration_id, error);
        }
      if (error === null) {
        await succeeded(deps, target);
        result.sent++;
      } else {
        await failed(deps, target, error);
        result.failed++;
      }
    }
  }
}

/** The companies that have a due target now (across the wall: the queue is the installation's). */
export async function companiesWithDueGrades(db: Queryable, now: number): Promise<number[]> {
  const rows = await acrossCompanies(db).query<{ company_id: number }>(
    `SELECT DISTINCT company_id FROM lti_grade_targets WHERE ${DUE} ORDER BY company_id`,
    [iso(now)],
  );
  return rows.map((r) => Number(r.company_id));
}

export interface GradeSenderOptions {
  signClientAssertion: SignClientAssertion;
  /** Default the global fetch. */
  fetch?: FetchLike;
  /** Default the system clock; tests pass one they move by hand. */
  clock?: JobClock;
  /** How often it looks for due targets by itself; 0: only when woken. Default POLL_MS. */
  pollMs?: number;
  log?: (error: unknown) => void;
}

/**
 * The grade sender of one server instance: on the console's job loop (job-loop.ts), each job a
 * company with due targets. `wake()` after a risen score, at start and on the poll.
 */
export class GradeSender {
  private readonly loop: JobLoop<number>;
  private pending: number[] | null = null;
  readonly tokens: AccessTokens;

  constructor(db: Db | Queryable, options: GradeSenderOptions) {
    const clock = options.clock ?? systemClock;
    const fetch: FetchLike = options.fetch ?? ((url, init) => globalThis.fetch(url, init));
    const now = () => clock.now();
    const log = options.log ?? (() => undefined);
    this.tokens = new AccessTokens({ sign: options.signClientAssertion, fetch, now });
    this.loop = new JobLoop<number>(
      {
        // The companies due when this pass began, one after the other; then a fresh look.
        claim: async () => {
          this.pending ??= await companiesWithDueGrades(db, now());
          const next = this.pending.shift();
          if (next === undefined) this.pending = null;
          return next ?? null;
        },
        run: async (company) => {
          await sendDueGrades({ db: forCompanyOf(db, company), tokens: this.tokens, fetch, now });
        },
        log,
      },
      { clock, ms: options.pollMs ?? POLL_MS },
    );
  }

  /** Sends every due target; resolves when none is left (tests await it). */
  wake(): Promise<void> {
    return this.loop.wake();
  }

  stop(): Promise<void> {
    return this.loop.stop();
  }
}

const senders = new WeakMap<object, GradeSender>();
/** The grade sender serving a database in this process, if one runs (a risen score wakes it). */
export const gradeSenderFor = (db: Db): GradeSender | undefined => senders.get(companyDb(db));

/**
 * Starts the grade sender with the server: it sends what was pending at once (a queue a stopped
 * server left), polls, and stops when the server closes.
 */
export function startGradeSender(
  app: FastifyInstance,
  db: Db,
  options: GradeSenderOptions,
): GradeSender {
  const handle = companyDb(db);
  const sender = new GradeSender(handle, {
    log: (error) => app.log.error({ err: error }, 'LTI grade sender failed'),
    ...options,
  });
  senders.set(handle, sender);
  app.addHook('onClose', async () => {
    await sender.stop();
    if (senders.get(handle) === sender) senders.delete(handle);
  });
  void sender.wake();
  return sender;
}
