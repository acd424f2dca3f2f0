// Quiz type "drag-answer": the learner drags one option onto the answer box
// (/arrastra-la-pregunta/<id>); reported as a matching of the box with the option.
import { defineQuizType, oneOption } from '../../domain/registry/define.ts';

export const dragAnswer = defineQuizType({
  type: 'drag-answer',
  segment: 'arrastra-la-pregunta',
  answer: oneOption('matching'),
});
