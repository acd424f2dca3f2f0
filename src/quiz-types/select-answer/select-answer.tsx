// Select-answer question: a radio group (arrow keys move between options) and 'Responder'.
import { useEffect, useState } from 'react';
import { es } from '../../strings/es.ts';
import { WrongMark, type AnswerProps } from '../../quiz-kit/answer-contract.tsx';

export function SelectAnswer({ question, questionId, onAnswer, busy, wrong }: AnswerProps) {
  const [selected, setSelected] = useState<number | null>(null);
  const [hint, setHint] = useState('');
  useEffect(() => {
    setSelected(null);
    setHint('');
  }, [questionId]);
  return (
    <form
      className="select-answer"
      onSubmit={(e) => {
        e.preventDefault();
        if (busy) return;
        if (selected === null) setHint(es.quiz.chooseFirst);
        else onAnswer(selected);
      }}
    >
      <fieldset aria-describedby={`${questionId}-hint`}>
        <legend className="visually-hidden">{es.quiz.options}</legend>
        {question.options.map((o, i) => (
          <label
            key={i}
            className={`select-option${selected === i ? ' is-selected' : ''}${wrong?.has(i) ? ' is-wrong' : ''}`}
          >
            <input
              type="radio"
              name={questionId}
              value={i}
              checked={selected === i}
              aria-describedby={wrong?.has(i) ? `${questionId}-o${i}-wrong` : undefined}
              onChange={() => {
                setSelected(i);
                setHint('');
              }}
            />
            <span>{o.option}</span>
            {wrong?.has(i) && <WrongMark id={`${questionId}-o${i}-wrong`} />}
          </label>
        ))}
      </fieldset>
      <p id={`${questionId}-hint`} className="quiz-hint" aria-live="polite">
        {hint}
      </p>
      <button type="submit" className="btn btn-primary">
        {es.quiz.answer}
      </button>
    </form>
  );
}
