// The SCORM 1.2 zip as the offline package, played the way the official Moodle app plays it
// (decision records 0130–0132). The harness (e2e/harness/moodle-app/, written from the
// app's public source — see its files' headers) puts its 1.2 data model on the top window as
// API, loads the SCO from the unzipped package at http://localhost in an iframe, keeps tracks
// in an offline store and, on a relaunch, rebuilds cmi.interactions._count from the stored rows
// read in element-name order (12 records → 10). Every request is answered from the package or
// the harness; anything else is recorded and refused (the phone has no signal). The browser's
// user agent carries «MoodleMobile», as the app's WebView does.
import { readFileSync, existsSync, mkdirSync, rmSync } from 'node:fs';
import { extname, join, normalize } from 'node:path';
import { expect, test, type Frame, type Page } from '@playwright/test';
import { extractZip } from '../course-files/package-unzip.ts';
import { CONTENT_TYPES } from '../scripts/lib/browser-env.ts';
import { completeModule, expectRoute, leaveIntroduction, questionCount } from './support/course.ts';
import { course, slotOrder, slotsHeldAfter } from './support/content.ts';

const ROOT = join(import.meta.dirname, '..');
const ZIP = join(process.env.E2E_SCORM_DIR ?? join(ROOT, 'dist-scorm'), 'curso-sst-scorm12.zip');
const PACKAGE_DIR = join(ROOT, 'dist', 'e2e-packages', 'moodle-app');
const HARNESS_DIR = join(ROOT, 'e2e', 'harness', 'moodle-app');
/** Where the app keeps a downloaded package on Android, served at http://localhost. */
const PACKAGE_PATH =
  '/_app_file_/data/user/0/com.moodle.moodlemobile/files/sites/demo/filepool/curso-sst/';
const LEARNER = 'Ana María Pérez Gómez';
const USER_AGENT =
  'Mozilla/5.0 (Linux; Android 14; SM-A145M Build/UP1A; wv) AppleWebKit/537.36 (KHTML, like Gecko) ' +
  'Version/4.0 Chrome/128.0.0.0 Mobile Safari/537.36 MoodleMobile 4.4.0 (44003)';

interface Row {
  element: string;
  value: string | number;
}

let launchHref = '';

test.use({ userAgent: USER_AGENT, viewport: { width: 412, height: 860 } });

test.beforeAll(() => {
  if (!existsSync(ZIP))
    throw new Error(`${ZIP} no existe: ejecute \`npm run build && npm run package\` antes.`);
  rmSync(PACKAGE_DIR, { recursive: true, force: true });
  mkdirSync(PACKAGE_DIR, { recursive: true });
  const names = extractZip(ZIP, PACKAGE_DIR);
  // Forward-slash relative paths only: the app unzips on Android and iOS alike.
  expect(names.filter((n) => n.includes('\\') || n.startsWith('/') || /^[a-z]:/i.test(n))).toEqual(
    [],
  );
  const manifest = readFileSync(join(PACKAGE_DIR, 'imsmanifest.xml'), 'utf8');
  launchHref = /<resource\b[^>]*\bhref="([^"]+)"/.exec(manifest)![1]!;
  expect(names).toContain(launchHref);
});

/** A context like the app's WebView: http://localhost, the app's user agent, no network. */
async function moodleApp(page: Page, query = '') {
  const outside: string[] = [];
  const missing: string[] = [];
  const downloads: string[] = [];
  page.on('download', (d) => downloads.push(d.suggestedFilename()));
  await page.context().route('**/*', async (route) => {
    const url = new URL(route.request().url());
    let file: string | null = null;
    if (url.origin === 'http://localhost' && url.pathname.startsWith('/harness/'))
      file = join(HARNESS_DIR, url.pathname.slice('/harness/'.length));
    else if (url.origin === 'http://localhost' && url.pathname.startsWith(PACKAGE_PATH))
      file = join(PACKAGE_DIR, decodeURIComponent(url.pathname.slice(PACKAGE_PATH.length)));
    if (!file) {
      outside.push(url.href);
      await route.abort('internetdisconnected');
      return;
    }
    const safe = normalize(file);
    if (!existsSync(safe) || !(safe.startsWith(PACKAGE_DIR) || safe.startsWith(HARNESS_DIR))) {
      missing.push(url.href);
      await route.fulfill({ status: 404, body: 'not found' });
      return;
    }
    await route.fulfill({
      status: 200,
      contentType: CONTENT_TYPES[extname(safe)] ?? 'application/octet-stream',
      body: readFileSync(safe),
    });
  });
  const url =
    `http://localhost/harness/player.html?standard=1&userid=ana.perez` +
    `&fullname=${encodeURIComponent(LEARNER)}&sco=${encodeURIComponent(PACKAGE_PATH + launchHref)}${query}`;

  async function launch(): Promise<Frame> {
    await page.goto(url);
    const handle = await page.waitForSelector('iframe#scorm_object');
    const frame = (await handle.contentFrame())!;
    await frame.waitForLoadState();
    await expect(frame.locator('#root')).not.toBeEmpty();
    return frame;
  }
  const app = <T>(fn: (h: MoodleAppWindow['__moodleApp']) => T) =>
    page.evaluate((source) => {
      const h = (window as unknown as MoodleAppWindow).__moodleApp;
      return new Function('h', `return (${source})(h)`)(h) as unknown;
    }, fn.toString()) as Promise<T>;
  const rows = () => app((h) => h.rows()) as Promise<Row[]>;
  const finished = () =>
    app((h) => h.calls.some((c) => c.method === 'LMSFinish' && c.result === 'true'));
  /** The course reads cmi.interactions._count shortly after Initialize: what it was told. */
  async function countRead(): Promise<number> {
    const read = () =>
      app(
        (h) =>
          h.calls.find((c) => c.method === 'LMSGetValue' && c.args[0] === 'cmi.interactions._count')
            ?.result,
      );
    await expect.poll(read, { message: 'the course reads _count' }).toBeDefined();
    return Number(await read());
  }
  return { launch, app, rows, finished, countRead, outside, missing, downloads };
}

