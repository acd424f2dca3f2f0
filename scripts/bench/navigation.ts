// Navigation figures (decision 0098): the whole course taken in the LMS frame on the throttled link
// (CPU ×4 + Fast 3G), timing every transition from the learner's click to the frame in which the
// next screen is complete (its heading and text in the DOM, no loading placeholder), and
// counting the course's requests started in between — the requests the screen waited on.
// Also "first screen usable": the learner clicks the first screen's «Siguiente» in the frame it
// is painted; usable = when the course handled that click (it is honoured: the menu then shows).
// The learner reads each screen for DWELL_MS (people read for longer: this is the hard case for
// prefetching). Cache on (a fresh context: cold at the start), as a browser is.
import type { Browser, CDPSession, Frame, Page } from 'playwright-core';
import { readCourse } from '../../course-files/read-content.ts';
import { FRAME_TITLE } from './host-page.ts';
import { findScoFrame, newBenchPage, type Condition } from './measure-load.ts';
import { giveRightAnswer } from './quiz-answer.ts';
import type { Activity, Module } from '../../src/domain/content/types.ts';

export const TRANSITION_KINDS = [
  'menu → first topic',
  'topic → topic',
  'topic → quiz',
  'question → question',
  'quiz → menu',
] as const;
export type TransitionKind = (typeof TRANSITION_KINDS)[number];

export interface TransitionSample {
  kind: TransitionKind;
  /** Click to the frame in which the next screen is complete. */
  ms: number;
  /**
   * The course's requests started between the click and that frame and answered by the
   * network — their paths inside the package: what the screen waited on (empty: nothing).
   */
  waitedOn: string[];
  /**
   * Requests started in between that the browser's cache answered (memory or disk): no wait on
   * the network, so not in `waitedOn`; listed to show where a prefetched file was asked again.
   */
  fromCache: string[];
  to: string;
}

export interface NavigationRun {
  /** When the first screen's «Siguiente» was clicked (as soon as it showed), from frame start. */
  usableMs: number;
  /** When the menu showed after that early click, from frame start. */
  menuAfterEarlyClickMs: number;
  transitions: TransitionSample[];
}

const DWELL_MS = 1000;
const TIMEOUT = 60_000;

/** In every SCO frame: click times (capture phase) and a waiter for a complete screen. */
function navScript(scoPrefix: string): string {
  return `(() => {
  if (!location.pathname.startsWith(${JSON.stringify(scoPrefix)})) return;
  const nav = (window.__nav = { clicks: [], handled: [] });
  addEventListener('pointerdown', (e) => { nav.clicks.push(e.timeStamp); nav.handled.push(performance.now()); }, true);
  addEventListener('keydown', (e) => nav.clicks.push(e.timeStamp), true);
  const norm = (s) => (s || '').replace(/\\s+/g, ' ').trim();
  // The first screen's «Siguiente», scrolled into view as a learner would: its centre once painted.
  nav.nextAt = () => new Promise((resolve) => {
    const tick = () => {
      const link = [...document.querySelectorAll('a')].find(
        (a) => (a.textContent || '').includes('Siguiente') && a.getBoundingClientRect().width > 0);
      if (!link) return requestAnimationFrame(tick);
      link.scrollIntoView({ block: 'center' });
      requestAnimationFrame(() => {
        const r = link.getBoundingClientRect();
        resolve({ x: r.x + r.width / 2, y: r.y + r.height / 2 });
      });
    };
    tick();
  });
  nav.wait = (headingHtml, text, hash) => new Promise((resolve) => {
    const d = document.createElement('div');
    d.innerHTML = headingHtml || '';
    const heading = norm(d.textContent);
    const done = () => {
      const h = document.querySelector('h1');
      if (!h || document.querySelector('.loading')) return false;
      if (heading && norm(h.textContent) !== heading) return false;
      if (hash && !location.hash.endsWith(hash)) return false;
      if (text && !(document.body.textContent || "").includes(text)) return false;
      return true;
    };
    const finish = () => requestAnimationFrame((t) => resolve(t));
    if (done()) return finish();
    const mo = new MutationObserver(() => { if (done()) { mo.disconnect(); finish(); } });
    mo.observe(document, { subtree: true, childList: true, characterData: true, attributes: true });
    addEventListener('hashchange', () => { if (done()) { mo.disconnect(); finish(); } });
  });
})();`;
}

