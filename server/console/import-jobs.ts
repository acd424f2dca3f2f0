// Console CSV imports as background jobs (decision 0216). The upload request only decodes the
// file, finds the obras it names that do not exist yet, stores the job and redirects to its page;
// a worker runs it (import-worker.ts: each job claimed exactly once, as a lease, decision 0238).
// Progress and the result live in the row: a coordinator whose browser gave up opens
// /consola/importar/<id> later and finds them.
import type { Db, Queryable } from '../db/db.ts';
import { checkHeader, controlCharacter, decodeCsv, parseCsvRows } from '../cli/csv-import.ts';
import { matchObra, obraKey, type KnownObra } from '../obras.ts';
import { audit, auditMany, type Actor } from './audit.ts';
import { storableCsv } from './import-worker.ts';
import { esImport as T } from './strings/es-import.ts';

// The worker's side, named here too so that the console and the tests have one module to ask.
export {
  claimJob,
  importWorkerFor,
  ImportWorker,
  LEASE_MS,
  MAX_ATTEMPTS,
  POLL_MS,
  registerWorker,
  renewLease,
  runJob,
  type ClaimedJob,
  type JobClock,
} from './import-worker.ts';

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
  /** The obras the file named that did not exist; `slug` once this job's page created one. */
  unknownObras: { nombre: string; filas: number; slug?: string }[];
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
    // A row with a control character is refused by the import (record 0266): no obra to offer.
    if (columns.some((c, i) => c && controlCharacter(row.fields[i] ?? ''))) continue;
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
  // The name a browser sent may hold control characters, which a text column refuses.
  // eslint-disable-next-line no-control-regex
  const name = fileName.replace(/[\u0000-\u001f\u007f-\u009f]/g, '').slice(0, 200);
  const [row] = await db.query<{ id: number }>(
    `INSERT INTO import_jobs (created_by, created_by_name, file_name, csv, state, unknown_obras)
     VALUES ($1, $2, $3, $4, $5, $6::jsonb) RETURNING id`,
    [
      actor.userId,
      actor.name,
      name,
      storableCsv(decoded.text),
      unknown.length ? 'obras' : 'pendiente',
      JSON.stringify(unknown),
    ],
  );
  const id = Number(row!.id);
  // The confirmation is evidence (decision 0239): who gave it, for which file and how many rows.
  if (celulares)
    await audit(db, actor, 'autorizacion-celular', null, {
      importacion: id,
      archivo: name,
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
 * Notes on the job that its page created the obra of its `index`-th unknown name, so that the
 * result can lead to that obra's page (record 0273).
 */
export async function markObraCreated(
  db: Queryable,
  id: number,
  index: number,
  slug: string,
): Promise<void> {
  await db.query(
    `UPDATE import_jobs SET unknown_obras = jsonb_set(unknown_obras, ARRAY[$2::integer::text, 'slug'], to_jsonb($3::text))
      WHERE id = $1 AND jsonb_typeof(unknown_obras -> $2::integer) = 'object'`,
    [id, index, slug],
  );
}

/** Audits an obra created from the import screen or the obras page. */
export const auditObra = (db: Queryable, actor: Actor, slug: string, nombre: string, via: string) =>
  audit(db, actor, 'crear-obra', null, { obra: slug, nombre, via });
