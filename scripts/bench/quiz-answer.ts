// A quiz question answered in the course frame as a learner answers it, for the benches that take
// the whole course (walkthrough.ts, navigation.ts): the steps the quiz type's answer shape gives
// (record 0271) — a drag answer picked and placed on its box, a radio option checked and
// «Responder» pressed, or whatever a new type declares.
import type { Frame, FrameLocator } from 'playwright-core';
import type { Question } from '../../src/domain/content/types.ts';
import { answerShapeOf, type WalkTarget } from '../../src/domain/registry/index.ts';

/** Gives the right response to question `q` of a quiz of type `type`. */
export async function giveRightAnswer(
  frame: Frame | FrameLocator,
  type: string,
  q: Question,
  timeout: number,
): Promise<void> {
  const shape = answerShapeOf(type);
  const at = (t: WalkTarget) =>
    frame.getByRole(t.role, { name: t.name, exact: typeof t.name === 'string' });
  const steps = shape.walk(
    shape.correctResponse(q),
    q.options.map((o) => o.option),
  );
  for (const step of steps) {
    if (step.do === 'check') await at(step.target).check({ timeout });
    else await at(step.target).click({ timeout });
    if (step.do === 'drag') await at(step.onto).click({ timeout });
  }
}
