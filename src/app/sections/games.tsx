// The 'games' section (DESIGN.md §2): quiz screens, one lazily loaded chunk.
export { default as QuizPage } from '../../features/quiz/quiz-page.tsx';
