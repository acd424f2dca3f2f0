// A made-up quiz type for the plug-in fixture test (src/plugin-fixtures/): its domain entry. Its
// answer shape is its own (decision records 0200, 0271): the learner puts every option in order,
// the order the content lists them in is the right one, reported as a SCORM `sequencing`; the
// right order reads «Parar → Avisar → Evacuar»; the stem and «repaso» rules hold, the rules about
// one right option standing out do not; a learner gives it by moving options up, then «Responder».
import { defineQuizType, type WalkStep } from '../../../domain/registry/define.ts';

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
    describe: (parts) => parts.join(' → '),
    quizRules: ['stem-asks', 'repaso'],
    walk(response, options) {
      // The options start reversed; moving each wanted one up to its place, top first.
      const order = options.map((_, i) => i).reverse();
      const steps: WalkStep[] = [];
      response.forEach((want, place) => {
        for (let at = order.indexOf(want); at > place; at--) {
          steps.push({ do: 'press', target: { role: 'button', name: `Subir «${options[want]}»` } });
          [order[at - 1], order[at]] = [order[at]!, order[at - 1]!];
        }
      });
      return [...steps, { do: 'press', target: { role: 'button', name: 'Responder' } }];
    },
  },
});
