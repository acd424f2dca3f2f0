// Every SQL statement the server and CLI run, behind small functions. Parameters always go as
// $n placeholders; no value is ever spliced into SQL text.
import { randomBytes } from 'node:crypto';
import type { Db, Queryable } from './db.ts';
import { hashPassword } from '../security/passwords.ts';
import { hashToken, newToken } from '../security/tokens.ts';
import { decideProgress } from '../progress-rules.ts';
import { hasBidiControls } from '../routes/input.ts';
import { courseIdentity } from '../../course-files/read-content.ts';
import { consoleObraFacts, obraValues } from '../obras.ts';
import type { PlaceholderValues } from '../../src/domain/content/placeholders.ts';

/** The course this server ships (content/es/course.json): the default course of every query. */
export const shippedCourseId = (): string => courseIdentity().id;
import { COMPLETION_SCORE, type CourseShape } from '../../src/domain/progress/engine.ts';

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

const iso = (value: Date | string | null) =>
  value === null ? null : new Date(value).toISOString();

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
): Promise<{ id: number; password_hash: string; role: Role } | null> {
  type Row = { id: number; password_hash: string; role: Role };
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

/** Where a token was issued: the learner app or the console (decision 0185). */
export type TokenScope = 'app' | 'consola';

export async function issueToken(
  db: Queryable,
  userId: number,
  ttlMs: number,
  scope: TokenScope = 'app',
): Promise<string> {
  const token = newToken();
  await db.query(
    `INSERT INTO tokens (user_id, token_hash, expires_at, scope) VALUES ($1, $2, now() + ($3::double precision * interval '1 millisecond'), $4)`,
    // At most a year: an invitation's session on the learner's phone is 90 days (record 0210).
    [userId, hashToken(token), Math.max(1, Math.min(ttlMs, 366 * 24 * 60 * 60 * 1000)), scope],
  );
  return token;
}

/** The user id of a live token (not revoked, not expired), else null. */
export async function userIdForToken(db: Queryable, token: string): Promise<number | null> {
  return (await sessionForToken(db, token))?.userId ?? null;
}

/** The account behind a live token of an active user, with its role, else null. */
export async function sessionForToken(
  db: Queryable,
  token: string,
): Promise<{ userId: number; role: Role; name: string; scope: TokenScope } | null> {
  const [row] = await db.query<{ user_id: number; role: Role; name: string; scope: TokenScope }>(
    `SELECT t.user_id, u.role, u.name, t.scope FROM tokens t JOIN users u ON u.id = t.user_id
      WHERE t.token_hash = $1 AND t.revoked_at IS NULL AND t.expires_at > now() AND u.active`,
    [hashToken(token)],
  );
  return row
    ? { userId: Number(row.user_id), role: row.role, name: row.name, scope: row.scope }
    : null;
}

export async function revokeToken(db: Queryable, token: string): Promise<void> {
  await db.query(
    "UPDATE tokens SET revoked_at = now(), revoked_reason = 'salida' WHERE token_hash = $1 AND revoked_at IS NULL",
    [hashToken(token)],
  );
}

/**
 * A secret every server instance on this database shares (decision 0233): created once by
 * whichever asks first (a race leaves the first row), read by all.
 */
export async function sharedSecret(db: Queryable, name: string): Promise<string> {
  await db.query(
    'INSERT INTO server_secrets (name, value) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING',
    [name, randomBytes(32).toString('base64url')],
  );
  const [row] = await db.query<{ value: string }>(
    'SELECT value FROM server_secrets WHERE name = $1',
    [name],
  );
  return row!.value;
}

/** Why a session ends (decision 0231), as the 401's `reason` tells the app. */
export type SessionEndReason = 'expired' | 'password-reset' | 'deactivated';

/** Ends every session of a user, recording why (a password reset or a deactivation). */
export async function revokeUserTokens(
  db: Queryable,
  userId: number,
  reason: 'contrasena' | 'desactivada',
): Promise<void> {
  await db.query(
    'UPDATE tokens SET revoked_at = now(), revoked_reason = $2 WHERE user_id = $1 AND revoked_at IS NULL',
    [userId, reason],
  );
}

/**
 * Why a token that is no live session stopped being one: its account deactivated, its
 * password reset, else (unknown, signed out, expired) 'expired'. Names no one.
 */
export async function sessionEndReason(db: Queryable, token: string): Promise<SessionEndReason> {
  const [row] = await db.query<{ revoked_reason: string | null; active: boolean }>(
    `SELECT t.revoked_reason, u.active FROM tokens t JOIN users u ON u.id = t.user_id
      WHERE t.token_hash = $1`,
    [hashToken(token)],
  );
  if (!row) return 'expired';
  if (!row.active || row.revoked_reason === 'desactivada') return 'deactivated';
  if (row.revoked_reason === 'contrasena') return 'password-reset';
  return 'expired';
}

/** Housekeeping: tokens expired or revoked more than a day ago serve no purpose. */
export async function purgeTokens(db: Queryable): Promise<void> {
  await db.query(
    `DELETE FROM tokens WHERE expires_at < now() - interval '1 day' OR revoked_at < now() - interval '1 day'`,
  );
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
    await tx.query(
      `UPDATE progress
          SET route = $2,
              score = GREATEST(score, $3::numeric),
              current_location = COALESCE($4::text, current_location),
              final_terms_at = CASE WHEN $5::boolean THEN COALESCE(final_terms_at, now()) ELSE final_terms_at END,
              completed_at = CASE WHEN GREATEST(score, $3::numeric) >= ${COMPLETION_SCORE} THEN COALESCE(completed_at, now())
                                  ELSE completed_at END,
              updated_at = now()
        WHERE user_id = $1 AND course_id = $6 AND cycle = $7`,
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
    return decision.dropped;
  });
  if (dropped === null) return null;
  const user = await getUser(db, userId, courseId);
  return user ? { user, dropped } : null;
}

