// Every SQL statement the server and CLI run, behind small functions. Parameters always go as
// $n placeholders; no value is ever spliced into SQL text. Sessions (session-store.ts),
// certificates (certificate-store.ts) and the report's rows (report-store.ts) have modules of
// their own, re-exported here.
import type { Db, Queryable } from './db.ts';
import { hashPassword } from '../security/passwords.ts';
import { decideProgress } from '../progress-rules.ts';
import { hasBidiControls } from '../routes/input.ts';
import { consoleObraFacts, obraValues } from '../obras.ts';
import { recordScore } from '../lti/grades.ts';
import type { PlaceholderValues } from '../../src/domain/content/placeholders.ts';
import { COMPLETION_SCORE, type CourseShape } from '../../src/domain/progress/engine.ts';
import { iso, shippedCourseId } from './store-shared.ts';

export { shippedCourseId } from './store-shared.ts';
export {
  issueToken,
  purgeTokens,
  revokeToken,
  revokeUserTokens,
  sessionEndReason,
  sessionCycle,
  sessionForToken,
  sharedSecret,
  userIdForToken,
  type SessionEndReason,
  type TokenScope,
} from './session-store.ts';
export {
  certificateByCode,
  certificateFileByLink,
  certificateForUser,
  createCertificateLink,
  saveCertificate,
  saveCertificateOnCycle,
  type CertificateFile,
  type CertificateRow,
  type NewCertificate,
} from './certificate-store.ts';
export { reportRows, type ReportRow } from './report-store.ts';

/**
 * The user as the API returns it: at least id, name, document, score, route, url_certificate
 * (decision 0029).
 */
export interface PublicUser {
  id: number;
  name: string;
  document: string;
  email: string | null;
  /** Slug of the learner's obra; null = the configuration's first (decision 0078). */
  obra: string | null;
  score: number;
  route: string;
  current_location: string | null;
  final_terms: boolean;
  completed_at: string | null;
  url_certificate: string | null;
  /** The learner's current induction cycle (≥ 1); progress above is this cycle's (record 0111). */
  cycle: number;
  /** When the learner accepted the data-processing notice (Ley 1581 de 2012), else null. */
  dataNoticeAcceptedAt: string | null;
  /**
   * The `obra.*` values of an obra added in the console (decision 0215), which the web build
   * does not bundle; absent for the configuration's obras.
   */
  obra_values?: PlaceholderValues;
  /**
   * The notice version last accepted, else null: the app asks again when its own version differs
   * (record 0213); saves stay accepted meanwhile.
   */
  dataNoticeVersion: string | null;
}

interface UserRow {
  id: number;
  name: string;
  document: string;
  email: string | null;
  obra: string | null;
  score: string | number | null;
  route: string | null;
  current_location: string | null;
  final_terms_at: Date | string | null;
  completed_at: Date | string | null;
  url_certificate: string | null;
  cycle: number | string;
  data_notice_accepted_at: Date | string | null;
  obra_nombre?: string | null;
  obra_facts?: Record<string, unknown> | string | null;
  data_notice_version: string | null;
}

function toPublic(row: UserRow): PublicUser {
  return {
    id: Number(row.id),
    name: row.name,
    document: row.document,
    email: row.email,
    obra: row.obra ?? null,
    score: Number(row.score ?? 0),
    route: row.route ?? '',
    current_location: row.current_location,
    final_terms: row.final_terms_at !== null,
    completed_at: iso(row.completed_at),
    url_certificate: row.url_certificate,
    cycle: Number(row.cycle),
    dataNoticeAcceptedAt: iso(row.data_notice_accepted_at ?? null),
    ...(row.obra && row.obra_nombre
      ? {
          obra_values: obraValues(
            consoleObraFacts({
              slug: row.obra,
              nombre: row.obra_nombre,
              facts: row.obra_facts ?? {},
            }),
          ),
        }
      : {}),
    dataNoticeVersion: row.data_notice_version ?? null,
  };
}

const USER_SELECT = `
  SELECT u.id, u.name, u.document, u.email, u.obra, p.score, p.route, p.current_location,
         p.final_terms_at, p.completed_at, c.url_file AS url_certificate, u.cycle,
         u.data_notice_accepted_at, u.data_notice_version, o.nombre AS obra_nombre,
         o.facts AS obra_facts
    FROM users u
    LEFT JOIN obras o ON o.slug = u.obra
    LEFT JOIN progress p ON p.user_id = u.id AND p.course_id = $2 AND p.cycle = u.cycle
    LEFT JOIN certificates c ON c.user_id = u.id AND c.course_id = $2 AND c.cycle = u.cycle`;

