// When the SCORM session's start() resolves (docs/decisions/0256-scorm-session-as-parts.md):
// Initialize at once, the first read of the stored data 200 ms later (decision 0012), and while
// reads fail a short wait after which the course starts with nothing read (decision record 0160:
// the learner can study; nothing lower is written). The session says what a read does; this says
// when, and resolves start() once, with the snapshot of that moment.
import type { Snapshot } from '../port.ts';
import type { Timing } from './session-options.ts';

export interface StartSteps {
  /** Initialize and listen to the page: at once. */
  open(): void;
  /** The first read: true when the course starts now (it was read, or no read can come). */
  firstRead(): boolean;
  /** The wait is over: a last try, just before the course starts with what is known. */
  lastRead(): void;
  snapshot(): Snapshot;
}

export class StartGate {
  private promise: Promise<Snapshot> | null = null;
  private resolveStart: (() => void) | null = null;
  private deadline: ReturnType<typeof setTimeout> | null = null;
  /** The start wait is over: an unreadable suspend_data is rebuilt and written (record 0160). */
  private over = false;

  constructor(
    private readonly timing: Pick<Timing, 'initialReadMs' | 'readWaitMs'>,
    private readonly steps: StartSteps,
  ) {}

  get waitOver(): boolean {
    return this.over;
  }

  start(): Promise<Snapshot> {
    this.promise ??= new Promise<Snapshot>((resolve) => {
      let resolved = false;
      this.resolveStart = () => {
        if (resolved) return;
        resolved = true;
        this.clear();
        resolve(this.steps.snapshot());
      };
      this.steps.open();
      setTimeout(() => this.afterFirstRead(this.steps.firstRead()), this.timing.initialReadMs);
    });
    return this.promise;
  }

  /** The course may start: start() resolves, once (nothing happens before start() was called). */
  resolve(): void {
    this.resolveStart?.();
  }

  /** Stops the wait's timer (the session ended, or start() resolved). */
  clear(): void {
    if (this.deadline) clearTimeout(this.deadline);
    this.deadline = null;
  }

  private afterFirstRead(startNow: boolean): void {
    if (startNow) {
      this.resolve();
      return;
    }
    this.deadline = setTimeout(() => {
      this.over = true;
      this.steps.lastRead();
      this.resolve();
    }, this.timing.readWaitMs);
  }
}
