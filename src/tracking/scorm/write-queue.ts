// The retry queue: the latest value of every element the course wants in the LMS, kept until a
// Commit after its SetValue has succeeded. A failed SetValue or Commit leaves the values here to
// be sent again, so a flaky or slow LMS never loses progress; a newer value simply replaces an
// older one that was not through yet.
import type { CallResult } from './wrapper.ts';

export interface Write {
  element: string;
  value: string;
}

interface Entry {
  value: string;
  /** Accepted by SetValue, waiting for a successful Commit. */
  sent: boolean;
}

export interface SendOutcome {
  /** SetValues accepted in this pass. */
  sent: number;
  /** SetValues that failed and will be retried. */
  failed: number;
  /** Writes the LMS refused for good (bad element or value): logged and dropped. */
  dropped: Write[];
}

/**
 * Elements of one indexed record ('cmi.interactions.3', 'cmi.objectives.0') must reach the LMS
 * in order (id first, type before responses); the group is the path up to the first index.
 */
export function groupOf(element: string): string {
  const m = /^(.*?\.\d+)\./.exec(element);
  return m ? m[1]! : element;
}

export class WriteQueue {
  private readonly entries = new Map<string, Entry>();
  /** Last value the LMS committed per element, to skip writes that change nothing. */
  private readonly committedValues = new Map<string, string>();

  /** Queues a value; returns false when it is what the LMS already has or will get. */
  set(element: string, value: string): boolean {
    const pending = this.entries.get(element);
    if (pending) {
      if (pending.value === value) return false;
      pending.value = value;
      pending.sent = false;
      return true;
    }
    if (this.committedValues.get(element) === value) return false;
    this.entries.set(element, { value, sent: false });
    return true;
  }

  /** Whether the LMS is known to hold this value (read at start or committed). */
  assumeCommitted(element: string, value: string): void {
    if (!this.entries.has(element)) this.committedValues.set(element, value);
  }

  get size(): number {
    return this.entries.size;
  }

  get hasUnsent(): boolean {
    for (const e of this.entries.values()) if (!e.sent) return true;
    return false;
  }

  get hasSent(): boolean {
    for (const e of this.entries.values()) if (e.sent) return true;
    return false;
  }

  /** True while any element of the group is still on its way. */
  hasGroup(group: string): boolean {
    for (const element of this.entries.keys()) if (groupOf(element) === group) return true;
    return false;
  }

  /**
   * Sends every unsent value in order. After a failure the rest of that record's group waits
   * (its order matters); other elements still go, so one stuck value does not block the rest.
   */
  send(
    setValue: (element: string, value: string) => CallResult,
    isPermanent: (code: string) => boolean,
  ): SendOutcome {
    const outcome: SendOutcome = { sent: 0, failed: 0, dropped: [] };
    const blocked = new Set<string>();
    for (const [element, entry] of [...this.entries]) {
      if (entry.sent) continue;
      const group = groupOf(element);
      if (blocked.has(group)) {
        outcome.failed++;
        continue;
      }
      const value = entry.value;
      const result = setValue(element, value);
      // The entry may have been replaced meanwhile (a synchronous LMS cannot re-enter, but be safe).
      const current = this.entries.get(element);
      if (result.ok) {
        outcome.sent++;
        if (current && current.value === value) current.sent = true;
      } else if (isPermanent(result.code)) {
        outcome.dropped.push({ element, value });
        if (current && current.value === value) this.entries.delete(element);
      } else {
        outcome.failed++;
        blocked.add(group);
      }
    }
    return outcome;
  }

  /** A Commit succeeded: every value sent before it is now the LMS's. */
  committed(): void {
    for (const [element, entry] of [...this.entries]) {
      if (!entry.sent) continue;
      this.committedValues.set(element, entry.value);
      this.entries.delete(element);
    }
  }

  /** Terminate succeeded: the LMS persisted everything it accepted. */
  commitAll(): void {
    for (const [element, entry] of this.entries) this.committedValues.set(element, entry.value);
    this.entries.clear();
  }

  /** A Commit failed: the LMS may have dropped what it had, so everything is sent again. */
  commitFailed(): void {
    for (const entry of this.entries.values()) entry.sent = false;
  }

  pending(): Write[] {
    return [...this.entries].map(([element, e]) => ({ element, value: e.value }));
  }
}

/** Back-off delays for retries: 0.5 s, 1 s, 2 s, 4 s, then every 8 s while the LMS fails. */
export const RETRY_DELAYS_MS: readonly number[] = [500, 1000, 2000, 4000, 8000];

export class Backoff {
  private attempt = 0;
  constructor(private readonly delays: readonly number[] = RETRY_DELAYS_MS) {}
  next(): number {
    const delay = this.delays[Math.min(this.attempt, this.delays.length - 1)] ?? 1000;
    this.attempt++;
    return delay;
  }
  reset(): void {
    this.attempt = 0;
  }
  get failures(): number {
    return this.attempt;
  }
}
