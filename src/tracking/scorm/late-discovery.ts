// An LMS API that appears after the course loaded (decision record 0265). Some LMS players build
// their frames and put the API on a window only after the course's page has started; one search
// at boot misses it. When the first search finds nothing, the course keeps looking for a while
// (each search still climbs at most 500 parents, discovery.ts) and, meanwhile, behaves as a
// quiet `lms` port: no notice, progress kept in this browser and remembered for the LMS. An API
// found late gets the whole session: Initialize, the read of the stored record, and every change
// and answer given so far (the session merges them with the stored record, record 0160). When the
// search gives up, the course is in `local` mode and the learner is told so, as today.
import type {
  AcceptanceChannel,
  Interaction,
  ProgressChange,
  RuntimeMode,
  Snapshot,
  TrackingCapabilities,
  TrackingHealth,
  TrackingPort,
} from '../port.ts';
import type { FoundApi } from './discovery.ts';
import { SCORM_CAPABILITIES } from './session-options.ts';
import { consoleLogger, type Logger } from './wrapper.ts';

export interface LateSearchTiming {
  /**
   * While the course's static first screen is up anyway (start-lms.ts opens the app by 4 s):
   * start() waits this long for an API before the course starts from this browser's progress.
   */
  startWaitMs: number;
  /** The search's step during that wait. */
  everyMs: number;
  /** After the wait: the first back-off step, doubled each time. */
  firstBackoffMs: number;
  /** From the course's start: the search gives up, the course is in local mode. */
  giveUpMs: number;
}

export const LATE_SEARCH: LateSearchTiming = {
  startWaitMs: 3500,
  everyMs: 250,
  firstBackoffMs: 1000,
  giveUpMs: 30_000,
};

/**
 * The waits between searches after the first one: every `everyMs` during the start wait, then
 * doubling from `firstBackoffMs`, the last one cut so that the searches end at `giveUpMs`
 * (with the defaults 14 × 250 ms, then 1, 2, 4, 8 and 11.5 s: 20 searches in 30 s).
 */
export function searchDelays(t: LateSearchTiming = LATE_SEARCH): number[] {
  const delays: number[] = [];
  let elapsed = 0;
  while (elapsed + t.everyMs <= t.startWaitMs) {
    delays.push(t.everyMs);
    elapsed += t.everyMs;
  }
  let step = t.firstBackoffMs;
  while (elapsed < t.giveUpMs) {
    const delay = Math.min(step, t.giveUpMs - elapsed);
    delays.push(delay);
    elapsed += delay;
    step *= 2;
  }
  return delays;
}

export interface LateLmsOptions {
  /** One bounded search (discovery.ts findApi). */
  find: () => FoundApi | null;
  /** The session for an API found (a ScormSession). */
  connect: (found: FoundApi) => TrackingPort;
  /** The port the course uses if the search gives up (local mode). */
  local: () => TrackingPort;
  timing?: Partial<LateSearchTiming>;
  log?: Logger;
}

type Held = { kind: 'save'; change: ProgressChange } | { kind: 'answer'; answer: Interaction };

export class LateLmsPort implements TrackingPort {
  private phase: 'searching' | 'found' | 'gave-up' = 'searching';
  private session: TrackingPort | null = null;
  private localPort: TrackingPort | null = null;
  /** Started from this browser's progress: the start wait ended with no API. */
  private localStarted = false;
  /** What the course saved and answered before an API was found, in order. */
  private readonly held: Held[] = [];
  private readonly listeners = new Set<(health: TrackingHealth) => void>();
  private readonly timing: LateSearchTiming;
  private readonly log: Logger;
  private readonly delays: number[];
  private searchTimer: ReturnType<typeof setTimeout> | null = null;
  private startTimer: ReturnType<typeof setTimeout> | null = null;
  private startPromise: Promise<Snapshot> | null = null;
  private resolveStart: ((snapshot: Snapshot) => void) | null = null;
  private finished = false;

  constructor(private readonly options: LateLmsOptions) {
    this.timing = { ...LATE_SEARCH, ...options.timing };
    this.log = options.log ?? consoleLogger;
    this.delays = searchDelays(this.timing);
    this.log.info(
      `no LMS API yet: searching again for ${this.timing.giveUpMs / 1000} s (record 0265)`,
    );
    this.scheduleSearch();
  }

  get mode(): RuntimeMode {
    return this.phase === 'gave-up' ? 'local' : 'lms';
  }