export interface CertificateRow {
  code: string;
  url_file: string;
  name: string;
  document: string;
  score: number;
  issued_at: string;
  /** Printed course title and completion date (null on rows issued before migration 002). */
  course_title: string | null;
  completed_at: string | null;
}

interface CertificateDbRow {
  code: string;
  url_file: string;
  name: string;
  document: string;
  score: unknown;
  issued_at: Date | string;
  course_title: string | null;
  completed_at: Date | string | null;
}

const CERTIFICATE_COLUMNS =
  'code, url_file, name, document, score, issued_at, course_title, completed_at';

const toCertificate = (r: CertificateDbRow): CertificateRow => ({
  code: r.code,
  url_file: r.url_file,
  name: r.name,
  document: r.document,
  score: Number(r.score),
  issued_at: iso(r.issued_at)!,
  course_title: r.course_title ?? null,
  completed_at: iso(r.completed_at ?? null),
});

export async function certificateForUser(
  db: Queryable,
  userId: number,
  courseId: string = shippedCourseId(),
  cycle?: number,
): Promise<CertificateRow | null> {
  // The current cycle's certificate unless a cycle is named (archived cycles keep theirs;
  // record 0111).
  const [row] = await db.query<CertificateDbRow>(
    `SELECT ${CERTIFICATE_COLUMNS} FROM certificates
      WHERE user_id = $1 AND course_id = $2
        AND cycle = COALESCE($3::integer, (SELECT cycle FROM users WHERE id = $1))`,
    [userId, courseId, cycle ?? null],
  );
  return row ? toCertificate(row) : null;
}

export async function certificateByCode(
  db: Queryable,
  code: string,
): Promise<CertificateRow | null> {
  const [row] = await db.query<CertificateDbRow>(
    `SELECT ${CERTIFICATE_COLUMNS} FROM certificates WHERE code = $1`,
    [code],
  );
  return row ? toCertificate(row) : null;
}

/**
 * A fresh short-lived link to the stored PDF of a learner's certificate on a cycle, bound to the
 * session that asked (decision 0230). Returns the raw link token (only its hash is stored), or
 * null when that certificate has no stored PDF.
 */
export async function createCertificateLink(
  db: Queryable,
  options: {
    userId: number;
    cycle: number;
    courseId: string;
    sessionToken: string;
    ttlMs: number;
  },
): Promise<string | null> {
  const link = randomBytes(16).toString('base64url');
  const rows = await db.query<{ id: number }>(
    `INSERT INTO certificate_links (link_hash, certificate_id, token_hash, expires_at)
     SELECT $1, c.id, $2, now() + ($3::integer * interval '1 millisecond')
       FROM certificates c
      WHERE c.user_id = $4 AND c.course_id = $5 AND c.cycle = $6 AND c.pdf IS NOT NULL
     RETURNING certificate_id AS id`,
    [
      hashToken(link),
      hashToken(options.sessionToken),
      Math.max(1, Math.min(options.ttlMs, 2_000_000_000)),
      options.userId,
      options.courseId,
      options.cycle,
    ],
  );
  // Housekeeping: links past their expiry serve no purpose.
  await db.query("DELETE FROM certificate_links WHERE expires_at < now() - interval '1 hour'");
  return rows.length > 0 ? link : null;
}

