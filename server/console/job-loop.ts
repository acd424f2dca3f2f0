// The loop every background job of the console runs on (record 0273): the imports (decisions
// 0216, 0238, 0266) and the invitations. It claims a queued job, runs it, has a job that threw
// recorded as failed, and claims again until the queue is empty. A wake while it runs is not a
// second loop: it makes the running one look at the queue once more before it ends, so a job
// stored while the loop was finding the queue empty still runs. What a job is, how it is claimed
// (a lease, FOR UPDATE SKIP LOCKED) and how it fails are the caller's.
import { randomBytes } from 'node:crypto';

/** A worker's name in the jobs' `claimed_by`: this process and a random part. */
export const newWorkerId = () => `${process.pid}-${randomBytes(4).toString('hex')}`;

export interface JobLoopSteps<J> {
  /** The next job, claimed for this worker; null when there is none. */
  claim(): Promise<J | null>;
  /** Runs one claimed job to its end. */
  run(job: J): Promise<void>;
  /** Records a job whose `run` threw as failed (its own errors are swallowed). */
  fail?(job: J, error: unknown): Promise<unknown>;
  /** Where a failed claim or run is reported; the loop goes on. */
  log(error: unknown): void;
}

/** A loop that also wakes itself every `ms` on `clock` (0: only when woken). */
export interface JobLoopPoll {
  clock: { every(ms: number, fn: () => void): () => void };
  ms: number;
}

export class JobLoop<J> {
  private running: Promise<void> | null = null;
  private again = false;
  private stopped = false;
  private readonly stopPoll: (() => void) | null;

  constructor(
    private readonly steps: JobLoopSteps<J>,
    poll?: JobLoopPoll,
  ) {
    this.stopPoll = poll && poll.ms > 0 ? poll.clock.every(poll.ms, () => void this.wake()) : null;
  }

  /** Whether a wake is running the queue now. */
  get busy(): boolean {
    return this.running !== null;
  }

  /** Runs every queued job, one after the other; resolves when the queue is empty. */
  wake(): Promise<void> {
    if (this.stopped) return Promise.resolve();
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = this.drain().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  /** Claims no more jobs (and stops its poll); resolves when the job running now has ended. */
  async stop(): Promise<void> {
    this.stopPoll?.();
    this.stopped = true;
    await this.running;
  }

  private async drain(): Promise<void> {
    const steps = this.steps;
    do {
      this.again = false;
      for (;;) {
        if (this.stopped) return;
        const job = await steps.claim().catch((e: unknown) => {
          steps.log(e);
          return null;
        });
        if (!job) break;
        await steps.run(job).catch(async (e: unknown) => {
          steps.log(e);
          await steps.fail?.(job, e).catch(() => 0);
        });
      }
    } while (this.again);
  }
}