/** A learner with their progress in one course (by default the shipped one). */
export async function getUser(
  db: Queryable,
  id: number,
  courseId: string = shippedCourseId(),
): Promise<PublicUser | null> {
  const [row] = await db.query<UserRow>(`${USER_SELECT} WHERE u.id = $1`, [id, courseId]);
  return row ? toPublic(row) : null;
}

export async function countUsers(db: Queryable): Promise<number> {
  const [row] = await db.query<{ n: number | string }>('SELECT count(*)::integer AS n FROM users');
  return Number(row?.n ?? 0);
}

export class DuplicateUserError extends Error {
  readonly code = 'DUPLICATE_USER';
  constructor(readonly field: 'document' | 'email') {
    super(
      field === 'document'
        ? 'Ya existe un usuario con ese documento.'
        : 'Ya existe un usuario con ese correo.',
    );
  }
}

export interface NewUser {
  document: string;
  name: string;
  email?: string | null;
  /** Slug of one of the configuration's obras (checked by the caller); null = the first. */
  obra?: string | null;
  password: string;
  /** Default 'aprendiz' (record 0113). */
  role?: Role;
  /** Empty = a direct employee. */
  contratista?: string | null;
  cargo?: string | null;
  /** aaaa-mm-dd. */
  fechaIngreso?: string | null;
  /** Ten digits (decision 0158); never part of PublicUser. */
  celular?: string | null;
}

export const ROLES = ['aprendiz', 'coordinador', 'auditor'] as const;
export type Role = (typeof ROLES)[number];

export async function createUser(db: Db, input: NewUser): Promise<PublicUser> {
  // The last gate for every way a user is created (decision 0183); callers check first and say
  // it in Spanish.
  for (const text of [input.name, input.cargo ?? '', input.contratista ?? ''])
    if (hasBidiControls(text))
      throw new Error(
        'Un nombre, cargo o contratista no puede llevar controles de dirección del texto.',
      );
  const passwordHash = await hashPassword(input.password);
  try {
    const id = await db.transaction(async (tx) => {
      const [row] = await tx.query<{ id: number }>(
        `INSERT INTO users (document, name, email, obra, password_hash, role, contratista, cargo,
                            fecha_ingreso, celular)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9::date, $10) RETURNING id`,
        [
          input.document,
          input.name,
          input.email || null,
          input.obra || null,
          passwordHash,
          input.role ?? 'aprendiz',
          input.contratista || null,
          input.cargo || null,
          input.fechaIngreso || null,
          input.celular || null,
        ],
      );
      await tx.query('INSERT INTO progress (user_id, course_id) VALUES ($1, $2)', [
        row!.id,
        shippedCourseId(),
      ]);
      return row!.id;
    });
    return (await getUser(db, id))!;
  } catch (error) {
    const message = String((error as Error).message ?? '');
    const constraint = (error as { constraint?: string }).constraint ?? message;
    if (constraint.includes('users_document_key')) throw new DuplicateUserError('document');
    if (constraint.includes('users_email_key')) throw new DuplicateUserError('email');
    throw error;
  }
}

export async function findCredentials(
  db: Queryable,
  by: { document: string } | { email: string },
): Promise<{ id: number; password_hash: string | null; role: Role } | null> {
  type Row = { id: number; password_hash: string | null; role: Role };
  // A deactivated account cannot sign in (record 0113); its records stay.
  const [row] =
    'document' in by
      ? await db.query<Row>(
          'SELECT id, password_hash, role FROM users WHERE document = $1 AND active',
          [by.document],
        )
      : await db.query<Row>(
          'SELECT id, password_hash, role FROM users WHERE lower(email) = lower($1) AND active',
          [by.email],
        );
  return row ?? null;
}

export interface ProgressInput {
  score: number;
  route?: string;
  currentLocation?: string;
  finalTerms: boolean;
  /** The cycle the save belongs to; absent = the current one (old clients; record 0111). */
  cycle?: number;
}

/** A save or activity for a cycle that is no longer the learner's current one. */
export class StaleCycleError extends Error {
  readonly code = 'stale-cycle';
  constructor(readonly current: number) {
    super(`stale cycle (current ${current})`);
  }
}

