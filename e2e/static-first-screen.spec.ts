// The LMS build's static first screen (the introduction, painted from index.html before any
// JavaScript runs) and the app that takes over from it: the header has the same height at a
// phone's width and a desktop's, and the heading the same place in the page, so the learner who
// has started reading sees nothing jump when the app starts (scripts/vite-html-plugin.ts).
import { expect, test, type Page } from '@playwright/test';
import { course } from './support/content.ts';

/** The header's height and the heading's offset from the top of <main>. */
const geometry = (page: Page) =>
  page.evaluate(() => {
    const box = (selector: string) => document.querySelector(selector)!.getBoundingClientRect();
    return {
      header: box('header').height,
      heading: box('main h1').top - box('main').top,
      title: document.querySelector('main h1')!.textContent,
    };
  });

for (const viewport of [
  { width: 360, height: 740 },
  { width: 1366, height: 768 },
]) {
  test(`${viewport.width} px: the static first screen has the app's header and heading in place`, async ({
    browser,
  }) => {
    const before = await browser.newContext({ viewport, javaScriptEnabled: false });
    const staticPage = await before.newPage();
    await staticPage.goto('/lms/index.html');
    const painted = await geometry(staticPage);
    await before.close();

    const after = await browser.newContext({ viewport });
    const app = await after.newPage();
    await app.goto('/lms/index.html');
    await expect(app.getByRole('button', { name: 'Módulos' })).toBeVisible();
    const started = await geometry(app);
    await after.close();

    expect(painted.title).toBe(course().introduction.title);
    expect(painted).toEqual(started);
  });
}

// Record 0276: the first screen is the page and one script; what the next screens need is asked
// for only after the page's load event, and no stylesheet the page already carries comes again.
test('the first screen loads one script, and the prefetch starts after the load event', async ({
  page,
}) => {
  await page.goto('/lms/index.html');
  await expect(page.getByRole('button', { name: 'Módulos' })).toBeVisible();
  // The topic screens' code still comes ahead of the learner's tap (record 0098).
  await expect
    .poll(() =>
      page.evaluate(() =>
        performance.getEntriesByType('resource').some((e) => /\/templates-[^/]*\.js$/.test(e.name)),
      ),
    )
    .toBe(true);
  const { beforeLoad, stylesheets, inline } = await page.evaluate(() => {
    const loadStart = performance.getEntriesByType('navigation')[0]!.toJSON().loadEventStart;
    const resources = performance.getEntriesByType('resource');
    return {
      beforeLoad: resources
        .filter((e) => e.startTime < loadStart)
        .map((e) => new URL(e.name).pathname.replace(/.*\//, '')),
      stylesheets: resources
        .map((e) => new URL(e.name).pathname)
        .filter((path) => path.endsWith('.css')),
      inline: [...document.querySelectorAll('style')].map((s) => s.textContent ?? ''),
    };
  });
  expect(beforeLoad).toEqual([expect.stringMatching(/^index-[^/]*\.js$/)]);
  for (const path of stylesheets) {
    const css = (await (await page.request.get(path)).text()).trim();
    expect(
      inline.some((text) => text.includes(css)),
      `${path} is already in the page`,
    ).toBe(false);
  }
});

// Record 0284: the inline script that calls Initialize comes after the static screen, so the
// page's introduction is already in the document when the LMS is first called (a frame painted
// while that call runs shows it), and nothing runs before the page's content is known.
test('the introduction is in the page when the LMS receives Initialize', async ({ page }) => {
  await page.addInitScript(() => {
    const seen: { heading: string | null; next: boolean }[] = [];
    const w = window as unknown as { __seenAtInitialize: typeof seen; API: unknown };
    w.__seenAtInitialize = seen;
    w.API = {
      LMSInitialize: () => {
        seen.push({
          heading: document.querySelector('main h1')?.textContent ?? null,
          next: document.querySelector('a[href="#/menu"]') !== null,
        });
        return 'true';
      },
      LMSGetValue: () => '',
      LMSSetValue: () => 'true',
      LMSCommit: () => 'true',
      LMSFinish: () => 'true',
      LMSGetLastError: () => '0',
      LMSGetErrorString: () => '',
      LMSGetDiagnostic: () => '',
    };
  });
  await page.goto('/lms/index.html');
  const seen = () =>
    page.evaluate(
      () =>
        (window as unknown as { __seenAtInitialize: { heading: string | null; next: boolean }[] })
          .__seenAtInitialize,
    );
  await expect.poll(async () => (await seen()).length).toBeGreaterThan(0);
  const [first] = await seen();
  expect(first).toEqual({ heading: expect.stringMatching(/\S/), next: true });
});
