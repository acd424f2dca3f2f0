// Where an LMS learner's grade goes and the score it should get (record 0297). A launch that
// carries the AGS claim stores the resource link's line item as a target; every risen course
// score raises the wanted score of all the learner's targets. The sender (grade-sender.ts) works
// through the targets whose wanted score is above the one the platform acknowledged: the table
// is the queue, so nothing is lost when the platform or this server is down. Every statement
// runs on the caller's company handle (the wall).
import type { Queryable } from '../db/db.ts';

/** The line item of one resource link for one LMS user. */
export interface GradeTarget {
  ltiUserId: number;
  registrationId: number;
  resourceLinkId: string;
  lineitemUrl: string;
}

/**
 * Stores (or refreshes) the target of an LMS user's resource link. A line item that changed (the
 * LMS admin recreated the activity) holds none of the scores sent to the old one: the sent score
 * is forgotten so the wanted one goes again, at once.
 */
export async function upsertGradeTarget(db: Queryable, t: GradeTarget): Promise<void> {
  await db.query(
    `INSERT INTO lti_grade_targets (lti_user_id, registration_id, resource_link_id, lineitem_url)
     VALUES ($1, $2, $3, $4)
     ON CONFLICT (lti_user_id, resource_link_id) DO UPDATE
        SET registration_id = EXCLUDED.registration_id,
            lineitem_url = EXCLUDED.lineitem_url,
            sent_score = CASE WHEN lti_grade_targets.lineitem_url = EXCLUDED.lineitem_url
                              THEN lti_grade_targets.sent_score END,
            sent_at = CASE WHEN lti_grade_targets.lineitem_url = EXCLUDED.lineitem_url
                           THEN lti_grade_targets.sent_at END,
            attempts = CASE WHEN lti_grade_targets.lineitem_url = EXCLUDED.lineitem_url
                            THEN lti_grade_targets.attempts ELSE 0 END,
            next_attempt_at = CASE WHEN lti_grade_targets.lineitem_url = EXCLUDED.lineitem_url
                                   THEN lti_grade_targets.next_attempt_at END`,
    [t.ltiUserId, t.registrationId, t.resourceLinkId, t.lineitemUrl],
  );
}

/**
 * The whole points a course score (0–100, to the hundredth) gives the LMS: rounded down, so a
 * grade of 100 («Completed») is only ever sent for a finished course.
 */
export const gradeOf = (score: number): number =>
  Math.min(100, Math.max(0, Math.floor(Number.isFinite(score) ? score : 0)));

/**
 * Raises the wanted score of every target of the learner's LMS users to `score` (GREATEST: it
 * only rises). A target waiting out a failure keeps its wait; the others are due at once. A
 * learner with no LMS user has no target: nothing happens.
 */
export async function recordScore(db: Queryable, userId: number, score: number): Promise<void> {
  await db.query(
    `UPDATE lti_grade_targets g SET wanted_score = GREATEST(g.wanted_score, $2::integer)
       FROM lti_users u
      WHERE u.id = g.lti_user_id AND u.user_id = $1
        AND $2::integer > COALESCE(g.wanted_score, -1)`,
    [userId, gradeOf(score)],
  );
}
