// The SCORM session's time (docs/decisions/0256-scorm-session-as-parts.md). session_time is
// written once, at the end (decision record 0160); it counts from the session's Initialize — the
// inline early script's when the app adopted that session (decision 0012) — and adds the time of
// earlier sessions that never wrote theirs (kept in this browser's safety net).
export class SessionClock {
  private startedAt = 0;
  /** Time of earlier sessions that never wrote their session_time (kept in this browser). */
  private carriedMs = 0;
  /** This session's session_time was written and terminated: the browser keeps no time. */
  private sent = false;

  constructor(
    private readonly now: () => number,
    /** When the inline early script's Initialize answered, if this session adopted it. */
    private readonly earlyOpenedAt: number | null,
  ) {}

  /** Initialize answered. */
  opened(): void {
    // An adopted early session started when its Initialize answered, not when the app
    // caught up with it: on a slow phone that is seconds of the learner's time.
    const now = this.now();
    this.startedAt = this.earlyOpenedAt === null ? now : Math.min(now, this.earlyOpenedAt);
  }

  /** The read found earlier sessions' time in this browser. */
  carry(ms: number): void {
    this.carriedMs = ms;
  }

  /** This session's time plus that of earlier sessions that never wrote theirs. */
  totalMs(): number {
    return this.carriedMs + Math.max(0, this.now() - this.startedAt);
  }

  /** This session's own time, from its Initialize. */
  sessionMs(): number {
    return Math.max(0, this.now() - this.startedAt);
  }

  /** The session ended with Terminate: its session_time was taken, or stays in this browser. */
  ended(timeSet: boolean): void {
    this.sent = timeSet;
  }

  /** The time this browser keeps for the next session: none once session_time was written. */
  unsentMs(): number | null {
    return this.sent ? null : this.totalMs();
  }
}

/** Below this, a difference between the kept and the reported total is rounding, not a loss. */
const TIME_TOLERANCE_MS = 1000;

/**
 * The time an earlier session lost (record 0268): what the course's record says the LMS should
 * hold, less what the LMS reports. Nothing when the record keeps no time, or the LMS reports no
 * total or a total of zero: the course cannot tell a lost session from an LMS that does not hand
 * its total back, and adding on a guess would count time twice at every session.
 */
export function lostTime(reportedMs: number | null, recordedMs: number | null): number {
  if (recordedMs === null || reportedMs === null || reportedMs <= 0) return 0;
  const missing = recordedMs - reportedMs;
  return missing > TIME_TOLERANCE_MS ? missing : 0;
}

/**
 * How long the time kept in suspend_data may go stale (record 0268): 5 % of the session so far,
 * at least 1 s, at most a minute. It is all a closed tab can lose.
 */
export function timeRefreshMs(sessionMs: number): number {
  return Math.min(60_000, Math.max(1000, Math.round(sessionMs * 0.05)));
}
