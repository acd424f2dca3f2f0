// Screenshots of every screen type at three settings (decision 0091) — a 360×740 phone (touch),
// a 1366×768 desktop, and the course in a 714×666 frame inside an LMS page — to be looked at.
// Needs the e2e static server: `E2E_PORT=4400 npx tsx e2e/support/static-server.ts &`, then
// `E2E_PORT=4400 npx tsx scripts/screenshots.ts [outDir]` (default test-results/screenshots).
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Frame, type Page } from '@playwright/test';
import { pagePath } from '../src/domain/progress/navigation.ts';
import { course } from '../e2e/support/content.ts';
import { CHROMIUM_ARGS, chromiumPath } from './lib/browser-env.ts';
import { envText } from './lib/env.ts';

const BASE = `http://127.0.0.1:${envText('E2E_PORT') ?? 4321}`;
const OUT = process.argv[2] ?? 'test-results/screenshots';

const settings = [
  { name: '360', viewport: { width: 360, height: 740 }, touch: true, frame: false },
  { name: '714-frame', viewport: { width: 1366, height: 768 }, touch: false, frame: true },
  { name: '1366', viewport: { width: 1366, height: 768 }, touch: false, frame: false },
] as const;

/** Modules 1…n-1 done, the last one's topics seen: every screen can be opened. */
function route(done: number, partial = 0) {
  return course()
    .modules.map((m, i) => {
      if (i < done) return Array.from({ length: m.topics.length + 1 }, (_, k) => k).join(',');
      if (i === done && partial) return Array.from({ length: partial }, (_, k) => k).join(',');
      return '{}';
    })
    .join('-');
}

function screens() {
  const seen = new Map<string, string>();
  for (const m of course().modules) {
    for (const t of m.topics) if (!seen.has(t.type)) seen.set(t.type, pagePath(t as never));
    if (!seen.has(m.activity.type)) seen.set(m.activity.type, pagePath(m.activity as never));
  }
  return [...seen.entries()];
}

async function open(page: Page, setting: (typeof settings)[number], r: string): Promise<Frame> {
  if (setting.frame) {
    const config = {
      version: '1.2',
      frameSize: { width: 714, height: 666 },
      cmi: { core: { entry: 'resume', lesson_status: 'incomplete' }, suspend_data: r },
      course: '/lms/index.html',
    };
    await page.goto(
      `${BASE}/harness/lms.html?config=${encodeURIComponent(JSON.stringify(config))}`,
    );
    for (;;) {
      const f = page.frames().find((x) => x.url().includes('/lms/index.html'));
      if (f) {
        await f.waitForSelector('h1');
        return f;
      }
      await page.waitForTimeout(100);
    }
  }
  // Seeded before the course starts (once per tab), as e2e/support/learner.ts does.
  await page.addInitScript(
    ([id, rr]) => {
      if (sessionStorage.getItem('__seeded')) return;
      sessionStorage.setItem('__seeded', '1');
      localStorage.setItem(`${id}:modules_viewed`, rr!);
    },
    [course().id, r],
  );
  await page.goto(`${BASE}/lms/index.html#/menu`);
  await page.waitForSelector('h1');
  return page.mainFrame();
}

async function go(frame: Frame, path: string) {
  await frame.evaluate((p) => (location.hash = `#${p}`), path);
  await frame.waitForFunction(
    (p) =>
      location.hash === `#${p}` &&
      !!document.querySelector('main h1') &&
      !document.querySelector('main .loading'),
    path,
  );
  await frame.evaluate(() => document.fonts.ready);
  await frame.page().waitForTimeout(400); // images and transitions settle
}

async function main() {
  mkdirSync(OUT, { recursive: true });
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
  for (const setting of settings) {
    const options = {
      viewport: setting.viewport,
      hasTouch: setting.touch,
      isMobile: setting.touch,
      locale: 'es-CO',
    };
    const context = await browser.newContext(options);
    const page = await context.newPage();
    const shot = (name: string, fullPage = false) =>
      page.screenshot({
        path: join(OUT, `${setting.name}-${name}.png`),
        fullPage: fullPage && !setting.frame,
        ...(setting.frame ? { clip: { x: 0, y: 0, width: 714, height: 666 } } : {}),
      });
    // Mid-course: the menu, the drawer and the locked-module message.
    let frame = await open(page, setting, route(2, 2));
    await go(frame, '/menu');
    await shot('menu');
    if (!setting.frame) await shot('menu-full', true);
    await frame.getByRole('button', { name: 'Módulos', exact: true }).click();
    await frame.locator('dialog.drawer[open]').waitFor();
    await shot('drawer');
    await page.keyboard.press('Escape');
    await frame
      .getByRole('button', { name: /Módulo 5\b/ })
      .first()
      .click();
    await frame.getByRole('dialog').filter({ hasText: 'no está habilitado' }).waitFor();
    await shot('locked');
    await context.close();
    // Every screen type, late in the course (every module open).
    const context2 = await browser.newContext(options);
    const page2 = await context2.newPage();
    const shot2 = (name: string, fullPage = false) =>
      page2.screenshot({
        path: join(OUT, `${setting.name}-${name}.png`),
        fullPage: fullPage && !setting.frame,
        ...(setting.frame ? { clip: { x: 0, y: 0, width: 714, height: 666 } } : {}),
      });
    frame = await open(page2, setting, route(course().modules.length - 1, 1));
    await go(frame, '/introduccion');
    await shot2('intro');
    for (const [type, path] of screens()) {
      // Through the menu, as a learner goes from one module to another.
      await go(frame, '/menu');
      await go(frame, path);
      await shot2(type);
      if (setting.frame) {
        // The frame scrolls inside: a second view further down.
        await frame.evaluate(() => window.scrollTo(0, window.innerHeight - 120));
        await shot2(`${type}-down`);
      } else await shot2(`${type}-full`, true);
    }
    await context2.close();
  }
  await browser.close();
}

await main();
