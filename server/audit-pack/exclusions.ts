// Who the audit pack leaves out of its population (record 0264): the demo learner the server
// creates (users.demo: not a worker), and whoever a coordinator marked, with a reason. A mark is a
// row in the append-only audit_exclusions (the latest row per learner is the state) and an entry
// in the audit log; the pack lists every excluded worker with who marked them and when, so a
// sample cannot be thinned quietly.
import type { Db, Queryable } from '../db/db.ts';
import { audit, type Actor } from '../console/audit.ts';
import { colombiaMidnight } from '../console/queries.ts';

export interface Exclusion {
  userId: number;
  name: string;
  document: string;
  reason: string;
  actorName: string;
  at: Date;
}

/** The longest reason kept (a sentence, not a document). */
export const EXCLUSION_REASON_MAX = 300;

/** SQL: true when the learner `userRef` (an SQL expression) is marked out of the audit sample. */
export const isExcludedSql = (userRef: string) =>
  `COALESCE((SELECT e.excluded FROM audit_exclusions e WHERE e.user_id = ${userRef}
              ORDER BY e.id DESC LIMIT 1), false)`;

/** The learner's current mark, or null when they are in the population. */
export async function exclusionOf(db: Queryable, userId: number): Promise<Exclusion | null> {
  const [row] = await db.query<Record<string, unknown>>(
    `SELECT e.user_id, u.name, u.document, e.excluded, e.reason, e.actor_name, e.at
       FROM audit_exclusions e JOIN users u ON u.id = e.user_id
      WHERE e.user_id = $1 ORDER BY e.id DESC LIMIT 1`,
    [userId],
  );
  return row && row.excluded ? toExclusion(row) : null;
}

/** Whether the learner is the server's demo learner, and their current mark. */
export async function auditStanding(
  db: Queryable,
  userId: number,
): Promise<{ demo: boolean; exclusion: Exclusion | null }> {
  const [row] = await db.query<{ demo: boolean }>('SELECT demo FROM users WHERE id = $1', [userId]);
  return { demo: Boolean(row?.demo), exclusion: await exclusionOf(db, userId) };
}

/** Marks a learner out of (or back into) the audit sample, in the audit log too. */
export async function markExclusion(
  db: Db,
  actor: Actor,
  learner: { id: number; name: string },
  excluded: boolean,
  reason: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.query(
      `INSERT INTO audit_exclusions (user_id, excluded, reason, actor_id, actor_name)
       VALUES ($1, $2, $3, $4, $5)`,
      [learner.id, excluded, reason, actor.userId, actor.name],
    );
    await audit(
      tx,
      actor,
      excluded ? 'excluir-de-auditoria' : 'incluir-en-auditoria',
      learner,
      reason ? { motivo: reason } : {},
    );
  });
}

/** The current marks of the given learners, by name. */
export async function exclusionsOf(db: Queryable, ids: number[]): Promise<Exclusion[]> {
  if (!ids.length) return [];
  const rows = await db.query<Record<string, unknown>>(
    `SELECT DISTINCT ON (e.user_id) e.user_id, u.name, u.document, e.excluded, e.reason,
            e.actor_name, e.at
       FROM audit_exclusions e JOIN users u ON u.id = e.user_id
      WHERE e.user_id = ANY($1::integer[])
      ORDER BY e.user_id, e.id DESC`,
    [ids],
  );
  return rows
    .filter((r) => r.excluded)
    .map(toExclusion)
    .sort((a, b) => a.name.localeCompare(b.name, 'es'));
}

const toExclusion = (r: Record<string, unknown>): Exclusion => ({
  userId: Number(r.user_id),
  name: String(r.name),
  document: String(r.document),
  reason: String(r.reason),
  actorName: String(r.actor_name),
  at: new Date(r.at as string),
});

/**
 * The population: the company's learners registered by the end of the period and not
 * deactivated before it began; the server's demo learner and the learners a coordinator marked
 * out are returned apart (record 0264).
 */
export async function periodPopulation(db: Queryable, from: string, to: string) {
  const rows = await db.query<{
    id: number;
    document: string;
    name: string;
    demo: boolean;
    excluded: boolean;
  }>(
    `SELECT id, document, name, demo, ${isExcludedSql('users.id')} AS excluded FROM users
      WHERE role = 'aprendiz' AND created_at < ${colombiaMidnight('$2::date + 1')}
        AND (deactivated_at IS NULL OR deactivated_at >= ${colombiaMidnight('$1')})
      ORDER BY id`,
    [from, to],
  );
  return {
    members: rows
      .filter((r) => !r.demo && !r.excluded)
      .map((r) => ({ id: Number(r.id), document: r.document })),
    demo: rows.filter((r) => r.demo).map((r) => ({ name: r.name, document: r.document })),
    excludedIds: rows.filter((r) => !r.demo && r.excluded).map((r) => Number(r.id)),
  };
}
