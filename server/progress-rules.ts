// How the server accepts a learner's progress (update-user). Pure; the SQL lives in db/store.ts.
//
// Score rule: stored = max(stored, min(claimed, computed-from-merged-route)).
//  - never lower: the stored score only rises (decision 0015), also under concurrent calls
//    (the UPDATE uses GREATEST while holding the row);
//  - never more than the route proves: a client cannot claim 100 without having viewed the
//    topics and quizzes that add up to it (computeScore of the merged route is the ceiling);
//  - never more than claimed: the client is the one that records views, so a route arriving
//    ahead of its score (or the other way round) is not rounded up on its behalf.
import { decodeRoute, encodeRoute } from '../src/domain/progress/route-codec.ts';
import { restoreProgress } from '../src/domain/progress/carry-over.ts';
import {
  COMPLETION_SCORE,
  completedModules,
  computeScore,
  mergeViewed,
  type CourseShape,
} from '../src/domain/progress/engine.ts';

/**
 * Syntax of a route string (decision 0003): '0,1,2-0,1-{}-{}-{}'. Semantics are checked by
 * decodeRoute.
 */
const ROUTE_SYNTAX = /^(?:\{\}|\d{1,4}(?:,\d{1,4})*)?(?:-(?:\{\}|\d{1,4}(?:,\d{1,4})*)?)*$/;
export const MAX_ROUTE_LENGTH = 1000;

export const isRouteSyntax = (route: string) => ROUTE_SYNTAX.test(route);

export interface ProgressDecision {
  /** Merged, normalised route to store. */
  route: string;
  /** What the claim may raise the score to (GREATEST with the stored one happens in SQL). */
  acceptedScore: number;
  /** Parts of the claimed route that were out of range, for the log. */
  dropped: string[];
}

export function decideProgress(
  storedRoute: string,
  claimedRoute: string | undefined,
  claimedScore: number,
  shape: CourseShape,
  storedScore: number | null = null,
): ProgressDecision {
  // The stored route may predate a content update: read it against today's shape, keeping the
  // modules the stored score says were completed (decision 0076).
  const stored = restoreProgress({ route: storedRoute, score: storedScore }, shape);
  const claimed = decodeRoute(claimedRoute ?? '', shape.topicCounts);
  const merged = mergeViewed(stored.viewed, claimed.viewed).slice(0, shape.topicCounts.length);
  const computed = computeScore(merged, shape);
  const accepted = Math.min(roundScore(claimedScore), computed);
  return {
    route: encodeRoute(merged),
    acceptedScore: roundScore(accepted),
    dropped: claimed.dropped,
  };
}

/** A score within 0 … COMPLETION_SCORE, to the hundredth. */
export const roundScore = (n: number) =>
  Math.round(Math.min(COMPLETION_SCORE, Math.max(0, n)) * 100) / 100;

/** Number of completed modules in a stored route and score (reports). */
export const completedModuleCount = (
  route: string,
  shape: CourseShape,
  score: number | null = null,
) => completedModules(restoreProgress({ route, score }, shape).viewed, shape);
