// One pure step between reading the LMS and writing to it (decision record 0160): what the LMS
// returned, what this browser's safety net holds and the course's shape decide the state the
// course starts in and what it may write. Nothing here calls the LMS; scorm-session.ts does,
// with the plan returned here.
import { emptyViewed, encodeRoute, type ModulesViewed } from '../../domain/progress/route-codec.ts';
import {
  answeredQuestionIds,
  COMPLETION_SCORE,
  highestScore,
  isCourseComplete,
  isValidScore,
  mergeViewed,
  type CourseShape,
} from '../../domain/progress/engine.ts';
import { restoreProgress } from '../../domain/progress/carry-over.ts';
import type { LmsStartData } from './dialect.ts';
import type { CachedInteraction, CachedProgress, CacheRecord } from './local-cache.ts';
import { splitSuspendData, type LedgerAnswer } from './answer-ledger.ts';

export interface Progress {
  viewed: ModulesViewed;
  score: number | null;
  bookmark: string | null;
  /** The course is complete by its own rule (score 100), not merely marked so in the LMS. */
  completed: boolean;
}

/** What a read of the stored data gave: the values and the elements whose GetValue failed. */
export interface LmsRead {
  data: LmsStartData;
  /** Elements whose GetValue threw or set an error code. */
  failed: readonly string[];
  /** The element that holds the route (its failure alone does not stop writing). */
  suspendDataElement: string;
}

export type ReadOnlyMode = 'review' | 'browse';

export type StartPlan =
  /** Nothing trustworthy was read: write nothing that could lower the record; retry. */
  | { kind: 'unread'; reason: string }
  /**
   * The LMS opened the attempt in review or browse mode: no SetValue at all. Every screen can be
   * browsed; `certified` says the certificate is reachable.
   */
  | {
      kind: 'read-only';
      mode: ReadOnlyMode;
      certified: boolean;
      score: number | null;
      bookmark: string | null;
      /** When the course was first completed, if the LMS or this browser kept it (record 0263). */
      completedAt: Date | null;
    }
  /** A successful read: start from `progress`, write it (it is never lower than `lms`). */
  | {
      kind: 'write';
      /** What the LMS holds, read against today's shape. */
      lms: Progress;
      /** The start state: the LMS's progress united with this session's and the local net's. */
      progress: Progress;
      /** The progress came out different from the LMS's (the local net or the session added). */
      recovered: boolean;
      /** Mode normal and status not attempted/unknown: this is a new LMS attempt. */
      newAttempt: boolean;
      /** The local net belonged to an earlier attempt and was set aside. */
      droppedLocal: boolean;
      /** suspend_data could not be read: the route comes from score, objectives and local net. */
      suspendDataUnread: boolean;
      /** Questions the LMS already holds an interaction for (never recorded again). */
      answered: string[];
      /** Answers of an earlier session of this attempt that the LMS never confirmed. */
      pendingAnswers: CachedInteraction[];
      /**
       * The first answers the course kept in suspend_data after the route (decision record
       * 0190): written again at their fixed positions, since an LMS may have blanked them.
       */
      storedAnswers: LedgerAnswer[];
      /**
       * When the course was first completed (record 0263): the date kept in suspend_data, else
       * the one this browser kept for this attempt; null when neither holds one.
       */
      completedAt: Date | null;
      /** Named fields of suspend_data this release does not know: written back as read. */
      extraFields: string[];
      /**
       * The total time this record says the LMS should hold (record 0268); null in an older
       * record or a new attempt.
       */
      recordedTimeMs: number | null;
      /** Parts of the stored route that could not be kept (for the log). */
      dropped: string[];
      /** Modules kept completed from the score/objectives (for the log). */
      carried: number[];
      /** The LMS route was empty (or unreadable): the first write sends the route at once. */
      lmsRouteWasEmpty: boolean;
    };

const MODE_ELEMENT = /^cmi\.(core\.lesson_)?mode$/;

/** Reads the LMS's mode: '' or an unknown value is normal (SCORM's default). */
export function readOnlyMode(mode: string): ReadOnlyMode | null {
  const m = mode.trim().toLowerCase();
  return m === 'review' || m === 'browse' ? m : null;
}

export function parseStoredScore(raw: string): number | null {
  if (raw.trim() === '') return null;
  const n = Number(raw);
  return isValidScore(n) ? n : null;
}

