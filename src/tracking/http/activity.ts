// The activity queue of the standalone app (docs/decisions/0126-activity-queue-and-cycles.md):
// each first answer and the time spent per session go to POST record-activity the way progress
// goes to update-user (decision records 0026 and 0101): kept in localStorage first, one request
// at a time, retried with back-off on network and server faults, re-sent after a reload. The
// server keeps only the first answer per question and cycle and the largest seconds per session,
// so a re-send is harmless. The record belongs to one learner and one induction cycle: a record
// of another cycle is never sent (the server would refuse it with 409 stale-cycle anyway).
// The queue itself is the one-request-at-a-time loop; reading and changing the stored record,
// the batch and its body, and how a failure settles the record are named functions beside it.
import type { ApiClient } from './api-client.ts';
import { classifyFailure, createBackoff, type Backoff, type Failing } from './retry.ts';
import { KEYS, readJson, safeRemove, safeSet, type KeyValueStore } from './storage.ts';
import type { ActivityResponse } from './types.ts';
import {
  MAX_ANSWERS,
  MAX_SESSIONS,
  type FirstAnswerRecord,
  type SessionRecord,
} from '../../domain/progress/activity-record.ts';
import { byItself, FirstAnswerLedger } from '../../domain/progress/course-facts.ts';

/** One first answer, as record-activity takes it (decision record 0212). */
export type QueuedAnswer = FirstAnswerRecord;
/** Visible time of one page load (a session), in whole seconds. */
export type QueuedSession = SessionRecord;

/** What is not yet accepted by the server, for one learner and cycle. */
export interface ActivityRecord {
  userId: string;
  cycle: number;
  answers: QueuedAnswer[];
  sessions: QueuedSession[];
  /** Question ids the server already has for this cycle: never queued again. */
  sent: string[];
}

export interface ActivityQueueOptions {
  api: ApiClient;
  store: KeyValueStore;
  /** Retry delays, ms (the last one repeats). */
  delays: number[];
  /**
   * Why sends are failing and being retried, for the shared calm notice: 'offline' when no answer
   * came at all, 'retrying' when the server answered with an error; false once one is accepted.
   */
  onFailing: (failing: Failing) => void;
  /** The server answered 409 stale-cycle: the record was dropped; `cycle` is the current one. */
  onStaleCycle: (cycle: number | null) => void;
}

export interface ActivityQueue {
  addAnswer(userId: string, cycle: number, answer: QueuedAnswer): void;
  /** Stores a session's seconds (the larger value wins); sent with the next call. */
  noteSession(userId: string, cycle: number, session: QueuedSession): void;
  send(keepalive?: boolean): Promise<void>;
  /** Drops a record that is not of this learner and cycle (another learner, an older cycle). */
  keepOnly(userId: string, cycle: number): void;
  hasPending(): boolean;
  /** Re-send now (the 'online' event): the back-off starts again. */
  retryNow(): void;
}

const isRecord = (r: ActivityRecord | null): r is ActivityRecord =>
  !!r &&
  typeof r === 'object' &&
  typeof r.userId === 'string' &&
  typeof r.cycle === 'number' &&
  Array.isArray(r.answers) &&
  Array.isArray(r.sessions) &&
  Array.isArray(r.sent);

export { staleCycleOf } from './retry.ts';

/** The stored record; an unreadable one counts as none. */
const readRecord = (store: KeyValueStore): ActivityRecord | null => {
  const r = readJson<ActivityRecord>(store, KEYS.activity);
  return isRecord(r) ? r : null;
};
const writeRecord = (store: KeyValueStore, r: ActivityRecord | null) =>
  r ? safeSet(store, KEYS.activity, JSON.stringify(r)) : safeRemove(store, KEYS.activity);
const isEmpty = (r: ActivityRecord) => r.answers.length === 0 && r.sessions.length === 0;

/** The record of this learner and cycle; another one is replaced (never sent for them). */
const recordFor = (store: KeyValueStore, userId: string, cycle: number): ActivityRecord => {
  const r = readRecord(store);
  return r && r.userId === userId && r.cycle === cycle
    ? r
    : { userId, cycle, answers: [], sessions: [], sent: [] };
};

/** The record with a session's seconds (the larger value wins); null when it has them already. */
function withSession(r: ActivityRecord, session: QueuedSession): ActivityRecord | null {
  const known = r.sessions.find((s) => s.id === session.id);
  if (known && known.seconds >= session.seconds) return null;
  const sessions = known
    ? r.sessions.map((s) => (s.id === session.id ? session : s))
    : [...r.sessions, session];
  return { ...r, sessions };
}

/** What one call sends: the record, as much of it as one call takes. */
const batchOf = (record: ActivityRecord): ActivityRecord => ({
  ...record,
  answers: record.answers.slice(0, MAX_ANSWERS),
  sessions: record.sessions.slice(0, MAX_SESSIONS),
});

