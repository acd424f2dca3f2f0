// A made-up quiz type for src/app/registry.test.tsx: its domain entry.
import { defineQuizType } from '../../../domain/registry/define.ts';

export const orderAnswer = defineQuizType({
  type: 'order-answer',
  segment: 'ordena-la-respuesta',
  answerKind: 'matching',
});