interface Waiting {
  heading?: string;
  text?: string;
  hash?: string;
}

/** The course's request starts (wall-clock ms, path in the package) and what the cache answered. */
interface CourseRequests {
  started: { wall: number; path: string; id: string }[];
  /** Request ids the browser's cache answered. */
  cached: Set<string>;
}

function watchCourseRequests(cdp: CDPSession, scoUrl: string): CourseRequests {
  // Wall-clock ms of the course's request starts, and what each asked for.
  const started: CourseRequests['started'] = [];
  cdp.on('Network.requestWillBeSent', (e) => {
    if (e.request.url.startsWith(scoUrl))
      started.push({
        wall: e.wallTime * 1000,
        path: e.request.url.slice(scoUrl.length),
        id: e.requestId,
      });
  });
  // Requests the browser's cache answered: known by the time the screen that needed them paints.
  const cached = new Set<string>();
  cdp.on('Network.requestServedFromCache', (e) => cached.add(e.requestId));
  cdp.on('Network.responseReceived', (e) => {
    if (e.response.fromDiskCache || e.response.fromPrefetchCache) cached.add(e.requestId);
  });
  return { started, cached };
}

/** Resolves with the time of the animation frame in which the screen `w` is complete. */
type WaitFor = (w: Waiting) => Promise<number>;

function screenWaiter(frame: Frame): WaitFor {
  return (w) =>
    withTimeout(
      `the screen ${JSON.stringify(w)}`,
      TIMEOUT,
      frame.evaluate(
        ([h, t, hash]) =>
          (
            window as unknown as {
              __nav: { wait: (h?: string, t?: string, hash?: string) => Promise<number> };
            }
          ).__nav.wait(h, t, hash),
        [w.heading, w.text, w.hash] as const,
      ),
    );
}

// First screen: a click on «Siguiente» in the first frame it is painted (scrolled into view,
// as a learner would), sent straight as one trusted mouse click at its centre — Playwright's
// click() first runs actionability checks, several round trips to the CPU-throttled
// renderer that no learner's tap waits for. Usable = when the frame handled that click
// (performance.now() in its capture listener: its main thread was free for it); the menu
// must then show, so a click that missed would fail the run.
async function clickFirstScreen(
  page: Page,
  frame: Frame,
  waitFor: WaitFor,
): Promise<Pick<NavigationRun, 'usableMs' | 'menuAfterEarlyClickMs'>> {
  // Where the frame sits in the LMS page, known before: nothing between the paint and the click.
  const frameBox = await (await frame.frameElement()).boundingBox();
  if (!frameBox) throw new Error('the course frame is not on screen');
  const menuShown = waitFor({ hash: '/menu', text: 'Módulos terminados' });
  menuShown.catch(() => undefined); // awaited below; never an unhandled rejection
  const at = await withTimeout(
    'the first screen’s «Siguiente»',
    TIMEOUT,
    frame.evaluate(() =>
      (
        window as unknown as { __nav: { nextAt: () => Promise<{ x: number; y: number }> } }
      ).__nav.nextAt(),
    ),
  );
  await page.mouse.click(frameBox.x + at.x, frameBox.y + at.y);
  const usableMs = await frame.evaluate(
    () => (window as unknown as { __nav: { handled: number[] } }).__nav.handled[0] ?? NaN,
  );
  return { usableMs, menuAfterEarlyClickMs: await menuShown };
}

