// The web build at / with history fallback, and the LMS preview at /lms-preview/ (decision 0001).
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { MESSAGES } from '../messages.ts';
import { consoleNotFoundPage } from '../console/routes.ts';

export interface StaticDirs {
  webDir: string | null;
  lmsPreviewDir: string | null;
}

// Hashed assets never change under the same name; HTML must be revalidated to pick up a new build.
function cacheHeaders(res: { setHeader(name: string, value: string): void }, path: string) {
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

  const indexHtml = () => (webIndex ? readFileSync(webIndex) : null);
  const sendIndex = (reply: FastifyReply) => {
    const html = indexHtml();
    return reply
      .code(html ? 200 : 503)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(html ?? NOT_BUILT);
  };

  // '/' is the empty path of the app (the sign-in section), not a directory listing.
  app.get('/', (_request, reply) => sendIndex(reply));

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
    if (isPage && !looksLikeFile && !path.startsWith('/lms-preview')) return sendIndex(reply);
    return reply
      .code(404)
      .header('cache-control', 'no-store')
      .send({ success: false, message: MESSAGES.notFound });
  });
}
