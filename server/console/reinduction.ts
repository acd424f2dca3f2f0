// Reinducción (docs/decisions/0111-induction-cycles.md): a coordinator starts a new cycle for one
// learner or for every learner of an obra whose current cycle is completed. The completed cycle
// keeps its progress row, answers, sessions and certificate under its number; the learner's
// `cycle` moves on and a fresh progress row starts at score 0. One set-based statement, so an
// obra of thousands is one round trip.
import type { Db } from '../db/db.ts';
import { auditMany, type Actor } from './audit.ts';

export interface ReinductionResult {
  started: { id: number; name: string; cycle: number }[];
}

const START = (filter: string) => `
WITH targets AS (
  SELECT u.id, u.cycle, u.created_at
    FROM users u
    JOIN progress p ON p.user_id = u.id AND p.course_id = $1 AND p.cycle = u.cycle
   WHERE u.role = 'aprendiz' AND u.active AND p.completed_at IS NOT NULL AND ${filter}
     FOR UPDATE OF u
), archived AS (
  INSERT INTO induction_cycles (user_id, cycle, started_at, archived_at, archived_by)
  SELECT id, cycle, created_at, now(), $2 FROM targets
  ON CONFLICT (user_id, cycle) DO UPDATE
    SET archived_at = now(), archived_by = EXCLUDED.archived_by
), opened AS (
  INSERT INTO induction_cycles (user_id, cycle, started_at) SELECT id, cycle + 1, now() FROM targets
), fresh AS (
  INSERT INTO progress (user_id, course_id, cycle) SELECT id, $1, cycle + 1 FROM targets
)
UPDATE users u SET cycle = t.cycle + 1, updated_at = now()
  FROM targets t WHERE u.id = t.id
RETURNING u.id, u.name, u.cycle`;

export async function startReinduction(
  db: Db,
  actor: Actor,
  courseId: string,
  scope: { userId: number } | { obra: string; defaultObra: string },
): Promise<ReinductionResult> {
  return db.transaction(async (tx) => {
    const rows =
      'userId' in scope
        ? await tx.query<{ id: number; name: string; cycle: number }>(START('u.id = $3'), [
            courseId,
            actor.userId,
            scope.userId,
          ])
        : await tx.query<{ id: number; name: string; cycle: number }>(
            START('COALESCE(u.obra, $4) = $3'),
            [courseId, actor.userId, scope.obra, scope.defaultObra],
          );
    const started = rows.map((r) => ({ id: Number(r.id), name: r.name, cycle: Number(r.cycle) }));
    await auditMany(
      tx,
      actor,
      'reinduccion',
      started.map((s) => ({
        target: s,
        details: {
          ciclo: s.cycle,
          alcance: 'userId' in scope ? 'aprendiz' : 'obra',
          ...('obra' in scope ? { obra: scope.obra } : {}),
        },
      })),
    );
    return { started };
  });
}