/**
 * The learner's current cycle, locked against a concurrent reinducción for the transaction; throws
 * StaleCycleError when `expected` is given and differs. Null when the user does not exist.
 */
export async function lockCurrentCycle(
  tx: Queryable,
  userId: number,
  expected: number | undefined,
): Promise<number | null> {
  const [row] = await tx.query<{ cycle: number }>(
    'SELECT cycle FROM users WHERE id = $1 FOR SHARE',
    [userId],
  );
  if (!row) return null;
  const current = Number(row.cycle);
  if (expected !== undefined && expected !== current) throw new StaleCycleError(current);
  return current;
}

/**
 * Applies a learner's progress report (see progress-rules.ts for the score rule). The row is
 * locked while the route is merged, and the score is raised with GREATEST in the same UPDATE,
 * so concurrent calls can neither lower the score nor lose a viewed topic.
 */
export async function updateProgress(
  db: Db,
  userId: number,
  input: ProgressInput,
  shape: CourseShape,
  courseId: string = shippedCourseId(),
): Promise<{ user: PublicUser; dropped: string[] } | null> {
  const dropped = await db.transaction(async (tx) => {
    const cycle = await lockCurrentCycle(tx, userId, input.cycle);
    if (cycle === null) return null;
    // A learner's first report in another course (or a new cycle) starts that row.
    await tx.query(
      `INSERT INTO progress (user_id, course_id, cycle) VALUES ($1, $2, $3)
       ON CONFLICT (user_id, course_id, cycle) DO NOTHING`,
      [userId, courseId, cycle],
    );
    const [row] = await tx.query<{ route: string; score: string | number | null }>(
      'SELECT route, score FROM progress WHERE user_id = $1 AND course_id = $2 AND cycle = $3 FOR UPDATE',
      [userId, courseId, cycle],
    );
    if (!row) return null;
    const storedScore = row.score === null ? null : Number(row.score);
    const decision = decideProgress(row.route, input.route, input.score, shape, storedScore);
    const [saved] = await tx.query<{ score: string | number }>(
      `UPDATE progress
          SET route = $2,
              score = GREATEST(score, $3::numeric),
              current_location = COALESCE($4::text, current_location),
              final_terms_at = CASE WHEN $5::boolean THEN COALESCE(final_terms_at, now()) ELSE final_terms_at END,
              completed_at = CASE WHEN GREATEST(score, $3::numeric) >= ${COMPLETION_SCORE} THEN COALESCE(completed_at, now())
                                  ELSE completed_at END,
              updated_at = now()
        WHERE user_id = $1 AND course_id = $6 AND cycle = $7
        RETURNING score`,
      [
        userId,
        decision.route,
        decision.acceptedScore,
        input.currentLocation ?? null,
        input.finalTerms,
        courseId,
        cycle,
      ],
    );
    // The LMS grade follows the stored score, in the same transaction (record 0297): a risen
    // score is in the grades' queue as soon as it is saved.
    if (saved) await recordScore(tx, userId, Number(saved.score));
    return decision.dropped;
  });
  if (dropped === null) return null;
  const user = await getUser(db, userId, courseId);
  return user ? { user, dropped } : null;
}

/** Replaces a learner's password hash (rehash at a higher cost on sign-in). */
export async function setPasswordHash(db: Queryable, id: number, hash: string): Promise<void> {
  await db.query('UPDATE users SET password_hash = $1 WHERE id = $2', [hash, id]);
}

/** Learners' celulares by id (decision 0158), for those who have one; never sent to the app. */
export async function learnerCelulares(
  db: Queryable,
  userIds: number[],
): Promise<Map<number, string>> {
  const rows = await db.query<{ id: number; celular: string | null }>(
    'SELECT id, celular FROM users WHERE id = ANY($1::integer[]) AND celular IS NOT NULL',
    [userIds],
  );
  return new Map(rows.map((r) => [Number(r.id), r.celular!]));
}

/** The learner's celular (decision 0158): ten digits, or null. */
export async function learnerCelular(db: Queryable, userId: number): Promise<string | null> {
  return (await learnerCelulares(db, [userId])).get(userId) ?? null;
}

export async function setLearnerCelular(
  db: Queryable,
  userId: number,
  celular: string | null,
): Promise<void> {
  await db.query('UPDATE users SET celular = $2 WHERE id = $1', [userId, celular]);
}
