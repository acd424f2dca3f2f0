// The invitations' one-time sheet (decision 0245): POST /consola/invitaciones issues the
// invitations, seals what the page must show (links and codes) and redirects; the GET that
// follows opens it once. The database holds only the sealed sheet (AES-256-GCM), for at most ten
// minutes and until that GET; the key lives only in an httpOnly cookie of the coordinator's
// browser, so neither a copy of the database nor the address (which names only the sheet) gives
// a code away.
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Queryable } from '../db/db.ts';

/** How long a sheet waits for its GET, in minutes (the cookie's Max-Age too). */
export const SHEET_MINUTES = 10;
const ID = /^[A-Za-z0-9_-]{24}$/;
const KEY = /^[A-Za-z0-9_-]{43}$/;
const PATH = '/consola/invitaciones';

/** The cookie holding one sheet's key: one per sheet, so two tabs do not overwrite each other. */
export const sheetCookie = (id: string) => `consola_hoja_${id}`;

function seal(plain: string, key: Buffer): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
}

function open(sealed: string, key: Buffer): string | null {
  try {
    const raw = Buffer.from(sealed, 'base64url');
    const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
    decipher.setAuthTag(raw.subarray(12, 28));
    return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}

/** Seals `sheet` for this coordinator, sets its key cookie and answers 303 to the sheet's GET. */
export async function redirectToSheet(
  request: FastifyRequest,
  reply: FastifyReply,
  db: Queryable,
  userId: number,
  sheet: unknown,
): Promise<FastifyReply> {
  const id = randomBytes(18).toString('base64url');
  const key = randomBytes(32);
  await db.query(
    `DELETE FROM console_invitation_sheets
      WHERE created_at < now() - make_interval(mins => $1::integer)`,
    [SHEET_MINUTES],
  );
  await db.query(
    'INSERT INTO console_invitation_sheets (id, user_id, sealed) VALUES ($1, $2, $3)',
    [id, userId, seal(JSON.stringify(sheet), key)],
  );
  reply.setCookie(sheetCookie(id), key.toString('base64url'), {
    path: PATH,
    httpOnly: true,
    sameSite: 'strict',
    secure: request.protocol === 'https',
    maxAge: SHEET_MINUTES * 60,
  });
  return reply.redirect(`${PATH}?hoja=${id}`, 303);
}

/**
 * The sheet `id` for this coordinator, deleted as it is read and its cookie cleared; null when
 * it was already shown, is older than ten minutes, or this browser lacks its key.
 */
export async function takeSheet<T>(
  request: FastifyRequest,
  reply: FastifyReply,
  db: Queryable,
  userId: number,
  id: unknown,
): Promise<T | null> {
  if (typeof id !== 'string' || !ID.test(id)) return null;
  const key = request.cookies[sheetCookie(id)];
  reply.clearCookie(sheetCookie(id), { path: PATH });
  const [row] = await db.query<{ sealed: string; fresh: boolean }>(
    `DELETE FROM console_invitation_sheets WHERE id = $1 AND user_id = $2 RETURNING sealed,
       created_at >= now() - make_interval(mins => $3::integer) AS fresh`,
    [id, userId, SHEET_MINUTES],
  );
  if (!row?.fresh || !key || !KEY.test(key)) return null;
  const plain = open(row.sealed, Buffer.from(key, 'base64url'));
  return plain === null ? null : (JSON.parse(plain) as T);
}
