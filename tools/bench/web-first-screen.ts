// The standalone web app's first screens on a weak link (decision 0234), throttled (CPU ×4 +
// Fast 3G), a fresh browser each run (no service worker, HTTP cache off):
//   sign-in usable    — from the navigation start of '/' until «Ingresar» is visible and answers
//                       a click (the click on the empty form is answered with the field's message);
//   invitation usable — '/entrar#<token>' until the form is usable, plus the tap on «Entrar»
//                       until the first screen after redeeming (the data notice of a new learner)
//                       shows «Acepto» and answers a click: what the learner waits for, their
//                       own typing (and the test runner's, slowed by the CPU throttling) left out.
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

async function newPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({
    viewport: { width: 360, height: 740 },
    locale: 'es-CO',
    serviceWorkers: 'block',
  });
  await watchPages(context, ['button.login-submit', 'button.notice-accept']);
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
    await login.locator('.login-error').first().waitFor({ timeout: 60_000 });
    return usable;
  } finally {
    await login.context().close();
  }
}

/** A new learner with one invitation: their document and the link's token. */
async function invitedLearner(db: Db, run: number): Promise<{ doc: string; token: string }> {
  const doc = `90${String(Date.now()).slice(-6)}${run}`;
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
  return { doc, token: issued!.token };
}

/**
 * The invitation link until «Acepto» answers: the learner's wait (ms) and the requests made
 * after «Entrar».
 */
async function invitationUsable(
  browser: Browser,
  origin: string,
  { doc, token }: { doc: string; token: string },
): Promise<{ ms: number; requests: string[] }> {
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
    const tapped = await watchedAt(phone, 'clicked', 'button.login-submit');
    counting = false;
    await phone.click('button.notice-accept');
    // Answered: «Guardando…» at once, or already the course.
    await phone.waitForFunction(
      () => {
        const b = document.querySelector<HTMLButtonElement>('button.notice-accept');
        return !b || b.disabled;
      },
      null,
      { timeout: 60_000 },
    );
    // The learner's own time (typing, and the runner's, which a throttled CPU stretches) is
    // left out: the form's wait plus the wait from the tap to the notice.
    return { ms: formUsable + (noticeUsable - tapped), requests: seen };
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
  const requests: string[][] = [];
  try {
    for (let i = 0; i < runs; i++) {
      log(`  web first screens (${THROTTLED.label}): run ${i + 1}/${runs}`);
      signIn.push(await signInUsable(browser, origin));
      const run = await invitationUsable(browser, origin, await invitedLearner(db, i));
      invitation.push(run.ms);
      requests.push(run.requests);
    }
  } finally {
    await app.close();
    await db.close();
  }
  const invitationStat = stat(invitation);
  const medianRun = invitation.indexOf(
    [...invitation].sort((a, b) => a - b)[Math.floor(invitation.length / 2)]!,
  );
  return {
    label: THROTTLED.label,
    signInUsableMs: stat(signIn),
    invitationUsableMs: invitationStat,
    requestsAfterRedeem: requests[medianRun] ?? [],
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
  ].join('\n');
}