interface MoodleAppWindow {
  __moodleApp: {
    rows(): Row[];
    calls: { method: string; args: string[]; result: string }[];
    refused: string[];
    handedToSystem: { how: string; url: string; target: string }[];
    downloads: { href: string }[];
    closePlayer(): void;
  };
}

const value = (rows: Row[], element: string) => rows.find((r) => r.element === element)?.value;
const interactionRows = (rows: Row[]) =>
  rows.filter((r) => /^cmi\.interactions_\d+\./.test(r.element));
const interactionIds = (rows: Row[]) =>
  Array.from({ length: questionCount() }, (_, i) => value(rows, `cmi.interactions_${i}.id`));

// The second test resumes from what the first stored: one play of modules 1–4 serves both.
test.describe.configure({ mode: 'serial' });
let storedAfterFour: Row[] = [];

test('the harness keeps the app’s 1.2 rules: limits under both scormstandard settings, write-only elements, the _count rebuild', async ({
  page,
}) => {
  // Twelve stored interaction records, as the first session below leaves them.
  const stored = Array.from({ length: 12 }, (_, i) => [
    { element: `cmi.interactions_${i}.id`, value: `q${i}` },
    { element: `cmi.interactions_${i}.result`, value: 'correct' },
  ]).flat();
  await page.addInitScript((rows) => {
    (window as unknown as { __seedTracks: unknown }).__seedTracks = rows;
  }, stored);
  for (const standard of ['1', '0']) {
    const app = await moodleApp(page, `&standard=${standard}`);
    await page.goto('http://localhost/harness/player.html?sco=about:blank&standard=' + standard);
    const results = await page.evaluate(() => {
      const api = (window as unknown as { API: Record<string, (...a: string[]) => string> }).API;
      const set = (e: string, v: string) => `${api.LMSSetValue!(e, v)} ${api.LMSGetLastError!()}`;
      const get = (e: string) => `${String(api.LMSGetValue!(e))} ${api.LMSGetLastError!()}`;
      api.LMSInitialize!('');
      return {
        count: get('cmi.interactions._count'),
        location256: set('cmi.core.lesson_location', 'x'.repeat(256)),
        suspend4097: set('cmi.suspend_data', 'x'.repeat(4097)),
        suspend4096: set('cmi.suspend_data', 'x'.repeat(4096)),
        exitRead: get('cmi.core.exit'),
        interactionRead: get('cmi.interactions.0.id'),
        beyondCount: set('cmi.interactions.12.id', 'q12'),
        atCount: set('cmi.interactions.10.id', 'q10'),
        score: set('cmi.core.score.raw', '101'),
        status: set('cmi.core.lesson_status', 'not attempted'),
      };
    });
    expect(results).toEqual({
      count: '10 0',
      location256: standard === '1' ? 'false 405' : 'true 0',
      suspend4097: standard === '1' ? 'false 405' : 'true 0',
      suspend4096: 'true 0',
      exitRead: ' 404',
      interactionRead: ' 404',
      beyondCount: 'false 201',
      atCount: 'true 0',
      score: 'false 405',
      status: 'false 405',
    });
    expect(app.outside).toEqual([]);
    await page.context().unrouteAll();
    await page.evaluate(() => localStorage.clear());
  }
});

