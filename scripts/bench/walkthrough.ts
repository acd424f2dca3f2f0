// The whole course taken once in the LMS frame (unthrottled), counting what it sends to the LMS:
// SetValue and Commit calls per screen view, and the longest suspend_data written.
// A screen view is the first screen plus every route change in the course frame (pushState,
// hashchange or popstate to a new URL; replaceState only redirects, so it is not a view).
// The learner stays on each screen longer than the course's commit debounce (300 ms), the way a
// person reading it would, so batching never makes the figure look better than it is.
import type { Browser, Frame, FrameLocator, Page } from 'playwright-core';
import { readCourse } from '../../course-files/read-content.ts';
import { FRAME_TITLE, type ApiCall, type HostRecord } from './host-page.ts';
import { findScoFrame, newBenchPage } from './measure-load.ts';
import { giveRightAnswer } from './quiz-answer.ts';
import type { Module } from '../../src/domain/content/types.ts';

export interface WalkthroughResult {
  screenViews: number;
  setValueCalls: number;
  commitCalls: number;
  setValuePerView: number;
  /** SetValue calls by element, to see where the calls go. */
  setValueByElement: Record<string, number>;
  commitsPerView: number;
  longestSuspendData: number;
  finalSuspendData: number;
  finalScore: string | null;
  finalStatus: string | null;
  seconds: number;
}

const DWELL_MS = 450;
const TIMEOUT = 20_000;

/** Counts route changes in any frame under `scoPrefix`; runs before the course's own scripts. */
function routeCounterScript(scoPrefix: string): string {
  return `(() => {
  if (!location.pathname.startsWith(${JSON.stringify(scoPrefix)})) return;
  const views = (window.__benchViews = [location.href]);
  const seen = () => { if (views[views.length - 1] !== location.href) views.push(location.href); };
  for (const name of ['pushState', 'replaceState']) {
    const original = history[name].bind(history);
    history[name] = (...args) => {
      const result = original(...args);
      if (name === 'pushState') seen(); else views[views.length - 1] = location.href;
      return result;
    };
  }
  addEventListener('hashchange', seen);
  addEventListener('popstate', seen);
})();`;
}

const plain = (html: string) =>
  html
    .replace(/<[^>]+>/g, '')
    .replace(/\s+/g, ' ')
    .trim();

async function dwell(page: Page) {
  await page.waitForTimeout(DWELL_MS);
}

async function acceptFeedback(frame: FrameLocator) {
  const dialog = frame.getByRole('dialog').filter({ hasText: '¡Respuesta correcta!' });
  await dialog.getByRole('button', { name: 'ACEPTAR' }).click({ timeout: TIMEOUT });
  await dialog.waitFor({ state: 'detached', timeout: TIMEOUT });
}

/** One module from the menu: its topics read in turn, then every quiz question answered right. */
async function walkModule(page: Page, frame: FrameLocator, module: Module, n: number) {
  await frame.getByText(/Módulos terminados: \d+ de \d+/).waitFor({ timeout: TIMEOUT });
  await dwell(page);
  await frame
    .getByRole('button', { name: new RegExp(`Módulo ${n}\\b`) })
    .click({ timeout: TIMEOUT });
  for (const topic of module.topics) {
    await frame
      .getByRole('heading', { level: 1, name: plain(topic.title), exact: true })
      .waitFor({ timeout: TIMEOUT });
    await dwell(page);
    await frame.getByRole('link', { name: 'Siguiente' }).click({ timeout: TIMEOUT });
  }
  const activity = module.activity;
  await frame
    .getByRole('heading', { level: 1, name: plain(activity.title), exact: true })
    .waitFor({ timeout: TIMEOUT });
  for (const [i, q] of activity.questions.entries()) {
    await frame
      .getByText(`Pregunta ${i + 1} de ${activity.questions.length}`)
      .waitFor({ timeout: TIMEOUT });
    await dwell(page);
    await giveRightAnswer(frame, activity.type, q, TIMEOUT);
    await acceptFeedback(frame);
  }
}

export async function walkCourse(
  browser: Browser,
  origin: string,
  hostPath: string,
  scoPrefix: string,
): Promise<WalkthroughResult> {
  const { course } = readCourse();
  if (!course) throw new Error('content/ does not load: run npm run content:check');
  const started = Date.now();
  const { page, close } = await newBenchPage(browser);
  try {
    await page.context().addInitScript({ content: routeCounterScript(scoPrefix) });
    await page.goto(origin + hostPath);
    const frame = page.frameLocator(`iframe[title="${FRAME_TITLE}"]`);
    const scoFrame: Frame = await findScoFrame(page, scoPrefix);

    await frame.getByRole('link', { name: 'Siguiente' }).click({ timeout: TIMEOUT });
    for (const [index, module] of course.modules.entries()) {
      await walkModule(page, frame, module, index + 1);
      // The quiz ends on its result panel; the last one under the congratulations modal.
      if (index < course.modules.length - 1)
        await frame
          .getByRole('region', { name: 'Resultado' })
          .getByRole('link', { name: 'Ir al menú' })
          .click({ timeout: TIMEOUT });
    }
    await frame
      .getByRole('dialog')
      .getByRole('heading', { name: 'FELICITACIONES' })
      .waitFor({ timeout: TIMEOUT });
    await dwell(page);
    const views =
      (await scoFrame.evaluate(
        () => (window as unknown as { __benchViews?: string[] }).__benchViews,
      )) ?? [];
    // The learner closes the course: whatever the course sends on pagehide counts too.
    await scoFrame.goto('about:blank');
    await page.waitForTimeout(500);
    const { calls } = await page.evaluate(
      () => (window as unknown as { __bench: HostRecord }).__bench,
    );
    return summarise(calls, views.length, (Date.now() - started) / 1000);
  } finally {
    await close();
  }
}

export function summarise(
  calls: ApiCall[],
  screenViews: number,
  seconds: number,
): WalkthroughResult {
  const sets = calls.filter((c) => c.method === 'LMSSetValue');
  const suspend = sets
    .filter((c) => c.element === 'cmi.suspend_data')
    .map((c) => (c.value ?? '').length);
  const last = (element: string) => sets.filter((c) => c.element === element).at(-1)?.value ?? null;
  const commits = calls.filter((c) => c.method === 'LMSCommit').length;
  return {
    screenViews,
    setValueCalls: sets.length,
    commitCalls: commits,
    setValuePerView: screenViews ? sets.length / screenViews : 0,
    setValueByElement: sets.reduce<Record<string, number>>((by, c) => {
      // cmi.interactions.0.id and cmi.interactions.1.id count as one element.
      const key = (c.element ?? '').replace(/\.\d+\./g, '.n.');
      by[key] = (by[key] ?? 0) + 1;
      return by;
    }, {}),
    commitsPerView: screenViews ? commits / screenViews : 0,
    longestSuspendData: suspend.length ? Math.max(...suspend) : 0,
    finalSuspendData: suspend.at(-1) ?? 0,
    finalScore: last('cmi.core.score.raw'),
    finalStatus: last('cmi.core.lesson_status'),
    seconds,
  };
}
