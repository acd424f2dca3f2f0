// The drag-answer quiz with real drags: a mouse drag (page.mouse down/move/up) and a finger drag
// (CDP Input.dispatchTouchEvent start/move/end) answer when the option lands on the zone, with no
// tap on the zone after it; the instructions match the input. The keyboard path is walked in
// local-module1.spec.ts. Questions and answers come from the content files.
import { expect, test, type Page } from '@playwright/test';
import { course } from './support/content.ts';
import { centre, dragOnto, seedLocalProgress } from './support/learner.ts';

const dragModule = course().modules.findIndex((m) => m.activity.type === 'drag-answer');
const activity = course().modules[dragModule]!.activity;
const question = activity.questions[0]!;
const right = question.options.find((o) => o.correct === 1)!.option;
const wrong = question.options.find((o) => o.correct === 0)!.option;

async function openQuiz(page: Page) {
  if (dragModule > 0) await seedLocalProgress(page, dragModule);
  await page.goto(`/lms/index.html#/arrastra-la-pregunta/${activity.id}`);
  await expect(page.getByText(`Pregunta 1 de ${activity.questions.length}`)).toBeVisible();
}

const zone = (page: Page) => page.getByRole('button', { name: /Soltar la respuesta elegida aquí/ });
const option = (page: Page, text: string) => page.getByRole('button', { name: text, exact: true });

async function accept(page: Page, expected: string) {
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(expected);
  await dialog.getByRole('button', { name: 'ACEPTAR' }).click();
  await expect(dialog).toHaveCount(0);
}

test.describe('mouse', () => {
  test.use({ viewport: { width: 1366, height: 768 } });

  test('a mouse drag onto the zone answers on drop', async ({ page }) => {
    await openQuiz(page);
    await expect(page.locator('.quiz-help')).toContainText('haz clic');
    for (const [text, expected] of [
      [wrong, 'Respuesta incorrecta'],
      [right, '¡Respuesta correcta!'],
    ] as const) {
      await dragOnto(page, 'mouse', option(page, text), zone(page));
      await accept(page, expected);
    }
    await expect(page.getByText(`Pregunta 2 de ${activity.questions.length}`)).toBeVisible();
  });

  test('a drag released outside the zone answers nothing', async ({ page }) => {
    await openQuiz(page);
    const from = await centre(option(page, right));
    await page.mouse.move(from.x, from.y);
    await page.mouse.down();
    await page.mouse.move(from.x + 40, from.y + 60, { steps: 6 });
    await page.mouse.up();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page.getByText(`Pregunta 1 de ${activity.questions.length}`)).toBeVisible();
  });
});

test.describe('touch', () => {
  test.use({ viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true });

  test('a finger drag onto the zone answers on drop; touch users get no keyboard instructions', async ({
    page,
  }) => {
    await openQuiz(page);
    const help = page.locator('.quiz-help');
    await expect(help).toContainText('dedo');
    await expect(help).not.toContainText(/teclado|Enter|Espacio/);
    for (const [text, expected] of [
      [wrong, 'Respuesta incorrecta'],
      [right, '¡Respuesta correcta!'],
    ] as const) {
      // With the option in view, the zone is on screen too: a finger can reach it.
      await centre(option(page, text));
      const box = (await zone(page).boundingBox())!;
      expect(box.y + box.height / 2).toBeGreaterThan(0);
      await dragOnto(page, 'touch', option(page, text), zone(page));
      await accept(page, expected);
      if (text === wrong)
        await expect(option(page, wrong)).toHaveAccessibleDescription('Respuesta incorrecta');
    }
    await expect(page.getByText(`Pregunta 2 de ${activity.questions.length}`)).toBeVisible();
    await expect(help).not.toContainText(/teclado/);
  });
});
