// Console CSV imports as background jobs (decision 0216). The upload request only decodes the
// file, finds the obras it names that do not exist yet, stores the job and redirects to its page;
// a worker runs it. A job is claimed with one conditional UPDATE (state 'pendiente' →
// 'en-curso', FOR UPDATE SKIP LOCKED), so each job runs exactly once even when two server
// instances share one PostgreSQL; a claim is a lease, and a job whose worker died is claimed
// again (decision 0238). Progress and the result live in the row: a coordinator whose
// browser gave up opens /consola/importar/<id> later and finds them.
import { randomBytes } from 'node:crypto';
import type { Db, Queryable } from '../db/db.ts';
import { checkHeader, decodeCsv, parseCsvRows, type ImportRow } from '../cli/csv-import.ts';
import { importUsers, type KnownObras } from '../cli/users.ts';
import { matchObra, obraKey, type KnownObra } from '../obras.ts';
import { audit, auditMany, type Actor } from './audit.ts';
import { esImport as T } from './strings/es-import.ts';

export type JobState = 'obras' | 'pendiente' | 'en-curso' | 'terminado' | 'fallido';

/** A field a re-import may change on a registered learner (decision 0216). */
export const UPDATABLE = ['cargo', 'contratista', 'obra', 'celular'] as const;
export type Updatable = (typeof UPDATABLE)[number];

export interface FieldChange {
  field: Updatable;
  from: string | null;
  to: string;
}

export interface RegisteredRow {
  line: number;
  userId: number;
  document: string;
  name: string;
  changes: FieldChange[];
}

export interface ImportResult {
  imported: number;
  /** «Línea n: …» for every row with a real problem, and the file's notices. */
  errors: string[];
  rejected: number;
  registered: RegisteredRow[];
  /** «Línea n: documento (nombre) — contraseña generada: …»; null once shown. */
  passwords: string[] | null;
  /** The ids of the learners this job created (its result page offers their invitations). */
  createdIds?: number[];
  /** Why nothing was imported (unreadable file or header), else absent. */
  fatal?: string;
  changesAppliedAt?: string;
  changesApplied?: number;
}

export interface ImportJob {
  id: number;
  createdAt: string;
  createdByName: string;
  fileName: string;
  state: JobState;
  done: number;
  total: number;
  stage: string;
  unknownObras: { nombre: string; filas: number }[];
  result: ImportResult | null;
}

type Row = Record<string, unknown>;
const json = <T>(v: unknown): T => (typeof v === 'string' ? JSON.parse(v) : v) as T;
const toJob = (r: Row): ImportJob => ({
  id: Number(r.id),
  createdAt: new Date(r.created_at as string).toISOString(),
  createdByName: String(r.created_by_name),
  fileName: String(r.file_name ?? ''),
  state: r.state as JobState,
  done: Number(r.done),
  total: Number(r.total),
  stage: String(r.stage ?? ''),
  unknownObras: json(r.unknown_obras ?? '[]'),
  result: r.result === null || r.result === undefined ? null : json(r.result),
});
const JOB_COLUMNS =
  'id, created_at, created_by_name, file_name, state, done, total, stage, unknown_obras, result';

/** The obras a file names that none of `known` matches, once each, with their row counts. */
export function unknownObrasIn(text: string, known: readonly KnownObra[]) {
  const { rows } = parseCsvRows(text);
  const header = rows.shift();
  if (!header) return [];
  const { columns, error } = checkHeader(header);
  const index = columns.indexOf('obra');
  if (error || index < 0) return [];
  const found = new Map<string, { nombre: string; filas: number }>();
  for (const row of rows) {
    const typed = row.fields[index]?.trim().replace(/\s+/g, ' ') ?? '';
    const key = obraKey(typed);
    if (!key || matchObra(known, typed)) continue;
    const seen = found.get(key);
    if (seen) seen.filas++;
    else found.set(key, { nombre: typed, filas: 1 });
  }
  return [...found.values()];
}

/** How many rows of a file carry a celular (a `celular` column with a value). */
export function celularRowsIn(text: string): number {
  const { rows } = parseCsvRows(text);
  const header = rows.shift();
  if (!header) return 0;
  const { columns, error } = checkHeader(header);
  const index = columns.indexOf('celular');
  if (error || index < 0) return 0;
  return rows.filter((row) => (row.fields[index] ?? '').trim() !== '').length;
}

