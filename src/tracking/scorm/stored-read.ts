// Reading what the LMS stored when a session starts, and what the log says about it
// (docs/decisions/0256-scorm-session-as-parts.md). reconcile.ts decides what the read means
// (decision record 0160); the session (scorm-session.ts) applies it.
import type { ProgressChange } from '../port.ts';
import type { ModulesViewed } from '../../domain/progress/route-codec.ts';
import {
  isCourseComplete,
  isValidScore,
  mergeViewed,
  risingScore,
  type CourseShape,
} from '../../domain/progress/engine.ts';
import type { LmsStartData, ScormDialect } from './dialect.ts';
import { sameProgress, type Progress, type StartPlan } from './reconcile.ts';
import type { ScormWrapper } from './wrapper.ts';
import type { Note } from './write-plan.ts';
import type { Write } from './write-queue.ts';

export interface StoredRead {
  data: LmsStartData;
  /** Elements whose read failed, and the same with their error codes (for the log). */
  failed: string[];
  codes: string[];
}

/** Reads the start data through the wrapper, noting each element whose read failed. */
export function readStored(wrapper: ScormWrapper, dialect: ScormDialect): StoredRead {
  const failed: string[] = [];
  const codes: string[] = [];
  const data = dialect.readStart((element) => {
    const result = wrapper.readValue(element);
    if (!result.ok) {
      failed.push(element);
      codes.push(`${element} (${result.code})`);
    }
    return result.value;
  });
  return { data, failed, codes };
}

export function unreadNote(reason: string, codes: readonly string[]): string {
  return `reading the stored data failed (${reason}${
    codes.length ? `; ${codes.join(', ')}` : ''
  }); nothing is written until a read succeeds`;
}

export function sessionLine(version: string, data: LmsStartData): string {
  return (
    `SCORM ${version} session: entry=${JSON.stringify(data.entry)}, ` +
    `score=${JSON.stringify(data.scoreRaw)}, route=${JSON.stringify(data.suspendData.slice(0, 80))}, ` +
    `location=${JSON.stringify(data.bookmark)}`
  );
}

/**
 * Values the LMS is known to hold after a read in normal mode: its statuses, its suspend_data
 * (unless unreadable) and its location. The queue skips writes that would repeat them.
 */
export function heldValues(
  dialect: ScormDialect,
  data: LmsStartData,
  plan: Extract<StartPlan, { kind: 'write' }>,
): Write[] {
  const held: Write[] = Object.entries(data.statuses)
    .filter(([, value]) => value)
    .map(([element, value]) => ({ element, value }));
  if (!plan.suspendDataUnread)
    held.push({ element: dialect.suspendDataElement, value: data.suspendData });
  if (data.bookmark)
    held.push({ element: dialect.bookmark(data.bookmark).element, value: data.bookmark });
  return held;
}

/** What a successful read in normal mode tells the log, in order. */
export function startNotes(
  data: LmsStartData,
  plan: Extract<StartPlan, { kind: 'write' }>,
  before: Progress,
): Note[] {
  const notes: Note[] = [];
  const warn = (text: string) => notes.push({ level: 'warn', text });
  if (data.scoreRaw.trim() !== '' && plan.lms.score === null)
    warn(
      `stored score ${JSON.stringify(data.scoreRaw)} ignored: the grade must be between 0 and 100`,
    );
  if (plan.dropped.length)
    warn(`suspend_data: kept what could be read; dropped ${plan.dropped.join('; ')}`);
  if (plan.carried.length)
    warn(
      `suspend_data: modules ${plan.carried.map((m) => m + 1).join(', ')} kept as completed from the stored score/objectives`,
    );
  if (plan.suspendDataUnread)
    warn(
      'suspend_data could not be read: the route is rebuilt from the score, objectives and this browser, and written',
    );
  if (plan.droppedLocal)
    notes.push({
      level: 'info',
      text: 'a new LMS attempt: what this browser kept of an earlier attempt is set aside',
    });
  if (plan.recovered && !sameProgress(plan.progress, before))
    warn('recovered progress that the LMS had not confirmed in the last session');
  return notes;
}

/**
 * Folds the app's change into `progress` (in place); returns whether progress changed. The score
 * only rises (decision 0015); a score outside 0–100 is refused with a warning.
 */
export function applyProgressChange(
  progress: Progress,
  change: ProgressChange,
  course: CourseShape,
  warn: (text: string) => void,
): boolean {
  let touched = false;
  if (change.viewed !== undefined) {
    progress.viewed = mergeViewed(progress.viewed, change.viewed).slice(
      0,
      course.topicCounts.length,
    );
    touched = true;
  }
  if (change.score !== undefined) {
    if (isValidScore(change.score)) {
      progress.score = risingScore(progress.score, change.score);
      touched = true;
    } else {
      warn(`the grade must be between 0 and 100 (got ${String(change.score)}); not stored`);
    }
  }
  if (change.bookmark) {
    progress.bookmark = change.bookmark;
    touched = true;
  }
  if (change.completed || isCourseComplete(progress.score)) {
    progress.completed = true;
    touched = true;
  }
  return touched;
}

/** Every topic and quiz of the course viewed: what review mode of a finished attempt shows. */
export function fullViewed(course: CourseShape): ModulesViewed {
  return course.topicCounts.map((count) => Array.from({ length: count + 1 }, (_, i) => i));
}
