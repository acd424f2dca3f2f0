// «vía LMS (Moodle)» in the record (record 0296): the LMSs a learner is linked through (an
// lti_users row with linked_by set), named by their registration's platform_name, in the order
// they were first linked. Revoked registrations still count: the registro keeps naming the LMS a
// learner came through. Runs inside a company's handle like every LTI query (the wall).
import { esRegistro as T } from '../console/strings/es-registro.ts';

/**
 * SQL for the learner `userId` (a column or parameter expression): the platform names joined
 * with ', ', or NULL when they were never linked through an LMS.
 */
export const linkedPlatformsSql = (userId: string) =>
  `(SELECT string_agg(lms.platform_name, ', ' ORDER BY lms.first_linked, lms.platform_name)
      FROM (SELECT r.platform_name, min(lu.linked_at) AS first_linked
              FROM lti_users lu JOIN lti_registrations r ON r.id = lu.registration_id
             WHERE lu.user_id = ${userId} AND lu.linked_by IS NOT NULL
             GROUP BY r.platform_name) lms)`;

/** «vía LMS (Moodle, Canvas)» for what linkedPlatformsSql answered, or null. */
export const viaLms = (platforms: unknown): string | null =>
  typeof platforms === 'string' && platforms !== '' ? T.viaLms(platforms) : null;
