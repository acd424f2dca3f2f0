// Invitations as a background job (record 0273), like the imports (decisions 0216, 0238, 0266):
// POST /consola/invitaciones stores a row of console_invitation_sheets and redirects at once; a
// worker in each server instance claims the oldest pending one with one statement (FOR UPDATE
// SKIP LOCKED; a lease renewed by a heartbeat on an injectable clock), hashes the codes, then in
// one transaction — only while it still holds the lease — issues the invitations and stores the
// sheet sealed to the job's public key (invitation-sheet.ts). A worker that dies before that
// transaction leaves nothing issued, and the job is claimed again; one that dies after it left
// the sheet ready. So a job issues one batch, whoever runs it and however often the page is
// reloaded.
import type { Db, Queryable } from '../db/db.ts';
import type { Actor } from './audit.ts';
import {
  INVITATION_LIFETIME_MS,
  invitableLearners,
  makeInvitations,
  saveInvitations,
  type InvitationKind,
  type MadeInvitation,
} from '../invitations.ts';
import { LEASE_MS, POLL_MS, systemClock, type JobClock } from './import-worker.ts';
import { JobLoop, newWorkerId } from './job-loop.ts';
import {
  openWith,
  publicKeyOf,
  SHEET_COOKIE_MINUTES,
  SHEET_MINUTES,
  sealTo,
  sheetIdOf,
} from './invitation-sheet.ts';
import {
  acrossCompanies,
  companyDb,
  forCompanyOf,
  withRequestCompany,
} from '../db/company-scope.ts';

export type SheetState = 'pendiente' | 'en-curso' | 'lista' | 'fallida';

/** What the POST asked for, kept with the job (no secret in it). */
export interface InvitationRequest {
  ids: number[];
  kind: InvitationKind;
  /** Where the links point (PUBLIC_URL or the request's origin). */
  base: string;
  /** How many learners were chosen (the sheet says how many were skipped). */
  chosen: number;
  actor: Actor;
}

/** Claims a job may have: one that killed its server this often fails instead. */
const MAX_ATTEMPTS = 3;
const at = (clock: JobClock) => new Date(clock.now()).toISOString();

/**
 * Stores the job a sheet key names, once: a second POST with the same key (a double press, a
 * re-sent form) finds it stored and changes nothing. Old rows are swept on the way.
 */
export async function submitInvitations(
  db: Queryable,
  key: string,
  request: InvitationRequest,
  importJob: number | null,
  clock: JobClock = systemClock,
): Promise<{ id: string; created: boolean }> {
  await sweepSheets(db, clock);
  const id = sheetIdOf(key);
  const rows = await db.query(
    `INSERT INTO console_invitation_sheets (id, user_id, public_key, request, import_job, created_at)
     VALUES ($1, $2, $3, $4::jsonb, $5, $6::timestamptz)
     ON CONFLICT (id) DO NOTHING RETURNING id`,
    [id, request.actor.userId, publicKeyOf(key), JSON.stringify(request), importJob, at(clock)],
  );
  return { id, created: rows.length === 1 };
}

/** Deletes sheets past their window, and jobs that never finished within the cookie's life. */
export async function sweepSheets(db: Queryable, clock: JobClock = systemClock): Promise<void> {
  await db.query(
    `DELETE FROM console_invitation_sheets
      WHERE ready_at < $1::timestamptz - make_interval(mins => $2::integer)
         OR created_at < $1::timestamptz - make_interval(mins => $3::integer)`,
    [at(clock), SHEET_MINUTES, SHEET_COOKIE_MINUTES],
  );
}

export type OpenedSheet<T> =
  /** No such sheet for this coordinator, or this request lacks its key: nothing deleted. */
  | { state: 'refused' }
  /** Its window has passed (or it never was): deleted. */
  | { state: 'gone' }
  | { state: 'pendiente' | 'en-curso'; done: number; total: number }
  | { state: 'fallida'; failure: string }
  | { state: 'lista'; sheet: T; readyAt: string };

interface SheetRow {
  user_id: number;
  state: SheetState;
  public_key: string;
  sealed: string | null;
  done: number;
  total: number;
  failure: string | null;
  ready_at: string | Date | null;
  open: boolean;
}

/**
 * The sheet `id` as the request holding `key` (or none) may see it (record 0273): with its key
 * and within its window, as often as asked; else refused, deleting nothing.
 */
