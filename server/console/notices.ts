// POST-redirect-GET for console actions (decision 0216): an action stores what it has to say
// (HTML already escaped by its author) for the coordinator who did it and redirects; the next
// GET shows it once. Reloading that page never repeats the action, and a one-time password is
// gone from the database as soon as it has been shown. Kept in the database, not in memory, so
// the GET may reach another server instance.
import { randomBytes } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import type { Queryable } from '../db/db.ts';

const ID = /^[A-Za-z0-9_-]{16,64}$/;

export async function storeNotice(
  db: Queryable,
  userId: number,
  html: string,
  status = 200,
): Promise<string> {
  const id = randomBytes(18).toString('base64url');
  await db.query("DELETE FROM console_notices WHERE created_at < now() - interval '10 minutes'");
  await db.query(
    'INSERT INTO console_notices (id, user_id, html, status) VALUES ($1, $2, $3, $4)',
    [id, userId, html, status],
  );
  return id;
}

/** The notice `id` for this coordinator, deleted as it is read; '' when none. */
export async function takeNotice(
  db: Queryable,
  userId: number,
  id: unknown,
): Promise<{ html: string; status: number }> {
  if (typeof id !== 'string' || !ID.test(id)) return { html: '', status: 200 };
  const [row] = await db.query<{ html: string; status: number }>(
    `DELETE FROM console_notices WHERE id = $1 AND user_id = $2
       AND created_at >= now() - interval '10 minutes' RETURNING html, status`,
    [id, userId],
  );
  return row ? { html: row.html, status: Number(row.status) } : { html: '', status: 200 };
}

/** Stores the notice and answers 303 to `path` with it (`?aviso=` or `&aviso=`). */
export async function redirectWithNotice(
  reply: FastifyReply,
  db: Queryable,
  userId: number,
  path: string,
  html: string,
): Promise<FastifyReply> {
  const id = await storeNotice(db, userId, html);
  return reply.redirect(`${path}${path.includes('?') ? '&' : '?'}aviso=${id}`, 303);
}
