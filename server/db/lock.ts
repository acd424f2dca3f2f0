// PGlite is single-process: two processes opening one data folder silently lose rows
// (DESIGN.md §4). Whoever opens the folder (server or CLI) holds `<dataDir>/curso-sst.lock`
// for as long as it runs; a second process is refused with a clear message.
import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { MESSAGES } from '../messages.ts';

export const LOCK_FILE = 'curso-sst.lock';

export interface LockInfo {
  pid: number;
  role: string;
  startedAt: string;
}

export class DataDirLockedError extends Error {
  readonly code = 'DATA_DIR_LOCKED';
  constructor(
    readonly dataDir: string,
    readonly holder: LockInfo | null,
  ) {
    super(MESSAGES.dataDirLocked(dataDir, holder?.pid ?? null, holder?.role ?? null));
  }
}

export interface DataDirLock {
  readonly path: string;
  release(): void;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readLock(path: string): LockInfo | null {
  try {
    const info = JSON.parse(readFileSync(path, 'utf8')) as Partial<LockInfo>;
    return typeof info.pid === 'number'
      ? { pid: info.pid, role: String(info.role ?? ''), startedAt: String(info.startedAt ?? '') }
      : null;
  } catch {
    return null;
  }
}

/**
 * Takes the lock or throws DataDirLockedError. A lock left by a process that no longer runs
 * (crash, kill -9) is taken over, so a crash never locks the admin out.
 */
export function acquireDataDirLock(dataDir: string, role: 'server' | 'cli'): DataDirLock {
  mkdirSync(dataDir, { recursive: true });
  const path = join(dataDir, LOCK_FILE);
  const info: LockInfo = { pid: process.pid, role, startedAt: new Date().toISOString() };
  for (let attempt = 0; attempt < 2; attempt++) {
    let fd: number;
    try {
      fd = openSync(path, 'wx');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = readLock(path);
      if (holder && holder.pid !== process.pid && isAlive(holder.pid))
        throw new DataDirLockedError(dataDir, holder);
      if (holder && holder.pid === process.pid) throw new DataDirLockedError(dataDir, holder);
      // Stale (or unreadable and therefore from a crashed writer): remove and retry once.
      rmSync(path, { force: true });
      continue;
    }
    writeSync(fd, JSON.stringify(info));
    closeSync(fd);
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      const current = readLock(path);
      if (current?.pid === process.pid) rmSync(path, { force: true });
      process.off('exit', release);
    };
    process.on('exit', release);
    return { path, release };
  }
  throw new DataDirLockedError(dataDir, readLock(path));
}
