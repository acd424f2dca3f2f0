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

  /** The session ended with Terminate: its session_time was taken, or stays in this browser. */
  ended(timeSet: boolean): void {
    this.sent = timeSet;
  }

  /** The time this browser keeps for the next session: none once session_time was written. */
  unsentMs(): number | null {
    return this.sent ? null : this.totalMs();
  }
}
