// This page load's session for the activity queue (decision record 0126): visible time only,
// counted while the page is in sight; a visit shorter than a second is still a session (0155).
import { randomUuid } from './uuid.ts';
import { SESSION_MAX_SECONDS } from '../../domain/progress/activity-record.ts';

/** Seconds of visible time after which a normal save also sends the session's time. */
export const SESSION_SEND_EVERY_S = 60;

export interface SessionNote {
  id: string;
  startedAt: string;
  seconds: number;
}

export interface SessionTimerOptions {
  /** Whose visibility counts as time spent (null: always visible). */
  visibility: Pick<Document, 'visibilityState'> | null;
  now: () => number;
  newSessionId?: () => string;
}

export function createSessionTimer(options: SessionTimerOptions) {
  const { visibility, now } = options;
  let session: { id: string; startedAt: string } | null = null;
  let visibleMs = 0;
  let visibleSince: number | null = null;
  // Null until this session is first queued: its first note is written whatever its seconds.
  let queuedS: number | null = null;
  let sentS = 0;

  /** Visible seconds of this page load so far. */
  const seconds = () => {
    const ms = visibleMs + (visibleSince !== null ? Math.max(0, now() - visibleSince) : 0);
    return Math.min(SESSION_MAX_SECONDS, Math.floor(ms / 1000));
  };

  return {
    get started() {
      return session !== null;
    },
    /** This page load's session id, once started (the acceptance names it; decision 0220). */
    get id(): string | null {
      return session?.id ?? null;
    },
    start() {
      if (session) return;
      session = {
        id: (options.newSessionId ?? randomUuid)(),
        startedAt: new Date(now()).toISOString(),
      };
      visibleSince = !visibility || visibility.visibilityState === 'visible' ? now() : null;
    },
    /** The page came into sight. */
    visible() {
      if (visibleSince === null) visibleSince = now();
    },
    /** The page went out of sight: hidden time does not count. */
    hidden() {
      if (visibleSince === null) return;
      visibleMs += Math.max(0, now() - visibleSince);
      visibleSince = null;
    },
    /** The session's note when its seconds grew since the last one queued, else null. */
    noteIfGrown(): SessionNote | null {
      if (!session) return null;
      const s = seconds();
      if (queuedS !== null && s <= queuedS) return null;
      queuedS = s;
      return { ...session, seconds: s };
    },
    /** What was queued is on its way. */
    markSent() {
      sentS = queuedS ?? 0;
    },
    /** About once a minute of visible time a normal save carries the session along. */
    dueForSend() {
      return seconds() - sentS >= SESSION_SEND_EVERY_S;
    },
    /** A new cycle: this session is noted again from scratch for it. */
    resetNotes() {
      queuedS = null;
      sentS = 0;
    },
  };
}

export type SessionTimer = ReturnType<typeof createSessionTimer>;
