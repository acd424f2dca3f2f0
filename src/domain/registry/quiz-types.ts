// The domain registry of quiz types: one line per type (its folder's definition.ts).
export { dragAnswer } from '../../quiz-types/drag-answer/definition.ts';
export { selectAnswer } from '../../quiz-types/select-answer/definition.ts';
