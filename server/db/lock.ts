// PGlite is single-process: two processes opening one data folder silently lose rows. Whoever
// opens the folder (server or CLI) holds its lock for as long as it runs; a second process is
// refused with a clear message. Design: docs/decisions/0050-data-folder-lock.md.
//
// - 'os' (Linux, Windows): the lock is a listening socket whose name is derived from the
//   folder's real path (an abstract Unix socket on Linux, a named pipe on Windows). The kernel
//   lets one process bind a name, and frees it when that process dies, so there is no stale
//   state to take over and no pid to be reused. The holder answers connections with who it is.
// - 'file' (other systems, or when asked): `curso-sst.lock` created exclusively (a hard link of
//   a complete file, so nobody reads it half-written); a stale lock is replaced atomically
//   (rename) by the one process that exclusively created `curso-sst.lock.takeover`.
// Both write `curso-sst.lock` (pid, process start time, nonce) so people can see who holds it.
import { createHash, randomBytes } from 'node:crypto';
import {
  closeSync,
  linkSync,
  mkdirSync,
  openSync,
  readFileSync,
  realpathSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import { createConnection, createServer, type Server } from 'node:net';
import { join } from 'node:path';
import { MESSAGES } from '../messages.ts';

export const LOCK_FILE = 'curso-sst.lock';
const TAKEOVER_FILE = `${LOCK_FILE}.takeover`;
/** A takeover file older than this whose process is gone was left by a crash mid-takeover. */
const TAKEOVER_STALE_MS = 5_000;

export interface LockInfo {
  pid: number;
  role: string;
  startedAt: string;
  /** Process start time as the OS counts it (Linux: /proc/<pid>/stat field 22), if known. */
  processStart?: string | null;
  nonce?: string;
  dataDir?: string;
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
  readonly strategy: LockStrategy;
  release(): void;
}

export type LockStrategy = 'os' | 'file';

export interface LockOptions {
  /** Default 'os' on Linux and Windows, 'file' elsewhere. */
  strategy?: LockStrategy;
}

/** Start time of a process as the OS records it; null when the OS does not tell us. */
export function processStartTime(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Field 2 (comm) may hold spaces and parentheses: count fields after the last ')'.
    const rest = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return rest[19] ?? null; // field 22 overall
  } catch {
    return null;
  }
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

/**
 * The holder named in a lock file still runs: its pid is alive and, where the OS tells
 * process start times, it is the same process (not an unrelated one that reused the pid).
 */
export function holderRuns(info: LockInfo): boolean {
  if (!Number.isInteger(info.pid) || info.pid <= 0 || !isAlive(info.pid)) return false;
  if (info.processStart) {
    const now = processStartTime(info.pid);
    if (now !== null && now !== info.processStart) return false;
  }
  return true;
}

function readInfo(path: string): LockInfo | null {
  try {
    const info = JSON.parse(readFileSync(path, 'utf8')) as Partial<LockInfo>;
    return typeof info.pid === 'number'
      ? {
          pid: info.pid,
          role: String(info.role ?? ''),
          startedAt: String(info.startedAt ?? ''),
          processStart: typeof info.processStart === 'string' ? info.processStart : null,
          nonce: typeof info.nonce === 'string' ? info.nonce : '',
          dataDir: typeof info.dataDir === 'string' ? info.dataDir : '',
        }
      : null;
  } catch {
    return null;
  }
}

function ownInfo(role: string, dataDir: string): LockInfo {
  return {
    pid: process.pid,
    role,
    startedAt: new Date().toISOString(),
    processStart: processStartTime(process.pid),
    nonce: randomBytes(12).toString('hex'),
    dataDir,
  };
}

/** A complete file beside the lock, to link or rename into place. */
function writeTemp(dataDir: string, info: LockInfo): string {
  const temp = join(dataDir, `${LOCK_FILE}.${info.nonce}.tmp`);
  writeFileSync(temp, JSON.stringify(info), { flag: 'wx' });
  return temp;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// ---------------------------------------------------------------------------------------- os

export function socketName(realDir: string): string {
  const hash = createHash('sha256').update(realDir).digest('hex').slice(0, 32);
  return process.platform === 'win32'
    ? `\\\\.\\pipe\\curso-sst-lock-${hash}`
    : `\0curso-sst-lock-${hash}`;
}

function listen(name: string, info: LockInfo): Promise<Server | null> {
  return new Promise((resolve, reject) => {
    const server = createServer((socket) => {
      socket.on('error', () => {});
      socket.end(JSON.stringify(info));
    });
    server.once('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'EADDRINUSE') resolve(null);
      else reject(error);
    });
    server.listen(name, () => {
      // The lock must not keep a finished CLI command alive.
      server.unref();
      resolve(server);
    });
  });
}

/** Asks the holder who it is (for the message); null when it does not answer in time. */
function askHolder(name: string): Promise<LockInfo | null> {
  return new Promise((resolve) => {
    let data = '';
    const socket = createConnection(name);
    const done = (info: LockInfo | null) => {
      socket.destroy();
      resolve(info);
    };
    socket.setTimeout(1000, () => done(null));
    socket.on('data', (chunk) => (data += chunk.toString('utf8')));
    socket.on('end', () => {
      try {
        done(JSON.parse(data) as LockInfo);
      } catch {
        done(null);
      }
    });
    socket.on('error', () => done(null));
  });
}

async function acquireOs(dataDir: string, role: string): Promise<DataDirLock> {
  const realDir = realpathSync(dataDir);
  const name = socketName(realDir);
  const info = ownInfo(role, realDir);
  const server = await listen(name, info);
  const path = join(dataDir, LOCK_FILE);
  if (!server) {
    const holder = (await askHolder(name)) ?? readInfo(path);
    throw new DataDirLockedError(dataDir, holder);
  }
  // For people: who holds it. Written whole, then renamed into place.
  const temp = writeTemp(dataDir, info);
  renameSync(temp, path);
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    if (readInfo(path)?.nonce === info.nonce) rmSync(path, { force: true });
    server.close();
    process.off('exit', release);
  };
  process.on('exit', release);
  return { path, strategy: 'os', release };
}

