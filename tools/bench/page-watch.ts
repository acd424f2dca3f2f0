// In-page timing for the benches that time a learner's page (tools/bench/web-first-screen.ts,
// tools/bench-monday.ts), installed before any of the page's scripts (an init script): on every
// animation frame, the first moment each watched selector is visible and enabled, and the moment
// of the first click on each. The frame's paint follows, so a time is when the learner can see
// it; recorded in the page, it does not depend on when the bench gets round to asking (under
// CPU ×4 that delay would count). Times are epoch ms (performance.timeOrigin + now).
import type { BrowserContext, Page } from 'playwright-core';

const WATCH = `function (selectors) {
  var seen = {}, clicked = {};
  window.__benchWatch = { origin: performance.timeOrigin, seen: seen, clicked: clicked };
  var at = function () { return performance.timeOrigin + performance.now(); };
  function check() {
    selectors.forEach(function (sel) {
      if (seen[sel]) return;
      var el = document.querySelector(sel);
      if (!el || el.disabled) return;
      var box = el.getBoundingClientRect();
      if (box.width > 0 && box.height > 0 && getComputedStyle(el).visibility !== 'hidden')
        seen[sel] = at();
    });
    if (selectors.some(function (sel) { return !seen[sel]; })) requestAnimationFrame(check);
  }
  requestAnimationFrame(check);
  document.addEventListener('click', function (event) {
    selectors.forEach(function (sel) {
      if (!clicked[sel] && event.target instanceof Element && event.target.closest(sel))
        clicked[sel] = at();
    });
  }, true);
}`;

/** What the page recorded: its navigation start, and when each selector was seen and clicked. */
export interface PageWatch {
  origin: number;
  seen: Record<string, number>;
  clicked: Record<string, number>;
}

/** Watches `selectors` in every page of the context from its first script on. */
export async function watchPages(context: BrowserContext, selectors: string[]): Promise<void> {
  // As source text: the function as written, without helpers a TypeScript runner might add.
  await context.addInitScript(`(${WATCH})(${JSON.stringify(selectors)})`);
}

/** The page's record so far (null before the watch has run). */
export function pageWatch(page: Page): Promise<PageWatch | null> {
  return page.evaluate(
    () => (window as unknown as { __benchWatch?: PageWatch }).__benchWatch ?? null,
  );
}
