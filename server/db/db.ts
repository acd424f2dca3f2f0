// A tiny database interface over the two engines we support (decision 0017): embedded PGlite
// (default, data in ./data) and PostgreSQL through a `pg` Pool (when DATABASE_URL is set).
// Routes and the CLI only ever see `Db`, so the SQL they run is the same on both.
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

export interface Queryable {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
}

export interface Db extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** Runs `fn` in one transaction; rolled back when it throws. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /** Runs a script of several statements (migrations); no parameters. */
  exec(sql: string): Promise<void>;
  close(): Promise<void>;
}

/** PGlite in memory (no dataDir) or in a folder. PGlite is single-process: see lock.ts. */
export async function openPglite(dataDir?: string): Promise<Db> {
  const db = dataDir ? new PGlite(dataDir) : new PGlite();
  await db.waitReady;
  let closed = false;
  return {
    kind: 'pglite',
    async query<T>(sql: string, params: unknown[] = []) {
      return (await db.query<T>(sql, params)).rows;
    },
    // PGlite serialises transactions against every other query, so a transaction here is as
    // isolated as a row lock on PostgreSQL.
    async transaction<T>(fn: (tx: Queryable) => Promise<T>) {
      return db.transaction(async (tx) =>
        fn({
          async query<R>(sql: string, params: unknown[] = []) {
            return (await tx.query<R>(sql, params)).rows;
          },
        }),
      );
    },
    async exec(sql: string) {
      await db.exec(sql);
    },
    async close() {
      if (closed) return;
      closed = true;
      await db.close();
    },
  };
}

export interface PostgresOptions {
  /** Schema to use (tests create one per run); created when missing. */
  schema?: string;
  max?: number;
  /**
   * The company every connection acts for when a transaction names none (`app.company_id` for
   * the session). Tests and benches only: the server names the company in every transaction
   * (record 0285), and a connection without it is refused by the wall.
   */
  sessionCompany?: string;
}

const SCHEMA_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

function sessionOptions(schema?: string, company?: string): string {
  if (company !== undefined && !/^(?:\d+|todas)$/.test(company))
    throw new Error(`Invalid session company: ${company}`);
  return [schema ? `-c search_path=${schema}` : '', company ? `-c app.company_id=${company}` : '']
    .filter(Boolean)
    .join(' ');
}

export async function openPostgres(
  connectionString: string,
  options: PostgresOptions = {},
): Promise<Db> {
  const { schema, sessionCompany } = options;
  if (schema !== undefined && !SCHEMA_NAME.test(schema))
    throw new Error(`Invalid schema name: ${schema}`);
  const pool = new pg.Pool({
    connectionString,
    max: options.max ?? 10,
    ...(schema || sessionCompany ? { options: sessionOptions(schema, sessionCompany) } : {}),
  });
  // An idle client losing its connection must not crash the server; the pool replaces it.
  pool.on('error', () => {});
  if (schema) await pool.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
  let closed = false;
  return {
    kind: 'postgres',
    async query<T>(sql: string, params: unknown[] = []) {
      return (await pool.query(sql, params)).rows as T[];
    },
    async transaction<T>(fn: (tx: Queryable) => Promise<T>) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await fn({
          async query<R>(sql: string, params: unknown[] = []) {
            return (await client.query(sql, params)).rows as R[];
          },
        });
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => {});
        throw error;
      } finally {
        client.release();
      }
    },
    async exec(sql: string) {
      await pool.query(sql);
    },
    async close() {
      if (closed) return;
      closed = true;
      await pool.end();
    },
  };
}
