// The rows of `npm run report` (cli/report.ts): every learner's current progress and certificate
// in one course. Re-exported by store.ts.
import type { Queryable } from './db.ts';
import { iso, shippedCourseId } from './store-shared.ts';

export interface ReportRow {
  document: string;
  name: string;
  email: string | null;
  score: number;
  route: string;
  completed_at: string | null;
  url_certificate: string | null;
  certificate_code: string | null;
}

export async function reportRows(
  db: Queryable,
  courseId: string = shippedCourseId(),
): Promise<ReportRow[]> {
  const rows = await db.query<{
    document: string;
    name: string;
    email: string | null;
    score: unknown;
    route: string | null;
    completed_at: Date | string | null;
    url_certificate: string | null;
    certificate_code: string | null;
  }>(
    `SELECT u.document, u.name, u.email, p.score, p.route, p.completed_at,
            c.url_file AS url_certificate, c.code AS certificate_code
       FROM users u
       LEFT JOIN progress p ON p.user_id = u.id AND p.course_id = $1 AND p.cycle = u.cycle
       LEFT JOIN certificates c ON c.user_id = u.id AND c.course_id = $1 AND c.cycle = u.cycle
      WHERE u.role = 'aprendiz'
      ORDER BY u.name, u.document`,
    [courseId],
  );
  return rows.map((r) => ({
    document: r.document,
    name: r.name,
    email: r.email,
    score: Number(r.score ?? 0),
    route: r.route ?? '',
    completed_at: iso(r.completed_at),
    url_certificate: r.url_certificate,
    certificate_code: r.certificate_code,
  }));
}
