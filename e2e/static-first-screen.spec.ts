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