/** Why a file with celulares is refused without the coordinator's confirmation (decision 0239). */
export const celularAuthorizationMissing = T.phoneAuthorizationMissing;

/**
 * Stores an uploaded file as a job. A file that cannot be decoded is refused here (a Spanish
 * reason). A file naming unknown obras waits in state 'obras' until the coordinator chooses
 * which to create; else it is 'pendiente' for a worker.
 */
export async function submitImport(
  db: Queryable,
  actor: Actor,
  fileName: string,
  bytes: Uint8Array,
  known: readonly KnownObra[],
  /** The coordinator ticked «la empresa tiene la autorización… de su celular» (decision 0239). */
  celularAuthorized = false,
): Promise<{ id: number } | { error: string }> {
  const decoded = decodeCsv(bytes);
  if ('error' in decoded) return { error: decoded.error };
  const celulares = celularRowsIn(decoded.text);
  if (celulares && !celularAuthorized) return { error: celularAuthorizationMissing(celulares) };
  const unknown = unknownObrasIn(decoded.text, known);
  const [row] = await db.query<{ id: number }>(
    `INSERT INTO import_jobs (created_by, created_by_name, file_name, csv, state, unknown_obras)
     VALUES ($1, $2, $3, $4, $5, $6::jsonb) RETURNING id`,
    [
      actor.userId,
      actor.name,
      fileName.slice(0, 200),
      decoded.text,
      unknown.length ? 'obras' : 'pendiente',
      JSON.stringify(unknown),
    ],
  );
  const id = Number(row!.id);
  // The confirmation is evidence (decision 0239): who gave it, for which file and how many rows.
  if (celulares)
    await audit(db, actor, 'autorizacion-celular', null, {
      importacion: id,
      archivo: fileName.slice(0, 200),
      filas_con_celular: celulares,
    });
  return { id };
}

export async function getJob(db: Queryable, id: number): Promise<ImportJob | null> {
  const [row] = await db.query<Row>(`SELECT ${JOB_COLUMNS} FROM import_jobs WHERE id = $1`, [id]);
  return row ? toJob(row) : null;
}

export async function recentJobs(db: Queryable, limit = 10): Promise<ImportJob[]> {
  const rows = await db.query<Row>(
    `SELECT ${JOB_COLUMNS} FROM import_jobs ORDER BY id DESC LIMIT $1`,
    [limit],
  );
  return rows.map(toJob);
}

/** Moves a job waiting on its obras to the queue (once: a second click finds it moved). */
export async function releaseJob(db: Queryable, id: number): Promise<boolean> {
  const rows = await db.query(
    `UPDATE import_jobs SET state = 'pendiente' WHERE id = $1 AND state = 'obras' RETURNING id`,
    [id],
  );
  return rows.length > 0;
}

/**
 * How long a claim lasts without a heartbeat (decision 0238). A running job renews it every
 * LEASE_MS / 6; one whose heartbeat is older belongs to a worker that died (server killed,
 * machine lost) and is claimed again.
 */
export const LEASE_MS = 60_000;
/** Claims a job may have: one that killed its server this often fails instead of running again. */
export const MAX_ATTEMPTS = 3;

export interface ClaimedJob {
  id: number;
  csv: string;
  actor: Actor;
  /** The worker holding the lease: every later write of the job is conditioned on it. */
  worker: string;
  attempts: number;
}

/**
 * Claims the oldest pending job for `worker`, or one whose worker died (its lease expired), or
 * null. One statement: of two instances asking at once, one gets the row and the other skips it
 * (or finds it no longer claimable). A stale job already claimed MAX_ATTEMPTS times is marked
 * failed instead.
 */
