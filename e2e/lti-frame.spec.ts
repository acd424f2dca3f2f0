// The web app as an LMS shows it (record 0295): a learner launched from the LMS lands in the
// LMS's 714×666 iframe, on another origin, in a Chromium that blocks third-party cookies (and
// with them the frame's localStorage and sessionStorage). The launch hands the session in the
// address (`#sesion-lti=<token>`): the app takes it out of the address, signs the learner in
// with no cookie and no storage (the XSRF token from the server's header), saves the progress
// the learner makes, and passes axe inside the frame.
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type BrowserContext } from '@playwright/test';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../server/db/db.ts';
import { companyDb, forCompanyOf } from '../server/db/company-scope.ts';
import { insertRegistration } from '../server/lti/registrations.ts';
import { loadCourseShape } from '../server/course-shape.ts';
import { readTopics } from './support/learner.ts';
import { course } from './support/content.ts';
import { startSeededServer } from './support/seeded-server.ts';
import {
  contextBlockingThirdPartyCookies,
  FRAME_HEIGHT,
  FRAME_WIDTH,
  openInFrame,
  startFrameHost,
} from './support/third-party-frame.ts';

const APP_PORT = 4473;
const HOST_PORT = 4474;
const PASSWORD = 'Clave-Lti-Marco-1';
const LEARNER = { document: '1000000951', name: 'Lucía Marco Pérez' };
const COORDINATOR = { document: '1000000959', name: 'Laura Coordinadora' };
/** The app on another origin than the LMS's page: localhost vs 127.0.0.1. */
const APP = `http://localhost:${APP_PORT}`;

test.describe.configure({ mode: 'serial' });

let db: Db;
let app: FastifyInstance;
let host: { origin: string; close: () => Promise<void> };
let browser: { context: BrowserContext; close: () => Promise<void> };

test.beforeAll(async () => {
  test.setTimeout(120_000);
  ({ db, app } = await startSeededServer({
    learners: [{ person: LEARNER, stage: 'last-module' }],
    coordinator: COORDINATOR,
    password: PASSWORD,
    port: APP_PORT,
  }));
  host = await startFrameHost(HOST_PORT);
  // The LMS is registered for company 1: its origin may frame the app at the company's address.
  await insertRegistration(forCompanyOf(companyDb(db), 1), {
    platformName: 'Moodle',
    issuer: host.origin,
    clientId: 'curso-sst',
    authUrl: `${host.origin}/auth`,
    tokenUrl: `${host.origin}/token`,
    jwksUrl: `${host.origin}/jwks`,
    registeredVia: 'manual',
    deploymentIds: ['1'],
    createdByName: COORDINATOR.name,
  });
  browser = await contextBlockingThirdPartyCookies();
});

test.afterAll(async () => {
  await browser?.close();
  await host?.close();
  await app?.close();
  await db?.close();
});

/**
 * A cookie-keeping API client of the test's own (Node's fetch), its XSRF token bound to `token`'s
 * session when given (decision 0051).
 */
async function api(token?: string) {
  const first = await fetch(`${APP}/api/v1/csrf-cookie`, {
    headers: token ? { authorization: token } : {},
  });
  const xsrf = /XSRF-TOKEN=([^;]+)/.exec(first.headers.get('set-cookie') ?? '')![1]!;
  return {
    async post(path: string, body: unknown) {
      const response = await fetch(`${APP}/api/v1/${path}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          cookie: `XSRF-TOKEN=${xsrf}`,
          'x-xsrf-token': xsrf,
          ...(token ? { authorization: token } : {}),
        },
        body: JSON.stringify(body),
      });
      return { status: response.status, body: (await response.json()) as Record<string, unknown> };
    },
  };
}

test('a learner launched from the LMS works in its third-party frame without cookies', async () => {
  test.setTimeout(120_000);
  // The session the launch hands over (the way the LMS launch issues it: a learner token).
  const signIn = await (
    await api()
  ).post('auth/login', { document: LEARNER.document, password: PASSWORD });
  expect(signIn.status).toBe(200);
  const token = String(signIn.body.token);

  const { page, frame } = await openInFrame(
    browser.context,
    host.origin,
    `${APP}/?empresa=empresa-1#sesion-lti=${encodeURIComponent(token)}`,
  );
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  const box = await page.locator('#lms-frame').boundingBox();
  expect([box?.width, box?.height]).toEqual([FRAME_WIDTH, FRAME_HEIGHT]);

  // Third-party cookies and storage are really refused in this frame.
  expect(
    await frame.evaluate(() => {
      try {
        return typeof window.localStorage.getItem('token');
      } catch {
        return 'refused';
      }
    }),
  ).toBe('refused');
  expect(await frame.evaluate(() => document.cookie)).toBe('');

  // Signed in: the learner's own progress, as the server keeps it (this frame keeps nothing),
  // and no token left in the address.
  await expect(frame.getByText('Módulos terminados: 4 de 5')).toBeVisible();
  await expect(frame.getByRole('button', { name: 'Cerrar sesión' })).toBeVisible();
  expect(frame.url()).not.toContain('sesion-lti');
  expect(frame.url()).not.toContain(token);
  expect(await frame.evaluate(() => window.location.hash)).toBe('');

  const axe = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  expect(
    axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
  ).toEqual([]);

  // A topic viewed in the frame reaches the server.
  await frame.getByRole('link', { name: 'Siguiente' }).click();
  const last = course().modules.length;
  await readTopics(frame, last, 'mouse', 1);
  const lastTopics = () =>
    (async () => {
      const me = await (await api(token)).post('me', {});
      const route = String((me.body.user as { route?: string }).route ?? '');
      return route.split('-')[loadCourseShape().topicCounts.length - 1];
    })();
  await expect.poll(lastTopics, { timeout: 20_000 }).toMatch(/^\{?0\b/);
  expect(errors).toEqual([]);
});
