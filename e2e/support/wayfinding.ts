// What a learner sees of where they are (decisions 0027 and 0090): the screens-seen indicator, the page heading
// that receives focus at the top of each new screen, and the side-menu drawer. For pages and for
// the course's frame inside an LMS page.
import { expect, type Locator, type Page } from '@playwright/test';
import type { Surface } from './learner.ts';

export const pageOf = (surface: Surface): Page =>
  'mainFrame' in surface ? surface : surface.page();

/** The course-wide «n de N pantallas» indicator (separate from the score). */
export function screensSeen(surface: Surface): Locator {
  return surface.getByRole('progressbar', { name: 'Pantallas vistas del curso' });
}

export async function screensSeenCount(surface: Surface): Promise<number> {
  return Number(await screensSeen(surface).getAttribute('aria-valuenow'));
}

/** After a navigation: the window is at the top and focus is on the new screen's heading. */
export async function expectTopAndHeadingFocused(surface: Surface, heading?: string | RegExp) {
  const h1 = surface.locator('main h1');
  if (heading !== undefined) await expect(h1).toHaveText(heading);
  await expect(h1).toBeFocused();
  await expect.poll(() => surface.evaluate(() => window.scrollY)).toBe(0);
}

/**
 * The introduction as the app shows it. The LMS page arrives with the introduction already drawn
 * (a static copy for the first paint, without the header's controls): its heading is on screen
 * before the app has taken over, so a check of the app's introduction first waits for the
 * header's «Módulos» button, which only the app draws.
 */
export async function expectAppIntroduction(surface: Surface) {
  await expect(surface.getByRole('button', { name: 'Módulos', exact: true })).toBeVisible();
  await expect(surface.getByRole('heading', { level: 1 })).toBeVisible();
}

export function drawer(surface: Surface): Locator {
  return surface.getByRole('dialog', { name: 'Módulos' });
}

export async function openDrawer(surface: Surface, tap: boolean) {
  const toggle = surface.getByRole('button', { name: 'Módulos', exact: true });
  await (tap ? toggle.tap() : toggle.click());
  await expect(drawer(surface)).toBeVisible();
  await expect(drawer(surface).getByRole('button', { name: 'Cerrar' })).toBeFocused();
}

/** A tap (or click) at a point of the window, in the top page's coordinates. */
export async function pressAt(surface: Surface, x: number, y: number, tap: boolean) {
  const page = pageOf(surface);
  if (tap) await page.touchscreen.tap(x, y);
  else await page.mouse.click(x, y);
}
