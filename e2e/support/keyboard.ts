// Keyboard-only helpers: reach a control with Tab (or Shift+Tab) like a person would, then act.
import { expect, type Locator, type Page } from '@playwright/test';

const MAX_TABS = 80;

/** Presses Tab (or Shift+Tab) until the target has focus; fails if it is never reached. */
export async function tabTo(page: Page, target: Locator, options: { backwards?: boolean } = {}) {
  await expect(target).toBeVisible();
  for (let i = 0; i < MAX_TABS; i++) {
    // The locator is resolved again at each step: the LMS build's static first screen gives way
    // to the app while the learner tabs, so the element may be replaced meanwhile. keep-focus.ts
    // (decision 0229) moves focus to the app's twin of the focused control; a handle taken once
    // would still point at the element that left (decision 0155). While the target cannot be
    // resolved (mid-swap), no Tab is pressed: it would move focus past the twin.
    const focused = await target
      .evaluate((el) => document.activeElement === el, undefined, { timeout: 1000 })
      .catch(() => null);
    if (focused) return;
    if (focused === null) continue;
    await page.keyboard.press(options.backwards ? 'Shift+Tab' : 'Tab');
  }
  throw new Error(`No se alcanzó con el teclado: ${target.toString()}`);
}

/** Tab to a control and press Enter. */
export async function pressOn(
  page: Page,
  target: Locator,
  key = 'Enter',
  options: { backwards?: boolean } = {},
) {
  await tabTo(page, target, options);
  await page.keyboard.press(key);
}
