// Shared plumbing of the CLI commands: output, and opening/closing the database.
import type { Db } from '../db/db.ts';
import { openDatabase } from '../db/open.ts';
import { DataDirLockedError } from '../db/lock.ts';
import { DataDirRefusedError } from '../db/private-folder.ts';
import { esCli as T } from './strings/es-cli.ts';

export interface CliIo {
  out(line: string): void;
  err(line: string): void;
}

/** Runs `fn` with the given database, or opens the configured one (lock included) and closes it. */
export async function runWithDb(
  db: Db | undefined,
  io: CliIo,
  fn: (db: Db) => Promise<number>,
): Promise<number> {
  if (db) return fn(db);
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
    return await fn(opened.db);
  } finally {
    await opened.close();
  }
}