/**
 * The rule of decision record 0160, as one function.
 * - review/browse: read-only; the certificate is reachable when a score of 100 is read, or in
 *   review mode when the LMS hands back no score at all (Moodle gives review mode only to an
 *   attempt whose status is completed/passed/failed, and the course writes completed only at
 *   score 100; Moodle hands no data to a 2004 attempt that ended with exit normal).
 * - any read failure other than suspend_data's, or an empty status: unread (write nothing).
 * - otherwise a successful read, empty or not (entry resume with no data included). An
 *   unreadable suspend_data is rebuilt from score, objectives and the local net, then written.
 * - mode normal with status not attempted/unknown is a new attempt: confirmed answer ids of the
 *   local net never carry into it, nor its progress when the LMS had held the earlier attempt.
 */
export function reconcile(
  read: LmsRead,
  local: CacheRecord | null,
  course: CourseShape,
  session: Progress | null,
  /**
   * An unreadable suspend_data is given up on (rebuilt and written): false during the start
   * wait, so that a passing failure still finds the whole route.
   */
  giveUpOnSuspendData = true,
): StartPlan {
  const { data } = read;
  const score = parseStoredScore(data.scoreRaw);
  const mode = readOnlyMode(data.mode);
  if (mode) return readOnlyPlan(mode, data, score, local);
  const suspendDataUnread = read.failed.includes(read.suspendDataElement);
  const reason = unreadReason(read, suspendDataUnread && !giveUpOnSuspendData);
  if (reason) return { kind: 'unread', reason };

  const newAttempt = data.notAttempted;
  const net = localPart(local, newAttempt, course);
  // The route comes first; the answer ledger after it (decision record 0190) is read apart.
  const split = splitSuspendData(suspendDataUnread ? '' : data.suspendData);
  const { lms, dropped, carried } = lmsProgress(data, split.route, score, course);
  let progress = mergeProgress(lms, session, course);
  if (net.progress) progress = mergeProgress(progress, net.progress, course);
  if (isCourseComplete(progress.score)) progress.completed = true;
  // A new attempt keeps nothing of an earlier one (an LMS normally starts it blank anyway).
  const storedAnswers = newAttempt ? [] : split.answers;

  return {
    kind: 'write',
    lms,
    progress,
    recovered: !sameProgress(progress, lms),
    newAttempt,
    droppedLocal: net.dropped,
    suspendDataUnread,
    answered: answeredIds(data.interactionIds, net.answered, lms, storedAnswers, course),
    pendingAnswers: net.pendingAnswers,
    storedAnswers,
    completedAt: split.completedAt ?? net.completedAt,
    extraFields: split.extra,
    recordedTimeMs: newAttempt ? null : split.timeMs,
    dropped: [...dropped, ...split.dropped.map((e) => `respuesta "${e}"`)],
    carried,
    lmsRouteWasEmpty: split.route.trim() === '',
  };
}

/**
 * Review/browse: the certificate is reachable when a score of 100 is read, or in review mode
 * when the LMS hands back no score at all.
 */
function readOnlyPlan(
  mode: ReadOnlyMode,
  data: LmsStartData,
  score: number | null,
  local: CacheRecord | null,
): StartPlan {
  const noScore = data.scoreRaw.trim() === '';
  const certified = isCourseComplete(score) || (mode === 'review' && noScore);
  // The completion date (record 0263): from suspend_data when the LMS hands it back (1.2; 2004
  // only after exit suspend), else from this browser's net; nothing is written in this mode.
  const completedAt = certified
    ? (splitSuspendData(data.suspendData).completedAt ?? cachedDate(local?.completedAt))
    : null;
  return {
    kind: 'read-only',
    mode,
    certified,
    score: certified ? COMPLETION_SCORE : score,
    bookmark: data.bookmark || null,
    completedAt,
  };
}

