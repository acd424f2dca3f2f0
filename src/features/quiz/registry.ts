// The feature registry of quiz types: one line per type (its folder's feature.ts).
export { dragAnswer } from '../../quiz-types/drag-answer/feature.ts';
export { selectAnswer } from '../../quiz-types/select-answer/feature.ts';
