// One learner for the console's learner page: the account, every cycle (current and archived:
// dates, score, route, certificate, time spent) and the first answers of the chosen cycle.
// A handful of small indexed queries; nothing loads other learners.
import type { Queryable } from '../db/db.ts';
import type { FirstAnswerRecord } from '../../src/domain/progress/activity-record.ts';
import { linkedPlatformsSql, viaLms } from '../lti/lms-label.ts';

export interface CycleInfo {
  cycle: number;
  startedAt: string | null;
  archivedAt: string | null;
  score: number;
  route: string;
  completedAt: string | null;
  certificateCode: string | null;
  certificateIssuedAt: string | null;
  seconds: number;
  sessions: number;
}

export interface LearnerDetail {
  id: number;
  name: string;
  document: string;
  email: string | null;
  obra: string | null;
  contratista: string | null;
  cargo: string | null;
  fechaIngreso: string | null;
  /** Ten digits (decision 0158), or null. */
  celular: string | null;
  role: string;
  active: boolean;
  deactivatedAt: string | null;
  createdAt: string;
  cycle: number;
  dataNoticeAcceptedAt: string | null;
  dataNoticeVersion: string | null;
  cycles: CycleInfo[];
  /** «vía LMS (Moodle)» when linked through an LMS (record 0296), else null. */
  lms: string | null;
}

const iso = (v: unknown) =>
  v === null || v === undefined ? null : new Date(v as string).toISOString();

export async function learnerDetail(
  db: Queryable,
  id: number,
  courseId: string,
): Promise<LearnerDetail | null> {
  const [u] = await db.query<Record<string, unknown>>(
    `SELECT id, name, document, email, obra, contratista, cargo, fecha_ingreso::text AS fecha_ingreso, celular,
            role, active, deactivated_at, created_at, cycle, data_notice_accepted_at, data_notice_version,
            ${linkedPlatformsSql('users.id')} AS lms
       FROM users WHERE id = $1`,
    [id],
  );
  if (!u) return null;
  const cycles = await db.query<Record<string, unknown>>(
    `WITH numbers AS (
       SELECT cycle FROM progress WHERE user_id = $1 AND course_id = $2
       UNION SELECT cycle FROM induction_cycles WHERE user_id = $1
       UNION SELECT cycle FROM users WHERE id = $1)
     SELECT n.cycle, COALESCE(ic.started_at, CASE WHEN n.cycle = 1 THEN u.created_at END) AS started_at,
            ic.archived_at, p.score, p.route, p.completed_at, c.code, c.issued_at,
            COALESCE(s.seconds, 0) AS seconds, COALESCE(s.sessions, 0) AS sessions
       FROM numbers n
       JOIN users u ON u.id = $1
       LEFT JOIN induction_cycles ic ON ic.user_id = $1 AND ic.cycle = n.cycle
       LEFT JOIN progress p ON p.user_id = $1 AND p.course_id = $2 AND p.cycle = n.cycle
       LEFT JOIN certificates c ON c.user_id = $1 AND c.course_id = $2 AND c.cycle = n.cycle
       LEFT JOIN (SELECT cycle, learning_seconds($1, $2, cycle) AS seconds, count(*)::integer AS sessions
                    FROM learning_sessions WHERE user_id = $1 AND course_id = $2 GROUP BY cycle) s
              ON s.cycle = n.cycle
      ORDER BY n.cycle DESC`,
    [id, courseId],
  );
  return {
    id: Number(u.id),
    name: String(u.name),
    document: String(u.document),
    email: (u.email as string | null) ?? null,
    obra: (u.obra as string | null) ?? null,
    contratista: (u.contratista as string | null) || null,
    cargo: (u.cargo as string | null) || null,
    fechaIngreso: (u.fecha_ingreso as string | null) ?? null,
    celular: (u.celular as string | null) ?? null,
    role: String(u.role),
    active: Boolean(u.active),
    deactivatedAt: iso(u.deactivated_at),
    createdAt: iso(u.created_at)!,
    cycle: Number(u.cycle),
    dataNoticeAcceptedAt: iso(u.data_notice_accepted_at),
    dataNoticeVersion: (u.data_notice_version as string | null) ?? null,
    lms: viaLms(u.lms),
    cycles: cycles.map((c) => ({
      cycle: Number(c.cycle),
      startedAt: iso(c.started_at),
      archivedAt: iso(c.archived_at),
      score: Number(c.score ?? 0),
      route: String(c.route ?? ''),
      completedAt: iso(c.completed_at),
      certificateCode: (c.code as string | null) ?? null,
      certificateIssuedAt: iso(c.issued_at),
      seconds: Number(c.seconds),
      sessions: Number(c.sessions),
    })),
  };
}

/** Natural order of question ids: m2-q10 after m2-q9. */
const questionKey = (id: string) => {
  const m = /^m(\d+)-q(\d+)$/.exec(id);
  return m ? Number(m[1]) * 10_000 + Number(m[2]) : Number.MAX_SAFE_INTEGER;
};

export async function cycleAnswers(
  db: Queryable,
  id: number,
  courseId: string,
  cycle: number,
): Promise<FirstAnswerRecord[]> {
  const rows = await db.query<Record<string, unknown>>(
    `SELECT question_id, question, chosen_option, correct_option, correct, content_version,
            answered_at, latency_ms
       FROM answers WHERE user_id = $1 AND course_id = $2 AND cycle = $3`,
    [id, courseId, cycle],
  );
  return rows
    .map((r) => ({
      questionId: String(r.question_id),
      question: String(r.question),
      option: String(r.chosen_option),
      correctOption: String(r.correct_option),
      correct: Boolean(r.correct),
      contentVersion: String(r.content_version),
      answeredAt: iso(r.answered_at)!,
      latencyMs: r.latency_ms === null ? null : Number(r.latency_ms),
    }))
    .sort((a, b) => questionKey(a.questionId) - questionKey(b.questionId));
}
