// A quiz question answered in the course frame as a learner answers it, for the benches that take
// the whole course (walkthrough.ts, navigation.ts): a drag answer dropped on its box, or a radio
// option checked and «Responder» pressed.
import type { Frame, FrameLocator } from 'playwright-core';
import type { Activity } from '../../src/domain/content/types.ts';

export async function giveAnswer(
  frame: Frame | FrameLocator,
  type: Activity['type'],
  answer: string,
  timeout: number,
): Promise<void> {
  if (type === 'drag-answer') {
    await frame.getByRole('button', { name: answer, exact: true }).click({ timeout });
    await frame
      .getByRole('button', { name: /Soltar la respuesta elegida aquí/ })
      .click({ timeout });
  } else {
    await frame.getByRole('radio', { name: answer, exact: true }).check({ timeout });
    await frame.getByRole('button', { name: 'Responder' }).click({ timeout });
  }
}
