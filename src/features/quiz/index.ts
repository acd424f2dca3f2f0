export { questionId, feedbackHtml } from './quiz-logic.ts';
