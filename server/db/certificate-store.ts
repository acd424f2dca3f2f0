// Certificates in the database: each learner's one certificate per course and cycle, its stored
// PDF, and the short-lived links that open it (decisions 0020, 0181 and 0230). Re-exported by
// store.ts.
import { randomBytes } from 'node:crypto';
import type { Db, Queryable } from './db.ts';
import { hashToken } from '../security/tokens.ts';
import { iso, shippedCourseId } from './store-shared.ts';
import { acrossCompanies } from './company-scope.ts';

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

/** A certificate as /verificar reads it (record 0260): the row, and what says whether it stands. */
export interface CertificateForCheck extends CertificateRow {
  /** The worker's obra (users.obra; null = the configuration's first). */
  obra: string | null;
  cycle: number;
  current_cycle: number;
  active: boolean;
  deactivated_at: string | null;
  /** When a reinducción archived the certificate's cycle (induction_cycles), if it did. */
  archived_at: string | null;
  /** The issuing company (record 0282): its id and its name ('' while company 1 is unnamed). */
  company_id: number;
  company_name: string;
}

/**
 * The certificate with this code, whichever company issued it: the printed code is unique
 * across the installation and names exactly one certificate, which names its company (records
 * 0282 and 0283) — /verificar looks it up before it knows the company.
 */

export async function certificateForCheck(
  db: Queryable,
  code: string,
): Promise<CertificateForCheck | null> {
  const [row] = await acrossCompanies(db).query<
    CertificateDbRow & {
      obra: string | null;
      cycle: number | string;
      current_cycle: number | string;
      active: boolean;
      deactivated_at: Date | string | null;
      archived_at: Date | string | null;
      company_id: number | string;
      company_name: string;
    }
  >(
    `SELECT ${CERTIFICATE_COLUMNS.split(', ')
      .map((c) => `c.${c}`)
      .join(', ')}, c.cycle, u.obra, u.cycle AS current_cycle, u.active, u.deactivated_at,
            ic.archived_at, c.company_id, co.name AS company_name
       FROM certificates c
       JOIN users u ON u.id = c.user_id AND u.company_id = c.company_id
       JOIN companies co ON co.id = c.company_id
       LEFT JOIN induction_cycles ic
              ON ic.user_id = c.user_id AND ic.company_id = c.company_id AND ic.cycle = c.cycle
      WHERE c.code = $1`,
    [code],
  );
  if (!row) return null;
  return {
    ...toCertificate(row),
    obra: row.obra ?? null,
    cycle: Number(row.cycle),
    current_cycle: Number(row.current_cycle),
    active: row.active,
    deactivated_at: iso(row.deactivated_at ?? null),
    archived_at: iso(row.archived_at ?? null),
    company_id: Number(row.company_id),
    company_name: row.company_name ?? '',
  };
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
    `INSERT INTO certificate_links (link_hash, certificate_id, company_id, token_hash, expires_at)
     SELECT $1, c.id, c.company_id, $2, now() + ($3::integer * interval '1 millisecond')
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
  /** The issuing company: the link named it (record 0283). */
  companyId: number;
  pdf: Uint8Array;
  name: string;
  completed_at: string | null;
  issued_at: string;
}

interface CertificateFileRow {
  company_id: number | string;
  pdf: Uint8Array | null;
  name: string;
  completed_at: Date | string | null;
  issued_at: Date | string;
}

const certificateFileOf = (row: CertificateFileRow | undefined): CertificateFile | null =>
  row?.pdf
    ? {
        companyId: Number(row.company_id),
        // pg gives a Buffer, PGlite a Uint8Array: both are Uint8Arrays.
        pdf: row.pdf,
        name: row.name,
        completed_at: iso(row.completed_at),
        issued_at: iso(row.issued_at)!,
      }
    : null;

/**
 * The stored PDF behind a certificate link, while the link is unexpired and the session that
 * asked for it is live (not signed out, reset, deactivated or expired); else null. The link is
 * a random value, found across companies; every row it reaches is its certificate's company's
 * (record 0283).
 */
export async function certificateFileByLink(
  db: Queryable,
  link: string,
): Promise<CertificateFile | null> {
  const [row] = await acrossCompanies(db).query<CertificateFileRow>(
    `SELECT c.company_id, c.pdf, c.name, c.completed_at, c.issued_at
       FROM certificate_links l
       JOIN certificates c ON c.id = l.certificate_id AND c.company_id = l.company_id
       JOIN tokens t ON t.token_hash = l.token_hash AND t.company_id = c.company_id
       JOIN users u ON u.id = t.user_id AND u.company_id = t.company_id
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
