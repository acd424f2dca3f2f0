// The standalone web app's first screens on a weak link (decision 0234), throttled (CPU ×4 +
// Fast 3G), a fresh browser each run (no service worker, HTTP cache off):
//   sign-in usable    — from the navigation start of '/' until «Ingresar» is visible and answers
//                       a click (the click on the empty form is answered with the field's message);
//   invitation usable — '/entrar#<token>' until the form is usable, plus the tap on «Entrar»
//                       until the first screen after redeeming (the data notice of a new learner)
//                       shows «Acepto» and answers a click: what the learner waits for, their
//                       own typing (and the test runner's, slowed by the CPU throttling) left out;
//   accept → course   — «Acepto» tapped as soon as it shows (the app's code may still be on its
//                       way) until the course's first screen is usable (record 0275);
//   code → course     — a worker who already accepted, with their code on '/entrar': the form
//                       usable, plus the tap on «Entrar» until the course's first screen is usable.
// "Usable" is measured in the page (performance.now(), each animation frame), then the click is
// made and its answer awaited, so a button that shows but does not answer fails the run.
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { buildApp } from '../../server/app.ts';
import { openPglite, type Db } from '../../server/db/db.ts';
import { migrate } from '../../server/db/migrate.ts';
import { createUser } from '../../server/db/store.ts';
import { issueInvitations } from '../../server/invitations.ts';
import { acceptDataNotice, publishDataNoticeVersion } from '../../server/db/activity-store.ts';
import { currentEnv } from '../../server/env.ts';
import { dataNoticeVersion } from '../../src/domain/config/index.ts';
import { readConfiguration, withEnv } from '../../course-files/read-config.ts';
import { REPO_ROOT } from '../../scripts/lib/package-scorm.ts';
import { applyCondition, CONDITIONS } from '../../scripts/bench/measure-load.ts';
import { stat, type Stat, type WebFirstScreenResult } from '../../scripts/bench/report.ts';
import { watchPages, type PageWatch } from './page-watch.ts';

export type { WebFirstScreenResult } from '../../scripts/bench/report.ts';

const WEB_DIR = join(REPO_ROOT, 'dist', 'web');
const THROTTLED = CONDITIONS.find((c) => c.name === 'throttled')!;

/**
 * When `selector` was first visible and enabled, or first clicked (ms from navigation start),
 * once it has been.
 */
async function watchedAt(page: Page, kind: 'seen' | 'clicked', selector: string): Promise<number> {
  const handle = await page.waitForFunction(
    ([k, sel]) => {
      const w = (window as unknown as { __benchWatch?: PageWatch }).__benchWatch;
      const at = w?.[k][sel];
      return at ? at - w.origin : 0;
    },
    [kind, selector] as const,
    { timeout: 60_000, polling: 50 },
  );
  return (await handle.jsonValue()) as number;
}
const visibleAt = (page: Page, selector: string) => watchedAt(page, 'seen', selector);

const ENTER = 'button.login-submit';
const ACCEPT = 'button.notice-accept';
/** The course's first screen: the introduction's «Siguiente», which leads to the menu. */
export const COURSE = 'a.btn-next[href="/menu"]';

async function newPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({
    viewport: { width: 360, height: 740 },
    locale: 'es-CO',
    serviceWorkers: 'block',
  });
  await watchPages(context, [ENTER, ACCEPT, COURSE]);
  const page = await context.newPage();
  await applyCondition(await context.newCDPSession(page), THROTTLED);
  return page;
}

/** '/' until «Ingresar» is usable; the click on the empty form must be answered. ms. */
async function signInUsable(browser: Browser, origin: string): Promise<number> {
  const login = await newPage(browser);
  try {
    await login.goto(`${origin}/`, { waitUntil: 'commit', timeout: 60_000 });
    const usable = await visibleAt(login, 'button.login-submit');
    await login.click('button.login-submit');
    // The static form says it in its message; the app's form (when it has arrived first, as it
    // may with compressed files) beside the field.
    await login.locator('.login-error, .login-field-error').first().waitFor({ timeout: 60_000 });
    return usable;
  } finally {
    await login.context().close();
  }
}

/** A new learner with one invitation: their document, the link's token and the code. */
async function invitedLearner(
  db: Db,
  run: number,
  prefix = '90',
): Promise<{ doc: string; token: string; code: string; id: number }> {
  const doc = `${prefix}${String(Date.now()).slice(-6)}${run}`;
  const learner = await createUser(db, {
    document: doc,
    name: `Aprendiz Banco ${run + 1}`,
    password: randomBytes(12).toString('base64url'),
  });
  const [issued] = await issueInvitations(
    db,
    { userId: null, name: 'bench' },
    [learner.id],
    'tarjeta',
  );
  return { doc, token: issued!.token, code: issued!.code, id: learner.id };
}

/** The learner accepted the server's current data notice earlier (a worker coming back). */
async function acceptedNotice(db: Db, userId: number): Promise<void> {
  const version = dataNoticeVersion(
    readConfiguration(withEnv({}, currentEnv()), { firstObra: true }).config,
  );
  await publishDataNoticeVersion(db, version);
  await acceptDataNotice(db, userId, version);
}

/** «Siguiente» on the course's first screen answers with the menu (the screen is usable). */
async function courseAnswers(page: Page): Promise<void> {
  await page.locator(`${COURSE}:visible`).click({ timeout: 60_000 });
  await page.waitForURL(/\/menu$/, { timeout: 60_000 });
}

/**
 * The invitation link until «Acepto» is usable, then «Acepto» tapped at once until the course's
 * first screen is usable: the learner's waits (ms) and the requests made after each tap.
 */
