// When the SCORM session commits (decision 0208): a debounced commit whose deadline only moves
// earlier, a retry with back-off while the LMS fails, and the health notice those failures
// drive. The session says what a commit does (ScormSession.runCommit); this says when.
import type { TrackingHealth } from '../port.ts';
import type { Logger } from './wrapper.ts';
import { Backoff } from './write-queue.ts';

export interface CommitSchedulerOptions {
  retryDelaysMs: readonly number[];
  now: () => number;
  /** Once the session finished, nothing more is scheduled. */
  isFinished: () => boolean;
  /** The commit itself; a throw is logged, never passed on. */
  run: (reason: 'debounce' | 'retry') => void;
  log: Logger;
}

export class CommitScheduler {
  private commitTimer: ReturnType<typeof setTimeout> | null = null;
  private commitDeadline = Infinity;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  private readonly backoff: Backoff;
  private current: TrackingHealth = 'ok';
  private readonly listeners = new Set<(health: TrackingHealth) => void>();

  constructor(private readonly o: CommitSchedulerOptions) {
    this.backoff = new Backoff(o.retryDelaysMs);
  }

  /** Commits within delayMs (an earlier deadline wins; a pending retry sends everything anyway). */
  schedule(delayMs: number): void {
    if (this.o.isFinished() || this.retryTimer) return;
    const deadline = this.o.now() + delayMs;
    if (this.commitTimer && deadline >= this.commitDeadline) return;
    if (this.commitTimer) clearTimeout(this.commitTimer);
    this.commitDeadline = deadline;
    this.commitTimer = setTimeout(() => {
      this.commitTimer = null;
      this.commitDeadline = Infinity;
      this.runLogged('debounce', 'commit failed');
    }, delayMs);
  }

  /** A commit is running now: the debounced one is not needed. */
  cancelDebounce(): void {
    if (!this.commitTimer) return;
    clearTimeout(this.commitTimer);
    this.commitTimer = null;
    this.commitDeadline = Infinity;
  }

  /** Stops both timers (the session ends). */
  clear(): void {
    if (this.commitTimer) clearTimeout(this.commitTimer);
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.commitTimer = null;
    this.retryTimer = null;
    this.commitDeadline = Infinity;
  }

  /** The LMS accepted: back-off from the start, no retry pending, health 'ok'. */
  recovered(): void {
    this.backoff.reset();
    if (this.retryTimer) {
      clearTimeout(this.retryTimer);
      this.retryTimer = null;
    }
    this.setHealth('ok');
  }

  /** The LMS failed: health 'retrying', and a retry after the next back-off delay. */
  failed(): void {
    this.setHealth('retrying');
    this.scheduleRetry();
  }

  onHealth(listener: (health: TrackingHealth) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private scheduleRetry(): void {
    if (this.retryTimer || this.o.isFinished()) return;
    const delay = this.backoff.next();
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      this.runLogged('retry', 'retry failed');
    }, delay);
  }

  private runLogged(reason: 'debounce' | 'retry', what: string): void {
    try {
      this.o.run(reason);
    } catch (error) {
      this.o.log.error(`${what}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  private setHealth(health: TrackingHealth): void {
    if (this.current === health) return;
    this.current = health;
    for (const listener of [...this.listeners]) {
      try {
        listener(health);
      } catch (error) {
        this.o.log.error(
          `health listener threw: ${error instanceof Error ? error.message : String(error)}`,
        );
      }
    }
  }
}
