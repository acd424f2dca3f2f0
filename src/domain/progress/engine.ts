// The progress rules (decision 0015), pure: what was viewed, what is unlocked, the score.
// Each rule is written here once; the controller, every tracking adapter and the server use it.
import type { ModulesViewed } from './route-codec.ts';

/** What the engine needs to know of the course: topics (and questions) per module. */
export interface CourseShape {
  topicCounts: readonly number[];
  /** Questions of each module's quiz (for question ids); absent where not needed. */
  questionCounts?: readonly number[];
  /** Each module's number as the learner sees it (1, 2 …); defaults to its position + 1. */
  moduleNumbers?: readonly number[];
  /**
   * Question ids added after the course was first published, in the order they were added: their
   * interaction slots come after every other question's (decision record 0270).
   */
  appendedQuestions?: readonly string[];
}

export type ModuleState = 'not-viewed' | 'current' | 'viewed';

export const COMPLETION_SCORE = 100;

export interface RecordResult {
  viewed: ModulesViewed;
  /** True when something new was recorded. */
  changed: boolean;
}

/**
 * Records a viewed page. A topic index (< topic count) is recorded on view; the quiz index
 * (= topic count) only when forced, i.e. when the quiz was completed.
 */
export function recordView(
  viewed: ModulesViewed,
  shape: CourseShape,
  moduleIndex: number,
  index: number,
  options: { force?: boolean } = {},
): RecordResult {
  const count = shape.topicCounts[moduleIndex];
  if (count === undefined || !Number.isInteger(index) || index < 0 || index > count)
    return { viewed, changed: false };
  if (index === count && !options.force) return { viewed, changed: false };
  const current = viewed[moduleIndex] ?? [];
  if (current.includes(index)) return { viewed, changed: false };
  const next = shape.topicCounts.map((_, i) => [...(viewed[i] ?? [])]);
  next[moduleIndex] = [...current, index].sort((a, b) => a - b);
  return { viewed: next, changed: true };
}

export function isModuleComplete(
  viewed: ModulesViewed,
  shape: CourseShape,
  moduleIndex: number,
): boolean {
  const count = shape.topicCounts[moduleIndex];
  if (count === undefined) return false;
  const seen = new Set(viewed[moduleIndex] ?? []);
  for (let i = 0; i <= count; i++) if (!seen.has(i)) return false;
  return true;
}

export function moduleState(
  viewed: ModulesViewed,
  shape: CourseShape,
  moduleIndex: number,
): ModuleState {
  if (isModuleComplete(viewed, shape, moduleIndex)) return 'viewed';
  return (viewed[moduleIndex]?.length ?? 0) > 0 ? 'current' : 'not-viewed';
}

/** A module opens if it is the first, is completed, or the previous one is completed. */
export function canOpenModule(
  viewed: ModulesViewed,
  shape: CourseShape,
  moduleIndex: number,
): boolean {
  if (moduleIndex < 0 || moduleIndex >= shape.topicCounts.length) return false;
  return (
    moduleIndex === 0 ||
    isModuleComplete(viewed, shape, moduleIndex) ||
    isModuleComplete(viewed, shape, moduleIndex - 1)
  );
}

export function completedModules(viewed: ModulesViewed, shape: CourseShape): number {
  return shape.topicCounts.filter((_, i) => isModuleComplete(viewed, shape, i)).length;
}

/** Score = completed modules × (100 / number of modules), two decimals; 100 when all are done. */
export function computeScore(viewed: ModulesViewed, shape: CourseShape): number {
  const total = shape.topicCounts.length;
  if (total === 0) return 0;
  const done = completedModules(viewed, shape);
  if (done === total) return COMPLETION_SCORE;
  return Math.round(((done * COMPLETION_SCORE) / total) * 100) / 100;
}

/** A score a runtime may store: a finite number from 0 to 100. */
export const isValidScore = (n: unknown): n is number =>
  typeof n === 'number' && Number.isFinite(n) && n >= 0 && n <= COMPLETION_SCORE;

/** Union of two progress records: a viewed topic stays viewed. */
export function mergeViewed(a: ModulesViewed, b: ModulesViewed): ModulesViewed {
  const length = Math.max(a.length, b.length);
  return Array.from({ length }, (_, i) =>
    [...new Set([...(a[i] ?? []), ...(b[i] ?? [])])].sort((x, y) => x - y),
  );
}

/** The id a question's answer is recorded under: module 1, first question → 'm1-q1'. */
export const questionId = (moduleNumber: number, questionIndex: number) =>
  `m${moduleNumber}-q${questionIndex + 1}`;

/** Ids of every question of every quiz completed in `viewed` (a completed quiz was answered). */
export function answeredQuestionIds(viewed: ModulesViewed, shape: CourseShape): string[] {
  const ids: string[] = [];
  shape.topicCounts.forEach((count, m) => {
    if (!viewed[m]?.includes(count)) return;
    const questions = shape.questionCounts?.[m] ?? 0;
    const number = shape.moduleNumbers?.[m] ?? m + 1;
    for (let q = 0; q < questions; q++) ids.push(questionId(number, q));
  });
  return ids;
}

/** The score only ever increases: the stored one is kept when the computed one is lower. */
export function risingScore(stored: number | null | undefined, computed: number): number {
  const base = typeof stored === 'number' && Number.isFinite(stored) ? stored : 0;
  return Math.min(COMPLETION_SCORE, Math.max(base, computed));
}

/** The highest of the scores known for one learner (several records), or null when none is. */
export function highestScore(...scores: (number | null | undefined)[]): number | null {
  return scores.reduce<number | null>(
    (high, s) => (typeof s === 'number' && Number.isFinite(s) ? risingScore(high, s) : high),
    null,
  );
}

export const isCourseComplete = (score: number | null | undefined) =>
  typeof score === 'number' && score >= COMPLETION_SCORE;
