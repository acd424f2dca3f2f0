// The browser closes in the middle of a save: nothing is lost. The update-user request is left
// hanging (the server never sees it) and the page is closed; the learner comes back on the
// same browser and the course sends the kept change, so the server ends up with the progress.
import { expect, test } from '@playwright/test';
import { course } from './support/content.ts';
import { API_URL, LEARNERS, PASSWORD } from './support/api-server-config.ts';

test.use({ baseURL: API_URL });

test('closing the browser while progress is being saved loses nothing', async ({ context }) => {
  const page = await context.newPage();
  await page.goto('/');
  await page.getByLabel('Número de documento o correo').fill(LEARNERS.interrupted.document);
  await page.getByLabel('Contraseña').fill(PASSWORD);
  await page.getByRole('button', { name: 'Ingresar' }).click();
  await expect(page).toHaveURL(/\/(introduccion|menu)$/);

  // From now on every update-user hangs: the save is in flight when the page goes away.
  let inFlight = 0;
  await context.route('**/api/v1/update-user', () => {
    inFlight++; // never answered
  });
  await page.goto('/menu');
  await page.getByRole('button', { name: /Módulo 1\b/ }).click();
  const topics = course().modules[0]!.topics;
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(topics[0]!.title);
  await page.getByRole('link', { name: 'Siguiente' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(topics[1]!.title);
  await expect.poll(() => inFlight).toBeGreaterThan(0);
  await page.close({ runBeforeUnload: false });

  // Back on the same browser, with the network working again.
  await context.unroute('**/api/v1/update-user');
  const again = await context.newPage();
  const sent = again.waitForResponse(
    (r) => r.url().endsWith('/api/v1/update-user') && r.status() === 200,
  );
  await again.goto('/menu');
  await sent;

  // The server has the two viewed topics of module 1.
  const token = await again.evaluate(() => localStorage.getItem('token'));
  const xsrf = (await context.cookies()).find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
  const me = await again.request.post('/api/v1/me', {
    headers: { Authorization: token ?? '', 'X-XSRF-TOKEN': decodeURIComponent(xsrf) },
  });
  expect(me.ok()).toBe(true);
  const { user } = (await me.json()) as { user: { route: string } };
  expect(user.route.split('-')[0]!.split(',')).toEqual(expect.arrayContaining(['0', '1']));
});