/** One timed transition: the learner reads, clicks, and the next screen is complete. */
type Step = (
  kind: TransitionKind,
  to: string,
  target: Waiting,
  click: () => Promise<void>,
) => Promise<void>;

/** Steps that add their transition to `transitions`, timed on the frame's clock from `origin0`. */
function stepper(
  page: Page,
  frame: Frame,
  waitFor: WaitFor,
  { started, cached }: CourseRequests,
  origin0: number,
  transitions: TransitionSample[],
): Step {
  const lastClick = () =>
    frame.evaluate(() =>
      (window as unknown as { __nav: { clicks: number[] } }).__nav.clicks.at(-1),
    );
  return async (kind, to, target, click) => {
    await page.waitForTimeout(DWELL_MS);
    const painted = waitFor(target);
    painted.catch(() => undefined); // awaited below; a failed click must not crash the bench
    const before = started.length;
    await click();
    const paintedAt = await painted;
    const clickedAt = (await lastClick())!;
    const between = started
      .slice(before)
      .filter(({ wall }) => wall >= origin0 + clickedAt - 5 && wall <= origin0 + paintedAt);
    transitions.push({
      kind,
      to,
      ms: paintedAt - clickedAt,
      waitedOn: between.filter((r) => !cached.has(r.id)).map((r) => r.path),
      fromCache: between.filter((r) => cached.has(r.id)).map((r) => r.path),
    });
  };
}

/** A module's quiz answered right; each question after the first is a timed transition. */
async function answerQuiz(page: Page, frame: Frame, step: Step, activity: Activity) {
  for (const [i, q] of activity.questions.entries()) {
    await page.waitForTimeout(DWELL_MS);
    await giveRightAnswer(frame, activity.type, q, TIMEOUT);
    const accept = frame
      .getByRole('dialog')
      .filter({ hasText: '¡Respuesta correcta!' })
      .getByRole('button', { name: 'ACEPTAR' });
    await accept.waitFor({ timeout: TIMEOUT });
    const following = activity.questions[i + 1];
    if (following)
      await step(
        'question → question',
        `${activity.id} q${i + 2}`,
        { heading: activity.title, text: `Pregunta ${i + 2} de ${activity.questions.length}` },
        () => accept.click({ timeout: TIMEOUT }),
      );
    else {
      await accept.click({ timeout: TIMEOUT });
      await frame.getByRole('region', { name: 'Resultado' }).waitFor({ timeout: TIMEOUT });
    }
  }
}

/** Module `n` from the menu: its topics, its quiz and (unless the last) back to the menu. */
async function walkModule(
  page: Page,
  frame: Frame,
  step: Step,
  module: Module,
  n: number,
  last: boolean,
) {
  const first = module.topics[0]!;
  await step('menu → first topic', first.id, { heading: first.title }, () =>
    frame.getByRole('button', { name: new RegExp(`Módulo ${n}\\b`) }).click({ timeout: TIMEOUT }),
  );
  for (const i of module.topics.keys()) {
    const following = module.topics[i + 1];
    const activity = module.activity;
    await step(
      following ? 'topic → topic' : 'topic → quiz',
      following ? following.id : activity.id,
      following
        ? { heading: following.title }
        : { heading: activity.title, text: `Pregunta 1 de ${activity.questions.length}` },
      () => frame.getByRole('link', { name: 'Siguiente' }).click({ timeout: TIMEOUT }),
    );
  }
  await answerQuiz(page, frame, step, module.activity);
  if (!last)
    await step('quiz → menu', 'menu', { hash: '/menu', text: 'Módulos terminados' }, () =>
      frame
        .getByRole('region', { name: 'Resultado' })
        .getByRole('link', { name: 'Ir al menú' })
        .click({ timeout: TIMEOUT }),
    );
}

