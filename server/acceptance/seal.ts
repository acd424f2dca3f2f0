// The acceptance seal (decision 0220): HMAC-SHA256 under the installation's seal key over the
// previous seal and the acceptance's fields, in a fixed order. Every acceptance row carries the
// seal of the row before it (GENESIS for the first), so the rows form one chain: a row edited in
// the database no longer matches its seal, and a row deleted breaks the next row's link.
import { createHmac, timingSafeEqual } from 'node:crypto';

export const GENESIS = '0'.repeat(64);

export interface SealedFields {
  userId: number;
  courseId: string;
  cycle: number;
  name: string;
  document: string;
  /** ISO time of the device, or null when it sent none. */
  deviceTime: string | null;
  /** ISO time the server received it. */
  receivedAt: string;
  sessionId: string;
  shownVersion: string;
  secondsSpent: number;
  firstCorrect: number;
  firstAnswered: number;
  keyId: string;
}

/** The bytes sealed: one line per field, in this order, after the previous seal. */
export function sealInput(prevSeal: string, f: SealedFields): string {
  return [
    'curso-sst/aceptacion/v1',
    prevSeal,
    f.userId,
    f.courseId,
    f.cycle,
    f.name,
    f.document,
    f.deviceTime ?? '',
    f.receivedAt,
    f.sessionId,
    f.shownVersion,
    f.secondsSpent,
    f.firstCorrect,
    f.firstAnswered,
    f.keyId,
  ].join('\n');
}

export function computeSeal(key: Buffer, prevSeal: string, fields: SealedFields): string {
  return createHmac('sha256', key).update(sealInput(prevSeal, fields)).digest('hex');
}

export function sealMatches(
  key: Buffer,
  prevSeal: string,
  fields: SealedFields,
  seal: string,
): boolean {
  const expected = Buffer.from(computeSeal(key, prevSeal, fields), 'hex');
  const given = Buffer.from(seal, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** A seal as people read it: the first 12 hex characters in groups of four. */
export const shortSeal = (seal: string) => seal.slice(0, 12).replace(/(.{4})(?=.)/g, '$1-');
