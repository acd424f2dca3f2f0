// A made-up quiz type for src/app/registry.test.tsx: its domain entry. Its answer shape is its
// own, declared here (decision record 0200): the learner puts every option in order, the order the
// content lists them in is the right one, and it is reported as a SCORM `sequencing`.
import { defineQuizType } from '../../../domain/registry/define.ts';

export const orderAnswer = defineQuizType({
  type: 'order-answer',
  segment: 'ordena-la-respuesta',
  answer: {
    kind: 'sequencing',
    ordered: true,
    correctResponse: (q) => q.options.map((_, i) => i),
    check(q, need) {
      need(
        q.options.length >= 3,
        `ordenar necesita al menos tres opciones (tiene ${q.options.length})`,
      );
    },
  },
});
