// Walkthrough helpers over the course's frame (inside an LMS harness, a popup or a plain page's
// main frame), by accessible names only. Answers come from the content files.
import { expect, type Frame } from '@playwright/test';
import { course } from './content.ts';

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

async function closeFeedback(frame: Frame, expected: RegExp): Promise<void> {
  const dialog = frame.getByRole('dialog').filter({ hasText: expected });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'ACEPTAR' }).click();
  await expect(dialog).toHaveCount(0);
}

/** Opens module n from the menu and reads its topics with 'Siguiente' up to topic `upTo` (all by default). */
export async function readTopics(frame: Frame, moduleNumber: number, upTo?: number): Promise<void> {
  const module = course().modules[moduleNumber - 1]!;
  await expectRoute(frame, '/menu');
  await frame.getByRole('button', { name: new RegExp(`Módulo ${moduleNumber}\\b`) }).click();
  const topics = module.topics.slice(0, upTo ?? module.topics.length);
  for (const [i, topic] of topics.entries()) {
    await expect(frame.getByRole('heading', { level: 1 })).toHaveText(
      topic.title.replace(/<[^>]+>/g, ''),
    );
    if (i < topics.length - 1 || upTo === undefined)
      await frame.getByRole('link', { name: 'Siguiente' }).click();
  }
}

/**
 * Answers the open quiz. With `firstTryWrong`, the first question is answered wrong once (the
 * LMS must keep only that first answer), then right.
 */
export async function answerQuiz(
  frame: Frame,
  moduleNumber: number,
  options: { firstTryWrong?: boolean } = {},
) {
  const activity = course().modules[moduleNumber - 1]!.activity;
  await expect(frame.getByRole('heading', { level: 1 })).toHaveText(activity.title);
  for (const [i, q] of activity.questions.entries()) {
    await expect(
      frame.getByText(`Pregunta ${i + 1} de ${activity.questions.length}`),
    ).toBeVisible();
    const right = q.options.find((o) => o.correct === 1)!.option;
    const wrong = q.options.find((o) => o.correct !== 1)?.option;
    const tries = i === 0 && options.firstTryWrong && wrong ? [wrong, right] : [right];
    for (const choice of tries) {
      if (activity.type === 'drag-answer') {
        await frame.getByRole('button', { name: choice, exact: true }).click();
        await frame.getByRole('button', { name: /Soltar la respuesta elegida aquí/ }).click();
      } else {
        await frame.getByRole('radio', { name: choice, exact: true }).click();
        await frame.getByRole('button', { name: 'Responder' }).click();
      }
      await closeFeedback(
        frame,
        choice === right ? /¡Respuesta correcta!/ : /Respuesta incorrecta/,
      );
    }
  }
}

/** From the menu: every topic of module n, then its quiz; ends back on the menu (or the congratulations). */
export async function completeModule(
  frame: Frame,
  moduleNumber: number,
  options: { firstTryWrong?: boolean } = {},
) {
  await readTopics(frame, moduleNumber);
  await answerQuiz(frame, moduleNumber, options);
  await expectRoute(frame, '/menu');
}

/** The whole course from the introduction; ends with the congratulations modal open. */
export async function completeCourse(frame: Frame, options: { firstTryWrong?: boolean } = {}) {
  await leaveIntroduction(frame);
  for (let m = 1; m <= course().modules.length; m++) await completeModule(frame, m, options);
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
export const fullRoute = () =>
  course()
    .modules.map((m) => Array.from({ length: m.topics.length + 1 }, (_, i) => i).join(','))
    .join('-');