  get capabilities(): TrackingCapabilities {
    if (this.session) return this.session.capabilities;
    return this.phase === 'gave-up' ? this.local().capabilities : SCORM_CAPABILITIES;
  }

  get acceptance(): AcceptanceChannel | undefined {
    if (this.session) return this.session.acceptance;
    return this.phase === 'gave-up' ? this.local().acceptance : undefined;
  }

  start(): Promise<Snapshot> {
    if (this.session && !this.startPromise) return this.session.start();
    this.startPromise ??= new Promise<Snapshot>((resolve) => {
      this.resolveStart = resolve;
      this.startTimer = setTimeout(() => this.startFromLocal(), this.timing.startWaitMs);
    });
    return this.startPromise;
  }

  save(change: ProgressChange): void {
    if (this.session) return this.session.save(change);
    if (this.phase === 'searching') this.held.push({ kind: 'save', change });
    if (this.localStarted) this.local().save(change);
  }

  recordAnswer(interaction: Interaction): void {
    if (this.session) return this.session.recordAnswer(interaction);
    if (this.phase === 'searching') this.held.push({ kind: 'answer', answer: interaction });
    if (this.localStarted) this.local().recordAnswer(interaction);
  }

  flush(): void {
    if (this.session) this.session.flush();
    else if (this.localStarted) this.local().flush();
  }

  finish(): void {
    if (this.finished) return;
    this.finished = true;
    this.stopTimers();
    if (this.session) this.session.finish();
    else if (this.localStarted) this.local().finish();
  }

  onHealth(listener: (health: TrackingHealth) => void): () => void {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }

  // ---------------------------------------------------------------- the search

  private scheduleSearch(): void {
    const delay = this.delays.shift();
    if (delay === undefined) {
      this.giveUp();
      return;
    }
    this.searchTimer = setTimeout(() => {
      this.searchTimer = null;
      if (this.finished) return;
      let found: FoundApi | null = null;
      try {
        found = this.options.find();
      } catch (error) {
        this.log.error(`API discovery failed: ${error instanceof Error ? error.message : error}`);
      }
      if (found) this.adopt(found);
      else this.scheduleSearch();
    }, delay);
  }

  /** The API appeared: the whole session goes to it, with everything held so far. */
  private adopt(found: FoundApi): void {
    this.log.info(`SCORM ${found.version} API found late: the session starts now`);
    let session: TrackingPort;
    try {
      session = this.options.connect(found);
    } catch (error) {
      this.log.error(
        `the late LMS session failed: ${error instanceof Error ? error.message : error}`,
      );
      this.scheduleSearch();
      return;
    }
    this.session = session;
    this.phase = 'found';
    session.onHealth((health) => this.emit(health));
    const started = session.start();
    if (this.resolveStart && !this.localStarted) {
      // Still within the start wait: the course opens on the stored record.
      if (this.startTimer) clearTimeout(this.startTimer);
      this.startTimer = null;
      const resolve = this.resolveStart;
      void started.then(resolve, () => this.startFromLocal());
    }
    for (const item of this.held.splice(0)) {
      if (item.kind === 'save') session.save(item.change);
      else session.recordAnswer(item.answer);
    }
    // Tells the course its port changed (capabilities and mode are read again).
    this.emit('ok');
  }

  private giveUp(): void {
    this.phase = 'gave-up';
    this.held.length = 0;
    this.log.info('no LMS API found: the course runs in local mode');
    if (!this.localStarted) this.startFromLocal();
    this.emit('ok');
  }

  /** The start wait ended with no API: the course starts from this browser's progress. */
  private startFromLocal(): void {
    this.startTimer = null;
    const resolve = this.resolveStart;
    if (!resolve || this.localStarted) return;
    this.localStarted = true;
    void this.local()
      .start()
      .then(resolve, () =>
        resolve({ learner: { id: null, name: null }, score: null, viewed: null, bookmark: null }),
      );
  }

  private local(): TrackingPort {
    this.localPort ??= this.options.local();
    return this.localPort;
  }

  private emit(health: TrackingHealth): void {
    for (const listener of this.listeners) listener(health);
  }

  private stopTimers(): void {
    if (this.searchTimer) clearTimeout(this.searchTimer);
    if (this.startTimer) clearTimeout(this.startTimer);
    this.searchTimer = this.startTimer = null;
  }
}
