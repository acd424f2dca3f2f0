// Learners launched from an LMS over LTI 1.3 (record 0295), end to end against the test LMS
// (test/lti-platform/): its course page shows the tool in a 714×666 iframe, on another origin
// (127.0.0.1 vs localhost), in a Chromium that blocks third-party cookies — and with them the
// frame's localStorage and sessionStorage. Two learners launch from two resource links: one is
// an imported worker the LMS names by document and finishes from seeded progress, the other is
// new to the company and walks the whole course. Each reaches the course signed in with no
// third-party cookie and no storage; the LMS's grade service receives 100, Completed and
// FullyGraded for each; the coordinator's registro lists both «vía LMS (Moodle)».
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type BrowserContext, type Frame, type Page } from '@playwright/test';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../server/db/db.ts';
import { companyDb, forCompanyOf } from '../server/db/company-scope.ts';
import { insertRegistration } from '../server/lti/registrations.ts';
import { FRAME_SIZE, LtiPlatform, type PlatformUser } from '../test/lti-platform/platform.ts';
import { AgsPlatform } from '../test/lti-platform/ags.ts';
import { finishLastModule } from './support/course.ts';
import { course } from './support/content.ts';
import { expectMenu, takeModule } from './support/learner.ts';
import { pdfText } from './support/pdf-text.ts';
import { startSeededServer } from './support/seeded-server.ts';
import { issueInvitations } from '../server/invitations.ts';
import { contextBlockingThirdPartyCookies } from './support/third-party-frame.ts';

const APP_PORT = 4473;
const PASSWORD = 'Clave-Lti-Marco-1';
const WORKER = { document: '1000000951', name: 'Lucía Marco Pérez' };
const COORDINATOR = { document: '1000000959', name: 'Laura Coordinadora' };
/** An imported worker whose LMS sends no document: the invitation code links them. */
const PEDRO_WORKER = { document: '1000000953', name: 'Pedro Sin Documento' };
/** The tool on another site than the LMS's page: localhost vs 127.0.0.1. */
const APP = `http://localhost:${APP_PORT}`;
const LOGIN = `${APP}/lti/empresa-1/login`;

/** The imported worker, named by the LMS by their document (its username, mapped). */
const LUCIA: PlatformUser = { sub: 'moodle-41', name: WORKER.name, document: WORKER.document };
/** A worker the company has not imported: the LMS's document makes the learner. */
const TOMAS: PlatformUser = { sub: 'moodle-42', name: 'Tomás Obra Nueva', document: '1000000952' };

test.describe.configure({ mode: 'serial' });

let db: Db;
let ids: Map<string, number>;
let app: FastifyInstance;
let lms: LtiPlatform;
let grades: AgsPlatform;
let browser: { context: BrowserContext; close: () => Promise<void> };

test.beforeAll(async () => {
  test.setTimeout(120_000);
  // The server sends grades from its queue, woken by every saved score (no polling needed).
  ({ db, app, ids } = await startSeededServer({
    learners: [
      { person: WORKER, stage: 'last-quiz' },
      { person: PEDRO_WORKER, stage: 'last-module' },
    ],
    coordinator: COORDINATOR,
    password: PASSWORD,
    port: APP_PORT,
    app: { ltiGrades: { pollMs: 0 } },
  }));
  lms = await LtiPlatform.start({ name: 'Moodle' });
  // The LMS's grade service checks the tool's client assertion against the tool's key set.
  grades = new AgsPlatform([{ clientId: lms.clientId, jwks: `${APP}/lti/empresa-1/jwks.json` }]);
  grades.mountOn(lms, lms.base);
  // The LMS keeps the tool's login state in its own page (LTI Client Side postMessages): the
  // tool needs no cookie in the frame.
  lms.storageTarget = '_parent';
  await insertRegistration(forCompanyOf(companyDb(db), 1), lms.registration());
  browser = await contextBlockingThirdPartyCookies();
});

test.afterAll(async () => {
  await browser?.close();
  await lms?.close();
  await app?.close();
  await db?.close();
});

/** Opens the LMS's course page of `link` as `user`: the launch runs inside its frame. */
async function launch(user: PlatformUser, link: number): Promise<{ page: Page; frame: Frame }> {
  lms.resourceLinkId = `induccion-${link}`;
  lms.lineitem = `${lms.base}/lineitems/${link}/lineitem`;
  const page = await browser.context.newPage();
  await page.goto(`${lms.base}/curso?src=${encodeURIComponent(lms.loginUrl(LOGIN, user))}`);
  const frame = await (await page.waitForSelector('#lms-frame')).contentFrame();
  if (!frame) throw new Error('the LMS page has no frame');
  return { page, frame };
}

/** The LMS's page with the tool in its frame passes axe (WCAG 2.1 AA). */
async function expectAxeClean(page: Page): Promise<void> {
  const axe = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  expect(
    axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
  ).toEqual([]);
}

/** From the course's introduction to its menu (the web app's own addresses, not the LMS's). */
async function leaveIntroduction(frame: Frame): Promise<void> {
  await frame.getByRole('link', { name: 'Siguiente' }).click();
  await expectMenu(frame);
}

/** The scores the LMS's grade service recorded for `user` on line item `link`. */
const scoresOf = (user: PlatformUser, link: number) =>
  grades.scores
    .filter((s) => s.body.userId === user.sub && s.lineitem.startsWith(`/lineitems/${link}/`))
    .map((s) => `${s.body.scoreGiven} ${s.body.activityProgress} ${s.body.gradingProgress}`);

