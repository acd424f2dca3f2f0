// What the learner sees of their progress besides the score (docs/decisions/0090-progress-shown-to-the-learner.md):
// screens seen over the whole course, and per module the topics seen and whether the quiz is done.
// Pure: derived from the viewed indexes the engine keeps, never stored or sent to the LMS.
import type { ModulesViewed } from '../../domain/progress/route-codec.ts';

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
