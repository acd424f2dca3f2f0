// One contender of the lock race (lock-race.ts): on 'go' it tries to take the data folder's
// lock and reports whether it holds it; on 'release' it lets go. Run by fork() with tsx.
import {
  acquireDataDirLock,
  DataDirLockedError,
  type DataDirLock,
  type LockStrategy,
} from './lock.ts';

const [dataDir, strategy] = process.argv.slice(2) as [string, LockStrategy];
let lock: DataDirLock | null = null;

process.on('message', (message: string) => {
  if (message === 'go') {
    acquireDataDirLock(dataDir, 'cli', { strategy }).then(
      (held) => {
        lock = held;
        process.send?.({ held: true });
      },
      (error: unknown) =>
        process.send?.({
          held: false,
          error: error instanceof DataDirLockedError ? null : String(error),
        }),
    );
  } else if (message === 'release') {
    lock?.release();
    lock = null;
    process.send?.({ released: true });
  } else if (message === 'exit') process.exit(0);
});
process.send?.({ ready: true });
