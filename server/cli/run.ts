// Shared plumbing of the CLI commands: output, and opening/closing the database.
import type { Db } from '../db/db.ts';
import { openDatabase } from '../db/open.ts';
import { DataDirLockedError } from '../db/lock.ts';
import { DataDirRefusedError } from '../db/private-folder.ts';
import { esCli as T } from './strings/es-cli.ts';
import { companyDb } from '../db/company-scope.ts';

export interface CliIo {
  out(line: string): void;
  err(line: string): void;
}

/**
 * Runs `fn` with the given database, or opens the configured one (lock included) and closes it;
 * every statement of `fn` acts within `company` (records 0282, 0283): an unknown company is
 * said on stderr and nothing runs (exit 1, as a usage error). `null`: a command on the
 * installation's own tables (the platform's accounts, record 0286), within no company — a
 * company's table it touched would be refused by the wall.
 */
export async function runWithDb(
  db: Db | undefined,
  io: CliIo,
  fn: (db: Db) => Promise<number>,
  company: number | null = 1,
): Promise<number> {
  if (db) return inCompany(db, io, fn, company);
  let opened;
  try {
    opened = await openDatabase({ role: 'cli', log: (line) => io.err(line) });
  } catch (error) {
    if (error instanceof DataDirLockedError || error instanceof DataDirRefusedError) {
      io.err(error.message);
      return 1;
    }
    io.err(T.cannotOpenDatabase((error as Error).message));
    return 1;
  }
  try {
    return await inCompany(opened.db, io, fn, company);
  } finally {
    await opened.close();
  }
}

async function inCompany(
  db: Db,
  io: CliIo,
  fn: (db: Db) => Promise<number>,
  company: number | null,
): Promise<number> {
  if (company === null) return fn(companyDb(db));
  // `companies` is the installation's table, outside the wall.
  const [known] = await db.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM companies WHERE id = $1',
    [company],
  );
  if (!known?.n) {
    io.err(T.unknownCompany(company));
    return 1;
  }
  return fn(companyDb(db).forCompany(company));
}
