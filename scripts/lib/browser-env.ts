// What every headless Chromium of ours (browser tests, bench) shares: where the browser is and
// how it is started on these machines (Debian's chromium; no network besides loopback).
import { existsSync } from 'node:fs';
import { envText } from './env.ts';

/** CHROMIUM_PATH, else Debian's /usr/bin/chromium; undefined lets Playwright use its own. */
export function chromiumPath(): string | undefined {
  return (
    envText('CHROMIUM_PATH') ?? (existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined)
  );
}

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

/** Content types of the files a course package holds (static servers of tests and bench). */
export const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json',
  '.xml': 'application/xml',
  '.xsd': 'application/xml',
  '.dtd': 'application/xml-dtd',
  '.pdf': 'application/pdf',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.woff2': 'font/woff2',
  '.ico': 'image/x-icon',
};
