// Facts of a learner's progress that the course, the console and the server each need, written
// once (decision record 0201): the course's question ids, the per-module figures (topics seen,
// quiz done) and the ledger of first answers. Pure: derived from the course shape and the viewed
// indexes the engine keeps.
import { questionId, type CourseShape } from './engine.ts';
import type { ModulesViewed } from './route-codec.ts';

/**
 * Every question id of the course in slot order (decision record 0130): answering order, m1-q1 …
 * m5-q2, except that the questions added after first publication (`appendedQuestions`) come
 * last, in the order they were added, so a new question never moves another's interaction slot
 * (decision record 0270).
 */
export function courseQuestionIds(course: CourseShape): string[] {
  const ids: string[] = [];
  course.topicCounts.forEach((_, m) => {
    const number = course.moduleNumbers?.[m] ?? m + 1;
    for (let q = 0; q < (course.questionCounts?.[m] ?? 0); q++) ids.push(questionId(number, q));
  });
  const appended = (course.appendedQuestions ?? []).filter((id) => ids.includes(id));
  return [...ids.filter((id) => !appended.includes(id)), ...appended];
}

export interface ModuleFigures {
  topicsSeen: number;
  topicCount: number;
  quizDone: boolean;
}

/** Per module: topics seen (indexes below the topic count) and the quiz (index = topic count). */
export function moduleFigures(
  viewed: ModulesViewed,
  topicCounts: readonly number[],
): ModuleFigures[] {
  return topicCounts.map((topicCount, i) => {
    const seen = viewed[i] ?? [];
    return {
      topicsSeen: new Set(seen.filter((k) => k >= 0 && k < topicCount)).size,
      topicCount,
      quizDone: seen.includes(topicCount),
    };
  });
}

/** Screens (topics and quizzes) seen over the whole course, and how many there are. */
export function screensSeen(
  viewed: ModulesViewed,
  topicCounts: readonly number[],
): { seen: number; total: number } {
  const figures = moduleFigures(viewed, topicCounts);
  return {
    seen: figures.reduce((n, f) => n + f.topicsSeen + (f.quizDone ? 1 : 0), 0),
    total: topicCounts.reduce((n, c) => n + c + 1, 0),
  };
}

/**
 * The first answer to each question, in the order given: «first answer wins» (decision records
 * 0015, 0095). A later answer to the same question is not kept. The one place that decides it:
 * the controller, every adapter's queue and the server's batch reader each keep one of these,
 * keyed by the question's id, and the database's unique key stores it (decision record 0257).
 */
export class FirstAnswerLedger<A> {
  private readonly byKey = new Map<string, A>();

  /** `keyOf` names an answer's question; `earlier` are first answers already kept elsewhere. */
  constructor(
    private readonly keyOf: (answer: A) => string,
    earlier: Iterable<A> = [],
  ) {
    for (const answer of earlier) this.record(answer);
  }

  /** Keeps the answer when it is its question's first; says whether it was. */
  record(answer: A): boolean {
    const key = this.keyOf(answer);
    if (this.byKey.has(key)) return false;
    this.byKey.set(key, answer);
    return true;
  }

  has(key: string): boolean {
    return this.byKey.has(key);
  }

  /** Every first answer, in the order given. */
  all(): A[] {
    return [...this.byKey.values()];
  }
}

/** The question an answer (or a stored question id) belongs to, for a FirstAnswerLedger. */
export const byQuestionId = (answer: { id: string }) => answer.id;
export const byItself = (id: string) => id;
