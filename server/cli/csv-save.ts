// Saving the CSV import's validated rows (docs/decisions/0055-csv-import.md): rows already
// registered set apart with one query, the passwords the file brings hashed concurrently on
// libuv's thread pool (one per core) — a row without one is saved without a hash and enters by
// invitation or code only (record 0273) — then the rows saved in batches of one multi-row INSERT
// each (prepared, unnest of arrays), all in one transaction, with progress printed while it runs.
import { availableParallelism } from 'node:os';
import type { Db, Queryable } from '../db/db.ts';
import { hashPassword } from '../security/passwords.ts';
import { auditMany, type Actor } from '../console/audit.ts';
import { esCli as T } from './strings/es-cli.ts';

export interface ImportRow {
  line: number;
  document: string;
  name: string;
  email: string | null;
  /** Slug of the learner's obra (optional `obra` column); null = the configuration's first. */
  obra?: string | null;
  /** Optional columns for the console (decision 0112; fecha de ingreso as aaaa-mm-dd). */
  contratista?: string | null;
  cargo?: string | null;
  fechaIngreso?: string | null;
  /** Ten digits (decision 0158). */
  celular?: string | null;
  /** From the file; null when the file brings none (invitation or code only, record 0273). */
  password: string | null;
}

export interface ImportIo {
  out(line: string): void;
  err(line: string): void;
  /** Progress lines; default `out`. */
  progress?(line: string): void;
}

/**
 * Hashes every password, `concurrency` at a time (scrypt runs on libuv's thread pool); a null
 * password stays null and costs no hash (record 0273).
 */
export async function hashAll(
  passwords: (string | null)[],
  onProgress: (done: number) => void,
  concurrency = Math.max(2, availableParallelism()),
): Promise<(string | null)[]> {
  const hashes = new Array<string | null>(passwords.length).fill(null);
  const todo = passwords.flatMap((p, i) => (p === null ? [] : [i]));
  let next = 0;
  let done = 0;
  const worker = async () => {
    while (next < todo.length) {
      const i = todo[next++]!;
      hashes[i] = await hashPassword(passwords[i]!);
      onProgress(++done);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, todo.length) }, worker));
  return hashes;
}

const INSERT_BATCH = `
WITH input AS (
  SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::integer[], $6::text[],
                       $7::text[], $8::text[], $9::date[], $10::text[])
    AS t(document, name, email, password_hash, ord, obra, contratista, cargo, fecha_ingreso,
         celular)
), inserted AS (
  INSERT INTO users (document, name, email, password_hash, obra, contratista, cargo, fecha_ingreso,
                     celular)
  SELECT document, name, email, password_hash, obra, contratista, cargo, fecha_ingreso, celular
    FROM input ORDER BY ord
  ON CONFLICT DO NOTHING
  RETURNING id, document
), progress_rows AS (
  INSERT INTO progress (user_id) SELECT id FROM inserted
)
SELECT id, document FROM inserted`;

export const BATCH_SIZE = 500;

interface SaveOptions {
  hashConcurrency?: number;
  actor?: Actor;
  onProgress?: (done: number, total: number) => void;
}

/** Which of these documents are already registered. */
async function registeredDocuments(db: Queryable, documents: string[]): Promise<Set<string>> {
  const rows = await db.query<{ document: string }>(
    'SELECT document FROM users WHERE document = ANY($1::text[])',
    [documents],
  );
  return new Set(rows.map((r) => r.document));
}

/**
 * Every row's password hash (null for a row without password), in order, with progress every
 * tenth of the rows that have one; and how long it took.
 */
async function hashRows(
  rows: ImportRow[],
  progress: (line: string) => void,
  options: SaveOptions,
): Promise<{ hashes: (string | null)[]; hashMs: number }> {
  const total = rows.filter((r) => r.password !== null).length;
  const step = Math.max(1, Math.ceil(total / 10));
  const hashStarted = performance.now();
  const hashes = await hashAll(
    rows.map((r) => r.password),
    (done) => {
      options.onProgress?.(done, total);
      if (done % step === 0 || done === total) progress(T.csvHashed(done, total));
    },
    options.hashConcurrency,
  );
  return { hashes, hashMs: performance.now() - hashStarted };
}

