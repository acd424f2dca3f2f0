// Applies server/db/migrations/NNN_name.sql in order, each once, each in its own transaction.
// Plain SQL files so that the same migrations run on PostgreSQL 15 and on PGlite.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Db } from './db.ts';

export const MIGRATIONS_DIR = join(dirname(fileURLToPath(import.meta.url)), 'migrations');

export function listMigrations(dir = MIGRATIONS_DIR): { version: string; file: string }[] {
  return readdirSync(dir)
    .filter((f) => /^\d{3,}_[\w-]+\.sql$/.test(f))
    .sort()
    .map((file) => ({ version: file.replace(/\.sql$/, ''), file: join(dir, file) }));
}

/** Returns the versions applied now. */
export async function migrate(db: Db, dir = MIGRATIONS_DIR): Promise<string[]> {
  // Asked first, so a server role without CREATE on the schema starts on a migrated database
  // (decision 0180: the role that runs the server need not own the tables).
  const [known] = await db.query<{ present: boolean }>(
    "SELECT to_regclass('schema_migrations') IS NOT NULL AS present",
  );
  if (!known?.present)
    await db.exec(
      `CREATE TABLE IF NOT EXISTS schema_migrations (
       version text PRIMARY KEY,
       applied_at timestamptz NOT NULL DEFAULT now()
     )`,
    );
  const done = new Set(
    (await db.query<{ version: string }>('SELECT version FROM schema_migrations')).map(
      (r) => r.version,
    ),
  );
  const applied: string[] = [];
  for (const { version, file } of listMigrations(dir)) {
    if (done.has(version)) continue;
    const sql = readFileSync(file, 'utf8');
    await db.transaction(async (tx) => {
      // A migration acts on every company's rows (record 0283): the tables' owner is under the
      // row-level security of migration 063 too.
      await tx.query("SELECT set_config('app.company_id', 'todas', true)");
      // Statements one by one: the extended protocol (used inside transactions) takes one at a time.
      for (const statement of splitSql(sql)) await tx.query(statement);
      await tx.query('INSERT INTO schema_migrations (version) VALUES ($1)', [version]);
    });
    applied.push(version);
  }
  return applied;
}

/** Splits a migration on ';' at line ends, ignoring '--' comments. Our migrations hold no $$ bodies. */
export function splitSql(sql: string): string[] {
  const withoutComments = sql
    .split('\n')
    .map((line) => line.replace(/--.*$/, ''))
    .join('\n');
  return withoutComments
    .split(/;\s*(?:\n|$)/)
    .map((s) => s.trim())
    .filter(Boolean);
}
