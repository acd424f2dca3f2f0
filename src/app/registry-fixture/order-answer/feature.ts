// A made-up quiz type for src/app/registry.test.tsx: its feature entry.
import { defineQuizFeature } from '../../../quiz-kit/define.ts';
import { SelectAnswer } from '../../../quiz-types/select-answer/select-answer.tsx';

export const orderAnswer = defineQuizFeature({ type: 'order-answer', Answer: SelectAnswer });