test('the Moodle app plays the 1.2 zip offline: resume after module 4, every interaction intact at its slot, the certificate on screen', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const app = await moodleApp(page);
  const modules = course().modules.length;
  // Slot order (records 0130, 0270): a question added after publication comes last.
  const expectedIds = slotOrder();

  // A fresh launch: modules 1–4, then the learner leaves the player (no signal all along).
  let frame = await app.launch();
  await leaveIntroduction(frame);
  for (let m = 1; m < modules; m++) await completeModule(frame, m);
  await app.app((h) => h.closePlayer());
  await expect.poll(app.finished).toBe(true);
  const afterFour = await app.rows();
  storedAfterFour = afterFour;
  // What the LMS holds after modules 1–4: the slots up to module 5's first (m3-q4 waits, 0278).
  const answeredBefore = slotsHeldAfter(modules - 1).length;
  expect(interactionIds(afterFour)).toEqual([
    ...expectedIds.slice(0, answeredBefore),
    ...Array(expectedIds.length - answeredBefore).fill(undefined),
  ]);
  expect(value(afterFour, 'cmi.core.exit')).toBe('suspend');

  // The relaunch reads the offline store: entry resume, and the app's _count rebuild.
  frame = await app.launch();
  const countRead = await app.countRead();
  expect(countRead).toBeLessThan(answeredBefore); // 10 for 12: the app's miscount
  await expect(frame.getByText(`Módulos terminados: ${modules - 1} de ${modules}`)).toBeVisible();
  await expectRoute(frame, '/menu');
  await completeModule(frame, modules);

  // FELICITACIONES: no download can work here, so the certificate is a screen.
  const congrats = frame.getByRole('dialog').filter({ hasText: 'FELICITACIONES' });
  await expect(congrats.getByRole('heading', { name: 'FELICITACIONES' })).toBeVisible();
  await expect(congrats.getByRole('button', { name: 'DESCARGAR' })).toHaveCount(0);
  await congrats.getByRole('button', { name: 'VER CERTIFICADO' }).click();
  const certificate = frame.getByRole('dialog', { name: 'Tu certificado' });
  await expect(
    certificate.getByRole('article', { name: `Certificado de participación de ${LEARNER}` }),
  ).toBeVisible();
  await expect(certificate).toContainText('CERTIFICADO DE PARTICIPACIÓN');
  await expect(certificate).toContainText(course().title);
  await expect(certificate).toContainText(/Fecha de finalización: \d{1,2} de \p{L}+ de \d{4}/u);
  // Opening it finished nothing: this launch's session stays open until the learner closes.
  expect(await app.finished()).toBe(false);
  await certificate.getByRole('button', { name: 'Cerrar' }).click();
  await expect(certificate).toHaveCount(0);
  await congrats.getByRole('button', { name: 'Cerrar' }).click();
  await expect.poll(app.finished).toBe(true);

  const end = await app.rows();
  expect(value(end, 'cmi.core.lesson_status')).toBe('completed');
  expect(Number(value(end, 'cmi.core.score.raw'))).toBe(100);
  expect(value(end, 'cmi.core.exit')).toBe('logout');
  // Every interaction, in slot order; the first session's records unchanged.
  expect(interactionIds(end)).toEqual(expectedIds);
  expect(expectedIds).toHaveLength(questionCount());
  const before = interactionRows(afterFour).filter(
    (r) => Number(/_(\d+)\./.exec(r.element)![1]) < answeredBefore,
  );
  for (const row of before) expect(value(end, row.element), row.element).toEqual(row.value);
  for (let i = answeredBefore; i < expectedIds.length; i++)
    expect(value(end, `cmi.interactions_${i}.result`), `interaction ${i}`).toMatch(
      /^(correct|wrong)$/,
    );
  // Every write accepted; nothing handed to the system browser, nothing downloaded, no request
  // outside the package.
  expect(await app.app((h) => h.refused)).toEqual([]);
  expect(await app.app((h) => h.handedToSystem)).toEqual([]);
  expect(await app.app((h) => h.downloads)).toEqual([]);
  expect(app.downloads).toEqual([]);
  expect(app.outside).toEqual([]);
  expect(app.missing).toEqual([]);
});

test('an LMS that reports a _count higher than it holds: module 5 after the resume still lands at 12 and 13', async ({
  page,
}) => {
  test.setTimeout(120_000);
  expect(storedAfterFour.length).toBeGreaterThan(0);
  await page.addInitScript((rows) => {
    (window as unknown as { __seedTracks: unknown }).__seedTracks = rows;
  }, storedAfterFour);
  const app = await moodleApp(page, '&reportHigher=3');
  const modules = course().modules.length;
  // Slot order (records 0130, 0270): a question added after publication comes last.
  const expectedIds = slotOrder();
  // What the LMS holds after modules 1–4: the slots up to module 5's first (m3-q4 waits, 0278).
  const answeredBefore = slotsHeldAfter(modules - 1).length;
  const frame = await app.launch();
  const countRead = await app.countRead();
  expect(countRead).toBeGreaterThan(answeredBefore);
  await expectRoute(frame, '/menu');
  await completeModule(frame, modules);
  const congrats = frame.getByRole('dialog').filter({ hasText: 'FELICITACIONES' });
  await congrats.getByRole('button', { name: 'Cerrar' }).click();
  await expect.poll(app.finished).toBe(true);

  const end = await app.rows();
  expect(interactionIds(end)).toEqual(expectedIds);
  for (const row of interactionRows(storedAfterFour))
    expect(value(end, row.element), row.element).toEqual(row.value);
  expect(await app.app((h) => h.refused)).toEqual([]);
  expect(app.outside).toEqual([]);
});