/** Who each import created, in the import's own transaction (decision 0184). */
async function auditCreated(
  tx: Queryable,
  actor: Actor,
  batch: ImportRow[],
  created: { id: number; document: string }[],
): Promise<void> {
  const byDocument = new Map(batch.map((r) => [r.document, r]));
  await auditMany(
    tx,
    actor,
    'crear-usuario',
    created.map((r) => {
      const row = byDocument.get(r.document)!;
      return {
        target: { id: Number(r.id), name: row.name },
        details: { via: 'importacion', documento: row.document, linea: row.line },
      };
    }),
  );
}

/** Inserts the rows in batches, in one transaction: the documents inserted and their ids. */
async function insertBatches(
  db: Db,
  rows: ImportRow[],
  hashes: (string | null)[],
  progress: (line: string) => void,
  actor: Actor | undefined,
): Promise<{ inserted: Set<string>; createdIds: number[] }> {
  const inserted = new Set<string>();
  const createdIds: number[] = [];
  await db.transaction(async (tx) => {
    for (let start = 0; start < rows.length; start += BATCH_SIZE) {
      const batch = rows.slice(start, start + BATCH_SIZE);
      const result = await tx.query<{ id: number; document: string }>(INSERT_BATCH, [
        batch.map((r) => r.document),
        batch.map((r) => r.name),
        batch.map((r) => r.email),
        batch.map((_, i) => hashes[start + i] ?? null),
        batch.map((_, i) => i),
        batch.map((r) => r.obra ?? null),
        batch.map((r) => r.contratista ?? null),
        batch.map((r) => r.cargo ?? null),
        batch.map((r) => r.fechaIngreso ?? null),
        batch.map((r) => r.celular ?? null),
      ]);
      for (const r of result) {
        inserted.add(r.document);
        createdIds.push(Number(r.id));
      }
      if (actor) await auditCreated(tx, actor, batch, result);
      progress(T.csvSaved(Math.min(start + BATCH_SIZE, rows.length), rows.length));
    }
  });
  return { inserted, createdIds };
}

/**
 * Saves validated rows: hashes first (reported apart), then batches in one transaction. Rows
 * whose document or correo already exists are returned as rejected with the reason.
 */
export async function saveRows(
  db: Db,
  input: ImportRow[],
  io: ImportIo,
  options: SaveOptions = {},
): Promise<{
  imported: ImportRow[];
  /** Rows whose document is already registered (decision 0216): not errors. */
  registered: ImportRow[];
  rejected: { line: number; why: string }[];
  hashMs: number;
  /** The ids of the users this call created. */
  createdIds: number[];
}> {
  const progress = io.progress ?? io.out;
  // Rows already registered are set apart before hashing: a re-import of the same file costs
  // one query, not a password hash per row (decision 0216).
  const known = input.length
    ? await registeredDocuments(
        db,
        input.map((r) => r.document),
      )
    : new Set<string>();
  const registered = input.filter((r) => known.has(r.document));
  const rows = input.filter((r) => !known.has(r.document));
  const { hashes, hashMs } = await hashRows(rows, progress, options);
  const { inserted, createdIds } = await insertBatches(db, rows, hashes, progress, options.actor);

  const imported = rows.filter((r) => inserted.has(r.document));
  const missed = rows.filter((r) => !inserted.has(r.document));
  const rejected: { line: number; why: string }[] = [];
  if (missed.length) {
    // A row the INSERT skipped: its document is registered (meanwhile), else its correo is taken.
    const existing = await registeredDocuments(
      db,
      missed.map((r) => r.document),
    );
    for (const r of missed)
      if (existing.has(r.document)) registered.push(r);
      else
        rejected.push({
          line: r.line,
          why: T.csvEmailTaken(r.email ?? '', r.document),
        });
  }
  return { imported, registered, rejected, hashMs, createdIds };
}
