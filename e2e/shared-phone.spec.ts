// A shared phone at the obra (decision 0157): a learner studies module 2 with no signal; the
// coordinator resets her password meanwhile; another worker signs in on the same phone, then
// signs out; she comes back with her new password — and her module 2 and its first answers reach
// the server, credited to her alone.
import { expect, test } from '@playwright/test';
import { course } from './support/content.ts';
import { takeModule } from './support/learner.ts';
import { API_URL, LEARNERS, PASSWORD } from './support/api-server-config.ts';
import { consolePage, openLearner } from './support/console-reader.ts';
import { onToMenu, signIn } from './support/standalone.ts';

test.use({ baseURL: API_URL, viewport: { width: 390, height: 844 } });

const FIRST = LEARNERS.sharedPhoneFirst;
const NEXT = LEARNERS.sharedPhoneNext;
const SAVES = /\/api\/v1\/(update-user|record-activity)$/;

test('a password reset during offline study, another worker on the phone: her module 2 and first answers still reach the server', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  const module2 = course().modules[1]!;

  await page.goto('/');
  await signIn(page, FIRST.document, PASSWORD);
  await onToMenu(page);
  await expect(page.getByText('Módulos terminados: 1 de 5')).toBeVisible();

  // No signal for saves: module 2, topics and quiz, stays on the phone.
  await page.route(SAVES, (route) => route.abort('internetdisconnected'));
  await takeModule(page, 2, 'mouse');
  await expect(page.getByText('Módulos terminados: 2 de 5')).toBeVisible();

  // Meanwhile the coordinator resets her password (her sessions are revoked).
  const coordinator = await consolePage(browser);
  await openLearner(coordinator, FIRST.document);
  await coordinator.getByRole('button', { name: 'Restablecer contraseña' }).click();
  const newPassword = (await coordinator.locator('.secret').innerText()).trim();
  expect(newPassword.length).toBeGreaterThanOrEqual(8);

  // The signal is back: the server refuses her session and says why (decision 0231): a
  // password reset, not an expired session; the sign-in page says so to whoever holds the phone,
  // naming no one.
  await page.unroute(SAVES);
  await page.reload();
  await expect(page).toHaveURL(/\/auth\/login$/);
  const notice = page
    .getByRole('status')
    .filter({ hasText: 'Tu contraseña fue cambiada por el coordinador' });
  await expect(notice).toContainText('Entra con la contraseña nueva');
  await expect(notice).toContainText('Si eres otra persona, puedes ingresar');
  await expect(notice).not.toContainText('Tu sesión terminó');
  await expect(notice).not.toContainText(FIRST.name.split(' ')[0]!);

  // The next worker signs in: a course of their own, at 0 %; then signs out.
  await signIn(page, NEXT.document, PASSWORD);
  await onToMenu(page);
  await expect(page.getByText('Módulos terminados: 0 de 5')).toBeVisible();
  await page.getByRole('button', { name: 'Cerrar sesión' }).click();
  await expect(page).toHaveURL(/\/($|auth\/login$)/);
  if (!/auth\/login$/.test(page.url())) await page.goto('/auth/login');
  await expect(
    page.getByRole('status').filter({ hasText: 'guarda avance de otra persona' }),
  ).toBeVisible();

  // She comes back with her new password: what she studied offline is sent, as hers.
  await signIn(page, FIRST.document, newPassword);
  await onToMenu(page);
  await expect(page.getByText('Módulos terminados: 2 de 5')).toBeVisible();
  await expect
    .poll(
      async () => {
        await openLearner(coordinator, FIRST.document);
        return coordinator.getByText(/correctas de \d+ respondidas/).innerText();
      },
      { timeout: 30_000 },
    )
    .toMatch(new RegExp(`de ${module2.activity.questions.length} respondidas`));
  await expect(coordinator.locator('dd').filter({ hasText: /^40 %$/ })).toHaveCount(1);
  // Nothing of hers was credited to the next worker.
  await openLearner(coordinator, NEXT.document);
  await expect(coordinator.locator('dd').filter({ hasText: /^0 %$/ })).toHaveCount(1);
  await coordinator.context().close();
  expect(errors).toEqual([]);
});
