// Progress survives content updates (decision 0076). A stored route (decision 0003: an
// index equal to a module's topic count marks its quiz done) was written against the course's
// shape at the time; after an update that changes the number of topic screens it is read
// against the new shape here, once, for the SCORM session, the local adapter and the server:
//   - a module the stored score says was completed (score = 20 per completed module for five
//     modules, i.e. 100 / module count; modules complete in order, so the first ⌊score / 20⌋)
//     or whose objective is stored as completed, stays completed: all its topics and its quiz;
//   - any other module keeps the indexes that still exist; when the stored module holds an
//     index beyond the new topic count (its shape shrank, so indexes changed meaning) its quiz
//     mark is not trusted either. Topic marks inside an unfinished module may be lost on a
//     shape change; completions never.
import { COMPLETION_SCORE, type CourseShape } from './engine.ts';
import { decodeRoute, decodeRouteLenient, type ModulesViewed } from './route-codec.ts';

export interface StoredProgress {
  /** The stored route string (suspend_data, users.route, localStorage). */
  route: unknown;
  /** The stored score (0–100), when known. */
  score?: number | null;
  /** Module indexes whose stored objective says completed (SCORM objectives), when known. */
  completedModules?: readonly number[];
}

export interface RestoredProgress {
  viewed: ModulesViewed;
  /** Parts of the route that could not be read or no longer exist (for the log). */
  dropped: string[];
  /** Modules marked completed from the score or the objectives rather than from the route. */
  carried: number[];
}

/** How many leading modules a stored score says were completed. */
export function modulesCompletedByScore(score: number | null | undefined, moduleCount: number) {
  if (typeof score !== 'number' || !Number.isFinite(score) || score <= 0 || moduleCount === 0)
    return 0;
  if (score >= COMPLETION_SCORE) return moduleCount;
  // Scores are stored rounded to two decimals (computeScore, e.g. 33.33): allow for that.
  return Math.min(moduleCount, Math.floor((score * moduleCount) / COMPLETION_SCORE + 0.0005));
}

const full = (count: number) => Array.from({ length: count + 1 }, (_, i) => i);

export function restoreProgress(stored: StoredProgress, shape: CourseShape): RestoredProgress {
  const counts = shape.topicCounts;
  const strict = decodeRoute(stored.route, counts);
  const loose = decodeRouteLenient(stored.route).viewed;
  const byScore = modulesCompletedByScore(stored.score, counts.length);
  const byObjective = new Set(stored.completedModules ?? []);
  const carried: number[] = [];
  const viewed = counts.map((count, m) => {
    const route = strict.viewed[m] ?? [];
    if (m < byScore || byObjective.has(m)) {
      if (route.length !== count + 1) carried.push(m);
      return full(count);
    }
    const shrank = (loose[m] ?? []).some((i) => i > count);
    return shrank ? route.filter((i) => i < count) : route;
  });
  return { viewed, dropped: strict.dropped, carried };
}
