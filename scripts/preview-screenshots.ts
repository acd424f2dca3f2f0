// Screenshots of the LMS preview (/lms-preview/) at a 1366×768 desktop and a 360×740 phone, with
// module 1 partly done so the summary has something to say, and the «Detalle técnico» open — to
// be looked at. Needs the e2e static server: `E2E_PORT=4400 npx tsx e2e/support/static-server.ts &`,
// then `E2E_PORT=4400 npx tsx scripts/preview-screenshots.ts [outDir]` (default
// test-results/screenshots).
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { leaveIntroduction, readTopics } from '../e2e/support/course.ts';
import { CHROMIUM_ARGS, chromiumPath } from './lib/browser-env.ts';
import { envText } from './lib/env.ts';

const BASE = `http://127.0.0.1:${envText('E2E_PORT') ?? 4321}`;
const OUT = process.argv[2] ?? 'test-results/screenshots';

const settings = [
  { name: '1366', viewport: { width: 1366, height: 768 }, touch: false },
  { name: '360', viewport: { width: 360, height: 740 }, touch: true },
] as const;

mkdirSync(OUT, { recursive: true });
const executablePath = chromiumPath();
const browser = await chromium.launch({
  ...(executablePath ? { executablePath } : {}),
  args: CHROMIUM_ARGS,
});
for (const s of settings) {
  const context = await browser.newContext({
    viewport: s.viewport,
    hasTouch: s.touch,
    isMobile: s.touch,
    locale: 'es-CO',
  });
  const page = await context.newPage();
  await page.goto(`${BASE}/lms-preview/`);
  await page.waitForFunction(() => document.querySelector('#status')?.textContent);
  const frame = page.frames().find((f) => f.url().includes('/lms-preview/course/'));
  if (!frame) throw new Error('no se encontró el curso en la vista previa');
  await leaveIntroduction(frame);
  await readTopics(frame, 1, s.touch ? 'touch' : 'mouse', 2);
  await page.getByText(/guardado \d/).waitFor();
  await page.screenshot({ path: join(OUT, `preview-${s.name}.png`) });
  await page.screenshot({ path: join(OUT, `preview-${s.name}-full.png`), fullPage: true });
  await page.getByText('Detalle técnico').click();
  await page.screenshot({ path: join(OUT, `preview-${s.name}-detalle.png`), fullPage: true });
  await context.close();
}
await browser.close();
console.log(`Capturas en ${OUT}/preview-*.png`);
