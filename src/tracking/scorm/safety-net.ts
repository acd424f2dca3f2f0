// What the SCORM session keeps in this browser's local safety net (local-cache.ts)
// (docs/decisions/0256-scorm-session-as-parts.md): before a read succeeded, this session's
// progress and early answers are added to what an earlier session left, never replacing it
// (decision record 0160); after it, what the LMS has not confirmed yet. The records are built by
// pure steps; `SafetyNet` takes them from the session's parts and writes one only when it changed.
import type { Interaction } from '../port.ts';
import { asResponse } from '../../domain/registry/index.ts';
import type { CourseShape } from '../../domain/progress/engine.ts';
import { byQuestionId, FirstAnswerLedger } from '../../domain/progress/course-facts.ts';
import type { CourseRecord } from './course-record.ts';
import type { InteractionRecorder } from './interaction-recorder.ts';
import { cacheKey, LocalCache, type CachedInteraction, type CacheRecord } from './local-cache.ts';
import { mergeProgress, progressFromCache, progressToCache, type Progress } from './reconcile.ts';
import type { Write } from './write-queue.ts';

/** The learner's net in this browser, fed from the session's record and answers. */
export class SafetyNet {
  /** The LMS holds a started attempt (read so, or this session's commit made it so). */
  held = false;
  private cache = new LocalCache(null, null);
  private lastJson = '';

  constructor(
    private readonly course: CourseShape,
    private readonly record: CourseRecord,
    private readonly answers: InteractionRecorder,
  ) {}

  /** The learner is known: the net is keyed by package and learner id. */
  openFor(storage: Storage | null, packageId: string, learnerId: string): void {
    this.cache = new LocalCache(storage, cacheKey(packageId, learnerId));
  }

  read(): CacheRecord | null {
    return this.cache.read();
  }

  /** Before a read succeeded: added to what an earlier session left here (record 0160). */
  keepBeforeRead(): void {
    if (!this.record.touched && !this.answers.earlyAnswers.length) return;
    const early = this.answers.earlyAnswers;
    const record = recordBeforeRead(this.cache.read(), this.record.progress, early, this.course);
    if (!record.completedAt && this.record.completedAt)
      record.completedAt = this.record.completedAt.toISOString();
    this.keep(record);
  }

  /** After it: what the LMS has not confirmed; `queued` are the writes still in the queue. */
  keepAfterRead(s: { timeMs: number | null; queued: readonly Write[] }): void {
    const pending = new Set(s.queued.map((w) => w.element));
    this.keep(
      recordAfterRead({
        answered: this.answers.confirmedIds(),
        held: this.held,
        timeMs: s.timeMs,
        progress: this.record.progressPending(pending) ? this.record.progress : null,
        unconfirmed: this.answers.unconfirmedAnswers(),
        completedAt: this.record.completedAt,
      }),
    );
  }

  private keep(record: CacheRecord): void {
    const json = JSON.stringify(record);
    if (json === this.lastJson) return;
    this.lastJson = json;
    this.cache.write(record);
  }
}

export function recordBeforeRead(
  existing: CacheRecord | null,
  progress: Progress,
  earlyAnswers: readonly Interaction[],
  course: CourseShape,
): CacheRecord {
  const earlier = existing?.progress ? progressFromCache(existing.progress, course) : null;
  // What an earlier session kept stays first (decision record 0257).
  const kept = new FirstAnswerLedger<CachedInteraction>(byQuestionId, existing?.answers ?? []);
  for (const a of earlyAnswers) kept.record(interactionToCache(a));
  const answers = kept.all();
  return {
    answered: existing?.answered ?? [],
    progress: progressToCache(mergeProgress(progress, earlier, course)),
    ...(answers.length ? { answers } : {}),
    ...(existing?.held ? { held: true } : {}),
    ...(existing?.completedAt ? { completedAt: existing.completedAt } : {}),
  };
}

export interface AfterRead {
  /** Questions whose interaction the LMS confirmed. */
  answered: string[];
  /** The LMS holds a started attempt. */
  held: boolean;
  /** The time not yet written as session_time, or null once it was. */
  timeMs: number | null;
  /** This session's progress while any of it is still queued, else null. */
  progress: Progress | null;
  unconfirmed: readonly Interaction[];
  /**
   * When the attempt was first completed: kept here for good (record 0263), since a 2004 LMS
   * reopening a finished attempt in review mode hands no suspend_data back.
   */
  completedAt?: Date | null;
}

export function recordAfterRead(a: AfterRead): CacheRecord {
  const record: CacheRecord = { answered: a.answered };
  if (a.held) record.held = true;
  if (a.timeMs !== null) record.timeMs = a.timeMs;
  if (a.progress) record.progress = progressToCache(a.progress);
  if (a.unconfirmed.length) record.answers = a.unconfirmed.map((i) => interactionToCache(i));
  if (a.completedAt) record.completedAt = a.completedAt.toISOString();
  return record;
}

export const interactionToCache = (i: Interaction): CachedInteraction => ({
  ...i,
  timestamp: i.timestamp.toISOString(),
});

export const interactionFromCache = (c: CachedInteraction): Interaction => ({
  ...c,
  response: asResponse(c.response),
  correctResponse: asResponse(c.correctResponse),
  timestamp: new Date(c.timestamp),
});
