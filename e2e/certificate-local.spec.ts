// The certificate in `local` mode (the LMS build opened with no LMS, decision 0020): finishing the
// last quiz opens FELICITACIONES; DESCARGAR asks for the name to print and downloads a PDF
// made in the browser, carrying that name with its accents.
import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { course } from './support/content.ts';
import { seedLocalProgress, takeModule } from './support/learner.ts';
import { pdfText } from './support/pdf-text.ts';

const NAME = 'María José Ñúñez';

test('the last quiz, FELICITACIONES, DESCARGAR, the typed name: a PDF download with that name', async ({
  page,
}) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  const last = course().modules.length;
  await seedLocalProgress(page, last - 1, { nextTopicsViewed: true });
  await page.goto('/lms/index.html#/menu');
  await expect(page.getByText(`Módulos terminados: ${last - 1} de ${last}`)).toBeVisible();
  // Every topic of the last module was viewed; reading them again leads to its quiz.
  await takeModule(page, last, 'mouse');

  const congrats = page.getByRole('dialog').filter({ hasText: 'FELICITACIONES' });
  await expect(congrats.getByRole('heading', { name: 'FELICITACIONES' })).toBeVisible();
  await congrats.getByRole('button', { name: 'DESCARGAR' }).click();

  const form = page.getByRole('dialog', { name: 'Tu certificado' });
  const field = form.getByLabel(/Escribe tu nombre completo/);
  await expect(field).toBeVisible();
  await field.fill(NAME);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    form.getByRole('button', { name: 'DESCARGAR' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^certificado-sst-maria-jose-nunez.*\.pdf$/);
  const bytes = await readFile((await download.path())!);
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  const text = await pdfText(bytes);
  expect(text).toContain(NAME);
  expect(text).toContain(course().title);
  // No server, so no verification code on a browser-made certificate.
  expect(text).not.toMatch(/SST-[A-Z0-9]{4}-/);
  await expect(page.getByText('Módulos terminados: 5 de 5')).toBeVisible();
  expect(errors).toEqual([]);
});
