// What the server sends compressed (record 0275): the built web app's files as the build
// compressed them (brotli and gzip beside each file, course-files/precompress.ts), chosen by the
// request's Accept-Encoding; and the API's and the console's larger answers, compressed as they
// leave (node:zlib). Already-compressed formats (PDF, zip, images, fonts) are sent as they are.
// Registered with one line in buildApp: registerCompression(app).
import { existsSync, readFileSync } from 'node:fs';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { MIN_BYTES } from '../course-files/precompress.ts';

export type Encoding = 'br' | 'gzip' | 'identity';

/** Text formats worth compressing; everything else (PDF, zip, PNG, WOFF2…) is sent as it is. */
export const COMPRESSIBLE_TYPE =
  /^(text\/|application\/(json|javascript|xml|xml-dtd|manifest\+json)|image\/svg\+xml)/i;

/** br over gzip when the client accepts it (q=0 refuses; `*` counts for both). */
export function chooseEncoding(header: string | string[] | undefined): Encoding {
  const accepted = new Map<string, number>();
  const raw = Array.isArray(header) ? header.join(',') : (header ?? '');
  for (const part of raw.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((p) => /^\s*q=([\d.]+)/.exec(p)?.[1]).find((v) => v !== undefined);
    accepted.set(name.trim(), q === undefined ? 1 : Number(q));
  }
  const ok = (name: string) => (accepted.get(name) ?? accepted.get('*') ?? 0) > 0;
  if (ok('br')) return 'br';
  if (ok('gzip')) return 'gzip';
  return 'identity';
}

/** Adds Accept-Encoding to the reply's Vary (once), keeping what is there. */
export function varyOnEncoding(reply: Pick<FastifyReply, 'getHeader' | 'header'>): void {
  const current = String(reply.getHeader('vary') ?? '');
  if (/(^|,)\s*(accept-encoding|\*)\s*(,|$)/i.test(current)) return;
  reply.header('vary', current ? `${current}, Accept-Encoding` : 'Accept-Encoding');
}

export const SUFFIX: Record<Exclude<Encoding, 'identity'>, string> = { br: '.br', gzip: '.gz' };

/**
 * A built file's bytes in the encoding the request accepts, from its precompressed sibling
 * when the build made one; the plain file otherwise. null: the file is not there.
 */
export function builtFile(
  file: string,
  acceptEncoding: string | string[] | undefined,
): { body: Buffer; encoding: Encoding } | null {
  const encoding = chooseEncoding(acceptEncoding);
  if (encoding !== 'identity' && existsSync(file + SUFFIX[encoding]))
    return { body: readFileSync(file + SUFFIX[encoding]), encoding };
  return existsSync(file) ? { body: readFileSync(file), encoding: 'identity' } : null;
}

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Compressed as it leaves: brotli at a quality that costs a few milliseconds, or gzip. */
function compress(body: Buffer, encoding: Exclude<Encoding, 'identity'>): Promise<Buffer> {
  return encoding === 'br'
    ? brotli(body, {
        params: {
          [zlib.BROTLI_PARAM_QUALITY]: 5,
          [zlib.BROTLI_PARAM_SIZE_HINT]: body.length,
        },
      })
    : gzipAsync(body, { level: 6 });
}

/**
 * Every answer of the app whose body is text of at least MIN_BYTES leaves compressed when the
 * request accepts it, and says it varies by Accept-Encoding. Streams (the static files, whose
 * compressed copies the build made, exports, PDFs) and answers already encoded pass untouched.
 */
export function registerCompression(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    if (reply.hasHeader('content-encoding')) return payload;
    if (reply.statusCode === 204 || reply.statusCode === 304) return payload;
    if (!COMPRESSIBLE_TYPE.test(String(reply.getHeader('content-type') ?? ''))) return payload;
    const body = typeof payload === 'string' ? Buffer.from(payload) : payload;
    if (body.length < MIN_BYTES) return payload;
    varyOnEncoding(reply);
    const encoding = chooseEncoding(request.headers['accept-encoding']);
    if (encoding === 'identity') return payload;
    const compressed = await compress(body, encoding);
    reply.header('content-encoding', encoding);
    reply.removeHeader('content-length');
    return compressed;
  });
}
