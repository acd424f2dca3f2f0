// The made-up ordering quiz type's answer: the options in a list, each moved up by a button,
// and «Responder» giving the order (option indexes) to the quiz page.
import { useState } from 'react';
import type { AnswerProps } from '../../../quiz-kit/answer-contract.tsx';

export function OrderAnswer({ question, questionId, onAnswer, busy }: AnswerProps) {
  // Shown reversed, so the learner has to move them.
  const [order, setOrder] = useState(() => question.options.map((_, i) => i).reverse());
  const up = (at: number) =>
    setOrder((o) => o.map((v, i) => (i === at - 1 ? o[at]! : i === at ? o[at - 1]! : v)));
  return (
    <div>
      <ol aria-labelledby={`${questionId}-text`}>
        {order.map((option, at) => (
          <li key={option}>
            {question.options[option]!.option}
            {at > 0 && (
              <button type="button" disabled={busy} onClick={() => up(at)}>
                Subir «{question.options[option]!.option}»
              </button>
            )}
          </li>
        ))}
      </ol>
      <button type="button" disabled={busy} onClick={() => onAnswer(order)}>
        Responder
      </button>
    </div>
  );
}
