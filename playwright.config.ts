// Browser tests drive the BUILT app (run `npm run build` first; `npm test` does it once and
// shares the result across every spec). Chromium: CHROMIUM_PATH, else Debian's /usr/bin/chromium.
import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumPath } from './scripts/lib/browser-env.ts';

const PORT = Number(process.env.E2E_PORT ?? 4321);
const API_PORT = Number(process.env.E2E_API_PORT ?? 4322);
const chromium = chromiumPath();

export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  outputDir: 'test-results',
  fullyParallel: true,
  workers: process.env.CI ? 2 : 2,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    locale: 'es-CO',
    trace: 'retain-on-failure',
    // The web build registers a service worker (docs/decisions/0140): specs that intercept
    // requests need it off; e2e/offline-standalone.spec.ts turns it back on.
    serviceWorkers: 'block',
    launchOptions: {
      ...(chromium ? { executablePath: chromium } : {}),
      args: CHROMIUM_ARGS,
    },
  },
  webServer: [
    {
      command: `npx tsx e2e/support/static-server.ts`,
      url: `http://127.0.0.1:${PORT}/__health`,
      env: { E2E_PORT: String(PORT) },
      reuseExistingServer: !process.env.CI,
      timeout: 180_000,
    },
    {
      // The standalone app (dist/web + our API on a throwaway PGlite, seeded learners):
      // e2e/standalone.spec.ts and e2e/certificate-standalone.spec.ts.
      command: `npx tsx e2e/support/api-server.ts`,
      url: `http://127.0.0.1:${API_PORT}/api/v1/csrf-cookie`,
      env: { E2E_API_PORT: String(API_PORT) },
      reuseExistingServer: !process.env.CI,
      timeout: 180_000,
    },
  ],
});
