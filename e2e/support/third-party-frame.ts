// The web app as an LMS shows it (record 0298): inside a 714×666 iframe of a page on ANOTHER
// origin, in a Chromium that blocks third-party cookies (Chrome's setting «Bloquear cookies de
// terceros», which also takes third-party localStorage/sessionStorage away). The blocking is the
// profile's own preference, written before the browser starts, in a persistent context: the
// headless flags alone leave third-party cookies allowed.
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext, type Frame, type Page } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumPath } from '../../scripts/lib/browser-env.ts';

export const FRAME_WIDTH = 714;
export const FRAME_HEIGHT = 666;

/** A browser whose profile blocks third-party cookies (and with them third-party storage). */
export async function contextBlockingThirdPartyCookies(): Promise<{
  context: BrowserContext;
  close: () => Promise<void>;
}> {
  const dir = mkdtempSync(join(tmpdir(), 'curso-sst-3pc-'));
  mkdirSync(join(dir, 'Default'), { recursive: true });
  // cookie_controls_mode 1 = «Block third-party cookies»; the older switch too, for older builds.
  writeFileSync(
    join(dir, 'Default', 'Preferences'),
    JSON.stringify({ profile: { cookie_controls_mode: 1, block_third_party_cookies: true } }),
  );
  const executablePath = chromiumPath();
  const context = await chromium.launchPersistentContext(dir, {
    ...(executablePath ? { executablePath } : {}),
    args: CHROMIUM_ARGS,
    headless: true,
    locale: 'es-CO',
    serviceWorkers: 'block',
    viewport: { width: 1100, height: 800 },
  });
  return {
    context,
    close: async () => {
      await context.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * A tiny host page server (the «LMS»): `GET /?src=<url>` answers a page holding one 714×666
 * iframe of `src`. Listens on 127.0.0.1:`port` (0 = any); give the framed URL another origin
 * (e.g. http://localhost:…) so the frame is third-party.
 */
export async function startFrameHost(
  port = 0,
): Promise<{ origin: string; close: () => Promise<void> }> {
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://host');
    const src = url.searchParams.get('src') ?? 'about:blank';
    const escaped = src.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(
      `<!doctype html><html lang="es"><head><meta charset="utf-8"><title>Plataforma LMS</title></head>` +
        `<body><main><h1>Curso en la plataforma</h1>` +
        `<iframe id="lms-frame" title="Curso SST" style="border:0" src="${escaped}" width="${FRAME_WIDTH}" height="${FRAME_HEIGHT}"></iframe>` +
        `</main></body></html>`,
    );
  });
  await new Promise<void>((done) => server.listen(port, '127.0.0.1', done));
  const { port: bound } = server.address() as { port: number };
  return {
    origin: `http://127.0.0.1:${bound}`,
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
}

/** Opens the host page framing `src` and answers the page and the (third-party) frame. */
export async function openInFrame(
  context: BrowserContext,
  hostOrigin: string,
  src: string,
): Promise<{ page: Page; frame: Frame }> {
  const page = await context.newPage();
  await page.goto(`${hostOrigin}/?src=${encodeURIComponent(src)}`);
  const handle = await page.waitForSelector('#lms-frame');
  const frame = await handle.contentFrame();
  if (!frame) throw new Error('the host page has no frame');
  return { page, frame };
}
