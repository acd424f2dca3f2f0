// The platforms registered for a company (record 0295): one LMS installation and client id, the
// deployment ids it may launch from, and where its keys, login and token endpoints are. Written
// by Dynamic Registration or by hand in the console; revoked, never deleted (the registro keeps
// naming the LMS a learner came through). Every query runs on a company's handle (the wall).
import type { Queryable } from '../db/db.ts';

export interface Registration {
  id: number;
  companyId: number;
  /** What the registro shows: «vía LMS (Moodle)». */
  platformName: string;
  /** `product_family_code` the platform announced ('moodle', 'canvas'…), '' when unknown. */
  productFamily: string;
  issuer: string;
  clientId: string;
  authUrl: string;
  tokenUrl: string;
  jwksUrl: string;
  /** The custom parameter carrying the worker's document (`documento=$User.username`). */
  documentClaim: string;
  registeredVia: 'dinamico' | 'manual';
  createdByName: string;
  createdAt: Date;
  revokedAt: Date | null;
  deploymentIds: string[];
}

export interface NewRegistration {
  platformName: string;
  productFamily?: string;
  issuer: string;
  clientId: string;
  authUrl: string;
  tokenUrl: string;
  jwksUrl: string;
  documentClaim?: string;
  registeredVia: 'dinamico' | 'manual';
  deploymentIds: string[];
  createdBy?: number | null;
  createdByName: string;
}

interface Row {
  id: number;
  company_id: number;
  platform_name: string;
  product_family: string;
  issuer: string;
  client_id: string;
  auth_url: string;
  token_url: string;
  jwks_url: string;
  document_claim: string;
  registered_via: 'dinamico' | 'manual';
  created_by_name: string;
  created_at: Date | string;
  revoked_at: Date | string | null;
}

const asDate = (v: Date | string) => (v instanceof Date ? v : new Date(v));

async function withDeployments(db: Queryable, rows: Row[]): Promise<Registration[]> {
  if (rows.length === 0) return [];
  const deployments = await db.query<{ registration_id: number; deployment_id: string }>(
    `SELECT registration_id, deployment_id FROM lti_deployments
      WHERE registration_id = ANY($1::integer[]) ORDER BY deployment_id`,
    [rows.map((r) => r.id)],
  );
  return rows.map((r) => ({
    id: r.id,
    companyId: r.company_id,
    platformName: r.platform_name,
    productFamily: r.product_family,
    issuer: r.issuer,
    clientId: r.client_id,
    authUrl: r.auth_url,
    tokenUrl: r.token_url,
    jwksUrl: r.jwks_url,
    documentClaim: r.document_claim,
    registeredVia: r.registered_via,
    createdByName: r.created_by_name,
    createdAt: asDate(r.created_at),
    revokedAt: r.revoked_at === null ? null : asDate(r.revoked_at),
    deploymentIds: deployments
      .filter((d) => d.registration_id === r.id)
      .map((d) => d.deployment_id),
  }));
}

/** A live registration of (issuer, client id) already exists for the company. */
export class DuplicateRegistrationError extends Error {}

/** Stores a registration and its deployment ids (on a company's handle, in one transaction). */
export async function insertRegistration(
  db: Queryable & { transaction?: <T>(fn: (tx: Queryable) => Promise<T>) => Promise<T> },
  input: NewRegistration,
): Promise<Registration> {
  const run = async (tx: Queryable) => {
    const live = await tx.query(
      `SELECT 1 FROM lti_registrations WHERE issuer = $1 AND client_id = $2 AND revoked_at IS NULL`,
      [input.issuer, input.clientId],
    );
    if (live.length > 0) throw new DuplicateRegistrationError(input.issuer);
    const [row] = await tx.query<Row>(
      `INSERT INTO lti_registrations (platform_name, product_family, issuer, client_id, auth_url,
         token_url, jwks_url, document_claim, registered_via, created_by, created_by_name)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) RETURNING *`,
      [
        input.platformName,
        input.productFamily ?? '',
        input.issuer,
        input.clientId,
        input.authUrl,
        input.tokenUrl,
        input.jwksUrl,
        input.documentClaim ?? 'documento',
        input.registeredVia,
        input.createdBy ?? null,
        input.createdByName,
      ],
    );
    for (const deployment of new Set(input.deploymentIds))
      await tx.query(
        `INSERT INTO lti_deployments (registration_id, deployment_id) VALUES ($1, $2)`,
        [row!.id, deployment],
      );
    return (await withDeployments(tx, [row!]))[0]!;
  };
  return db.transaction ? db.transaction(run) : run(db);
}

/** The live registration of (issuer, client id), or null (unknown or revoked). */
export async function liveRegistration(
  db: Queryable,
  issuer: string,
  clientId: string,
): Promise<Registration | null> {
  const rows = await db.query<Row>(
    `SELECT * FROM lti_registrations WHERE issuer = $1 AND client_id = $2 AND revoked_at IS NULL`,
    [issuer, clientId],
  );
  return (await withDeployments(db, rows))[0] ?? null;
}

/**
 * The live registrations of an issuer: a login initiation may omit `client_id`, and then it
 * names its platform only by issuer (one registration per issuer is the common case).
 */
export async function liveRegistrationsOf(db: Queryable, issuer: string): Promise<Registration[]> {
  const rows = await db.query<Row>(
    `SELECT * FROM lti_registrations WHERE issuer = $1 AND revoked_at IS NULL ORDER BY id`,
    [issuer],
  );
  return withDeployments(db, rows);
}

export async function registrationById(db: Queryable, id: number): Promise<Registration | null> {
  const rows = await db.query<Row>(`SELECT * FROM lti_registrations WHERE id = $1`, [id]);
  return (await withDeployments(db, rows))[0] ?? null;
}

/** Every registration of the company, live first, newest first. */
export async function listRegistrations(db: Queryable): Promise<Registration[]> {
  const rows = await db.query<Row>(
    `SELECT * FROM lti_registrations ORDER BY (revoked_at IS NULL) DESC, created_at DESC, id DESC`,
  );
  return withDeployments(db, rows);
}

/** Revokes a live registration; false when it is unknown or already revoked. */
export async function revokeRegistration(
  db: Queryable,
  id: number,
  byName: string,
): Promise<boolean> {
  const rows = await db.query(
    `UPDATE lti_registrations SET revoked_at = now(), revoked_by_name = $2
      WHERE id = $1 AND revoked_at IS NULL RETURNING id`,
    [id, byName],
  );
  return rows.length > 0;
}