async function invitationUsable(
  browser: Browser,
  origin: string,
  { doc, token }: { doc: string; token: string },
): Promise<{ ms: number; acceptMs: number; requests: string[]; requestsAfterAccept: string[] }> {
  const phone = await newPage(browser);
  try {
    const seen: string[] = [];
    let counting = false;
    phone.on('request', (r) => {
      if (counting) seen.push(`${r.method()} ${new URL(r.url()).pathname}`);
    });
    await phone.goto(`${origin}/entrar#${token}`, {
      waitUntil: 'commit',
      timeout: 60_000,
    });
    const formUsable = await visibleAt(phone, 'button.login-submit');
    await phone.fill('input[name="document"]', doc);
    counting = true;
    await phone.click('button.login-submit');
    const noticeUsable = await visibleAt(phone, 'button.notice-accept');
    const tapped = await watchedAt(phone, 'clicked', ENTER);
    counting = false;
    // «Acepto» at once, as a worker who does not read does: the app may still be arriving.
    const afterAccept: string[] = [];
    phone.on('request', (r) => afterAccept.push(`${r.method()} ${new URL(r.url()).pathname}`));
    await phone.click(ACCEPT);
    const course = await visibleAt(phone, COURSE);
    const accepted = await watchedAt(phone, 'clicked', ACCEPT);
    await courseAnswers(phone);
    // The learner's own time (typing, and the runner's, which a throttled CPU stretches) is
    // left out: the form's wait plus the wait from the tap to the notice.
    return {
      ms: formUsable + (noticeUsable - tapped),
      acceptMs: course - accepted,
      requests: seen,
      requestsAfterAccept: afterAccept,
    };
  } finally {
    await phone.context().close();
  }
}

/**
 * A worker who accepted the notice earlier signs in with their code on '/entrar' (the card's
 * «Sin QR» path): the form's wait plus the tap on «Entrar» until the course's first screen is
 * usable, ms.
 */
export async function codeToCourse(
  browser: Browser,
  origin: string,
  { doc, code }: { doc: string; code: string },
): Promise<number> {
  const phone = await newPage(browser);
  try {
    await phone.goto(`${origin}/entrar`, { waitUntil: 'commit', timeout: 60_000 });
    const formUsable = await visibleAt(phone, ENTER);
    await phone.fill('input[name="document"]', doc);
    await phone.locator('input[name="code"]:visible').fill(code);
    await phone.click(ENTER);
    const course = await visibleAt(phone, COURSE);
    const tapped = await watchedAt(phone, 'clicked', ENTER);
    await courseAnswers(phone);
    return formUsable + (course - tapped);
  } finally {
    await phone.context().close();
  }
}

export async function measureWebFirstScreen(
  browser: Browser,
  runs: number,
  log: (line: string) => void,
): Promise<WebFirstScreenResult> {
  const db = await openPglite();
  await migrate(db);
  const app = await buildApp({ db, webDir: WEB_DIR, lmsPreviewDir: null });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const origin = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const signIn: number[] = [];
  const invitation: number[] = [];
  const accept: number[] = [];
  const code: number[] = [];
  const requests: string[][] = [];
  const requestsAccept: string[][] = [];
  try {
    for (let i = 0; i < runs; i++) {
      log(`  web first screens (${THROTTLED.label}): run ${i + 1}/${runs}`);
      signIn.push(await signInUsable(browser, origin));
      const run = await invitationUsable(browser, origin, await invitedLearner(db, i));
      invitation.push(run.ms);
      accept.push(run.acceptMs);
      requests.push(run.requests);
      requestsAccept.push(run.requestsAfterAccept);
      const returning = await invitedLearner(db, i, '91');
      await acceptedNotice(db, returning.id);
      code.push(await codeToCourse(browser, origin, returning));
    }
  } finally {
    await app.close();
    await db.close();
  }
  const invitationStat = stat(invitation);
  const medianRun = invitation.indexOf(
    [...invitation].sort((a, b) => a - b)[Math.floor(invitation.length / 2)]!,
  );
  const acceptStat = stat(accept);
  const medianAccept = accept.indexOf(
    [...accept].sort((a, b) => a - b)[Math.floor(accept.length / 2)]!,
  );
  return {
    label: THROTTLED.label,
    signInUsableMs: stat(signIn),
    invitationUsableMs: invitationStat,
    requestsAfterRedeem: requests[medianRun] ?? [],
    acceptToCourseMs: acceptStat,
    requestsAfterAccept: (requestsAccept[medianAccept] ?? []).filter((r) =>
      /\/api\/|\.js$/.test(r),
    ),
    codeToCourseMs: stat(code),
  };
}

export function formatWebFirstScreen(r: WebFirstScreenResult): string {
  const secs = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
  const range = (s: Stat) => `${secs(s.median)} (${secs(s.min)}–${secs(s.max)})`;
  return [
    `\nStandalone web app, first screens (${r.label}, fresh browser) — median (min–max):`,
    `  sign-in usable («Ingresar» answers):              ${range(r.signInUsableMs)}  budget 1.50 s`,
    `  invitation link → data notice usable («Acepto»):  ${range(r.invitationUsableMs)}  budget 2.00 s`,
    `  requests after «Entrar» (median run): ${r.requestsAfterRedeem.join(', ') || 'none'}`,
    `  «Acepto» at once → course usable («Siguiente»): ${range(r.acceptToCourseMs)}  budget 1.00 s`,
    `  requests after «Acepto» (median run): ${r.requestsAfterAccept.join(', ') || 'none'}`,
    `  code on /entrar → course usable:                ${range(r.codeToCourseMs)}`,
  ].join('\n');
}