export async function openSheet<T>(
  db: Queryable,
  userId: number,
  id: string,
  key: string | null,
  clock: JobClock = systemClock,
): Promise<OpenedSheet<T>> {
  const [row] = await db.query<SheetRow>(
    `SELECT user_id, state, public_key, sealed, done, total, failure, ready_at,
            (ready_at IS NULL OR ready_at >= $2::timestamptz - make_interval(mins => $3::integer))
              AS open
       FROM console_invitation_sheets WHERE id = $1`,
    [id, at(clock), SHEET_MINUTES],
  );
  if (!row) return key ? { state: 'gone' } : { state: 'refused' };
  if (!key || Number(row.user_id) !== userId || publicKeyOf(key) !== row.public_key)
    return { state: 'refused' };
  if (!row.open) {
    await sweepSheets(db, clock);
    return { state: 'gone' };
  }
  if (row.state === 'pendiente' || row.state === 'en-curso')
    return { state: row.state, done: Number(row.done), total: Number(row.total) };
  if (row.state === 'fallida') return { state: 'fallida', failure: row.failure ?? '' };
  const plain = row.sealed === null ? null : openWith(key, row.sealed);
  if (plain === null) return { state: 'refused' };
  return {
    state: 'lista',
    sheet: JSON.parse(plain) as T,
    readyAt: new Date(row.ready_at as string).toISOString(),
  };
}

/** Sheets of this coordinator that these keys open now (pending, running or ready). */
export async function sheetsHeld(
  db: Queryable,
  userId: number,
  keys: Map<string, string>,
  clock: JobClock = systemClock,
): Promise<{ id: string; state: SheetState; total: number; importJob: number | null }[]> {
  if (!keys.size) return [];
  const rows = await db.query<{
    id: string;
    state: SheetState;
    public_key: string;
    total: number;
    import_job: number | null;
  }>(
    `SELECT id, state, public_key, total, import_job FROM console_invitation_sheets
      WHERE id = ANY($1::text[]) AND user_id = $2 AND state <> 'fallida'
        AND (ready_at IS NULL OR ready_at >= $3::timestamptz - make_interval(mins => $4::integer))
      ORDER BY created_at DESC`,
    [[...keys.keys()], userId, at(clock), SHEET_MINUTES],
  );
  return rows
    .filter((r) => publicKeyOf(keys.get(r.id)!) === r.public_key)
    .map((r) => ({
      id: r.id,
      state: r.state,
      total: Number(r.total),
      importJob: r.import_job === null ? null : Number(r.import_job),
    }));
}

interface ClaimedSheet {
  id: string;
  /** The job's company: it is worked under it (record 0283). */
  company: number;
  publicKey: string;
  request: InvitationRequest;
  worker: string;
}

/** Claims the oldest pending job, or one whose worker died (lease expired); else null. */
export async function claimSheetJob(
  db: Queryable,
  worker: string,
  leaseMs: number,
  clock: JobClock,
): Promise<ClaimedSheet | null> {
  const now = at(clock);
  const stale = `state = 'en-curso' AND claimed_by IS DISTINCT FROM $1
    AND heartbeat_at < $2::timestamptz - $3::double precision * interval '1 millisecond'`;
  await db.query(
    `UPDATE console_invitation_sheets SET state = 'fallida', failure = 'detenido'
      WHERE ${stale} AND attempts >= $4`,
    [worker, now, leaseMs, MAX_ATTEMPTS],
  );
  const claimable = `(state = 'pendiente' OR (${stale} AND attempts < $4))`;
  const [row] = await db.query<{
    id: string;
    company_id: number;
    public_key: string;
    request: unknown;
  }>(
    `UPDATE console_invitation_sheets
        SET state = 'en-curso', claimed_by = $1, heartbeat_at = $2::timestamptz,
            attempts = attempts + 1
      WHERE id = (SELECT id FROM console_invitation_sheets WHERE ${claimable}
                   ORDER BY created_at LIMIT 1 FOR UPDATE SKIP LOCKED)
        AND ${claimable}
      RETURNING id, company_id, public_key, request`,
    [worker, now, leaseMs, MAX_ATTEMPTS],
  );
  if (!row) return null;
  const request = (
    typeof row.request === 'string' ? JSON.parse(row.request) : row.request
  ) as InvitationRequest;
  return {
    id: row.id,
    company: Number(row.company_id),
    publicKey: row.public_key,
    request,
    worker,
  };
}

/** What the sheet shows, from the invitations just made (built by the console's page module). */
export type SheetBuilder = (
  request: InvitationRequest,
  made: MadeInvitation[],
  expiresAt: Date,
) => Promise<unknown>;

