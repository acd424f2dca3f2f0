// Small pure helpers of the quiz flow.
import type { Question } from '../../domain/content/types.ts';
import { answerShapeOf, rightAnswerText, type Response } from '../../domain/registry/index.ts';
import { plainText } from '../../domain/content/html-text.ts';
import { es } from '../../strings/es.ts';

import { questionId } from '../../domain/progress/engine.ts';

/** Question ids (m1-q1 …) come from the domain, the same ids the tracking records. */
export { questionId };

/**
 * The feedback modal's HTML. Right: the question's explanation (`message`) when it has one.
 * Wrong: the question's hint (`pista`), or a generic one — never the explanation, which would
 * give the answer away (docs/decisions/0095-quiz-feedback-and-results.md).
 */
export function feedbackHtml(
  correct: boolean,
  question: Pick<Question, 'message' | 'pista'>,
): string {
  if (correct) {
    const explanation = question.message;
    return explanation ? `${es.quiz.good}${asBlock(explanation)}` : es.quiz.good;
  }
  return `${es.quiz.bad}<div class="feedback-hint">${hintHtml(question)}</div>`;
}

/** «Pista:» and the question's hint (or the generic one): in the modal and under the question. */
export function hintHtml(question: Pick<Question, 'pista'>): string {
  const hint = question.pista?.trim() || es.quiz.genericHint;
  return `<p><strong>${es.quiz.hintTitle}</strong></p>${asBlock(hint)}`;
}

export interface MissedQuestion {
  /** Position in the quiz (0-based). */
  index: number;
  question: string;
  rightAnswer: string;
  /** The teaching explanation (`message`), when the question has one. */
  explanation: string | undefined;
}

/**
 * The questions whose first answer was wrong, in quiz order, with the right answer (in words,
 * as the quiz type's answer shape gives it: one option, an order…) and the explanation, for the
 * result panel (decisions 0227, 0271).
 */
export function missedQuestions(
  firstAnswers: readonly { id: string; correct: boolean }[],
  activity: { number: number; type: string; questions: readonly Question[] },
): MissedQuestion[] {
  const shape = answerShapeOf(activity.type);
  const wrongIds = new Set(firstAnswers.filter((a) => !a.correct).map((a) => a.id));
  return activity.questions.flatMap((q, index) =>
    wrongIds.has(questionId(activity.number, index))
      ? [
          {
            index,
            question: q.question,
            rightAnswer: rightAnswerText(shape, q),
            explanation: q.message || undefined,
          },
        ]
      : [],
  );
}

const asBlock = (html: string) => (html.startsWith('<') ? html : `<p>${html}</p>`);

export interface FirstAttemptResult {
  right: number;
  total: number;
}

/**
 * «n de N al primer intento» from the first answers recorded for the LMS (one per question);
 * questions not answered in this session count as not right.
 */
export function firstAttemptResult(
  firstAnswers: readonly { correct: boolean }[],
  questionCount: number,
): FirstAttemptResult {
  return { right: firstAnswers.filter((a) => a.correct).length, total: questionCount };
}

/** Question HTML as plain text, for LMS reports (the pure helper lives in the domain). */
export { plainText };

/**
 * The chosen and the correct option as plain text: the standalone server keeps them with a
 * first answer, so the record still reads right after the content changes (decision 0126).
 */
export function optionTexts(
  question: Pick<Question, 'options'>,
  response: Response,
  correctResponse: Response,
): { responseText: string; correctResponseText: string } {
  const texts = (r: Response) =>
    r.map((i) => plainText(question.options[i]?.option ?? '')).join(' · ');
  return { responseText: texts(response), correctResponseText: texts(correctResponse) };
}
