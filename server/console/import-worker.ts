// Running the stored import jobs (decision 0216): a job is claimed with one conditional UPDATE
// (state 'pendiente' → 'en-curso', FOR UPDATE SKIP LOCKED), so each job runs exactly once even
// when two server instances share one PostgreSQL; a claim is a lease, and a job whose worker died
// is claimed again (decision 0238), by an instance busy with another job too (record 0266). The
// lease's times come from an injectable clock, so tests move time instead of waiting. The job's
// record (submitting, reading, applying a
// re-import's changes) is in import-jobs.ts.
import type { Db, Queryable } from '../db/db.ts';
import type { ImportRow } from '../cli/csv-import.ts';
import { importUsers, type ImportSummary, type KnownObras } from '../cli/users.ts';
import type { Actor } from './audit.ts';
import type { FieldChange, ImportResult, RegisteredRow, Updatable } from './import-jobs.ts';
import { esImport as T } from './strings/es-import.ts';
import { JobLoop, newWorkerId } from './job-loop.ts';
import {
  acrossCompanies,
  companyDb,
  forCompanyOf,
  withRequestCompany,
} from '../db/company-scope.ts';

type Row = Record<string, unknown>;

/**
 * How long a claim lasts without a heartbeat (decisions 0238, 0266). A running job renews it
 * every LEASE_MS / 5 (10 s); one whose heartbeat is older belongs to a worker that died (server
 * killed, machine lost) and is claimed again. 50 s plus one poll (POLL_MS) keeps «a stopped
 * server's job resumes within a minute» true.
 */
export const LEASE_MS = 50_000;
/** How often every worker looks for jobs another instance stored or left orphaned. */
export const POLL_MS = 2_000;

/** The time the leases are measured with; tests pass one they move by hand. */
export interface JobClock {
  /** Milliseconds since the epoch. */
  now(): number;
  /** Calls `fn` every `ms` until the returned function is called. */
  every(ms: number, fn: () => unknown): () => void;
}

export const systemClock: JobClock = {
  now: () => Date.now(),
  every(ms, fn) {
    const timer = setInterval(fn, ms);
    timer.unref();
    return () => clearInterval(timer);
  },
};

/** A lease's length and the clock it is measured with. */
export interface LeaseOptions {
  leaseMs?: number;
  clock?: JobClock;
}

const at = (clock: JobClock) => new Date(clock.now()).toISOString();
/**
 * The CSV as a text column can hold it: PostgreSQL text refuses NUL, yet a NUL in a cell must
 * reach the import, which refuses that row with its line (record 0266). NUL is stored as «␀0»
 * and a «␀» of the file as «␀␀»; `csvFromStore` undoes both.
 */
export const storableCsv = (text: string) =>
  // eslint-disable-next-line no-control-regex
  text.replace(/[\u0000\u2400]/g, (c) => (c === '\u2400' ? '\u2400\u2400' : '\u2400' + '0'));
export const csvFromStore = (stored: string) =>
  stored.replace(/\u2400([0\u2400])/g, (_m, next: string) => (next === '0' ? '\u0000' : '\u2400'));

/** Claims a job may have: one that killed its server this often fails instead of running again. */
export const MAX_ATTEMPTS = 3;

export interface ClaimedJob {
  id: number;
  /** The job's company: it is worked under it (record 0283). */
  company: number;
  csv: string;
  actor: Actor;
  /** The worker holding the lease: every later write of the job is conditioned on it. */
  worker: string;
  attempts: number;
}

/**
 * Claims the oldest pending job for `worker`, or one whose worker died (its lease expired), or
 * null; with `orphansOnly`, only the latter (a worker busy with a job still rescues orphans,
 * record 0266). One statement: of two instances asking at once, one gets the row and the other
 * skips it (or finds it no longer claimable). A stale job already claimed MAX_ATTEMPTS times is
 * marked failed instead. A worker never reclaims its own job.
 */
export async function claimJob(
  db: Queryable,
  worker: string,
  options: LeaseOptions & { orphansOnly?: boolean } = {},
): Promise<ClaimedJob | null> {
  const leaseMs = options.leaseMs ?? LEASE_MS;
  const now = at(options.clock ?? systemClock);
  // Held by another worker whose last heartbeat is older than the lease ($w: worker, $t: now).
  const stale = (w: string, t: string) => `state = 'en-curso' AND claimed_by IS DISTINCT FROM ${w}
    AND heartbeat_at < ${t}::timestamptz - $2::double precision * interval '1 millisecond'`;
  await db.query(
    `UPDATE import_jobs SET state = 'fallido', finished_at = now(), csv = '',
            stage = $3::text || attempts || $4::text
      WHERE ${stale('$5', '$6')} AND attempts >= $1`,
    [MAX_ATTEMPTS, leaseMs, T.stoppedBefore, T.stoppedAfter, worker, now],
  );
  const orphan = `(${stale('$1', '$6')} AND attempts < $3)`;
  const claimable = options.orphansOnly ? orphan : `(state = 'pendiente' OR ${orphan})`;
  const [row] = await db.query<Row>(
    `UPDATE import_jobs SET state = 'en-curso', claimed_by = $1, claimed_at = now(),
            heartbeat_at = $6::timestamptz, attempts = attempts + 1,
            stage = CASE WHEN state = 'en-curso' THEN $4::text ELSE $5::text END
      WHERE id = (SELECT id FROM import_jobs WHERE ${claimable}
                   ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED)
        AND ${claimable}
      RETURNING id, company_id, csv, created_by, created_by_name, attempts`,
    [worker, leaseMs, MAX_ATTEMPTS, T.resumed, T.reading, now],
  );
  if (!row) return null;
  return {
    id: Number(row.id),
    company: Number(row.company_id),
    csv: csvFromStore(String(row.csv)),
    worker,
    attempts: Number(row.attempts),
    actor: {
      userId: row.created_by === null ? null : Number(row.created_by),
      name: String(row.created_by_name),
    },
  };
}

