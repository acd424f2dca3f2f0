// Signing in to the standalone app the way a learner does, shared by its specs.
import { expect, type Page } from '@playwright/test';
import { PASSWORD } from './api-server-config.ts';

/** Fills the sign-in form and submits it (the page must be showing it). */
export async function signIn(page: Page, document: string, password: string = PASSWORD) {
  await page.getByLabel('Número de documento o correo').fill(document);
  await page.getByLabel('Contraseña').fill(password);
  await page.getByRole('button', { name: 'Ingresar' }).click();
}

/** Just signed in: on to the menu, through the introduction when the learner is new. */
export async function onToMenu(page: Page) {
  await expect(page).toHaveURL(
    /\/(introduccion|menu|contenido|lista\d|arrastra-la-pregunta|seleccionar-pregunta)/,
  );
  if (/\/introduccion$/.test(page.url()))
    await page.getByRole('link', { name: 'Siguiente' }).click();
  else if (!/\/menu$/.test(page.url()))
    await page.getByRole('contentinfo').getByRole('link', { name: 'Menú' }).click();
  await expect(page).toHaveURL(/\/menu$/);
}

/** Signed in from the start page and on the menu. */
export async function signInToMenu(page: Page, document: string, password: string = PASSWORD) {
  await page.goto('/');
  await signIn(page, document, password);
  await onToMenu(page);
}
