// The learner's time as the course's record keeps it (docs/decisions/0268-the-lms-record-at-its-edges.md):
// at the start, the time an earlier session lost is carried into this one; while the session
// runs, the total the LMS should hold is refreshed in suspend_data's data model (SetValue, no
// Commit), so that a closed tab loses at most one refresh interval.
import type { ScormDialect } from './dialect.ts';
import type { CourseRecord } from './course-record.ts';
import { lostTime, timeRefreshMs, type SessionClock } from './session-clock.ts';
import type { Logger, ScormWrapper } from './wrapper.ts';

export interface TimeKeeperParts {
  clock: SessionClock;
  wrapper: ScormWrapper;
  dialect: ScormDialect;
  record: CourseRecord;
  log: Logger;
  /** Queues the time in suspend_data and sends it without a Commit. */
  refresh: () => void;
  /** False once the session ended or turned read-only: no more refreshes. */
  active: () => boolean;
}

export class TimeKeeper {
  private timer: ReturnType<typeof setTimeout> | null = null;

  constructor(private readonly parts: TimeKeeperParts) {}

  /**
   * The time this session adds: earlier sessions' time this browser kept (`netMs`), or what the
   * LMS reports short of the total the course's record kept (`recordedMs`) — the larger, since
   * both measure the same loss. From now on the record keeps the total the LMS should hold with
   * this session, and the refreshes start.
   */
  start(recordedMs: number | null, netMs: number): void {
    const { wrapper, dialect, clock, record, log } = this.parts;
    const read = wrapper.readValue(dialect.totalTimeElement);
    const reported = read.ok ? dialect.parseTotalTime(read.value) : null;
    const lost = lostTime(reported, recordedMs);
    if (lost > netMs)
      log.info(
        `the LMS holds ${Math.round(lost / 1000)} s less than the course's record: ` +
          'an earlier session ended without its time; it is added to this one',
      );
    clock.carry(Math.max(netMs, lost));
    record.expectedTimeMs = () => (reported ?? 0) + clock.totalMs();
    this.schedule();
  }

  /** No more refreshes (the session ends). */
  stop(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  private schedule(): void {
    if (!this.parts.active()) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      if (!this.parts.active()) return;
      try {
        this.parts.refresh();
      } catch (error) {
        this.parts.log.error(
          `keeping the time failed: ${error instanceof Error ? error.message : String(error)}`,
        );
      }
      this.schedule();
    }, timeRefreshMs(this.parts.clock.sessionMs()));
  }
}
