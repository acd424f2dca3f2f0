import { describe, expect, it } from 'vitest';
import { JobLoop } from './job-loop.ts';

/** A promise and the function that settles it. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

/** A queue in memory, claimed the way the jobs' tables are: one job to one claim. */
function queue(names: string[], run: (job: string) => Promise<void> = async () => {}) {
  const pending = [...names];
  const ran: string[] = [];
  const failed: { job: string; error: string }[] = [];
  const logged: unknown[] = [];
  const loop = new JobLoop<string>({
    claim: async () => pending.shift() ?? null,
    run: async (job) => {
      ran.push(job);
      await run(job);
    },
    fail: async (job, error) => void failed.push({ job, error: (error as Error).message }),
    log: (error) => void logged.push(error),
  });
  return { loop, pending, ran, failed, logged };
}

/** Jobs «a» and «b», «a» held running until `hold` opens; `started` opens when «a» runs. */
function firstJobHeld() {
  const hold = gate();
  const started = gate();
  const q = queue(['a', 'b'], async (job) => {
    if (job === 'a') {
      started.open();
      await hold.opened;
    }
  });
  return { q, started, hold };
}

describe('the console job loop', () => {
  it('records a job that throws as failed and goes on with the next ones', async () => {
    const q = queue(['a', 'b', 'c'], async (job) => {
      if (job === 'b') throw new Error('disco lleno');
    });
    await q.loop.wake();
    expect(q.ran).toEqual(['a', 'b', 'c']);
    expect(q.failed).toEqual([{ job: 'b', error: 'disco lleno' }]);
    expect(q.logged).toHaveLength(1);
  });

  it('goes on when a claim fails, and when recording a failure fails', async () => {
    let claims = 0;
    const ran: string[] = [];
    const logged: unknown[] = [];
    const jobs = ['a', 'b'];
    const loop = new JobLoop<string>({
      claim: async () => {
        if (claims++ === 0) throw new Error('conexión perdida');
        return jobs.shift() ?? null;
      },
      run: async (job) => {
        ran.push(job);
        if (job === 'a') throw new Error('falló');
      },
      fail: async () => {
        throw new Error('tampoco');
      },
      log: (error) => void logged.push(error),
    });
    // The failed claim ends this pass (it reads as an empty queue); the next wake runs both.
    await loop.wake();
    expect(ran).toEqual([]);
    await loop.wake();
    expect(ran).toEqual(['a', 'b']);
    expect(logged.map((e) => (e as Error).message)).toEqual(['conexión perdida', 'falló']);
  });

  it('runs each job once when it is woken twice while it runs', async () => {
    const { q, started, hold } = firstJobHeld();
    const first = q.loop.wake();
    await started.opened;
    const second = q.loop.wake();
    const third = q.loop.wake();
    expect(second).toBe(first);
    expect(third).toBe(first);
    hold.open();
    await Promise.all([first, second, third]);
    expect(q.ran).toEqual(['a', 'b']);
    expect(q.loop.busy).toBe(false);
  });

  it('runs a job stored while it was finding the queue empty', async () => {
    const answer = gate();
    const asked = gate();
    const pending: string[] = [];
    const ran: string[] = [];
    let claims = 0;
    const loop = new JobLoop<string>({
      claim: async () => {
        // The first claim reads the queue before the job is stored, and answers after.
        if (claims++ === 0) {
          const seen = pending.shift() ?? null;
          asked.open();
          await answer.opened;
          return seen;
        }
        return pending.shift() ?? null;
      },
      run: async (job) => void ran.push(job),
      log: () => {},
    });
    const running = loop.wake();
    await asked.opened;
    pending.push('nuevo');
    const woken = loop.wake(); // the submission's wake
    answer.open();
    await Promise.all([running, woken]);
    expect(ran).toEqual(['nuevo']);
  });

  it('stop waits for the job running now and claims no more', async () => {
    const { q, started, hold } = firstJobHeld();
    const running = q.loop.wake();
    await started.opened;
    let stopped = false;
    const stopping = q.loop.stop().then(() => (stopped = true));
    // A whole turn of the event loop: the job still holds, so stop has not resolved.
    await new Promise((resolve) => setImmediate(resolve));
    expect(stopped).toBe(false);
    hold.open();
    await stopping;
    await running;
    expect(q.ran).toEqual(['a']);
    expect(q.pending).toEqual(['b']);
    await q.loop.wake();
    expect(q.ran).toEqual(['a']);
  });
});