test('an imported worker launched from the LMS finishes in its frame; the LMS gets 100', async () => {
  test.setTimeout(180_000);
  const { page, frame } = await launch(LUCIA, 1);
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  const box = await page.locator('#lms-frame').boundingBox();
  expect([box?.width, box?.height]).toEqual([FRAME_SIZE.width, FRAME_SIZE.height]);

  // Signed in as the worker of that document: their own progress, as the server keeps it.
  await expect(frame.getByText('Módulos terminados: 4 de 5')).toBeVisible();
  await expect(frame.getByRole('button', { name: 'Cerrar sesión' })).toBeVisible();
  // The frame keeps nothing: third-party cookies and storage are refused here, and the session
  // token is no longer in the address.
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
  expect(frame.url()).not.toContain('sesion-lti');
  // No cookie of the tool's was needed or kept: the LMS's page kept the login state.
  expect((await browser.context.cookies(APP)).map((c) => c.name)).toEqual([]);
  expect(
    await page.evaluate(
      () => (window as unknown as { ltiMessages: { subject: string }[] }).ltiMessages,
    ),
  ).toEqual([
    expect.objectContaining({ subject: 'lti.put_data', origin: APP }),
    expect.objectContaining({ subject: 'lti.get_data', origin: APP }),
  ]);

  await expectAxeClean(page);

  await leaveIntroduction(frame);
  await finishLastModule(frame);
  await expect
    .poll(() => scoresOf(LUCIA, 1), { timeout: 20_000 })
    .toContain('100 Completed FullyGraded');
  const [linked] = await db.query<{ linked_by: string; document: string }>(
    `SELECT l.linked_by, u.document FROM lti_users l JOIN users u ON u.id = l.user_id
      WHERE l.sub = $1`,
    [LUCIA.sub],
  );
  expect(linked).toEqual({ linked_by: 'documento', document: WORKER.document });
  expect(errors).toEqual([]);
  await page.close();
});

test('a worker new to the company walks the whole course from the LMS; the LMS gets 100', async () => {
  test.setTimeout(420_000);
  const { page, frame } = await launch(TOMAS, 2);
  // New: the data notice comes first, then the course from its introduction.
  await frame.getByRole('button', { name: 'Acepto' }).click();
  await leaveIntroduction(frame);
  for (let m = 1; m <= course().modules.length; m++) await takeModule(frame, m, 'mouse');
  await expect(
    frame.getByRole('dialog').getByRole('heading', { name: 'FELICITACIONES' }),
  ).toBeVisible();
  await expect
    .poll(() => scoresOf(TOMAS, 2), { timeout: 20_000 })
    .toContain('100 Completed FullyGraded');
  // Only rising: every score the LMS received for this learner is at least the one before.
  const given = grades.scores
    .filter((s) => s.body.userId === TOMAS.sub)
    .map((s) => s.body.scoreGiven);
  expect(given).toEqual([...given].sort((a, b) => a - b));
  await page.close();
});

test('an LMS that sends no document: the launch page asks for the invitation code, in the frame', async () => {
  test.setTimeout(120_000);
  const [card] = await issueInvitations(
    db,
    { userId: ids.get(COORDINATOR.document)!, name: COORDINATOR.name },
    [ids.get(PEDRO_WORKER.document)!],
    'codigo',
  );
  const { page, frame } = await launch({ sub: 'moodle-43', name: 'pedro.s' }, 3);
  await expect(frame.getByRole('heading', { level: 1 })).toBeVisible();
  await expectAxeClean(page);
  await frame.getByLabel('Número de documento').fill(PEDRO_WORKER.document);
  await frame.getByLabel('Código de invitación (10 dígitos)').fill(card!.code);
  await frame.getByRole('button', { name: 'Entrar al curso' }).click();
  await expect(frame.getByText('Módulos terminados: 4 de 5')).toBeVisible();
  const [linked] = await db.query<{ linked_by: string; user_id: number }>(
    'SELECT linked_by, user_id FROM lti_users WHERE sub = $1',
    ['moodle-43'],
  );
  expect(linked).toEqual({
    linked_by: 'invitacion',
    user_id: ids.get(PEDRO_WORKER.document),
  });
  await page.close();
});

test('the coordinator’s registro lists both learners «vía LMS (Moodle)»', async () => {
  const context = await browser.context.browser()?.newContext();
  const console = context ? await context.newPage() : await browser.context.newPage();
  await console.goto(`${APP}/consola/ingresar`);
  await console.getByLabel('Documento o correo').fill(COORDINATOR.document);
  await console.getByLabel('Contraseña').fill(PASSWORD);
  await console.getByRole('button', { name: 'Ingresar' }).click();
  await expect(console).toHaveURL(/\/consola/);
  const today = new Date().toISOString().slice(0, 10);
  const response = await console.request.get(
    `${APP}/consola/registro.pdf?obra=obra-ejemplo&desde=2026-01-01&hasta=${today}`,
  );
  expect(response.status()).toBe(200);
  const text = (await pdfText(await response.body())).replace(/\s+/g, ' ');
  for (const name of [WORKER.name, TOMAS.name!]) {
    const at = text.indexOf(name);
    expect(at, name).toBeGreaterThanOrEqual(0);
    expect(text.slice(at, at + 400)).toContain('vía LMS (Moodle)');
  }
});
