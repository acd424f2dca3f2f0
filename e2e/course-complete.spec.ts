// The whole course, as issue 3 asks: keyboard only, and on a phone by touch.
import { expect, test } from '@playwright/test';
import { course } from './support/content.ts';
import { pressOn } from './support/keyboard.ts';
import { takeModule } from './support/learner.ts';

test('the whole course with the keyboard only reaches 100 and the congratulations modal', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto('/lms/index.html');
  await pressOn(page, page.getByRole('link', { name: 'Siguiente' }));
  const n = course().modules.length;
  for (let m = 1; m <= n; m++) {
    await takeModule(page, m, 'keyboard');
    if (m < n) await expect(page.getByText(`Progreso: ${(m * 100) / n} %`)).toBeVisible();
  }
  const congrats = page.getByRole('dialog');
  await expect(congrats.getByRole('heading', { name: 'FELICITACIONES' })).toBeVisible();
  await expect(congrats).toContainText(
    'Terminaste con éxito el curso de Sistema de Gestión de Seguridad y Salud en el trabajo.',
  );
  await expect(congrats).toContainText('Puedes descargar tu certificado de participación.');
  await expect(congrats.getByRole('button', { name: 'DESCARGAR' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(congrats).toBeVisible();
  await expect(page.getByText('Progreso: 100 %')).toBeVisible();
  expect(errors).toEqual([]);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('the whole course by touch reaches 100 and the congratulations modal', async ({ page }) => {
    test.setTimeout(180_000);
    await page.goto('/lms/index.html');
    await page.getByRole('link', { name: 'Siguiente' }).tap();
    for (let m = 1; m <= course().modules.length; m++) await takeModule(page, m, 'touch');
    await expect(
      page.getByRole('dialog').getByRole('heading', { name: 'FELICITACIONES' }),
    ).toBeVisible();
    await expect(page.getByText('Progreso: 100 %')).toBeVisible();
  });
});

test('a drag with the mouse drops the answer on the zone', async ({ page }) => {
  await page.goto('/lms/index.html#/arrastra-la-pregunta/modulo1-actividad');
  const q = course().modules[0]!.activity.questions[0]!;
  const answer = q.options.find((o) => o.correct === 1)!.option;
  const option = page.getByRole('button', { name: answer, exact: true });
  const zone = page.getByRole('button', { name: /Soltar la respuesta elegida aquí/ });
  const from = (await option.boundingBox())!;
  const to = (await zone.boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + 40, from.y - 10, { steps: 4 });
  await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 8 });
  await page.mouse.up();
  await expect(page.getByRole('dialog')).toContainText('¡Respuesta correcta!');
});