export async function measureNavigation(
  browser: Browser,
  origin: string,
  hostPath: string,
  scoPrefix: string,
  condition: Condition,
): Promise<NavigationRun> {
  const { course } = readCourse();
  if (!course) throw new Error('content/ does not load: run npm run content:check');
  const { page, cdp, close } = await newBenchPage(browser);
  try {
    const requests = watchCourseRequests(cdp, origin + scoPrefix);
    await throttle(cdp, condition);
    await page.context().addInitScript({ content: navScript(scoPrefix) });
    await page.goto(origin + hostPath, { waitUntil: 'commit' });
    const frame: Frame = await findScoFrame(page, scoPrefix);
    const waitFor = screenWaiter(frame);
    const { usableMs, menuAfterEarlyClickMs } = await clickFirstScreen(page, frame, waitFor);
    const origin0 = await frame.evaluate(() => performance.timeOrigin);

    const transitions: TransitionSample[] = [];
    const step = stepper(page, frame, waitFor, requests, origin0, transitions);
    for (const [index, module] of course.modules.entries())
      await walkModule(page, frame, step, module, index + 1, index === course.modules.length - 1);
    return { usableMs, menuAfterEarlyClickMs, transitions };
  } catch (error) {
    throw new Error(`navigation in the ${FRAME_TITLE} frame: ${(error as Error).message}`);
  } finally {
    await close();
  }
}

function withTimeout<T>(what: string, ms: number, promise: Promise<T>): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  return Promise.race([
    promise,
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`timed out waiting for ${what}`)), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}

async function throttle(cdp: CDPSession, condition: Condition) {
  await cdp.send('Network.enable');
  if (condition.network)
    await cdp.send('Network.emulateNetworkConditions', { offline: false, ...condition.network });
  if (condition.cpuRate !== 1)
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: condition.cpuRate });
}

export interface TransitionStats {
  kind: TransitionKind;
  count: number;
  p50: number;
  p95: number;
  max: number;
  /** Transitions that started at least one request. */
  waitedOnNetwork: number;
  /** Most requests started by one transition. */
  maxRequests: number;
  /** Transitions whose requests the browser's cache answered (not waits on the network). */
  answeredFromCache: number;
}

export interface NavigationResult {
  condition: string;
  runs: number;
  usableMs: number[];
  menuAfterEarlyClickMs: number[];
  kinds: TransitionStats[];
  /** The slowest transitions, to see where the time goes. */
  slowest: TransitionSample[];
  /** Transitions that waited on a request, with what they asked for (at most 10). */
  waited: TransitionSample[];
}

/** Nearest-rank percentile. */
export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  if (!sorted.length) return NaN;
  const rank = Math.max(1, Math.ceil((p / 100) * sorted.length));
  return sorted[rank - 1]!;
}

export function summariseNavigation(runs: NavigationRun[], condition: string): NavigationResult {
  const all = runs.flatMap((r) => r.transitions);
  return {
    condition,
    runs: runs.length,
    usableMs: runs.map((r) => r.usableMs),
    menuAfterEarlyClickMs: runs.map((r) => r.menuAfterEarlyClickMs),
    kinds: TRANSITION_KINDS.map((kind) => {
      const of = all.filter((t) => t.kind === kind);
      const ms = of.map((t) => t.ms);
      return {
        kind,
        count: of.length,
        p50: percentile(ms, 50),
        p95: percentile(ms, 95),
        max: ms.length ? Math.max(...ms) : NaN,
        waitedOnNetwork: of.filter((t) => t.waitedOn.length > 0).length,
        maxRequests: of.length ? Math.max(...of.map((t) => t.waitedOn.length)) : 0,
        answeredFromCache: of.filter((t) => t.fromCache.length > 0).length,
      };
    }),
    slowest: [...all].sort((a, b) => b.ms - a.ms).slice(0, 5),
    waited: all.filter((t) => t.waitedOn.length > 0).slice(0, 10),
  };
}