/** A date this browser kept as text, or null when absent or unreadable. */
export function cachedDate(text: string | undefined): Date | null {
  if (typeof text !== 'string') return null;
  const date = new Date(text);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** Why nothing trustworthy was read, or null when the read can be written on. */
function unreadReason(read: LmsRead, retrySuspendData: boolean): string | null {
  // An LMS that cannot say its mode is in normal mode (SCORM's default): not a failed read.
  const failedOthers = read.failed.filter(
    (e) => e !== read.suspendDataElement && !MODE_ELEMENT.test(e),
  );
  if (failedOthers.length) return `errors: ${failedOthers.join(', ')}`;
  if (read.data.status.trim() === '') return 'no status was read';
  if (retrySuspendData) return 'suspend_data could not be read (retrying)';
  return null;
}

/**
 * What of the local net carries into this read. Confirmed answer ids belong to the attempt the
 * LMS held: none in a record not attempted. Unconfirmed progress and answers belong to it too,
 * unless the LMS had held an attempt when they were kept (then they are an earlier attempt's).
 */
function localPart(local: CacheRecord | null, newAttempt: boolean, course: CourseShape) {
  const earlierAttempt = newAttempt && local?.held === true;
  return {
    /** The net belonged to an earlier attempt and was set aside (for the log). */
    dropped: newAttempt && !!local && (local.held === true || local.answered.length > 0),
    progress: local?.progress && !earlierAttempt ? progressFromCache(local.progress, course) : null,
    pendingAnswers: earlierAttempt ? [] : (local?.answers ?? []),
    answered: newAttempt ? [] : (local?.answered ?? []),
    /** The date an earlier attempt was completed never carries into a new one (record 0263). */
    completedAt: earlierAttempt ? null : cachedDate(local?.completedAt),
  };
}

/** What the LMS holds, read against today's shape: its route, score and completed objectives. */
function lmsProgress(data: LmsStartData, route: string, score: number | null, course: CourseShape) {
  const numbers = course.moduleNumbers ?? course.topicCounts.map((_, i) => i + 1);
  const decoded = restoreProgress(
    {
      route,
      score,
      completedModules: data.completedObjectiveIds
        .map((id) => numbers.indexOf(Number(/^modulo(\d+)$/.exec(id)?.[1])))
        .filter((i) => i >= 0),
    },
    course,
  );
  const lms: Progress = {
    viewed: decoded.viewed,
    score,
    bookmark: data.bookmark || null,
    completed: isCourseComplete(score),
  };
  return { lms, dropped: decoded.dropped, carried: decoded.carried };
}

/**
 * Questions the LMS already holds an interaction for: the ids it shows, those the net confirmed
 * in this attempt, the finished quizzes of its route and the answers kept in suspend_data.
 */
function answeredIds(
  shown: readonly string[] | null,
  confirmed: readonly string[],
  lms: Progress,
  storedAnswers: readonly LedgerAnswer[],
  course: CourseShape,
): string[] {
  const answered = new Set<string>();
  for (const id of shown ?? []) if (id) answered.add(id);
  for (const id of confirmed) answered.add(id);
  for (const id of answeredQuestionIds(lms.viewed, course)) answered.add(id);
  for (const a of storedAnswers) answered.add(a.id);
  return [...answered];
}

export function emptyProgress(course: CourseShape): Progress {
  return {
    viewed: emptyViewed(course.topicCounts.length),
    score: null,
    bookmark: null,
    completed: false,
  };
}

export function mergeProgress(
  base: Progress,
  extra: Progress | null,
  course: CourseShape,
): Progress {
  if (!extra) return { ...base, viewed: base.viewed.map((v) => [...v]) };
  const viewed = mergeViewed(base.viewed, extra.viewed).slice(0, course.topicCounts.length);
  const addsViews = encodeRoute(viewed) !== encodeRoute(base.viewed);
  return {
    viewed,
    score: highestScore(base.score, extra.score),
    // The newer bookmark wins when the extra progress went further, else the base one stays.
    bookmark: (addsViews ? extra.bookmark : null) ?? base.bookmark ?? extra.bookmark,
    completed: base.completed || extra.completed,
  };
}

export function sameProgress(a: Progress, b: Progress): boolean {
  return (
    encodeRoute(a.viewed) === encodeRoute(b.viewed) &&
    a.score === b.score &&
    a.bookmark === b.bookmark &&
    a.completed === b.completed
  );
}

export const progressToCache = (p: Progress): CachedProgress => ({
  route: encodeRoute(p.viewed),
  score: p.score,
  bookmark: p.bookmark,
  completed: p.completed,
});

export function progressFromCache(c: CachedProgress, course: CourseShape): Progress {
  const score = isValidScore(c.score) ? c.score : null;
  return {
    viewed: restoreProgress({ route: c.route, score }, course).viewed,
    score,
    bookmark: typeof c.bookmark === 'string' && c.bookmark ? c.bookmark : null,
    completed: c.completed === true,
  };
}
