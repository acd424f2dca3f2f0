// The feature registry of quiz types for the plug-in fixture test: the real one, and one line.
export * from '../../features/quiz/registry.ts';
export { orderAnswer } from '../quiz-types/order-answer/feature.ts';
