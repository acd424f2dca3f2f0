// First paint of the standalone web build as our own server sends it
// (docs/decisions/0140-installable-offline-web-app.md), with and without its service worker:
//   without — a fresh browser (service workers blocked), HTTP cache off: what a first visit costs;
//   with    — the worker installed by an earlier visit, HTTP cache still off: every file comes
//             from the worker's precache, so the network conditions barely matter.
// Both under the bench's conditions (unthrottled; CPU ×4 + Fast 3G). The page is '/', the first
// screen of a visitor (the static boot screen, then the sign-in form).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { buildApp } from '../../server/app.ts';
import { openPglite } from '../../server/db/db.ts';
import { migrate } from '../../server/db/migrate.ts';
import { REPO_ROOT } from '../../scripts/lib/package-scorm.ts';
import { applyCondition, CONDITIONS } from '../../scripts/bench/measure-load.ts';
import { stat, type Stat, type WebFirstPaintResult } from '../../scripts/bench/report.ts';

export type { WebFirstPaint, WebFirstPaintResult } from '../../scripts/bench/report.ts';

const WEB_DIR = join(REPO_ROOT, 'dist', 'web');

/** Builds the web app when it is missing or has no service worker (an older build). */
export function ensureWebBuild(rebuild: boolean, log: (line: string) => void): void {
  if (!rebuild && existsSync(join(WEB_DIR, 'sw.js'))) return;
  log('› npm run build -- web');
  const r = spawnSync(
    join(REPO_ROOT, 'node_modules', '.bin', 'tsx'),
    [join(REPO_ROOT, 'scripts', 'build.ts'), 'web'],
    { cwd: REPO_ROOT, stdio: ['ignore', process.stderr, 'inherit'] },
  );
  if (r.status !== 0) throw new Error('the web build failed');
}

async function firstPaint(page: Page): Promise<number> {
  const handle = await page.waitForFunction(
    () => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0,
    null,
    { timeout: 60_000, polling: 50 },
  );
  return (await handle.jsonValue()) as number;
}

async function sample(
  context: BrowserContext,
  url: string,
  condition: (typeof CONDITIONS)[number],
): Promise<number> {
  const page = await context.newPage();
  try {
    await applyCondition(await context.newCDPSession(page), condition);
    await page.goto(url, { waitUntil: 'commit', timeout: 60_000 });
    return await firstPaint(page);
  } finally {
    await page.close();
  }
}

export async function measureWebFirstPaint(
  browser: Browser,
  runs: number,
  log: (line: string) => void,
): Promise<WebFirstPaintResult> {
  const db = await openPglite();
  await migrate(db);
  const app = await buildApp({ db, webDir: WEB_DIR, lmsPreviewDir: null });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/`;
  const options = { viewport: { width: 1280, height: 800 }, locale: 'es-CO' };
  try {
    const result = {} as WebFirstPaintResult;
    for (const condition of CONDITIONS) {
      const without: number[] = [];
      const withSw: number[] = [];
      for (let i = 0; i < runs; i++) {
        log(`  web first paint (${condition.label}): run ${i + 1}/${runs}`);
        const cold = await browser.newContext({ ...options, serviceWorkers: 'block' });
        try {
          without.push(await sample(cold, url, condition));
        } finally {
          await cold.close();
        }
        const warm = await browser.newContext({ ...options, serviceWorkers: 'allow' });
        try {
          // The earlier visit: the worker installs, precaches the course and takes the page.
          const first = await warm.newPage();
          await first.goto(url);
          await first.waitForFunction(
            () => navigator.serviceWorker.controller?.state === 'activated',
            null,
            { timeout: 60_000 },
          );
          await first.close();
          withSw.push(await sample(warm, url, condition));
        } finally {
          await warm.close();
        }
      }
      result[condition.name] = {
        label: condition.label,
        withoutServiceWorker: stat(without),
        withServiceWorker: stat(withSw),
      };
    }
    return result;
  } finally {
    await app.close();
    await db.close();
  }
}

export function formatWebFirstPaint(r: WebFirstPaintResult): string {
  const secs = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
  const range = (s: Stat) => `${secs(s.median)} (${secs(s.min)}–${secs(s.max)})`;
  const rows = Object.values(r).map(
    (c) => `  ${c.label}: ${range(c.withoutServiceWorker)} → ${range(c.withServiceWorker)}`,
  );
  return [
    '\nStandalone web app, first contentful paint of / from our server — median (min–max):',
    '  (first visit, no service worker → service worker installed; HTTP cache off in both)',
    ...rows,
  ].join('\n');
}
