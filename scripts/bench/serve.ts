// The bench's web server: static files on 127.0.0.1, compressed with brotli or gzip by the
// request's Accept-Encoding the way an LMS or CDN in front of it would. Compressed bytes are
// cached, so compression time never shows up in the measured load times.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { CONTENT_TYPES } from '../lib/browser-env.ts';

const TYPES = CONTENT_TYPES;

/** Already-compressed formats are sent as they are, like any sensible server does. */
const COMPRESSIBLE = /^(text\/|application\/(json|xml|xml-dtd)|image\/svg\+xml)/;

type Encoding = 'br' | 'gzip' | 'identity';

export interface Mount {
  /** URL prefix, starting and ending with '/'. */
  prefix: string;
  /** A folder on disk, or generated pages by name (e.g. the LMS host page). */
  dir?: string;
  pages?: Record<string, string>;
  /** Single files by name (so a big folder such as scorm-again's dist need not be compressed whole). */
  files?: Record<string, string>;
}

export interface BenchServer {
  origin: string;
  /** Encodings actually sent, counted by response (to show what the browser negotiated). */
  encodings: Record<Encoding, number>;
  close(): Promise<void>;
}

/** Picks br over gzip when the client accepts it (q=0 refuses). */
export function chooseEncoding(header: string | undefined): Encoding {
  const accepted = new Map<string, number>();
  for (const part of (header ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((p) => /^\s*q=([\d.]+)/.exec(p)?.[1]).find((v) => v !== undefined);
    accepted.set(name, q === undefined ? 1 : Number(q));
  }
  const ok = (name: string) => (accepted.get(name) ?? accepted.get('*') ?? 0) > 0;
  if (ok('br')) return 'br';
  if (ok('gzip')) return 'gzip';
  return 'identity';
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => join(e.parentPath, e.name));
}

/** The bytes sent for one key in one encoding, made once (`raw` is read only the first time). */
type BodyOf = (key: string, raw: () => Buffer, encoding: Encoding) => Buffer;

function cachedBodies(): BodyOf {
  const cache = new Map<string, Buffer>();
  return (key, raw, encoding) => {
    const cacheKey = `${encoding}:${key}`;
    let data = cache.get(cacheKey);
    if (!data) {
      const plain = raw();
      data =
        encoding === 'br'
          ? brotliCompressSync(plain, {
              params: {
                [zlib.BROTLI_PARAM_QUALITY]: 11,
                [zlib.BROTLI_PARAM_SIZE_HINT]: plain.length,
              },
            })
          : encoding === 'gzip'
            ? gzipSync(plain, { level: 9 })
            : plain;
      cache.set(cacheKey, data);
    }
    return data;
  };
}

// Compress everything up front: brotli at quality 11 takes about a second on the main chunk,
// which would otherwise land inside the first measured load.
function precompress(mounts: Mount[], body: BodyOf): void {
  for (const mount of mounts) {
    for (const [name, page] of Object.entries(mount.pages ?? {}))
      for (const e of ['br', 'gzip'] as const)
        body(mount.prefix + name, () => Buffer.from(page), e);
    for (const file of [
      ...Object.values(mount.files ?? {}),
      ...(mount.dir ? filesUnder(mount.dir) : []),
    ])
      if (COMPRESSIBLE.test(TYPES[extname(file).toLowerCase()] ?? ''))
        for (const e of ['br', 'gzip'] as const) body(file, () => readFileSync(file), e);
  }
}

/** What is served at a path: its cache key, its content type and its bytes. */
interface Found {
  key: string;
  type: string;
  raw: () => Buffer;
}

const typeOf = (file: string) => TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream';

/** In the first mount whose prefix holds `path`: a page, a single file or a file of its folder. */
function find(mounts: Mount[], path: string): Found | null {
  for (const mount of mounts) {
    if (!path.startsWith(mount.prefix)) continue;
    const rest = path.slice(mount.prefix.length);
    const page = mount.pages?.[rest];
    if (page !== undefined)
      return { key: path, type: TYPES['.html']!, raw: () => Buffer.from(page) };
    const single = mount.files?.[rest];
    if (single !== undefined)
      return { key: single, type: typeOf(single), raw: () => readFileSync(single) };
    if (!mount.dir) break;
    const root = resolve(mount.dir);
    let file = normalize(join(root, rest));
    if (file !== root && !file.startsWith(root + sep)) break;
    if (existsSync(file) && statSync(file).isDirectory()) file = join(file, 'index.html');
    if (!existsSync(file)) break;
    return { key: file, type: typeOf(file), raw: () => readFileSync(file) };
  }
  return null;
}

export async function startBenchServer(mounts: Mount[]): Promise<BenchServer> {
  const encodings: Record<Encoding, number> = { br: 0, gzip: 0, identity: 0 };
  const body = cachedBodies();

  const send = (req: IncomingMessage, res: ServerResponse, { key, type, raw }: Found) => {
    const encoding = COMPRESSIBLE.test(type)
      ? chooseEncoding(req.headers['accept-encoding'])
      : 'identity';
    const data = body(key, raw, encoding);
    encodings[encoding]++;
    res.setHeader('Content-Type', type);
    res.setHeader('Content-Length', data.length);
    res.setHeader('Cache-Control', 'no-store');
    res.setHeader('Vary', 'Accept-Encoding');
    if (encoding !== 'identity') res.setHeader('Content-Encoding', encoding);
    res.end(req.method === 'HEAD' ? undefined : data);
  };

  precompress(mounts, body);

  const server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://127.0.0.1').pathname);
    const found = find(mounts, path);
    if (found) return send(req, res, found);
    res.statusCode = 404;
    res.end('not found');
  });
  // Loopback only: nothing here is meant for the network.
  await new Promise<void>((ok, fail) => {
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => ok());
  });
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    encodings,
    close: () =>
      new Promise<void>((ok) => {
        server.closeAllConnections();
        server.close(() => ok());
      }),
  };
}
