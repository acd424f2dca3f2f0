// The glossary (decision 0106): a «Glosario» button on every screen opens the siglas of
// the course in an accessible dialog, without leaving the page; Escape or «Cerrar» close it and
// focus goes back to the button. Entries come from content/es/glosario.json, never hard-coded.
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { readGlossary } from '../scripts/lib/read-glossary.ts';
import { pagePath } from '../src/domain/progress/navigation.ts';
import { course } from './support/content.ts';
import { seedLocalProgress } from './support/learner.ts';
import { expectAppIntroduction } from './support/wayfinding.ts';

const glossary = readGlossary().glossary!;

async function openGlossary(page: Page, how: 'click' | 'keyboard') {
  const button = page.getByRole('button', { name: 'Glosario' });
  await expect(button).toBeVisible();
  if (how === 'keyboard') {
    await button.focus();
    await page.keyboard.press('Enter');
  } else await button.click();
  const dialog = page.getByRole('dialog', { name: 'Glosario' });
  await expect(dialog).toBeVisible();
  return { button, dialog };
}

async function expectEntries(page: Page) {
  const dialog = page.getByRole('dialog', { name: 'Glosario' });
  await expect(dialog.locator('dt')).toHaveCount(glossary.length);
  for (const g of [glossary[0]!, glossary[glossary.length - 1]!]) {
    await expect(dialog.getByText(g.sigla, { exact: true })).toBeVisible();
    await expect(dialog.getByText(g.significado, { exact: false }).first()).toBeAttached();
  }
}

for (const viewport of [
  { name: 'escritorio', width: 1366, height: 768 },
  { name: 'teléfono', width: 390, height: 844 },
]) {
  test.describe(`glosario (${viewport.name})`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });
    test.beforeEach(async ({ page }) => seedLocalProgress(page, course().modules.length - 1));

    test('opens from a topic screen with the keyboard and closes with Escape', async ({ page }) => {
      const topic = course().modules[2]!.topics[0]!;
      const path = `/lms/index.html#${pagePath(topic)}`;
      await page.goto(path);
      await expect(page.locator(`[data-screen-type="${topic.type}"]`)).toBeVisible();
      const { button, dialog } = await openGlossary(page, 'keyboard');
      await expectEntries(page);
      const results = await new AxeBuilder({ page })
        .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
        .analyze();
      expect(results.violations.map((v) => v.id)).toEqual([]);
      // Focus starts on the close button; Tab reaches the scrolling list (so arrows scroll it)
      // and then «Cerrar»; the page behind is inert (showModal).
      await expect(dialog.getByRole('button', { name: 'Cerrar el glosario' })).toBeFocused();
      await page.keyboard.press('Tab');
      await expect(dialog.getByRole('region', { name: 'Siglas y su significado' })).toBeFocused();
      await page.keyboard.press('Tab');
      await expect(dialog.getByRole('button', { name: 'Cerrar', exact: true })).toBeFocused();
      expect(await page.evaluate(() => document.querySelector('dialog:modal') !== null)).toBe(true);
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
      await expect(button).toBeFocused();
      // Not a page of the course: the route did not change.
      expect(page.url()).toContain(pagePath(topic));
    });

    test('opens from a quiz screen and closes with «Cerrar»', async ({ page }) => {
      const m = course().modules[0]!;
      await page.goto(`/lms/index.html#${pagePath(m.activity)}`);
      await expect(page.getByText(/Pregunta 1 de/)).toBeVisible();
      const { button, dialog } = await openGlossary(page, 'click');
      await expectEntries(page);
      await dialog.getByRole('button', { name: 'Cerrar', exact: true }).click();
      await expect(dialog).toBeHidden();
      await expect(button).toBeFocused();
      await expect(page.getByText(/Pregunta 1 de/)).toBeVisible();
    });

    test('is on the introduction too', async ({ page }) => {
      await page.goto('/lms/index.html#/introduccion');
      await expectAppIntroduction(page);
      await openGlossary(page, 'click');
      await expectEntries(page);
    });
  });
}
