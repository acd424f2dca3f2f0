// SQL of the learner-side records (decision records 0111 and 0126): the habeas-data
// acceptance, first answers and session time, each for the learner's current cycle.
import type { Db, Queryable } from './db.ts';
import { audit } from '../console/audit.ts';
import { lockCurrentCycle } from './store.ts';
import type {
  FirstAnswerRecord,
  SessionRecord,
} from '../../src/domain/progress/activity-record.ts';

/** Adds this server's current notice version to the versions that exist (record 0213). */
export async function publishDataNoticeVersion(db: Queryable, version: string): Promise<void> {
  // No conflict target: the key is (version, company_id) since record 0282, the version alone
  // before it, and the same statement holds on both.
  await db.query('INSERT INTO data_notice_versions (version) VALUES ($1) ON CONFLICT DO NOTHING', [
    version,
  ]);
}

export type NoticeAcceptance = 'accepted' | 'unknown-version' | 'no-user';

/**
 * Records that the learner accepted `version` (record 0213): only a version this server has
 * shown; the same version again changes nothing (idempotent); a newer one replaces the time and
 * the version, and the audit log keeps every acceptance.
 */
export async function acceptDataNotice(
  db: Db,
  userId: number,
  version: string,
): Promise<NoticeAcceptance> {
  return db.transaction(async (tx) => {
    const [known] = await tx.query<{ version: string }>(
      'SELECT version FROM data_notice_versions WHERE version = $1',
      [version],
    );
    if (!known) return 'unknown-version';
    const [user] = await tx.query<{ name: string; data_notice_version: string | null }>(
      'SELECT name, data_notice_version FROM users WHERE id = $1 FOR UPDATE',
      [userId],
    );
    if (!user) return 'no-user';
    if (user.data_notice_version === version) return 'accepted';
    await tx.query(
      'UPDATE users SET data_notice_accepted_at = now(), data_notice_version = $2 WHERE id = $1',
      [userId, version],
    );
    await audit(
      tx,
      { userId, name: user.name },
      'aviso-datos-aceptado',
      { id: userId, name: user.name },
      {
        version,
      },
    );
    return 'accepted';
  });
}

/** True when the learner accepted some version of the notice (the server's rule, record 0213). */
export async function hasAcceptedDataNotice(db: Queryable, userId: number): Promise<boolean> {
  const [row] = await db.query<{ accepted: boolean }>(
    'SELECT data_notice_accepted_at IS NOT NULL AS accepted FROM users WHERE id = $1',
    [userId],
  );
  return row?.accepted === true;
}

/**
 * Records answers and sessions for `expectedCycle` (absent = the current one) in one
 * transaction; throws StaleCycleError for an archived cycle. Only the first answer per
 * (user, course, cycle, question) is kept, so a batch re-sent after a network failure changes
 * nothing; a session keeps the larger `seconds`.
 */
export async function recordActivity(
  db: Db,
  userId: number,
  courseId: string,
  expectedCycle: number | undefined,
  answers: FirstAnswerRecord[],
  sessions: SessionRecord[],
): Promise<{ answers: number; sessions: number }> {
  return db.transaction(async (tx) => {
    const cycle = await lockCurrentCycle(tx, userId, expectedCycle);
    if (cycle === null) return { answers: 0, sessions: 0 };
    let storedAnswers = 0;
    if (answers.length) {
      const rows = await tx.query<{ question_id: string }>(
        `INSERT INTO answers (user_id, course_id, cycle, question_id, question, chosen_option,
                              correct_option, correct, content_version, answered_at, latency_ms)
         SELECT $1, $2, $3, t.qid, t.question, t.chosen, t.correct_option, t.correct, t.version,
                t.answered_at, t.latency
           FROM unnest($4::text[], $5::text[], $6::text[], $7::text[], $8::boolean[], $9::text[],
                       $10::timestamptz[], $11::integer[])
             AS t(qid, question, chosen, correct_option, correct, version, answered_at, latency)
         ON CONFLICT (user_id, course_id, cycle, question_id) DO NOTHING
         RETURNING question_id`,
        [
          userId,
          courseId,
          cycle,
          answers.map((a) => a.questionId),
          answers.map((a) => a.question),
          answers.map((a) => a.option),
          answers.map((a) => a.correctOption),
          answers.map((a) => a.correct),
          answers.map((a) => a.contentVersion),
          answers.map((a) => a.answeredAt),
          answers.map((a) => a.latencyMs),
        ],
      );
      storedAnswers = rows.length;
    }
    let storedSessions = 0;
    if (sessions.length) {
      const rows = await tx.query<{ session_id: string }>(
        `INSERT INTO learning_sessions (user_id, session_id, course_id, cycle, started_at, seconds)
         SELECT $1, t.id, $2, $3, t.started_at, t.seconds
           FROM unnest($4::text[], $5::timestamptz[], $6::integer[]) AS t(id, started_at, seconds)
         ON CONFLICT (user_id, session_id) DO UPDATE
           SET seconds = GREATEST(learning_sessions.seconds, EXCLUDED.seconds), updated_at = now()
         RETURNING session_id`,
        [
          userId,
          courseId,
          cycle,
          sessions.map((s) => s.id),
          sessions.map((s) => s.startedAt),
          sessions.map((s) => s.seconds),
        ],
      );
      storedSessions = rows.length;
    }
    return { answers: storedAnswers, sessions: storedSessions };
  });
}