export async function claimJob(
  db: Queryable,
  worker: string,
  leaseMs = LEASE_MS,
): Promise<ClaimedJob | null> {
  const stale = `state = 'en-curso' AND heartbeat_at < now() - $2::double precision * interval '1 millisecond'`;
  await db.query(
    `UPDATE import_jobs SET state = 'fallido', finished_at = now(), csv = '',
            stage = $3::text || attempts || $4::text
      WHERE ${stale} AND attempts >= $1`,
    [MAX_ATTEMPTS, leaseMs, T.stoppedBefore, T.stoppedAfter],
  );
  const [row] = await db.query<Row>(
    `UPDATE import_jobs SET state = 'en-curso', claimed_by = $1, claimed_at = now(),
            heartbeat_at = now(), attempts = attempts + 1,
            stage = CASE WHEN state = 'en-curso' THEN $4::text ELSE $5::text END
      WHERE id = (SELECT id FROM import_jobs
                   WHERE state = 'pendiente' OR (${stale} AND attempts < $3)
                   ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED)
        AND (state = 'pendiente' OR (${stale} AND attempts < $3))
      RETURNING id, csv, created_by, created_by_name, attempts`,
    [worker, leaseMs, MAX_ATTEMPTS, T.resumed, T.reading],
  );
  if (!row) return null;
  return {
    id: Number(row.id),
    csv: String(row.csv),
    worker,
    attempts: Number(row.attempts),
    actor: {
      userId: row.created_by === null ? null : Number(row.created_by),
      name: String(row.created_by_name),
    },
  };
}

