// What the SCORM session keeps in this browser's local safety net (local-cache.ts), as pure
// steps (docs/decisions/0256-scorm-session-as-parts.md): before a read succeeded, this session's
// progress and early answers are added to what an earlier session left, never replacing it
// (decision record 0160); after it, what the LMS has not confirmed yet.
import type { Interaction } from '../port.ts';
import { asResponse } from '../../domain/registry/index.ts';
import type { CourseShape } from '../../domain/progress/engine.ts';
import type { CachedInteraction, CacheRecord } from './local-cache.ts';
import { mergeProgress, progressFromCache, progressToCache, type Progress } from './reconcile.ts';

export function recordBeforeRead(
  existing: CacheRecord | null,
  progress: Progress,
  earlyAnswers: readonly Interaction[],
  course: CourseShape,
): CacheRecord {
  const earlier = existing?.progress ? progressFromCache(existing.progress, course) : null;
  const answers = [...(existing?.answers ?? [])];
  for (const a of earlyAnswers)
    if (!answers.some((c) => c.id === a.id)) answers.push(interactionToCache(a));
  return {
    answered: existing?.answered ?? [],
    progress: progressToCache(mergeProgress(progress, earlier, course)),
    ...(answers.length ? { answers } : {}),
    ...(existing?.held ? { held: true } : {}),
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
}

export function recordAfterRead(a: AfterRead): CacheRecord {
  const record: CacheRecord = { answered: a.answered };
  if (a.held) record.held = true;
  if (a.timeMs !== null) record.timeMs = a.timeMs;
  if (a.progress) record.progress = progressToCache(a.progress);
  if (a.unconfirmed.length) record.answers = a.unconfirmed.map((i) => interactionToCache(i));
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
