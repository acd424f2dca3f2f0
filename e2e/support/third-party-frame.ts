// The web app as an LMS shows it (record 0298): inside an iframe of a page on ANOTHER origin
// (the test LMS's course page, test/lti-platform/platform.ts), in a Chromium that blocks
// third-party cookies (Chrome's setting «Bloquear cookies de terceros», which also takes
// third-party localStorage/sessionStorage away). The blocking is the profile's own preference,
// written before the browser starts, in a persistent context: the headless flags alone leave
// third-party cookies allowed.
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumPath } from '../../scripts/lib/browser-env.ts';

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
