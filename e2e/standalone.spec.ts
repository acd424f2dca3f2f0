// The standalone web app against our real server (decisions 0001 and 0016): sign in, take a module,
// reload and find the progress restored from the server, log out and land on '/'.
import { expect, test, type Page } from '@playwright/test';
import { course } from './support/content.ts';
import { takeModule } from './support/learner.ts';
import { API_URL, LEARNERS, PASSWORD } from './support/api-server-config.ts';
import { signIn } from './support/standalone.ts';

test.use({ baseURL: API_URL });

const storedKeys = (page: Page) => page.evaluate(() => Object.keys(localStorage).sort());

test('sign in, take module 1, reload: progress restored from the server; log out lands on /', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  const module1 = course().modules[0]!;

  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Ingreso al curso' })).toBeVisible();
  await signIn(page, LEARNERS.standalone.document, PASSWORD);
  // Signed in, the app opens where the learner left off (the introduction when new).
  await expect(page).toHaveURL(
    /\/(introduccion|menu|contenido|lista\d|arrastra-la-pregunta|seleccionar-pregunta)/,
  );
  // A fresh learner starts at the introduction; on a reused test server (a local re-run) the
  // learner resumes where the last run left, so go to the menu through the footer then.
  if (/\/introduccion$/.test(page.url()))
    await page.getByRole('link', { name: 'Siguiente' }).click();
  else await page.getByRole('contentinfo').getByRole('link', { name: 'Menú' }).click();
  await expect(page).toHaveURL(/\/menu$/);

  await takeModule(page, 1, 'mouse');
  await expect(page).toHaveURL(/\/menu$/);
  await expect(page.getByText('Módulos terminados: 1 de 5')).toBeVisible();
  const card = page.getByRole('listitem').filter({ hasText: module1.title });
  await expect(card).toContainText('Completado');

  await page.reload();
  await expect(page.getByText('Módulos terminados: 1 de 5')).toBeVisible();
  await expect(card).toContainText('Completado');

  // Another browser (nothing in its storage) signing in as the same learner gets the same
  // progress: it came from the server, not from this browser's cache.
  const other = await browser.newContext({ baseURL: API_URL, locale: 'es-CO' });
  try {
    const second = await other.newPage();
    await second.goto('/');
    await signIn(second, LEARNERS.standalone.document, PASSWORD);
    await expect(second).not.toHaveURL(`${API_URL}/`);
    await second.goto('/menu');
    await expect(second.getByText('Módulos terminados: 1 de 5')).toBeVisible();
    await expect(second.getByRole('listitem').filter({ hasText: module1.title })).toContainText(
      'Completado',
    );
  } finally {
    await other.close();
  }

  await page.getByRole('button', { name: 'Cerrar sesión' }).click();
  await expect(page).toHaveURL(`${API_URL}/`);
  await expect(page.getByRole('heading', { name: 'Ingreso al curso' })).toBeVisible();
  expect(await storedKeys(page)).not.toContain('token');
  // Signed out, a course page sends to the sign-in.
  await page.goto('/menu');
  await expect(page.getByRole('heading', { name: 'Ingreso al curso' })).toBeVisible();
  expect(errors).toEqual([]);
});

test('a wrong password shows a Spanish message and stores nothing', async ({ page }) => {
  await page.goto('/');
  const before = await storedKeys(page);
  await signIn(page, LEARNERS.beginner.document, 'no-es-la-clave');
  await expect(page.getByRole('alert')).toHaveText(
    'El número de documento, el correo o la contraseña no son correctos.',
  );
  await expect(page).toHaveURL(`${API_URL}/`);
  expect(await storedKeys(page)).toEqual(before);
  expect(before).not.toContain('token');
  // The form is still there for another try.
  await expect(page.getByRole('button', { name: 'Ingresar' })).toBeEnabled();
});
