// Small pure helpers of the quiz flow.
import { es } from '../../strings/es.ts';

/** Question ids (m1-q1 …) come from the domain, the same ids the tracking records. */
export { questionId } from '../../domain/progress/engine.ts';

/** The feedback modal's HTML: right/wrong, plus the question's explanation when it has one. */
export function feedbackHtml(correct: boolean, explanation?: string): string {
  const head = correct ? es.quiz.good : es.quiz.bad;
  return explanation
    ? `${head}${explanation.startsWith('<') ? explanation : `<p>${explanation}</p>`}`
    : head;
}

/** Question HTML as plain text, for LMS reports. */
export function plainText(html: string): string {
  return html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/\s+/g, ' ')
    .trim();
}
