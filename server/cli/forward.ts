// The CLI side of the admin channel (docs/decisions/0113-roles-and-cli-through-server.md): with
// PGlite and a server running on the same data folder, `users add` and `users import` are sent to
// that server, which runs them on its database and sends back the output lines.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { existsSync, lstatSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { DEFAULT_DATA_DIR } from '../db/open.ts';
import { currentUid } from '../db/private-folder.ts';
import { currentEnv } from '../env.ts';
import {
  ADMIN_FILE,
  ADMIN_HEADER,
  ADMIN_HELLO_PATH,
  type AdminChannelFile,
  type ForwardedLine,
} from '../console/admin-file.ts';
import type { CliIo } from './run.ts';
import { takeCompany } from './args.ts';
import { esCli as T } from './strings/es-cli.ts';

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Why the channel file cannot be trusted, or null (record 0266): it, or the folder holding it,
 * belongs to another user or others can change it. Whoever can write it chooses where the CLI
 * sends the command, password included, and the proof of decision 0186 comes from the same
 * file: only its owner and mode tell us it is the server's.
 */
export function untrustedChannel(file: string, uid: number | null = currentUid()): string | null {
  for (const path of [dirname(file), file]) {
    const stat = lstatSync(path);
    if (path === file && !stat.isFile()) return T.channelNotAFile(file);
    if (uid !== null && stat.uid !== uid) return T.channelForeign(file, path, stat.uid, uid);
    if ((stat.mode & 0o022) !== 0) return T.channelWritable(file, path, stat.mode & 0o777);
  }
  return null;
}

/**
 * The running server's channel for this data folder, else null (PostgreSQL, no server), or why
 * its file is not trusted.
 */
export function adminChannel(
  env: NodeJS.ProcessEnv = currentEnv(),
): AdminChannelFile | { untrusted: string } | null {
  if (env.DATABASE_URL) return null;
  const file = join(resolve(env.DATA_DIR ?? DEFAULT_DATA_DIR), ADMIN_FILE);
  if (!existsSync(file)) return null;
  // Checked before the file is read: an untrusted one is not followed at all.
  const untrusted = untrustedChannel(file);
  if (untrusted) return { untrusted };
  try {
    const parsed = JSON.parse(readFileSync(file, 'utf8')) as AdminChannelFile;
    if (typeof parsed.url !== 'string' || typeof parsed.token !== 'string') return null;
    return alive(Number(parsed.pid)) ? parsed : null;
  } catch {
    return null;
  }
}

/**
 * Runs `users` argv through the running server. Null when there is none to reach (the caller
 * then opens the database itself, and the lock explains any conflict).
 */
export async function forwardUsers(
  argv: string[],
  io: CliIo,
  env: NodeJS.ProcessEnv = currentEnv(),
): Promise<number | null> {
  const channel = adminChannel(env);
  if (!channel) return null;
  if ('untrusted' in channel) {
    io.err(channel.untrusted);
    return 1;
  }
  let file: string | undefined;
  if (argv[0] === 'import') {
    // The file is the one argument that is not an option (nor --empresa's value).
    const path = takeCompany(argv)
      .rest.slice(1)
      .find((a) => !a.startsWith('-'));
    if (path) {
      try {
        file = readFileSync(path).toString('base64');
      } catch {
        io.err(T.cannotReadFile(path));
        return 1;
      }
    }
  }
  // Is the process at that URL the server that wrote the file? Asked without any secret; a
  // wrong or missing proof stops here, with nothing sent (decision 0186).
  const nonce = randomBytes(24).toString('base64url');
  let proof: unknown;
  try {
    const hello = await fetch(new URL(ADMIN_HELLO_PATH, channel.url), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ nonce }),
    });
    proof = hello.ok ? ((await hello.json()) as { proof?: unknown }).proof : null;
  } catch {
    return null;
  }
  const expected = Buffer.from(
    createHmac('sha256', channel.token).update(`curso-sst-admin:${nonce}`).digest('base64url'),
  );
  const given = Buffer.from(typeof proof === 'string' ? proof : '');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    io.err(
      T.notOurServer(
        channel.url,
        channel.pid,
        join(resolve(env.DATA_DIR ?? DEFAULT_DATA_DIR), ADMIN_FILE),
      ),
    );
    return 1;
  }
  let response: Response;
  try {
    response = await fetch(new URL('consola/cli', channel.url), {
      method: 'POST',
      headers: { 'content-type': 'application/json', [ADMIN_HEADER]: channel.token },
      body: JSON.stringify({ argv, ...(file ? { file } : {}) }),
    });
  } catch {
    return null;
  }
  if (!response.ok) {
    io.err(T.serverRefused(response.status));
    return 1;
  }
  const result = (await response.json()) as { code: number; lines: ForwardedLine[] };
  io.err(T.forwarded(channel.pid));
  for (const line of result.lines) (line.stream === 'out' ? io.out : io.err)(line.text);
  return result.code;
}
