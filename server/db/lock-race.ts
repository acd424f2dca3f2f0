// The data-folder lock race (docs/decisions/0050-data-folder-lock.md): N processes, started
// once, are told at the same moment to take the lock of a folder holding a stale lock file
// (a dead pid, or a live pid that is not its writer); exactly one must hold it every round.
// Used by server/db/lock.test.ts (short) and tools/bench-server.ts (50 rounds × 8).
import { fork, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { LOCK_FILE, type LockStrategy } from './lock.ts';

const CHILD = fileURLToPath(new URL('./lock-race-child.ts', import.meta.url));

export interface RaceResult {
  strategy: LockStrategy;
  rounds: number;
  processes: number;
  /** Holders per round; every entry must be 1. */
  holders: number[];
  errors: string[];
  ms: number;
}

type Reply = { ready?: true; held?: boolean; released?: true; error?: string | null };

function next(child: ChildProcess, want: keyof Reply): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const onMessage = (message: Reply) => {
      if (message[want] === undefined) return;
      child.off('message', onMessage);
      child.off('exit', onExit);
      resolve(message);
    };
    const onExit = (code: number | null) => reject(new Error(`contender exited (${code})`));
    child.on('message', onMessage);
    child.once('exit', onExit);
  });
}

/** A lock file as a crashed holder leaves it: `kind` 'dead' names a pid that is not running;
 * 'reused' names a running process (pid 1 or our own parent) with another start time. */
export function writeStaleLock(dataDir: string, kind: 'dead' | 'reused'): void {
  const pid = kind === 'dead' ? 2 ** 22 + 4321 : process.pid;
  writeFileSync(
    join(dataDir, LOCK_FILE),
    JSON.stringify({
      pid,
      role: 'server',
      startedAt: '2020-01-01T00:00:00.000Z',
      processStart: 'not-this-process',
      nonce: `stale-${kind}`,
    }),
  );
}

export async function runLockRace(options: {
  rounds: number;
  processes: number;
  strategy: LockStrategy;
}): Promise<RaceResult> {
  const started = performance.now();
  const dataDir = mkdtempSync(join(tmpdir(), 'curso-sst-lock-race-'));
  const children = Array.from({ length: options.processes }, () =>
    fork(CHILD, [dataDir, options.strategy], {
      execArgv: ['--import', 'tsx'],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    }),
  );
  const holders: number[] = [];
  const errors: string[] = [];
  try {
    await Promise.all(children.map((child) => next(child, 'ready')));
    for (let round = 0; round < options.rounds; round++) {
      writeStaleLock(dataDir, round % 2 === 0 ? 'dead' : 'reused');
      const replies = children.map((child) => next(child, 'held'));
      for (const child of children) child.send('go');
      const results = await Promise.all(replies);
      for (const r of results) if (r.error) errors.push(r.error);
      holders.push(results.filter((r) => r.held).length);
      await Promise.all(
        children.map((child, i) => {
          if (!results[i]?.held) return null;
          const done = next(child, 'released');
          child.send('release');
          return done;
        }),
      );
    }
  } finally {
    for (const child of children) if (child.connected) child.send('exit');
    rmSync(dataDir, { recursive: true, force: true });
  }
  return {
    strategy: options.strategy,
    rounds: options.rounds,
    processes: options.processes,
    holders,
    errors,
    ms: Math.round(performance.now() - started),
  };
}