/** Renews a job's lease; false when `worker` no longer holds it (another worker reclaimed it). */
export async function renewLease(
  db: Queryable,
  job: ClaimedJob,
  clock: JobClock = systemClock,
): Promise<boolean> {
  const rows = await db.query(
    `UPDATE import_jobs SET heartbeat_at = $3::timestamptz
      WHERE id = $1 AND claimed_by = $2 AND state = 'en-curso' RETURNING id`,
    [job.id, job.worker, at(clock)],
  );
  return rows.length > 0;
}

/** The changes a registered learner's row asks for: only columns the file has, not empty. */
async function changesOf(
  db: Queryable,
  rows: ImportRow[],
  columns: readonly string[],
  defaultObra: string,
): Promise<RegisteredRow[]> {
  if (!rows.length) return [];
  const current = await db.query<Row>(
    `SELECT id, document, name, cargo, contratista, COALESCE(obra, $2) AS obra, celular
       FROM users WHERE document = ANY($1::text[])`,
    [rows.map((r) => r.document), defaultObra],
  );
  const byDocument = new Map(current.map((r) => [String(r.document), r]));
  return rows.map((r) => {
    const now = byDocument.get(r.document);
    const changes: FieldChange[] = [];
    const wanted: Record<Updatable, string | null | undefined> = {
      cargo: r.cargo,
      contratista: r.contratista,
      obra: r.obra,
      celular: r.celular,
    };
    // `wanted` names every UPDATABLE field (import-jobs.ts; the compiler checks it), in its order.
    for (const [field, to] of Object.entries(wanted) as [Updatable, string | null | undefined][]) {
      if (!columns.includes(field) || !to) continue;
      const from = (now?.[field] as string | null) ?? null;
      // A celular is never shown nor kept as its old value (decision 0158): only that it changes.
      if (from !== to) changes.push({ field, from: field === 'celular' ? null : from, to });
    }
    return {
      line: r.line,
      userId: Number(now?.id ?? 0),
      document: r.document,
      name: String(now?.name ?? r.name),
      changes,
    };
  });
}

/** Renews a job's lease on the clock's timer; returns the function that stops it. */
function heartbeat(db: Queryable, job: ClaimedJob, leaseMs: number, clock: JobClock) {
  return clock.every(Math.max(50, Math.floor(leaseMs / 5)), () =>
    renewLease(db, job, clock).catch(() => false),
  );
}

/** Writes a running job's stage and counts, at most every 300 ms unless forced. */
function stageWriter(db: Queryable, job: ClaimedJob, clock: JobClock) {
  let last = 0;
  return (stage: string, done: number, total: number, force = false) => {
    const now = Date.now();
    if (!force && now - last < 300) return Promise.resolve();
    last = now;
    return db
      .query(
        `UPDATE import_jobs SET stage = $2, done = $3, total = $4, heartbeat_at = $6::timestamptz
          WHERE id = $1 AND claimed_by = $5 AND state = 'en-curso'`,
        [job.id, stage, done, total, job.worker, at(clock)],
      )
      .then(() => undefined);
  };
}

/** A job's result from the import's summary, or why nothing was imported (no summary). */
async function resultOf(
  db: Queryable,
  summary: ImportSummary | null,
  errors: string[],
  defaultObra: string,
): Promise<ImportResult> {
  return summary
    ? {
        imported: summary.imported,
        createdIds: summary.createdIds,
        rejected: summary.rejected,
        errors,
        registered: await changesOf(db, summary.registered, summary.columns, defaultObra),
        // The import makes no password any more (record 0273): nothing to show once.
        passwords: null,
      }
    : {
        imported: 0,
        rejected: 0,
        errors: [],
        registered: [],
        passwords: null,
        fatal: errors.join(' ') || T.unreadable,
      };
}

