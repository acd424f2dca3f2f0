// The CLI while the server holds the PGlite lock (docs/decisions/0113-roles-and-cli-through-server.md):
// on start the server writes <data>/curso-sst-admin.json (mode 0600: its URL, pid and a random
// token) and answers POST /consola/cli with that token in X-Curso-Admin by running the same
// `users` command against its own database. Whoever can read the data folder can already read the
// database, so the file grants nothing new; the token never leaves the machine's disk.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Db } from '../db/db.ts';
import { runUsers } from '../cli/users.ts';
import { UsageError } from '../cli/args.ts';
import { ConfigError, formatConfigError } from '../../course-files/read-config.ts';

import {
  ADMIN_FILE,
  ADMIN_HEADER,
  type AdminChannelFile,
  type ForwardedLine,
} from './admin-file.ts';
import { esCli } from '../cli/strings/es-cli.ts';
import type { BodyTypes } from '../routes/body-schema.ts';

export { ADMIN_FILE, ADMIN_HEADER };
/** Largest CSV forwarded (base64 in JSON). */
const MAX_BODY = 20 * 1024 * 1024;

export const newAdminToken = () => randomBytes(32).toString('base64url');

/**
 * Writes the channel file for a running server; returns a function that removes it. A new file
 * (created 0600 by this user, then renamed over the name), never an old one rewritten: an old
 * file keeps its owner and mode, and the CLI trusts only the server user's 0600 file (record
 * 0266).
 */
export function writeAdminChannel(dataDir: string, url: string, token: string): () => void {
  const file = join(dataDir, ADMIN_FILE);
  const content: AdminChannelFile = { pid: process.pid, url, token };
  const fresh = `${file}.${process.pid}.tmp`;
  rmSync(fresh, { force: true });
  writeFileSync(fresh, `${JSON.stringify(content)}\n`, { mode: 0o600, flag: 'wx' });
  renameSync(fresh, file);
  return () => rmSync(file, { force: true });
}

const sameToken = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

/** HMAC-SHA256 of the CLI's nonce under the channel token (decision 0186). */
export const adminProof = (token: string, nonce: string) =>
  createHmac('sha256', token).update(`curso-sst-admin:${nonce}`).digest('base64url');

// What the CLI sends, for the CLI (not a person): the same short refusals as before (record 0272).
const badNonce = { error: 'nonce inválido.' };
const badArgv = { error: 'argv inválido.' };
const HELLO_BODY = z.object(
  { nonce: z.string(badNonce).regex(/^[A-Za-z0-9_-]{16,100}$/, badNonce) },
  badNonce,
);
const COMMAND_BODY = z.object(
  { argv: z.array(z.string(badArgv), badArgv).max(40, badArgv), file: z.unknown() },
  badArgv,
);

export async function adminChannelRoutes(server: FastifyInstance, db: Db, token: string) {
  const app = server.withTypeProvider<BodyTypes>();
  // The CLI asks this first, sending no secret, and goes on only if the proof matches its file:
  // a stale file whose URL now belongs to another process gets nothing (decision 0186).
  app.post(
    '/consola/cli/hola',
    { bodyLimit: 1024, schema: { body: HELLO_BODY } },
    async (request) => {
      return { success: true, proof: adminProof(token, request.body.nonce) };
    },
  );

  app.post(
    '/consola/cli',
    {
      bodyLimit: MAX_BODY,
      // The token before the fields: a caller without it learns nothing of what the body should be.
      preValidation: async (request, reply) => {
        const given = request.headers[ADMIN_HEADER];
        if (typeof given !== 'string' || !sameToken(given, token))
          return reply.code(401).send({ success: false, message: esCli.channelUnauthorized });
      },
      schema: { body: COMMAND_BODY },
    },
    async (request) => {
      const { argv, file } = request.body;
      const bytes = typeof file === 'string' ? Buffer.from(file, 'base64') : null;
      const lines: ForwardedLine[] = [];
      const io = {
        out: (text: string) => void lines.push({ stream: 'out', text }),
        err: (text: string) => void lines.push({ stream: 'err', text }),
      };
      let code: number;
      try {
        code = await runUsers(argv, io, db, {
          readFile: () => {
            if (!bytes) throw new Error('no file');
            return bytes;
          },
        });
      } catch (error) {
        if (error instanceof UsageError) io.err(error.message);
        else if (error instanceof ConfigError) io.err(formatConfigError(error));
        else {
          request.log.error({ err: error }, 'forwarded CLI command failed');
          io.err(esCli.channelFailed);
        }
        code = 1;
      }
      return { success: true, code, lines };
    },
  );
}
