// Who an LMS user is in the course (record 0296). An LMS user is (issuer, sub): one lti_users
// row, which names its learner once proof links it, and from then on every launch of that LMS
// user reaches that learner. Proof is one of:
// - 'documento': the platform sent the worker's document in the custom parameter the registration
//   names (the LMS administrator mapped it, the LMS vouches for it): the learner with that document
//   in the company, created when there is none yet;
// - 'invitacion': the worker typed the document and the code of their invitation (route
//   `vincular`), checked like the app's invitation sign-in;
// - 'coordinador': a coordinator confirmed the LMS user in the console.
// Never a document typed alone. Two LMSs (two issuers), or two courses of one LMS, reach the same
// learner through the same document.
import type { JWTPayload } from 'jose';
import type { Queryable } from '../db/db.ts';
import { isValidDocument, normalizeDocument } from '../identity.ts';
import { hasBidiControls, hasControlChars } from '../routes/input.ts';
import type { Registration } from './registrations.ts';
import { CLAIM } from './launch.ts';
import { LtiRefusal } from './refusal.ts';
import { LAUNCH } from './strings.ts';
import { audit } from '../console/audit.ts';

export interface LaunchIdentity {
  ltiUserId: number;
  /** The learner, or null: not linked yet (the invitation code, or the coordinator). */
  userId: number | null;
}

const MAX_NAME = 200;

/** A name from the claims, without control or direction characters, bounded. */
function cleanName(value: unknown): string {
  if (typeof value !== 'string') return '';
  const clean = [...value]
    .filter((c) => !hasControlChars(c) && !hasBidiControls(c))
    .join('')
    .replace(/\s+/g, ' ')
    .trim();
  return clean.slice(0, MAX_NAME);
}

/** The LMS user's name: `name`, else given + family name. */
export function nameOf(claims: JWTPayload): string {
  return (
    cleanName(claims.name) ||
    cleanName(`${String(claims.given_name ?? '')} ${String(claims.family_name ?? '')}`)
  );
}

/** The document the platform sent in the registration's custom parameter, when it is one. */
export function documentOf(claims: JWTPayload, registration: Registration): string | null {
  const custom = claims[CLAIM.custom] as Record<string, unknown> | undefined;
  const raw = custom?.[registration.documentClaim];
  if (typeof raw !== 'string' || raw.length > 40 || hasControlChars(raw)) return null;
  const document = normalizeDocument(raw);
  // A platform that did not substitute its variable sends it as written ('$User.username').
  return isValidDocument(document) ? document : null;
}

interface LearnerRow {
  id: number;
  active: boolean;
  role: string;
}

/** The learner a linked LMS user may launch as: active and a learner, else refused. */
function usable(row: LearnerRow): number {
  if (row.role !== 'aprendiz') throw new LtiRefusal(403, LAUNCH.notLearner);
  if (!row.active) throw new LtiRefusal(403, LAUNCH.deactivated);
  return Number(row.id);
}

/** The company's learner with this document, created (no password) when there is none. */
async function learnerByDocument(db: Queryable, document: string, name: string) {
  const find = () =>
    db.query<LearnerRow>('SELECT id, active, role FROM users WHERE document = $1', [document]);
  const [found] = await find();
  if (found) return usable(found);
  // The learner and its progress row in one statement (as the CSV import makes them).
  const [created] = await db.query<{ id: number }>(
    `WITH made AS (
       INSERT INTO users (document, name, password_hash) VALUES ($1, $2, NULL)
       ON CONFLICT DO NOTHING RETURNING id
     ), progress_row AS (INSERT INTO progress (user_id) SELECT id FROM made)
     SELECT id FROM made`,
    [document, name || document],
  );
  if (created) {
    const who = { id: Number(created.id), name: name || document };
    await audit(db, { userId: who.id, name: who.name }, 'lti-crear-aprendiz', who, {});
    return who.id;
  }
  // Made meanwhile by another launch: that one.
  const [now] = await find();
  if (!now) throw new LtiRefusal(403, LAUNCH.notLearner);
  return usable(now);
}

/**
 * Links a not yet linked LMS user to a learner; the learner it is linked to afterwards. A link
 * made by the document or the invitation code is written to the company's audit as the worker's
 * own act (the coordinator's confirmation is audited by the console).
 */
export async function linkLtiUser(
  db: Queryable,
  ltiUserId: number,
  userId: number,
  by: 'documento' | 'invitacion' | 'coordinador',
  byName: string,
): Promise<number> {
  const [row] = await db.query<{ user_id: number; linked_now: boolean; issuer: string }>(
    `WITH before AS (SELECT user_id FROM lti_users WHERE id = $1)
     UPDATE lti_users SET user_id = COALESCE(user_id, $2),
            linked_by = COALESCE(linked_by, $3), linked_by_name = COALESCE(linked_by_name, $4),
            linked_at = COALESCE(linked_at, now())
      WHERE id = $1
     RETURNING user_id, (SELECT user_id IS NULL FROM before) AS linked_now, issuer`,
    [ltiUserId, userId, by, byName],
  );
  const linked = Number(row!.user_id);
  if (row!.linked_now && by !== 'coordinador') {
    const [learner] = await db.query<{ name: string }>('SELECT name FROM users WHERE id = $1', [
      linked,
    ]);
    const who = { id: linked, name: learner?.name ?? '' };
    await audit(db, { userId: linked, name: who.name }, 'lti-vincular', who, {
      prueba: by,
      emisor: row!.issuer,
    });
  }
  return linked;
}

/**
 * The LMS user of a verified launch, on the company's handle: recorded (name, email, document
 * sent, last launch) and, when proof allows, linked to its learner.
 */
export async function identify(
  db: Queryable,
  registration: Registration,
  claims: JWTPayload & { sub: string },
): Promise<LaunchIdentity> {
  const name = nameOf(claims);
  const email = typeof claims.email === 'string' ? claims.email.slice(0, 254) : '';
  const document = documentOf(claims, registration);
  const [row] = await db.query<{ id: number; user_id: number | null }>(
    `INSERT INTO lti_users (registration_id, issuer, sub, name, email, document_sent, last_launch_at)
     VALUES ($1, $2, $3, $4, $5, $6, now())
     ON CONFLICT (company_id, issuer, sub) DO UPDATE
       SET name = EXCLUDED.name, email = EXCLUDED.email, document_sent = EXCLUDED.document_sent,
           last_launch_at = now()
     RETURNING id, user_id`,
    [registration.id, registration.issuer, claims.sub, name, email, document],
  );
  const ltiUserId = Number(row!.id);
  if (row!.user_id !== null) {
    const [learner] = await db.query<LearnerRow>(
      'SELECT id, active, role FROM users WHERE id = $1',
      [row!.user_id],
    );
    if (!learner) throw new LtiRefusal(403, LAUNCH.deactivated);
    return { ltiUserId, userId: usable(learner) };
  }
  if (document === null) return { ltiUserId, userId: null };
  const learner = await learnerByDocument(db, document, name);
  const userId = await linkLtiUser(db, ltiUserId, learner, 'documento', registration.platformName);
  return { ltiUserId, userId };
}
