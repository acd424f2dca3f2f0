// The web build at / with history fallback, and the LMS preview at /lms-preview/ (decision 0001).
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { MESSAGES } from '../messages.ts';
import { consoleNotFoundPage } from '../console/routes.ts';
import { builtFile, varyOnEncoding } from '../compression.ts';
import { COMPRESSIBLE_FILE } from '../../course-files/precompress.ts';
import { rememberAddressedCompany } from './company-address.ts';

export interface StaticDirs {
  webDir: string | null;
  lmsPreviewDir: string | null;
}

// Hashed assets never change under the same name; HTML must be revalidated to pick up a new build.
// `sent` may be the build's compressed copy (x.js.br): the file's own name decides (record 0275).
function cacheHeaders(res: { setHeader(name: string, value: string): void }, sent: string) {
  const path = sent.replace(/\.(br|gz)$/, '');
  if (COMPRESSIBLE_FILE.test(path)) res.setHeader('vary', 'Accept-Encoding');
  if (/[\\/]assets[\\/]/.test(path) && /-[A-Za-z0-9_-]{6,}\.\w+$/.test(path)) {
    res.setHeader('cache-control', 'public, max-age=31536000, immutable');
  } else {
    res.setHeader('cache-control', 'no-cache');
  }
}

const NOT_BUILT = `<!doctype html><html lang="es"><head><meta charset="utf-8"><title>Curso SST</title></head>
<body><main><h1>La aplicación web aún no está construida</h1><p>Ejecute <code>npm start</code> (o <code>npx vite build --mode web</code>) y recargue esta página.</p></main></body></html>`;

export async function staticRoutes(app: FastifyInstance, dirs: StaticDirs, apiBase: string) {
  const webIndex =
    dirs.webDir && existsSync(join(dirs.webDir, 'index.html'))
      ? join(dirs.webDir, 'index.html')
      : null;
  const previewReady =
    dirs.lmsPreviewDir && existsSync(dirs.lmsPreviewDir) ? dirs.lmsPreviewDir : null;

  if (webIndex && dirs.webDir) {
    await app.register(fastifyStatic, {
      root: dirs.webDir,
      prefix: '/',
      index: false, // '/' goes through the fallback below, like every app route
      wildcard: true,
      cacheControl: false, // our setHeaders decides
      setHeaders: cacheHeaders,
      // The build's brotli and gzip copies, by Accept-Encoding (record 0275).
      preCompressed: true,
    });
  }
  if (previewReady) {
    await app.register(fastifyStatic, {
      root: previewReady,
      prefix: '/lms-preview/',
      decorateReply: !webIndex,
      redirect: true,
      cacheControl: false,
      setHeaders: cacheHeaders,
    });
  }

  const sendIndex = (request: FastifyRequest, reply: FastifyReply) => {
    // The build's compressed copy when the request takes one (record 0275).
    const html = webIndex ? builtFile(webIndex, request.headers['accept-encoding']) : null;
    reply
      .code(html ? 200 : 503)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache');
    if (!html) return reply.send(NOT_BUILT);
    // At a company's address (`?empresa=<slug>`) the phone keeps it (record 0288).
    rememberAddressedCompany(request, reply);
    varyOnEncoding(reply);
    if (html.encoding !== 'identity') reply.header('content-encoding', html.encoding);
    return reply.send(html.body);
  };

  // '/' is the empty path of the app (the sign-in section), not a directory listing.
  app.get('/', (request, reply) => sendIndex(request, reply));

  app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
    const path = request.url.split('?')[0] ?? '/';
    const isApi = path === apiBase || path.startsWith(`${apiBase}/`);
    const isPage = (request.method === 'GET' || request.method === 'HEAD') && !isApi;
    // Paths that look like files (a dot in the last segment) are real 404s, so a missing
    // script is never answered with HTML.
    const looksLikeFile = /\.[A-Za-z0-9]{1,8}$/.test(path.split('/').pop() ?? '');
    // The console's own paths are never the learner app (decision 0182).
    if (path === '/consola' || path.startsWith('/consola/'))
      return reply
        .code(404)
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .header('x-robots-tag', 'noindex, nofollow')
        .send(consoleNotFoundPage());
    if (isPage && !looksLikeFile && !path.startsWith('/lms-preview'))
      return sendIndex(request, reply);
    return reply
      .code(404)
      .header('cache-control', 'no-store')
      .send({ success: false, message: MESSAGES.notFound });
  });
}
