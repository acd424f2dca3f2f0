// The course content version a worker completed (record 0264): every first answer stores the
// content version it was given against («curso-sst-1x2y3z4a5b», decision 0125). The registro and
// the audit pack print, per worker, the short hash and the day that version was first recorded on
// this server; the pack's annex lists every version recorded in its period.
import type { Queryable } from '../db/db.ts';
import { colombiaMidnight } from './queries.ts';
import { shortDate } from './layout.ts';

export interface ContentVersion {
  version: string;
  /** When this server first received an answer given against it. */
  firstRecordedAt: Date;
}

/** «curso-sst-1x2y3z4a5b» → «1x2y3z4a5b» (the hash after the course id). */
export const shortContentVersion = (version: string) => version.slice(version.lastIndexOf('-') + 1);

/** «1x2y3z4a5b (12/11/2026)». */
export const contentVersionLabel = (v: ContentVersion) =>
  `${shortContentVersion(v.version)} (${shortDate(v.firstRecordedAt)})`;

/**
 * SQL: the content versions of one cycle's answers, as a text array in the order they were
 * first used (normally one). `user`, `course` and `cycle` are SQL expressions.
 */
export const cycleVersionsSql = (user: string, course: string, cycle: string) =>
  `(SELECT array_agg(v.content_version ORDER BY v.first_at) FROM (
      SELECT a.content_version, min(a.received_at) AS first_at FROM answers a
       WHERE a.user_id = ${user} AND a.course_id = ${course} AND a.cycle = ${cycle}
       GROUP BY a.content_version) v)`;

/** When each of `versions` was first recorded on this server. */
export async function versionDates(
  db: Queryable,
  courseId: string,
  versions: Iterable<string>,
): Promise<Map<string, Date>> {
  const wanted = [...new Set(versions)];
  if (!wanted.length) return new Map();
  const rows = await db.query<{ content_version: string; first_at: Date | string }>(
    `SELECT content_version, min(received_at) AS first_at FROM answers
      WHERE course_id = $1 AND content_version = ANY($2::text[])
      GROUP BY content_version`,
    [courseId, wanted],
  );
  return new Map(rows.map((r) => [r.content_version, new Date(r.first_at)]));
}

/** Every content version with an answer recorded in the period, oldest first. */
export async function periodVersions(
  db: Queryable,
  courseId: string,
  from: string,
  to: string,
): Promise<string[]> {
  const rows = await db.query<{ content_version: string }>(
    `SELECT content_version FROM answers
      WHERE course_id = $1 AND received_at >= ${colombiaMidnight('$2')}
        AND received_at < ${colombiaMidnight('$3::date + 1')}
      GROUP BY content_version ORDER BY min(received_at)`,
    [courseId, from, to],
  );
  return rows.map((r) => r.content_version);
}

/** A list of a cycle's versions with their dates, as printed; null when it has no answers. */
export function versionsLabel(
  versions: string[] | null | undefined,
  dates: Map<string, Date>,
): string | null {
  if (!versions?.length) return null;
  return versions
    .map((v) => {
      const at = dates.get(v);
      return at ? contentVersionLabel({ version: v, firstRecordedAt: at }) : shortContentVersion(v);
    })
    .join(', ');
}
