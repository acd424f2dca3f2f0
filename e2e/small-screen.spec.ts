// The course at 320 px (decisions 0091 and 0096) (the narrowest phones): on every screen type nothing is cut — every control
// lies fully inside the viewport's width, the page never scrolls sideways, «Siguiente» can be seen
// whole and is not covered by the sticky header — and tap targets are at least 44 px; on the quiz
// types also with each feedback modal open and on the result panel.
import { expect, test, type Locator, type Page } from '@playwright/test';
import { pagePath } from '../src/domain/progress/navigation.ts';
import { course } from './support/content.ts';
import { dragOnto, seedLocalProgress, walkQuiz } from './support/learner.ts';
import { expectAppIntroduction, openDrawer } from './support/wayfinding.ts';

test.use({ viewport: { width: 320, height: 640 }, hasTouch: true, isMobile: true });

/** The first topic of each screen type, then each quiz type: every screen type of the course. */
function screenTypes(): { type: string; path: string }[] {
  const seen = new Map<string, string>();
  for (const m of course().modules) {
    for (const t of m.topics) if (!seen.has(t.type)) seen.set(t.type, pagePath(t));
    if (!seen.has(m.activity.type)) seen.set(m.activity.type, pagePath(m.activity));
  }
  return [...seen].map(([type, path]) => ({ type, path }));
}

const CONTROLS =
  'button, a[href], input, select, textarea, summary, [role="button"], [tabindex="0"]';

/** Controls shown on the screen that are cut by the viewport's edges or too small to tap. */
async function offenders(page: Page) {
  const viewport = page.viewportSize()!;
  // The device's width, not window.innerWidth: a phone widens its layout viewport (zooming out)
  // when a page overflows, which would hide the very overflow checked here.
  return page.evaluate(
    ([selector, width, height]) => {
      const out: string[] = [];
      let checked = 0;
      const name = (el: Element) =>
        `${el.tagName.toLowerCase()}${el.className ? `.${String(el.className).split(' ')[0]}` : ''} «${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 40)}»`;
      if (document.documentElement.scrollWidth > width)
        out.push(`la página se desplaza de lado: ${document.documentElement.scrollWidth}px`);
      for (const el of document.querySelectorAll(selector)) {
        if (el.closest('.skip-link, [inert], [aria-hidden="true"]')) continue;
        if (!el.checkVisibility({ visibilityProperty: true, opacityProperty: true })) continue;
        const r = el.getBoundingClientRect();
        if (r.width === 0 || r.height === 0) continue;
        checked += 1;
        if (r.left < -0.5 || r.right > width + 0.5)
          out.push(
            `${name(el)} cortado: x ${Math.round(r.left)}…${Math.round(r.right)} de ${width}`,
          );
        if (r.height > height) out.push(`${name(el)} más alto que la pantalla`);
        // Tap targets: the control itself, or the label that holds it (radio buttons).
        const target = el.closest('label') ?? el;
        const t = target.getBoundingClientRect();
        const inlineLink =
          el.tagName === 'A' &&
          !el.classList.contains('btn') &&
          getComputedStyle(el).display === 'inline';
        if (!inlineLink && (t.width < 43.5 || t.height < 43.5))
          out.push(`${name(el)} pequeño: ${Math.round(t.width)}×${Math.round(t.height)}`);
      }
      return { checked, out };
    },
    [CONTROLS, viewport.width, viewport.height] as const,
  );
}

/** No control cut or too small; and the check did look at the screen's controls. */
async function expectNothingCut(page: Page) {
  const { checked, out } = await offenders(page);
  expect(out).toEqual([]);
  expect(checked, 'controls checked').toBeGreaterThanOrEqual(3);
}

/** Whether the element itself is what a tap at its centre would reach. */
const uncovered = (target: Locator) =>
  target.evaluate((el) => {
    const r = el.getBoundingClientRect();
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return !!hit && el.contains(hit);
  });

async function expectNextWhole(page: Page) {
  const next = page.getByRole('link', { name: 'Siguiente', exact: true });
  await next.scrollIntoViewIfNeeded();
  const box = (await next.boundingBox())!;
  const viewport = page.viewportSize()!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
  expect(box.y).toBeGreaterThanOrEqual(0);
  expect(box.y + box.height).toBeLessThanOrEqual(viewport.height);
  // Nothing (the sticky header) lies over it.
  expect(await uncovered(next), '«Siguiente» is not covered').toBe(true);
}

test.beforeEach(async ({ page }) => seedLocalProgress(page, course().modules.length - 1));

test('introduction, menu and the drawer', async ({ page }) => {
  await page.goto('/lms/index.html#/introduccion');
  await expectAppIntroduction(page);
  await expectNothingCut(page);
  await expectNextWhole(page);
  await page.goto('/lms/index.html#/menu');
  await expect(page.getByRole('heading', { name: 'Módulos del curso' })).toBeVisible();
  await expectNothingCut(page);
  await openDrawer(page, true);
  await expectNothingCut(page);
});

for (const { type, path } of screenTypes()) {
  test(`screen type ${type}`, async ({ page }) => {
    await page.goto(`/lms/index.html#${path}`);
    await expect(page.locator(`[data-screen-type="${type}"]`)).toBeVisible();
    await expectNothingCut(page);
    if (!type.endsWith('-answer')) {
      await expectNextWhole(page);
      return;
    }
    // A quiz: each feedback modal open, the wrong choice marked, and the result panel.
    const activity = course().modules.find((m) => m.activity.type === type)!.activity;
    await walkQuiz(page, 'touch', activity, () => expectNothingCut(page));
  });
}

test('drag-answer: whichever option is in view, the drop zone is too, and a finger drag from the last lands', async ({
  page,
}) => {
  const activity = course().modules.find((m) => m.activity.type === 'drag-answer')!.activity;
  await page.goto(`/lms/index.html#${pagePath(activity)}`);
  await expect(page.getByText(`Pregunta 1 de ${activity.questions.length}`)).toBeVisible();
  const zone = page.getByRole('button', { name: /Soltar la respuesta elegida aquí/ });
  const options = page.getByRole('list', { name: 'Respuestas posibles' }).getByRole('button');
  const header = (await page.locator('.shell-header').boundingBox())!;
  const viewport = page.viewportSize()!;
  // As a learner scrolls with a finger: each option brought to the middle of the screen (the last
  // one as far as the page goes: its end, footer in view).
  for (const option of await options.all()) {
    await option.evaluate((el) => el.scrollIntoView({ block: 'center' }));
    await expect(option).toBeInViewport();
    const box = (await zone.boundingBox())!;
    const name = await option.textContent();
    // On screen, below the sticky header, and nothing over its centre (the zone sticks, 0096).
    expect(box.y, `${name}: zone below the header`).toBeGreaterThanOrEqual(
      header.y + header.height - 0.5,
    );
    expect(box.y + box.height, `${name}: zone on screen`).toBeLessThanOrEqual(viewport.height);
    expect(await uncovered(zone), `${name}: zone not covered`).toBe(true);
  }
  await dragOnto(page, 'touch', options.last(), zone);
  await expect(page.getByRole('dialog')).toBeVisible();
});
