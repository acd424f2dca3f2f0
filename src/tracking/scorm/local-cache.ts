// A small safety net in this browser for what the LMS has not confirmed yet (an LMS that fails
// until the window closes). The LMS stays the source of truth: this only ever adds to what it
// returns (viewed topics union, highest score). Keyed by package AND learner id, so a second
// learner on the same browser never inherits the first one's progress; without a learner id
// nothing is cached at all.
import type { Response } from '../../domain/registry/index.ts';
import type { Interaction } from '../port.ts';

export interface CachedProgress {
  route: string;
  score: number | null;
  bookmark: string | null;
  completed: boolean;
}

/** An answer as this browser keeps it: the port's Interaction with its time as text. */
export type CachedInteraction = Omit<
  Interaction,
  'response' | 'correctResponse' | 'timestamp' | 'responseText' | 'correctResponseText'
> & {
  /** Option indexes; a record kept before answers had shapes holds one number (decision 0200). */
  response: Response | number;
  correctResponse: Response | number;
  timestamp: string;
};

export interface CacheRecord {
  /** Question ids the LMS already holds an interaction for (1.2 cannot read them back). */
  answered: string[];
  /** Progress not yet committed to the LMS, if any. */
  progress?: CachedProgress;
  /** Answers not yet committed to the LMS. */
  answers?: CachedInteraction[];
  /**
   * The LMS held a started attempt (status incomplete or better) when this was kept: if a later
   * launch reads not attempted, this record belongs to an earlier attempt (decision record 0160).
   */
  held?: boolean;
  /** Time of sessions that ended before writing their session_time, in ms (decision 0160). */
  timeMs?: number;
  /**
   * When this attempt was first completed (ISO text, record 0263), also kept in suspend_data:
   * a 2004 LMS that reopens a finished attempt in review mode (Moodle) hands no suspend_data back.
   */
  completedAt?: string;
}

const PREFIX = 'curso-sst:scorm:';

export function cacheKey(packageId: string, learnerId: string): string {
  return `${PREFIX}${encodeURIComponent(packageId)}:${encodeURIComponent(learnerId)}`;
}

export class LocalCache {
  constructor(
    private readonly storage: Storage | null,
    private readonly key: string | null,
  ) {}

  read(): CacheRecord | null {
    if (!this.storage || !this.key) return null;
    try {
      const raw = this.storage.getItem(this.key);
      if (!raw) return null;
      const parsed: unknown = JSON.parse(raw);
      return isCacheRecord(parsed) ? parsed : null;
    } catch {
      return null; // unreadable or blocked storage: the LMS data stands alone
    }
  }

  write(record: CacheRecord): void {
    if (!this.storage || !this.key) return;
    try {
      this.storage.setItem(this.key, JSON.stringify(record));
    } catch {
      // full or blocked storage (sandboxed frame, private mode): nothing else to do
    }
  }
}

function isCacheRecord(value: unknown): value is CacheRecord {
  if (!value || typeof value !== 'object') return false;
  const v = value as Record<string, unknown>;
  if (!Array.isArray(v.answered) || !v.answered.every((x) => typeof x === 'string')) return false;
  if (v.progress !== undefined) {
    const p = v.progress as Record<string, unknown> | null;
    if (!p || typeof p.route !== 'string') return false;
  }
  if (v.answers !== undefined && !Array.isArray(v.answers)) return false;
  return true;
}

/** The storage of the course's window, when the browser lets the frame use it. */
export function windowStorage(win: Window): Storage | null {
  try {
    const storage = win.localStorage;
    return storage ?? null;
  } catch {
    return null;
  }
}