/** Renews a job's lease; false when `worker` no longer holds it (another worker reclaimed it). */
export async function renewLease(db: Queryable, job: ClaimedJob): Promise<boolean> {
  const rows = await db.query(
    `UPDATE import_jobs SET heartbeat_at = now()
      WHERE id = $1 AND claimed_by = $2 AND state = 'en-curso' RETURNING id`,
    [job.id, job.worker],
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
    for (const field of UPDATABLE) {
      const to = wanted[field];
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

/** Runs one claimed job to its end, writing progress and the result into its row. */
export async function runJob(
  db: Db,
  job: ClaimedJob,
  obras: () => Promise<KnownObras>,
  defaultObra: string,
  leaseMs = LEASE_MS,
): Promise<void> {
  // The lease is renewed by a timer, not by progress: saving a large file writes no progress
  // for a while, and a live worker must never look dead (decision 0238).
  const beat = setInterval(
    () => void renewLease(db, job).catch(() => {}),
    Math.max(50, Math.floor(leaseMs / 6)),
  );
  beat.unref();
  let last = 0;
  const setStage = (stage: string, done: number, total: number, force = false) => {
    const now = Date.now();
    if (!force && now - last < 300) return Promise.resolve();
    last = now;
    return db
      .query(
        `UPDATE import_jobs SET stage = $2, done = $3, total = $4, heartbeat_at = now()
          WHERE id = $1 AND claimed_by = $5 AND state = 'en-curso'`,
        [job.id, stage, done, total, job.worker],
      )
      .then(() => undefined);
  };
  const errors: string[] = [];
  const passwords: string[] = [];
  let pending: Promise<void> = Promise.resolve();
  try {
    const summary = await importUsers(
      db,
      job.csv,
      {
        out: (text) => {
          if (text.includes('contraseña generada')) passwords.push(text);
        },
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
    const result: ImportResult = summary
      ? {
          imported: summary.imported,
          createdIds: summary.createdIds,
          rejected: summary.rejected,
          errors,
          registered: await changesOf(db, summary.registered, summary.columns, defaultObra),
          passwords: passwords.length ? passwords : null,
        }
      : {
          imported: 0,
          rejected: 0,
          errors: [],
          registered: [],
          passwords: null,
          fatal: errors.join(' ') || T.unreadable,
        };
    // Only the lease holder ends the job: a worker that was taken for dead and comes back
    // finds its job reclaimed and writes nothing (its rows were idempotent per document).
    await db.query(
      `UPDATE import_jobs SET state = 'terminado', result = $2::jsonb, finished_at = now(),
              stage = $4, csv = '' WHERE id = $1 AND claimed_by = $3 AND state = 'en-curso'`,
      [job.id, JSON.stringify(result), job.worker, T.finished],
    );
  } catch (error) {
    await pending.catch(() => {});
    await db.query(
      `UPDATE import_jobs SET state = 'fallido', finished_at = now(), stage = $2, csv = ''
        WHERE id = $1 AND claimed_by = $3 AND state = 'en-curso'`,
      [job.id, T.serverFailed((error as Error).message).slice(0, 500), job.worker],
    );
    throw error;
  } finally {
    clearInterval(beat);
  }
}

/** Drops the generated passwords from a finished job once they have been shown. */
export async function forgetPasswords(db: Queryable, id: number): Promise<void> {
  await db.query(
    `UPDATE import_jobs SET result = jsonb_set(result, '{passwords}', 'null'::jsonb)
      WHERE id = $1 AND state = 'terminado'`,
    [id],
  );
}

/**
 * Applies the changes a finished re-import found (cargo, contratista, obra), once, in one
 * transaction with an audit row per learner (the fields named, never their values for
 * private data). Returns how many learners changed, or null when already applied.
 */
export async function applyChanges(db: Db, id: number, actor: Actor): Promise<number | null> {
  return db.transaction(async (tx) => {
    const [row] = await tx.query<Row>(
      `SELECT result FROM import_jobs WHERE id = $1 AND state = 'terminado' FOR UPDATE`,
      [id],
    );
    if (!row?.result) return null;
    const result = json<ImportResult>(row.result);
    if (result.changesAppliedAt) return null;
    const changed = result.registered.filter((r) => r.changes.length && r.userId);
    for (const r of changed) {
      const set = (field: Updatable) => r.changes.find((c) => c.field === field)?.to ?? null;
      await tx.query(
        `UPDATE users SET cargo = COALESCE($2, cargo), contratista = COALESCE($3, contratista),
                obra = COALESCE($4, obra), celular = COALESCE($5, celular) WHERE id = $1`,
        [r.userId, set('cargo'), set('contratista'), set('obra'), set('celular')],
      );
    }
    await auditMany(
      tx,
      actor,
      'actualizar-datos',
      changed.map((r) => ({
        target: { id: r.userId, name: r.name },
        details: {
          via: 'importacion',
          importacion: id,
          campos: Object.fromEntries(
            r.changes.map((c) => [
              c.field,
              c.field === 'celular' ? 'celular cambiado' : [c.from, c.to],
            ]),
          ),
        },
      })),
    );
    await tx.query(`UPDATE import_jobs SET result = result || $2::jsonb WHERE id = $1`, [
      id,
      JSON.stringify({
        changesAppliedAt: new Date().toISOString(),
        changesApplied: changed.length,
      }),
    ]);
    return changed.length;
  });
}

/**
 * The worker of one server instance: runs pending jobs one after the other; `wake()` after a
 * submission, and a slow poll for jobs another instance stored.
 */
export class ImportWorker {
  readonly id = `${process.pid}-${randomBytes(4).toString('hex')}`;
  private running: Promise<void> | null = null;
  private again = false;
  private timer: NodeJS.Timeout | null = null;
  private stopped = false;

  constructor(
    private readonly db: Db,
    private readonly obras: () => Promise<KnownObras>,
    private readonly defaultObra: string,
    private readonly log: (error: unknown) => void,
    pollMs = 2000,
  ) {
    if (pollMs > 0) {
      this.timer = setInterval(() => this.wake(), pollMs);
      this.timer.unref();
    }
  }

  /** Runs every pending job; resolves when the queue is empty. */
  wake(): Promise<void> {
    if (this.stopped) return Promise.resolve();
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = (async () => {
      do {
        this.again = false;
        for (;;) {
          if (this.stopped) return;
          const job = await claimJob(this.db, this.id).catch((e) => {
            this.log(e);
            return null;
          });
          if (!job) break;
          await runJob(this.db, job, this.obras, this.defaultObra).catch(this.log);
        }
      } while (this.again);
    })().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    await this.running;
  }
}

/** Audits an obra created from the import screen or the obras page. */
export const auditObra = (db: Queryable, actor: Actor, slug: string, nombre: string, via: string) =>
  audit(db, actor, 'crear-obra', null, { obra: slug, nombre, via });

const workers = new WeakMap<Db, ImportWorker>();
/** The worker serving a database in this process (tests await its queue instead of polling). */
export const registerWorker = (db: Db, worker: ImportWorker) => void workers.set(db, worker);
export const importWorkerFor = (db: Db) => workers.get(db);
