// The append-only audit log of coordinator actions (docs/decisions/0110-coordinator-console.md): who, what,
// on whom, when, details. The table refuses UPDATE and DELETE (trigger in migration 005).
import type { Queryable } from '../db/db.ts';

export type AuditAction =
  | 'ingreso'
  | 'ingreso-fallido'
  | 'salida'
  | 'crear-usuario'
  | 'importar-csv'
  | 'desactivar'
  | 'reactivar'
  | 'restablecer-contrasena'
  | 'reinduccion'
  | 'exportar-csv'
  | 'exportar-pdf'
  | 'paquete-auditoria'
  // A coordinator's mark that takes a learner out of (or back into) the audit pack's population
  // (record 0264), with the reason in details.
  | 'excluir-de-auditoria'
  | 'incluir-en-auditoria'
  // An obra's SCORM zip downloaded from its page (decision 0241).
  | 'paquete-scorm'
  | 'ver-aprendiz'
  | 'cambiar-celular'
  | 'borrar-celular'
  | 'actualizar-datos'
  | 'crear-obra'
  | 'editar-obra'
  | 'unir-contratistas'
  // The coordinator's confirmation that the company holds the workers' celular authorization
  // (decision 0239): the file, its job and how many rows, never a number.
  | 'autorizacion-celular'
  // Invitations (record 0210): never the code, the token or the celular in details.
  | 'invitacion-emitida'
  | 'invitacion-usada'
  | 'invitacion-rechazada'
  | 'aviso-datos-aceptado'
  // A company's configuration file imported as its next version (record 0287).
  | 'importar-configuracion'
  // One section of it edited in the console as the next version (record 0292): the section and
  // each changed field, old → new when short.
  | 'editar-configuracion'
  // The platform downloaded the company's whole record (record 0293), with the file's sha256.
  | 'exportar-empresa'
  // LTI 1.3 (record 0295): a platform registered (by hand or by Dynamic Registration, with its
  // issuer and client id), revoked, a one-time registration link made (never its token), the
  // tool's key rotated (the kids), an LMS user linked to a worker by the coordinator.
  | 'lti-registrar'
  | 'lti-revocar'
  | 'lti-enlace-registro'
  | 'lti-rotar-clave'
  | 'lti-confirmar-usuario'
  // An LMS launch (record 0295) linked an LMS user to a worker by the document the LMS sent or by
  // the worker's invitation code (details: the proof, the platform, the issuer), or created the
  // learner of a document the company had not imported.
  | 'lti-vincular'
  | 'lti-crear-aprendiz';

export interface Actor {
  userId: number | null;
  name: string;
}

export async function audit(
  db: Queryable,
  actor: Actor,
  action: AuditAction,
  target: { id: number; name: string } | null,
  details: Record<string, unknown> = {},
): Promise<void> {
  await db.query(
    `INSERT INTO audit_log (actor_id, actor_name, action, target_id, target_name, details)
     VALUES ($1, $2, $3, $4, $5, $6::jsonb)`,
    [
      actor.userId,
      actor.name,
      action,
      target?.id ?? null,
      target?.name ?? null,
      JSON.stringify(details),
    ],
  );
}

/** One row per target, in one statement (a reinducción of a whole obra). */
export async function auditMany(
  db: Queryable,
  actor: Actor,
  action: AuditAction,
  items: { target: { id: number; name: string }; details: Record<string, unknown> }[],
): Promise<void> {
  if (!items.length) return;
  await db.query(
    `INSERT INTO audit_log (actor_id, actor_name, action, target_id, target_name, details)
     SELECT $1, $2, $3, t.id, t.name, t.details::jsonb
       FROM unnest($4::integer[], $5::text[], $6::text[]) AS t(id, name, details)`,
    [
      actor.userId,
      actor.name,
      action,
      items.map((i) => i.target.id),
      items.map((i) => i.target.name),
      items.map((i) => JSON.stringify(i.details)),
    ],
  );
}

export interface AuditEntry {
  id: number;
  at: string;
  actorName: string;
  action: string;
  targetId: number | null;
  targetName: string | null;
  details: Record<string, unknown>;
}

export const AUDIT_PAGE_SIZE = 50;

/** Newest first, one page (keyset-free OFFSET is fine at the sizes a log reaches per page). */
export async function auditPage(
  db: Queryable,
  page: number,
): Promise<{ entries: AuditEntry[]; total: number }> {
  const rows = await db.query<{
    id: string | number;
    at: Date | string;
    actor_name: string;
    action: string;
    target_id: number | null;
    target_name: string | null;
    details: unknown;
    total: string | number;
  }>(
    `SELECT id, at, actor_name, action, target_id, target_name, details, count(*) OVER () AS total
       FROM audit_log ORDER BY at DESC, id DESC LIMIT $1 OFFSET $2`,
    [AUDIT_PAGE_SIZE, (page - 1) * AUDIT_PAGE_SIZE],
  );
  const total = rows.length
    ? Number(rows[0]!.total)
    : Number(
        (await db.query<{ n: number }>('SELECT count(*)::integer AS n FROM audit_log'))[0]?.n ?? 0,
      );
  return {
    total,
    entries: rows.map((r) => ({
      id: Number(r.id),
      at: new Date(r.at).toISOString(),
      actorName: r.actor_name,
      action: r.action,
      targetId: r.target_id === null ? null : Number(r.target_id),
      targetName: r.target_name,
      details:
        typeof r.details === 'string'
          ? (JSON.parse(r.details) as Record<string, unknown>)
          : ((r.details ?? {}) as Record<string, unknown>),
    })),
  };
}
