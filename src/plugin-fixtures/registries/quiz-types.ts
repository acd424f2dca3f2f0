// The domain registry of quiz types for the plug-in fixture test: the real one, and one line.
export * from '../../domain/registry/quiz-types.ts';
export { orderAnswer } from '../quiz-types/order-answer/definition.ts';
