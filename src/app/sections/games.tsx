// The 'games' section (decision 0014): quiz screens, one lazily loaded chunk.
export { default as QuizPage } from '../../features/quiz/quiz-page.tsx';
