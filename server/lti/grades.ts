// STUB (helper A's branch): the grade passback's interface, so the launch can name where a
// learner's grade goes. The real module (record 0295: targets, the durable queue, the sender)
// replaces this file whole.
import type { Queryable } from '../db/db.ts';

export async function upsertGradeTarget(
  db: Queryable,
  t: { ltiUserId: number; registrationId: number; resourceLinkId: string; lineitemUrl: string },
): Promise<void> {
  await db.query(
    `INSERT INTO lti_grade_targets (lti_user_id, registration_id, resource_link_id, lineitem_url)
     VALUES ($1, $2, $3, $4)
     ON CONFLICT (lti_user_id, resource_link_id) DO UPDATE SET lineitem_url = EXCLUDED.lineitem_url`,
    [t.ltiUserId, t.registrationId, t.resourceLinkId, t.lineitemUrl],
  );
}

export async function recordScore(db: Queryable, userId: number, score: number): Promise<void> {
  await db.query(
    `UPDATE lti_grade_targets t SET wanted_score = GREATEST(COALESCE(t.wanted_score, 0), $2)
       FROM lti_users u WHERE u.id = t.lti_user_id AND u.user_id = $1`,
    [userId, score],
  );
}
