export { usePage } from './use-page.ts';
export { PageNav } from './page-nav.tsx';
export { LoadError } from './load-error.tsx';
export {
  backToQuestionState,
  readBackToQuestion,
  type BackToQuestion,
} from './back-to-question.ts';
