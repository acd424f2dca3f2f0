// The progress rules of SPEC.md §4 and §9, pure: what was viewed, what is unlocked, the score.
import type { ModulesViewed } from './route-codec.ts';

/** What the engine needs to know of the course: topics per module. */
export interface CourseShape {
  topicCounts: readonly number[];
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

/** The score only ever increases: the stored one is kept when the computed one is lower. */
export function risingScore(stored: number | null | undefined, computed: number): number {
  const base = typeof stored === 'number' && Number.isFinite(stored) ? stored : 0;
  return Math.min(COMPLETION_SCORE, Math.max(base, computed));
}

export const isCourseComplete = (score: number | null | undefined) =>
  typeof score === 'number' && score >= COMPLETION_SCORE;