// -------------------------------------------------------------------------------------- file

function createExclusive(path: string, contentFrom: string): boolean {
  try {
    linkSync(contentFrom, path);
    return true;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EEXIST') return false;
    if (code !== 'EPERM' && code !== 'ENOTSUP' && code !== 'ENOSYS') throw error;
  }
  // File systems without hard links: exclusive create, then write.
  let fd: number;
  try {
    fd = openSync(path, 'wx');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
  writeSync(fd, readFileSync(contentFrom));
  closeSync(fd);
  return true;
}

async function acquireFile(dataDir: string, role: string): Promise<DataDirLock> {
  const path = join(dataDir, LOCK_FILE);
  const takeover = join(dataDir, TAKEOVER_FILE);
  const info = ownInfo(role, dataDir);
  const temp = writeTemp(dataDir, info);
  try {
    for (let attempt = 0; attempt < 200; attempt++) {
      if (createExclusive(path, temp)) return fileLock(path, info);
      const holder = readInfo(path);
      if (holder === null) {
        // Being written (no hard links) or emptied by a crash: give the writer a moment.
        const age = ageMs(path);
        if (age !== null && age < TAKEOVER_STALE_MS) {
          await sleep(10);
          continue;
        }
      } else if (holderRuns(holder)) throw new DataDirLockedError(dataDir, holder);
      // Stale: only the process that creates the takeover file may replace it.
      const marker = writeTemp(dataDir, { ...info, nonce: `${info.nonce}-t${attempt}` });
      const won = createExclusive(takeover, marker);
      rmSync(marker, { force: true });
      if (!won) {
        const other = readInfo(takeover);
        const age = ageMs(takeover);
        if (other && !holderRuns(other) && age !== null && age > TAKEOVER_STALE_MS)
          // A crash mid-takeover: move it aside under a unique name (never delete-then-create).
          try {
            renameSync(takeover, `${takeover}.${info.nonce}.dead`);
            rmSync(`${takeover}.${info.nonce}.dead`, { force: true });
          } catch {
            // Someone else moved it first.
          }
        await sleep(5);
        continue;
      }
      try {
        // Still the stale lock we judged? (Nobody else can replace it while we hold takeover.)
        const now = readInfo(path);
        const same = now === null ? holder === null : holder !== null && now.nonce === holder.nonce;
        if (same && (now === null || !holderRuns(now))) {
          renameSync(temp, path);
          return fileLock(path, info);
        }
      } finally {
        rmSync(takeover, { force: true });
      }
    }
    throw new DataDirLockedError(dataDir, readInfo(path));
  } finally {
    rmSync(temp, { force: true });
  }
}

function ageMs(path: string): number | null {
  try {
    return Date.now() - statSync(path).mtimeMs;
  } catch {
    return null;
  }
}

function fileLock(path: string, info: LockInfo): DataDirLock {
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    if (readInfo(path)?.nonce === info.nonce) rmSync(path, { force: true });
    process.off('exit', release);
  };
  process.on('exit', release);
  return { path, strategy: 'file', release };
}

// ------------------------------------------------------------------------------------ public

export function defaultStrategy(): LockStrategy {
  return process.platform === 'linux' || process.platform === 'win32' ? 'os' : 'file';
}

/**
 * Takes the data folder's lock or throws DataDirLockedError. A lock left by a process that no
 * longer runs (crash, kill -9) is taken over, so a crash never locks the admin out; a lock
 * file naming a live process that is not its writer (pid reused) does not block either.
 */
export async function acquireDataDirLock(
  dataDir: string,
  role: 'server' | 'cli',
  options: LockOptions = {},
): Promise<DataDirLock> {
  mkdirSync(dataDir, { recursive: true });
  const strategy = options.strategy ?? defaultStrategy();
  return strategy === 'os' ? acquireOs(dataDir, role) : acquireFile(dataDir, role);
}
