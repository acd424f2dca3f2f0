// Static server for the browser tests: serves the built output exactly as files, like an LMS
// would. Routes:
//   /lms/...          -> dist/lms            (the SCORM build; opened alone it runs in `local` mode)
//   /lms-preview/...  -> dist/lms-preview    (scorm-again hosting the course)
//   /harness/...      -> e2e/harness         (test LMS frames)
//   /node_modules/scorm-again/... -> scorm-again's dist (for harness pages)
//   /pkg/<name>/...   -> dist/e2e-packages/<name> (unzipped packages, deep paths allowed)
import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { extname, join, normalize, resolve } from 'node:path';
import { CONTENT_TYPES } from '../../scripts/lib/browser-env.ts';

const ROOT = resolve(import.meta.dirname, '..', '..');
const PORT = Number(process.env.E2E_PORT ?? 4321);

const MOUNTS: [string, string][] = [
  ['/lms/', join(ROOT, 'dist', 'lms')],
  ['/web/', join(ROOT, 'dist', 'web')],
  ['/lms-preview/', join(ROOT, 'dist', 'lms-preview')],
  ['/harness/', join(ROOT, 'e2e', 'harness')],
  ['/scorm-again/', join(ROOT, 'node_modules', 'scorm-again', 'dist')],
  ['/pkg/', join(ROOT, 'dist', 'e2e-packages')],
];

const TYPES = CONTENT_TYPES;

export function resolveFile(urlPath: string): string | null {
  for (const [prefix, dir] of MOUNTS) {
    if (!urlPath.startsWith(prefix)) continue;
    let rest = decodeURIComponent(urlPath.slice(prefix.length));
    // /pkg/<name>/any/deep/path/<file>: packages may be served under LMS-like deep paths.
    if (prefix === '/pkg/') {
      const m = /^([^/]+)\/(?:.*\/)?content\/\d+\/(.*)$/.exec(rest);
      if (m) rest = `${m[1]}/${m[2]}`;
    }
    const file = normalize(join(dir, rest));
    if (!file.startsWith(dir)) return null;
    if (existsSync(file) && statSync(file).isDirectory()) return join(file, 'index.html');
    return file;
  }
  return null;
}

const server = createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://localhost');
  if (url.pathname === '/__health') {
    res.end('ok');
    return;
  }
  const file = resolveFile(url.pathname);
  if (!file || !existsSync(file)) {
    res.statusCode = 404;
    res.end('not found');
    return;
  }
  res.setHeader('Content-Type', TYPES[extname(file)] ?? 'application/octet-stream');
  res.setHeader('Cache-Control', 'no-store');
  createReadStream(file).pipe(res);
});

server.listen(PORT, '127.0.0.1', () => {
  console.log(`e2e static server on http://127.0.0.1:${PORT}`);
});
