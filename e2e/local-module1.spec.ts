// Module 1 in `local` mode (the LMS build opened with no LMS), with the keyboard only.
import { expect, test } from '@playwright/test';
import { correctOptions, course } from './support/content.ts';
import { pressOn } from './support/keyboard.ts';

test('module 1 from the introduction through its quiz, keyboard only', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto('/lms/index.html');
  await expect(page).toHaveURL(/#\/introduccion$/);
  await expect(page.getByRole('contentinfo').getByRole('link', { name: 'Menú' })).toHaveCount(0);

  await pressOn(page, page.getByRole('link', { name: 'Siguiente' }));
  await expect(page).toHaveURL(/#\/menu$/);
  await expect(page.getByText('Módulos terminados: 0 de 5')).toBeVisible();

  const module1 = course().modules[0]!;
  await pressOn(page, page.getByRole('button', { name: new RegExp(module1.title) }));
  for (const topic of module1.topics) {
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(topic.title);
    await expect(page.getByRole('banner')).toContainText('MÓDULO 1');
    await pressOn(page, page.getByRole('link', { name: 'Siguiente' }));
  }

  await expect(page.getByRole('heading', { level: 1 })).toHaveText('PONTE A PRUEBA MÓDULO 1');
  await expect(page).toHaveURL(/arrastra-la-pregunta\/modulo1-actividad$/);
  const answers = correctOptions(1);
  for (const [i, answer] of answers.entries()) {
    await expect(page.getByText(`Pregunta ${i + 1} de ${answers.length}`)).toBeVisible();
    // Pick the answer with the keyboard, then drop it on the zone (which comes before the options).
    await pressOn(page, page.getByRole('button', { name: answer, exact: true }));
    await expect(page.getByRole('button', { name: answer, exact: true })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await pressOn(
      page,
      page.getByRole('button', { name: /Soltar la respuesta elegida aquí/ }),
      'Enter',
      { backwards: true },
    );
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText('¡Respuesta correcta!');
    await expect(dialog.getByRole('button', { name: 'ACEPTAR' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(dialog).toHaveCount(0);
  }

  // The result panel on the quiz route, then the way on to the menu.
  const result = page.getByRole('region', { name: 'Resultado' });
  await expect(result).toContainText(`${answers.length} de ${answers.length} al primer intento`);
  await expect(result).toContainText(`Se desbloqueó el módulo 2: ${course().modules[1]!.title}`);
  await pressOn(page, result.getByRole('link', { name: 'Ir al menú' }));
  await expect(page).toHaveURL(/#\/menu$/);
  await expect(page.getByText('Módulos terminados: 1 de 5')).toBeVisible();
  const cards = page.getByRole('listitem');
  await expect(cards.filter({ hasText: module1.title })).toContainText('Completado');
  await expect(cards.filter({ hasText: course().modules[1]!.title })).toContainText('Sin iniciar');

  // Module 3 is still locked.
  await pressOn(page, page.getByRole('button', { name: new RegExp(course().modules[2]!.title) }));
  const locked = page.getByRole('dialog');
  await expect(locked).toContainText('Este módulo no está habilitado.');
  await expect(locked.getByRole('button', { name: 'ACEPTAR' })).toBeFocused();
  await page.keyboard.press('Escape'); // not dismissible by keyboard
  await expect(locked).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(locked).toHaveCount(0);
  // Focus returns to the module that opened it.
  await expect(
    page.getByRole('button', { name: new RegExp(course().modules[2]!.title) }),
  ).toBeFocused();
  expect(errors).toEqual([]);
});

test('a wrong answer shows the bad-answer modal and the learner tries again', async ({ page }) => {
  // Module 1 is open from the start, so its quiz can be opened directly.
  await page.goto('/lms/index.html#/arrastra-la-pregunta/modulo1-actividad');
  const q = course().modules[0]!.activity.questions[0]!;
  const wrong = q.options.find((o) => o.correct === 0)!.option;
  await page.getByRole('button', { name: wrong, exact: true }).click();
  await page.getByRole('button', { name: /Soltar la respuesta elegida aquí/ }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('Respuesta incorrecta');
  // A hint, never the right option nor the explanation.
  await expect(dialog).toContainText(
    q.pista ? q.pista.replace(/<[^>]+>/g, '') : 'Vuelve a leer la pregunta',
  );
  await expect(dialog).not.toContainText(q.options.find((o) => o.correct === 1)!.option);
  if (q.message) await expect(dialog).not.toContainText(q.message.replace(/<[^>]+>/g, ''));
  await dialog.getByRole('button', { name: 'ACEPTAR' }).click();
  await expect(
    page.getByText(`Pregunta 1 de ${course().modules[0]!.activity.questions.length}`),
  ).toBeVisible();
  // The wrong choice stays marked, described as such to screen readers.
  await expect(page.getByRole('button', { name: wrong, exact: true })).toHaveAccessibleDescription(
    'Respuesta incorrecta',
  );
});
