// Screenshots of the certificate screen (LMS mode, decision record 0131) at a 360×740 phone and
// a 1366×768 desktop, on screen and as printed, inside the strict LMS harness, with the Moodle
// app's user agent (no DESCARGAR) and, on the phone, without it. To be looked at.
// Needs the e2e static server: `E2E_PORT=4400 npx tsx e2e/support/static-server.ts &`, then
// `E2E_PORT=4400 npx tsx scripts/screenshots-certificate.ts [outDir]`
// (default test-results/screenshots).
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Frame } from '@playwright/test';
import { course } from '../e2e/support/content.ts';
import { CHROMIUM_ARGS, chromiumPath } from './lib/browser-env.ts';
import { envText } from './lib/env.ts';

const BASE = `http://127.0.0.1:${envText('E2E_PORT') ?? 4321}`;
const OUT = process.argv[2] ?? 'test-results/screenshots';
const MOODLE_APP_UA =
  'Mozilla/5.0 (Linux; Android 14; wv) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/128.0.0.0 Mobile Safari/537.36 MoodleMobile 4.4.0 (44003)';

const fullRoute = course()
  .modules.map((m) => Array.from({ length: m.topics.length + 1 }, (_, k) => k).join(','))
  .join('-');

const settings = [
  { name: '360', viewport: { width: 360, height: 740 }, touch: true },
  // An ordinary phone browser: DESCARGAR joins IMPRIMIR and Cerrar in the bar.
  { name: '360-navegador', viewport: { width: 360, height: 740 }, touch: true, browser: true },
  { name: '714-frame', viewport: { width: 714, height: 666 }, touch: false },
  { name: '1366', viewport: { width: 1366, height: 768 }, touch: false },
] as const;

mkdirSync(OUT, { recursive: true });
const executablePath = chromiumPath();
const browser = await chromium.launch({
  ...(executablePath ? { executablePath } : {}),
  args: CHROMIUM_ARGS,
});
try {
  for (const s of settings) {
    const context = await browser.newContext({
      viewport: s.viewport,
      hasTouch: s.touch,
      ...('browser' in s ? {} : { userAgent: MOODLE_APP_UA }),
      locale: 'es-CO',
    });
    const page = await context.newPage();
    const config = {
      version: '1.2',
      depth: 1,
      cmi: {
        core: {
          student_id: 'E-1001',
          student_name: 'Pérez Gómez, Ana María',
          entry: 'resume',
          lesson_status: 'completed',
          score: { raw: '100' },
        },
        suspend_data: fullRoute,
      },
      course: '/lms/index.html',
    };
    await page.goto(
      `${BASE}/harness/lms.html?config=${encodeURIComponent(JSON.stringify(config))}`,
    );
    let frame: Frame | undefined;
    while (!(frame = page.frames().find((f) => f.url().includes('/lms/index.html'))))
      await page.waitForTimeout(100);
    await frame.waitForSelector('main h1');
    await frame.getByRole('button', { name: 'Certificado' }).first().click();
    const sheet = frame.getByRole('article', { name: /Certificado de participación de/ });
    await sheet.waitFor();
    // The dialog's opening animation is over.
    await frame.waitForFunction(() =>
      document.getAnimations().every((a) => a.playState !== 'running'),
    );
    await page.screenshot({ path: join(OUT, `certificado-${s.name}.png`) });
    await sheet.screenshot({ path: join(OUT, `certificado-${s.name}-hoja.png`) });
    if (s.name === '1366') {
      // As printed: A4 landscape at 96 dpi is 1123 × 794 CSS pixels.
      await page.setViewportSize({ width: 1123, height: 794 });
      await page.emulateMedia({ media: 'print' });
      await page.screenshot({ path: join(OUT, 'certificado-impreso-a4.png') });
    }
    await context.close();
    console.log(`✓ ${s.name}`);
  }
} finally {
  await browser.close();
}