/** Runs one claimed job: hash, then issue and seal in one transaction while holding the lease. */
export async function runSheetJob(
  db: Db,
  job: ClaimedSheet,
  build: SheetBuilder,
  leaseMs: number,
  clock: JobClock,
): Promise<void> {
  const beat = () =>
    db.query(
      `UPDATE console_invitation_sheets SET heartbeat_at = $3::timestamptz
        WHERE id = $1 AND claimed_by = $2 AND state = 'en-curso'`,
      [job.id, job.worker, at(clock)],
    );
  const stopBeat = clock.every(Math.max(50, Math.floor(leaseMs / 5)), () => beat().catch(() => 0));
  try {
    const { request } = job;
    const learners = await invitableLearners(db, request.ids);
    const order = new Map(request.ids.map((id, i) => [id, i]));
    learners.sort((a, b) => order.get(a.id)! - order.get(b.id)!);
    await db.query(`UPDATE console_invitation_sheets SET total = $2 WHERE id = $1`, [
      job.id,
      learners.length,
    ]);
    let last = 0;
    let progress: Promise<unknown> = Promise.resolve();
    const made = await makeInvitations(learners, (done) => {
      if (done - last < Math.max(1, learners.length / 20) && done !== learners.length) return;
      last = done;
      progress = progress.then(() =>
        db.query(
          `UPDATE console_invitation_sheets SET done = $3, heartbeat_at = $4::timestamptz
            WHERE id = $1 AND claimed_by = $2 AND state = 'en-curso'`,
          [job.id, job.worker, done, at(clock)],
        ),
      );
    });
    await progress;
    const expiresAt = new Date(clock.now() + INVITATION_LIFETIME_MS[request.kind]);
    const sealed = made.length
      ? sealTo(job.publicKey, JSON.stringify(await build(request, made, expiresAt)))
      : null;
    await db.transaction(async (tx) => {
      const held = await tx.query(
        `SELECT id FROM console_invitation_sheets
          WHERE id = $1 AND claimed_by = $2 AND state = 'en-curso' FOR UPDATE`,
        [job.id, job.worker],
      );
      // Taken for dead and reclaimed: the other worker issues this job's batch, not this one.
      if (!held.length) return;
      if (!made.length) {
        await tx.query(
          `UPDATE console_invitation_sheets SET state = 'fallida', failure = 'nadie' WHERE id = $1`,
          [job.id],
        );
        return;
      }
      await saveInvitations(tx, request.actor, made, request.kind, expiresAt);
      await tx.query(
        `UPDATE console_invitation_sheets
            SET state = 'lista', sealed = $2, done = total, ready_at = $3::timestamptz
          WHERE id = $1`,
        [job.id, sealed, at(clock)],
      );
    });
  } finally {
    stopBeat();
  }
}

/**
 * The invitations worker of one server instance: runs pending jobs one after the other on the
 * console's job loop (job-loop.ts); `wake()` after a submission, and a poll for jobs another
 * instance stored or a dead worker left.
 */
export class InvitationWorker {
  readonly id = newWorkerId();
  private readonly loop: JobLoop<ClaimedSheet>;
  readonly clock: JobClock;

  constructor(
    db: Db,
    build: SheetBuilder,
    log: (error: unknown) => void,
    options: { clock?: JobClock; leaseMs?: number; pollMs?: number } = {},
  ) {
    const clock = (this.clock = options.clock ?? systemClock);
    const leaseMs = options.leaseMs ?? LEASE_MS;
    // The next job of any company (`todas`, record 0283: the queue is the installation's), then
    // worked under the job's company: its statements and the sheet it builds (the obras' names).
    this.loop = new JobLoop(
      {
        claim: () => claimSheetJob(acrossCompanies(db), this.id, leaseMs, clock),
        run: (job) =>
          withRequestCompany(job.company, () =>
            runSheetJob(forCompanyOf(db, job.company), job, build, leaseMs, clock),
          ),
        fail: (job) =>
          forCompanyOf(db, job.company).query(
            `UPDATE console_invitation_sheets SET state = 'fallida', failure = 'error'
            WHERE id = $1 AND claimed_by = $2 AND state = 'en-curso'`,
            [job.id, job.worker],
          ),
        log,
      },
      { clock, ms: options.pollMs ?? POLL_MS },
    );
  }

  /** Runs every pending job; resolves when the queue is empty (tests await it). */
  wake(): Promise<void> {
    return this.loop.wake();
  }

  stop(): Promise<void> {
    return this.loop.stop();
  }
}

const workers = new WeakMap<Db, InvitationWorker>();
/** The invitations worker serving a database in this process (tests await its queue). */
export const registerInvitationWorker = (db: Db, worker: InvitationWorker) =>
  void workers.set(companyDb(db), worker);
export const invitationWorkerFor = (db: Db) => workers.get(companyDb(db));
