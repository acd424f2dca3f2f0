// The way from a question's «repaso» screen back to the same question: the link under the hint
// carries it as router state; the topic page offers «Volver a la pregunta» while it is there, and
// the quiz opens on that question with its hint (docs/decisions/0227-feedback-that-stays.md).

export interface BackToQuestion {
  /** The quiz's path. */
  path: string;
  /** The question, 0-based. */
  question: number;
  /** The hint was showing: it shows again. */
  hint: boolean;
}

const KEY = 'volverAPregunta';

export function backToQuestionState(path: string, question: number): Record<string, unknown> {
  return { [KEY]: { path, question, hint: true } satisfies BackToQuestion };
}

/** The router state's way back, if it holds a valid one (questionCount bounds the index). */
export function readBackToQuestion(
  state: unknown,
  questionCount = Number.POSITIVE_INFINITY,
): BackToQuestion | null {
  if (!state || typeof state !== 'object') return null;
  const back = (state as Record<string, unknown>)[KEY];
  if (!back || typeof back !== 'object') return null;
  const { path, question, hint } = back as Record<string, unknown>;
  if (typeof path !== 'string' || !path.startsWith('/')) return null;
  if (typeof question !== 'number' || !Number.isInteger(question)) return null;
  if (question < 0 || question >= questionCount) return null;
  return { path, question, hint: hint === true };
}
