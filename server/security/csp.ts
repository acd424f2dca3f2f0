// Content Security Policy for the served app. Scripts only from our origin, plus the exact
// inline scripts found in the built HTML (by sha256 hash), so the policy follows whatever the
// build emits without allowing arbitrary inline script. Styles allow 'unsafe-inline' because
// the launch HTML paints with inline critical CSS (decisions 0013 and 0018).
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

const RECAPTCHA_SCRIPT = [
  'https://www.google.com/recaptcha/',
  'https://www.gstatic.com/recaptcha/',
];
const RECAPTCHA_FRAME = [
  'https://www.google.com/recaptcha/',
  'https://recaptcha.google.com/recaptcha/',
];

/** sha256 sources of the inline <script> bodies in the HTML files under `dir` (two levels). */
export function inlineScriptHashes(dir: string | null | undefined, depth = 2): string[] {
  if (!dir || !existsSync(dir)) return [];
  const hashes = new Set<string>();
  const walk = (folder: string, level: number) => {
    for (const name of readdirSync(folder)) {
      const path = join(folder, name);
      const stat = statSync(path);
      if (stat.isDirectory()) {
        if (level < depth && name !== 'assets') walk(path, level + 1);
      } else if (name.endsWith('.html') && stat.size < 2_000_000) {
        const html = readFileSync(path, 'utf8');
        for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
          const attributes = match[1] ?? '';
          const body = match[2] ?? '';
          if (/\bsrc\s*=/.test(attributes) || body.length === 0) continue;
          // Data blocks are never executed, so CSP does not apply to them.
          if (/type\s*=\s*["']?application\/(ld\+)?json/i.test(attributes)) continue;
          hashes.add(`'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`);
        }
      }
    }
  };
  walk(dir, 0);
  return [...hashes];
}

export function cspDirectives(options: { scriptHashes: string[]; recaptcha: boolean }) {
  const recaptchaScript = options.recaptcha ? RECAPTCHA_SCRIPT : [];
  return {
    defaultSrc: ["'self'"],
    baseUri: ["'self'"],
    scriptSrc: ["'self'", ...options.scriptHashes, ...recaptchaScript],
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:', 'blob:'],
    fontSrc: ["'self'", 'data:'],
    connectSrc: ["'self'", ...(options.recaptcha ? ['https://www.google.com/recaptcha/'] : [])],
    // The LMS preview frames the course (same origin); the browser-made certificate is a blob.
    frameSrc: ["'self'", 'blob:', ...(options.recaptcha ? RECAPTCHA_FRAME : [])],
    objectSrc: ["'none'"],
    frameAncestors: ["'self'"],
    formAction: ["'self'"],
    workerSrc: ["'self'", 'blob:'],
  };
}
