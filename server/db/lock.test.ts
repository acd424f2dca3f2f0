// The data-folder lock (docs/decisions/0050-data-folder-lock.md): never two holders, stale
// locks taken over, a reused pid does not block. The full 50 × 8 race is in bench:server.
import { mkdtempSync, readFileSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  acquireDataDirLock,
  DataDirLockedError,
  LOCK_FILE,
  processStartTime,
  type LockStrategy,
} from './lock.ts';
import { runLockRace, writeStaleLock } from './lock-race.ts';

const tmp = () => mkdtempSync(join(tmpdir(), 'curso-sst-lock-'));
const STRATEGIES: LockStrategy[] = process.platform === 'linux' ? ['os', 'file'] : ['file'];

describe.each(STRATEGIES)('data folder lock (%s)', (strategy) => {
  it('refuses a second holder, names the first, and frees the folder on release', async () => {
    const dir = tmp();
    const lock = await acquireDataDirLock(dir, 'server', { strategy });
    const refused = await acquireDataDirLock(dir, 'cli', { strategy }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(DataDirLockedError);
    expect((refused as DataDirLockedError).holder?.pid).toBe(process.pid);
    expect((refused as DataDirLockedError).message).toContain(`pid ${process.pid}`);
    expect(JSON.parse(readFileSync(join(dir, LOCK_FILE), 'utf8')).role).toBe('server');
    lock.release();
    (await acquireDataDirLock(dir, 'cli', { strategy })).release();
  });

  it('takes over a lock naming a dead pid, or a live pid that is another process', async () => {
    for (const kind of ['dead', 'reused'] as const) {
      const dir = tmp();
      writeStaleLock(dir, kind);
      const lock = await acquireDataDirLock(dir, 'cli', { strategy });
      expect(JSON.parse(readFileSync(join(dir, LOCK_FILE), 'utf8')).pid).toBe(process.pid);
      lock.release();
    }
  });

  it('lets exactly one of 8 processes hold a stale lock, round after round', async () => {
    const result = await runLockRace({ rounds: 5, processes: 8, strategy });
    expect(result.errors).toEqual([]);
    expect(result.holders).toEqual([1, 1, 1, 1, 1]);
  }, 120_000);
});

describe.runIf(process.platform === 'linux')('os lock', () => {
  it('is one lock for one folder whatever path names it', async () => {
    const dir = tmp();
    const alias = join(tmp(), 'alias');
    symlinkSync(dir, alias);
    const lock = await acquireDataDirLock(dir, 'server', { strategy: 'os' });
    await expect(acquireDataDirLock(alias, 'cli', { strategy: 'os' })).rejects.toThrow(
      DataDirLockedError,
    );
    lock.release();
  });

  it('reads process start times from the OS', () => {
    expect(processStartTime(process.pid)).toMatch(/^\d+$/);
    expect(processStartTime(2 ** 22 + 4321)).toBeNull();
  });
});
