// Opens the database the way the server and CLI both do: PostgreSQL when DATABASE_URL is set,
// else PGlite in <dataDir>/pglite guarded by the data-folder lock; migrations applied.
import { join, resolve } from 'node:path';
import { openPglite, openPostgres, type Db } from './db.ts';
import { acquireDataDirLock, type DataDirLock } from './lock.ts';
import { migrate } from './migrate.ts';
import { describeTightening, makeDataDirPrivate, type PrivateFolderFs } from './private-folder.ts';
import { ROOT } from '../../course-files/read-content.ts';
import { envValue } from '../env.ts';

export const DEFAULT_DATA_DIR = join(ROOT, 'data');

export interface OpenOptions {
  databaseUrl?: string | undefined;
  dataDir?: string | undefined;
  role: 'server' | 'cli';
  /** Where to report what was done to the folder's permissions (decision 0180). */
  log?: ((line: string) => void) | undefined;
  /** Tests only: the filesystem layer of the private-folder check. */
  privateFolderFs?: PrivateFolderFs | undefined;
}

export interface OpenedDb {
  db: Db;
  /** Where the data lives, for messages: a folder or 'PostgreSQL'. */
  where: string;
  /** The PGlite data folder (null on PostgreSQL). */
  dataDir: string | null;
  close(): Promise<void>;
}

export async function openDatabase(options: OpenOptions): Promise<OpenedDb> {
  const databaseUrl = options.databaseUrl ?? envValue('DATABASE_URL');
  if (databaseUrl) {
    const db = await openPostgres(databaseUrl);
    try {
      await migrate(db);
    } catch (error) {
      await db.close();
      throw error;
    }
    return { db, where: 'PostgreSQL (DATABASE_URL)', dataDir: null, close: () => db.close() };
  }
  const dataDir = resolve(options.dataDir ?? envValue('DATA_DIR') ?? DEFAULT_DATA_DIR);
  // Private before anything is read (a folder others could write is refused), and again once
  // PGlite has created its files, most of them 0666 (decision 0180).
  const log = options.log ?? (() => {});
  const report = (result: ReturnType<typeof makeDataDirPrivate>) => {
    const line = describeTightening(dataDir, result);
    if (line) log(line);
  };
  report(makeDataDirPrivate(dataDir, options.privateFolderFs));
  const lock: DataDirLock = await acquireDataDirLock(dataDir, options.role);
  let db: Db | undefined;
  try {
    db = await openPglite(join(dataDir, 'pglite'));
    await migrate(db);
    report(makeDataDirPrivate(dataDir, options.privateFolderFs));
  } catch (error) {
    await db?.close().catch(() => {});
    lock.release();
    throw error;
  }
  const opened = db;
  return {
    db: opened,
    where: dataDir,
    dataDir,
    async close() {
      try {
        await opened.close();
      } finally {
        lock.release();
      }
    },
  };
}