// Only the lease holder ends the job: a worker that was taken for dead and comes back
// finds its job reclaimed and writes nothing (its rows were idempotent per document).
const finishJob = (db: Queryable, job: ClaimedJob, result: ImportResult) =>
  db.query(
    `UPDATE import_jobs SET state = 'terminado', result = $2::jsonb, finished_at = now(),
            stage = $4, csv = '' WHERE id = $1 AND claimed_by = $3 AND state = 'en-curso'`,
    [job.id, JSON.stringify(result), job.worker, T.finished],
  );

const failJob = (db: Queryable, job: ClaimedJob, error: unknown) =>
  db.query(
    `UPDATE import_jobs SET state = 'fallido', finished_at = now(), stage = $2, csv = ''
      WHERE id = $1 AND claimed_by = $3 AND state = 'en-curso'`,
    [job.id, T.serverFailed((error as Error).message).slice(0, 500), job.worker],
  );

/** Runs one claimed job to its end, writing progress and the result into its row. */
export async function runJob(
  db: Db,
  job: ClaimedJob,
  obras: () => Promise<KnownObras>,
  defaultObra: string,
  options: LeaseOptions = {},
): Promise<void> {
  const clock = options.clock ?? systemClock;
  // The lease is renewed by a timer, not by progress: saving a large file writes no progress
  // for a while, and a live worker must never look dead (decision 0238).
  const stopBeat = heartbeat(db, job, options.leaseMs ?? LEASE_MS, clock);
  const setStage = stageWriter(db, job, clock);
  const errors: string[] = [];
  let pending: Promise<void> = Promise.resolve();
  try {
    const summary = await importUsers(
      db,
      job.csv,
      {
        out: () => {},
        err: (text) => void errors.push(text),
        progress: () => {},
      },
      {
        obras,
        actor: job.actor,
        onProgress: (done, total) => {
          pending = pending.then(() => setStage(T.hashing, done, total));
        },
      },
    );
    await pending;
    await finishJob(db, job, await resultOf(db, summary, errors, defaultObra));
  } catch (error) {
    await pending.catch(() => {});
    await failJob(db, job, error);
    throw error;
  } finally {
    stopBeat();
  }
}

/**
 * The worker of one server instance: runs pending jobs one after the other on the console's job
 * loop (job-loop.ts); `wake()` after a submission, and a poll (POLL_MS) for jobs another instance
 * stored. While it runs a job, the poll also rescues jobs orphaned by a dead worker, one at a time
 * beside it on a second loop (record 0266): an orphan has already waited a lease and must not
 * wait for a long import too.
 */
export class ImportWorker {
  readonly id = newWorkerId();
  private readonly queue: JobLoop<ClaimedJob>;
  private readonly orphans: JobLoop<ClaimedJob>;
  private stopPoll: (() => void) | null = null;
  private stopped = false;

  constructor(
    db: Db,
    obras: () => Promise<KnownObras>,
    /** The obra of a learner without one: the job's company's first obra (record 0294). */
    defaultObra: string | ((company: number) => Promise<string>),
    log: (error: unknown) => void,
    options: LeaseOptions & { pollMs?: number } = {},
  ) {
    const lease = { leaseMs: options.leaseMs ?? LEASE_MS, clock: options.clock ?? systemClock };
    // The next job of any company (`todas`, record 0283: the queue is the installation's), then
    // worked under the job's company — its statements, and what it asks of the console (the
    // obras), as if its company's coordinator asked. runJob records a failed job itself
    // (failJob) before it throws.
    const anyCompany = acrossCompanies(db);
    const run = (job: ClaimedJob) =>
      withRequestCompany(job.company, async () =>
        runJob(
          forCompanyOf(db, job.company),
          job,
          obras,
          typeof defaultObra === 'string' ? defaultObra : await defaultObra(job.company),
          lease,
        ),
      );
    this.queue = new JobLoop({ claim: () => claimJob(anyCompany, this.id, lease), run, log });
    this.orphans = new JobLoop({
      claim: () => claimJob(anyCompany, this.id, { ...lease, orphansOnly: true }),
      run,
      log,
    });
    const pollMs = options.pollMs ?? POLL_MS;
    if (pollMs > 0) this.stopPoll = lease.clock.every(pollMs, () => this.poll());
  }

  /**
   * One poll: the queue when idle; when busy, the queue again after the current job and, now,
   * any orphaned job. Resolves when what this poll started is done (tests await it).
   */
  poll(): Promise<void> {
    if (this.stopped) return Promise.resolve();
    if (!this.queue.busy) return this.queue.wake();
    void this.queue.wake();
    return this.orphans.wake();
  }

  /** Runs every pending job; resolves when the queue is empty. */
  wake(): Promise<void> {
    return this.queue.wake();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.stopPoll?.();
    await Promise.all([this.queue.stop(), this.orphans.stop()]);
  }
}

const workers = new WeakMap<Db, ImportWorker>();
/** The worker serving a database in this process (tests await its queue instead of polling). */
export const registerWorker = (db: Db, worker: ImportWorker) =>
  void workers.set(companyDb(db), worker);
export const importWorkerFor = (db: Db) => workers.get(companyDb(db));
