// Quiz type "select-answer": the learner picks one option (/seleccionar-pregunta/<id>);
// reported as a choice.
import { defineQuizType, oneOption } from '../../domain/registry/define.ts';

export const selectAnswer = defineQuizType({
  type: 'select-answer',
  segment: 'seleccionar-pregunta',
  answer: oneOption('choice'),
});
