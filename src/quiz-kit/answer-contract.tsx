// The quiz contract: what every quiz type's answer component receives, and the mark an option
// answered wrong carries. It sits below the quiz-type plug-ins so that none depends on another
// (docs/architecture.md, "Plug-ins").
import type { Question } from '../domain/content/types.ts';
import type { Response } from '../domain/registry/index.ts';
import { es } from '../strings/es.ts';

export interface AnswerProps {
  question: Question;
  questionId: string;
  /**
   * Gives the learner's answer: one option's index, or the indexes of the options chosen or put
   * in order, as the quiz type's answer shape asks (decision record 0200).
   */
  onAnswer: (response: number | Response) => void;
  /** True while a feedback modal is open: input is paused. */
  busy: boolean;
  /** Options already answered wrong on this question: marked, visibly and for screen readers. */
  wrong?: ReadonlySet<number>;
}

/**
 * The mark beside an option answered wrong. Hidden from the accessibility tree so the option's
 * name stays its text; screen readers get it as the option's description (aria-describedby).
 */
export function WrongMark({ id }: { id: string }) {
  return (
    <span className="option-wrong" id={id} aria-hidden="true">
      {es.quiz.wrongMark}
    </span>
  );
}
