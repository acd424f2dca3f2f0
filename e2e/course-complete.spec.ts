// The whole course with the keyboard only (decision 0028). The whole course by touch on a phone
// (and with a mouse, in an LMS frame) is walked in e2e/wayfinding.spec.ts; real mouse and finger
// drags in e2e/drag-answer.spec.ts.
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
    if (m < n) await expect(page.getByText(`Módulos terminados: ${m} de ${n}`)).toBeVisible();
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
  await expect(page.getByText('Módulos terminados: 5 de 5')).toBeVisible();
  expect(errors).toEqual([]);
});
