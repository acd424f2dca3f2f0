// Walkthrough helpers over the course's frame (inside an LMS harness, a popup or a plain page's
// main frame), by accessible names only. Answers come from the content files.
import { expect, type Frame } from '@playwright/test';
import { course } from './content.ts';
import { answerQuiz, readTopics, takeModule } from './learner.ts';

// The learner's steps (reading topics, answering a quiz) live in learner.ts, for pages and frames.
export { answerQuiz, leaveResults, readTopics } from './learner.ts';

/** The hash route the course shows, e.g. '/menu', '/contenido/modulo1-tema2'. */
export function routeOf(frame: Frame): string {
  return new URL(frame.url()).hash.replace(/^#/, '') || '/';
}

export async function expectRoute(frame: Frame, route: string | RegExp): Promise<void> {
  await expect
    .poll(() => routeOf(frame), { message: `the course shows ${String(route)}` })
    .toMatch(
      typeof route === 'string'
        ? new RegExp(`^${route.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`)
        : route,
    );
}

/** From the introduction to the menu. */
export async function leaveIntroduction(frame: Frame): Promise<void> {
  await expectRoute(frame, '/introduccion');
  await frame.getByRole('link', { name: 'Siguiente' }).click();
  await expectRoute(frame, '/menu');
}

/** From the menu: every topic of module n, its quiz and result panel; ends back on the menu (or the congratulations). */
export async function completeModule(
  frame: Frame,
  moduleNumber: number,
  options: { firstTryWrong?: boolean } = {},
) {
  await takeModule(frame, moduleNumber, 'mouse', options);
  // (The last module ends on its result panel, under the congratulations modal.)
  if (moduleNumber < course().modules.length) await expectRoute(frame, '/menu');
}

/** The whole course from the introduction; ends with the congratulations modal open. */
export async function completeCourse(frame: Frame, options: { firstTryWrong?: boolean } = {}) {
  await leaveIntroduction(frame);
  for (let m = 1; m <= course().modules.length; m++) await completeModule(frame, m, options);
  await expect(
    frame.getByRole('dialog').getByRole('heading', { name: 'FELICITACIONES' }),
  ).toBeVisible();
}

/** On the menu with every module but the last done: the last module's topics and quiz; ends with the congratulations modal open. */
export async function finishLastModule(frame: Frame) {
  const last = course().modules.length;
  await expect(frame.getByText(`Módulos terminados: ${last - 1} de ${last}`)).toBeVisible();
  await readTopics(frame, last);
  await answerQuiz(frame, last);
  await expect(
    frame.getByRole('dialog').getByRole('heading', { name: 'FELICITACIONES' }),
  ).toBeVisible();
}

/** Closes the congratulations modal: the completion flow ends (and the LMS session with it). */
export async function closeCongratulations(frame: Frame) {
  const dialog = frame
    .getByRole('dialog')
    .filter({ has: frame.getByRole('heading', { name: 'FELICITACIONES' }) });
  await dialog.getByRole('button', { name: 'Cerrar' }).click();
  await expect(dialog).toHaveCount(0);
}

export const questionCount = () =>
  course().modules.reduce((n, m) => n + m.activity.questions.length, 0);
export const moduleCount = () => course().modules.length;
/** Route string with every topic and quiz of the course viewed. */
/** The route part of a stored suspend_data: the answers kept after it (`-~1;…` record 0190, `-~2;…` record 0263) left out. */
export const routePart = (suspendData: string) => suspendData.replace(/-~\d+(;.*)?$/, '');

export const fullRoute = () =>
  course()
    .modules.map((m) => Array.from({ length: m.topics.length + 1 }, (_, i) => i).join(','))
    .join('-');