/** record-activity's body for a batch: its cycle, and its answers and sessions when it has any. */
function bodyOf(batch: ActivityRecord): Record<string, unknown> {
  const body: Record<string, unknown> = { cycle: batch.cycle };
  if (batch.answers.length) body.answers = batch.answers;
  if (batch.sessions.length) body.sessions = batch.sessions;
  return body;
}

/** Takes out of the stored record what the server now has (answers) or has at least (sessions). */
const settle = (store: KeyValueStore, batch: ActivityRecord) => {
  const now = readRecord(store);
  if (!now || now.userId !== batch.userId || now.cycle !== batch.cycle) return;
  const ids = new Set(batch.answers.map((a) => a.questionId));
  const seconds = new Map(batch.sessions.map((s) => [s.id, s.seconds]));
  const next: ActivityRecord = {
    ...now,
    answers: now.answers.filter((a) => !ids.has(a.questionId)),
    // A session that grew while this was on the way stays, with its larger value.
    sessions: now.sessions.filter((s) => s.seconds > (seconds.get(s.id) ?? -1)),
    sent: [...new Set([...now.sent, ...ids])],
  };
  writeRecord(store, next);
};

/** Passes on only real changes of why sends are failing. */
function changesOnly(report: (failing: Failing) => void): (failing: Failing) => void {
  let failing: Failing = false;
  return (next) => {
    if (next === failing) return;
    failing = next;
    report(next);
  };
}

/** What settling one record-activity request touches. */
interface Settling {
  options: ActivityQueueOptions;
  backoff: Backoff;
  setFailing: (failing: Failing) => void;
}

/**
 * What a failed batch means for the stored record: dropped (stale cycle), kept (signed out),
 * settled (refused) or re-sent after a while. True when what is left may go on now.
 */
function settleFailure(batch: ActivityRecord, error: unknown, on: Settling): boolean {
  const { options, backoff, setFailing } = on;
  const failure = classifyFailure(error);
  if (failure.kind === 'stale-cycle') {
    // That cycle was archived: its record can never count (decision 0111). Dropped for good.
    const now = readRecord(options.store);
    if (now && now.cycle === batch.cycle) writeRecord(options.store, null);
    setFailing(false);
    options.onStaleCycle(failure.cycle);
    return false;
  }
  // The session ended: the record stays for this learner and goes after they sign in again.
  if (failure.kind === 'signed-out') return false;
  if (failure.kind === 'refused') {
    // The server refused the data itself: sending it again would fail the same way.
    settle(options.store, batch);
    return true;
  }
  setFailing(failure.failing);
  backoff.schedule();
  return false;
}

export function createActivityQueue(options: ActivityQueueOptions): ActivityQueue {
  const { api, store, delays } = options;
  let inFlight: Promise<void> | null = null;
  const backoff = createBackoff(delays, () => void send());
  const setFailing = changesOnly(options.onFailing);
  const read = () => readRecord(store);
  const write = (r: ActivityRecord | null) => writeRecord(store, r);

  function send(keepalive = false): Promise<void> {
    if (inFlight) return inFlight;
    const record = read();
    if (!record || isEmpty(record)) return Promise.resolve();
    backoff.clear();
    const batch = batchOf(record);
    let again = false;
    inFlight = api
      .post<ActivityResponse>('record-activity', bodyOf(batch), { keepalive })
      .then(() => {
        backoff.reset();
        setFailing(false);
        settle(store, batch);
        again = true;
      })
      .catch((error: unknown) => {
        again = settleFailure(batch, error, { options, backoff, setFailing });
      })
      .finally(() => {
        inFlight = null;
        // More than one call's worth, or new data while this was on the way: go on.
        const after = read();
        if (again && after && !isEmpty(after) && !backoff.scheduled) void send(keepalive);
      });
    return inFlight;
  }

  return {
    addAnswer(userId, cycle, answer) {
      const r = recordFor(store, userId, cycle);
      // The first answer wins (decision record 0257): over what the server has and what waits.
      const known = new FirstAnswerLedger<string>(byItself, [
        ...r.sent,
        ...r.answers.map((a) => a.questionId),
      ]);
      if (known.record(answer.questionId)) write({ ...r, answers: [...r.answers, answer] });
    },
    noteSession(userId, cycle, session) {
      const next = withSession(recordFor(store, userId, cycle), session);
      if (next) write(next);
    },
    send,
    keepOnly(userId, cycle) {
      const r = read();
      if (r && (r.userId !== userId || r.cycle !== cycle)) write(null);
      else if (!r && readJson(store, KEYS.activity) !== null) write(null); // unreadable
    },
    hasPending() {
      const r = read();
      return !!r && !isEmpty(r);
    },
    retryNow() {
      backoff.reset();
      if (!inFlight) void send();
    },
  };
}