/** A certificate's stored PDF and the facts its download needs. */
export interface CertificateFile {
  pdf: Uint8Array;
  name: string;
  completed_at: string | null;
  issued_at: string;
}

interface CertificateFileRow {
  pdf: Uint8Array | null;
  name: string;
  completed_at: Date | string | null;
  issued_at: Date | string;
}

const certificateFileOf = (row: CertificateFileRow | undefined): CertificateFile | null =>
  row?.pdf
    ? {
        // pg gives a Buffer, PGlite a Uint8Array: both are Uint8Arrays.
        pdf: row.pdf,
        name: row.name,
        completed_at: iso(row.completed_at),
        issued_at: iso(row.issued_at)!,
      }
    : null;

/**
 * The stored PDF behind a certificate link, while the link is unexpired and the session that
 * asked for it is live (not signed out, reset, deactivated or expired); else null.
 */
export async function certificateFileByLink(
  db: Queryable,
  link: string,
): Promise<CertificateFile | null> {
  const [row] = await db.query<CertificateFileRow>(
    `SELECT c.pdf, c.name, c.completed_at, c.issued_at
       FROM certificate_links l
       JOIN certificates c ON c.id = l.certificate_id
       JOIN tokens t ON t.token_hash = l.token_hash
       JOIN users u ON u.id = t.user_id
      WHERE l.link_hash = $1 AND l.expires_at > now()
        AND t.revoked_at IS NULL AND t.expires_at > now() AND u.active AND t.user_id = c.user_id`,
    [hashToken(link)],
  );
  return certificateFileOf(row);
}

export interface NewCertificate {
  code: string;
  url_file: string;
  name: string;
  document: string;
  score: number;
  /** The PDF when this server serves it (see routes/certificate-file.ts). */
  file?: { token: string; pdf: Uint8Array } | null;
  course_title?: string | null;
  completed_at?: Date | null;
  /** The cycle it certifies; default the learner's current one. */
  cycle?: number;
}

/**
 * Stores an issued certificate. When two requests race, the first row wins and both callers
 * get it back, so "asking again returns the same url_file" holds (decisions 0020 and 0029).
 */
export async function saveCertificate(
  db: Queryable,
  userId: number,
  cert: NewCertificate,
  courseId: string = shippedCourseId(),
): Promise<CertificateRow> {
  await db.query(
    `INSERT INTO certificates
       (user_id, code, url_file, name, document, score, file_token, pdf, course_title, completed_at,
        course_id, cycle)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11,
             COALESCE($12::integer, (SELECT cycle FROM users WHERE id = $1)))
     ON CONFLICT (user_id, course_id, cycle) DO NOTHING`,
    [
      userId,
      cert.code,
      cert.url_file,
      cert.name,
      cert.document,
      cert.score,
      cert.file?.token ?? null,
      // Buffer for pg (PGlite takes it too: a Buffer is a Uint8Array).
      cert.file ? Buffer.from(cert.file.pdf) : null,
      cert.course_title ?? null,
      cert.completed_at ?? null,
      courseId,
      cert.cycle ?? null,
    ],
  );
  return (await certificateForUser(db, userId, courseId, cert.cycle))!;
}

/**
 * Stores a certificate on the cycle the request was made for (decision 0181), in one
 * transaction with the check that this cycle's progress is complete: the learner's row is locked
 * first, so a reinducción (which locks it too) runs wholly before or after. A cycle archived
 * meanwhile keeps the certificate it earned; the new cycle never gets it. Returns the cycle's
 * certificate (the first stored when two requests race), or null when the cycle is not complete.
 */
export async function saveCertificateOnCycle(
  db: Db,
  userId: number,
  cycle: number,
  cert: Omit<NewCertificate, 'cycle'>,
  completionScore: number,
  courseId: string = shippedCourseId(),
): Promise<CertificateRow | null> {
  return db.transaction(async (tx) => {
    await tx.query('SELECT id FROM users WHERE id = $1 FOR UPDATE', [userId]);
    const [progress] = await tx.query<{ score: number | string }>(
      'SELECT score FROM progress WHERE user_id = $1 AND course_id = $2 AND cycle = $3',
      [userId, courseId, cycle],
    );
    if (!progress || Number(progress.score) < completionScore) return null;
    return saveCertificate(tx, userId, { ...cert, cycle }, courseId);
  });
}

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
