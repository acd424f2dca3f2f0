// Renders pwa/icon.svg to the PNG icons the web app manifest lists (Chrome asks for 192 and
// 512 px PNGs to offer the install; docs/decisions/0140-installable-offline-web-app.md). Run it
// after changing the SVG and commit the PNGs: `npx tsx scripts/make-pwa-icons.ts`.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { ROOT } from '../course-files/read-content.ts';
import { CHROMIUM_ARGS, chromiumPath } from './lib/browser-env.ts';

const dir = join(ROOT, 'pwa');
const svg = readFileSync(join(dir, 'icon.svg'), 'utf8');
const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
try {
  for (const size of [192, 512]) {
    const page = await browser.newPage({ viewport: { width: size, height: size } });
    await page.setContent(
      `<style>html,body{margin:0}svg{display:block;width:${size}px;height:${size}px}</style>${svg}`,
    );
    writeFileSync(join(dir, `icon-${size}.png`), await page.screenshot({ type: 'png' }));
    await page.close();
    console.log(`pwa/icon-${size}.png`);
  }
} finally {
  await browser.close();
}
