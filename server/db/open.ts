// Opens the database the way the server and CLI both do: PostgreSQL when DATABASE_URL is set,
// else PGlite in <dataDir>/pglite guarded by the data-folder lock; migrations applied.
import { join, resolve } from 'node:path';
import { openPglite, openPostgres, type Db } from './db.ts';
import { acquireDataDirLock, type DataDirLock } from './lock.ts';
import { migrate } from './migrate.ts';
import {
  asAccessError,
  DataDirRefusedError,
  describeTightening,
  makeDataDirPrivate,
  type PrivateFolderFs,
} from './private-folder.ts';
import { ROOT } from '../../course-files/read-content.ts';
import { envValue } from '../env.ts';

export const DEFAULT_DATA_DIR = join(ROOT, 'data');

/**
 * PGlite could not open its files (record 0266): cut short or damaged — a truncated
 * `pg_control` makes it abort with «RuntimeError: Aborted()». Said in Spanish, with the fix.
 */
export class DatabaseDamagedError extends DataDirRefusedError {
  readonly code = 'DATABASE_DAMAGED';
  constructor(
    readonly dataDir: string,
    readonly detail: string,
  ) {
    super(
      [
        `No se pudo abrir la base de datos de ${join(dataDir, 'pglite')}: sus archivos están incompletos o dañados (PGlite se detuvo: «${detail}»).`,
        'Suele pasar si el disco se llenó o alguien cambió o cortó un archivo. El servidor no arranca así.',
        `Solución: no borre la carpeta (ahí están los avances y el registro de auditoría). Detenga todo lo que la use, guarde una copia de ${dataDir} como está, y ponga en su lugar la última copia de seguridad de la carpeta; luego arranque de nuevo.`,
      ].join('\n'),
    );
    this.name = 'DatabaseDamagedError';
  }
}

/** PGlite's WebAssembly abort (a damaged data folder) as opposed to an error of ours. */
const isPgliteAbort = (error: unknown) =>
  error instanceof WebAssembly.RuntimeError ||
  (error instanceof Error && /^Aborted\(/.test(error.message));

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
  // A permission error is the folder of another user (record 0266): said so, not a stack.
  const explained = (error: unknown) => asAccessError(dataDir, error) ?? error;
  let lock: DataDirLock;
  try {
    report(makeDataDirPrivate(dataDir, options.privateFolderFs));
    lock = await acquireDataDirLock(dataDir, options.role);
  } catch (error) {
    throw explained(error);
  }
  let db: Db | undefined;
  try {
    try {
      db = await openPglite(join(dataDir, 'pglite'));
    } catch (error) {
      if (isPgliteAbort(error))
        throw new DatabaseDamagedError(dataDir, String((error as Error).message).split('.')[0]!);
      throw error;
    }
    await migrate(db);
    report(makeDataDirPrivate(dataDir, options.privateFolderFs));
  } catch (error) {
    await db?.close().catch(() => {});
    lock.release();
    throw explained(error);
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
