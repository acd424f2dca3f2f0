// Feature entry of the "select-answer" quiz type: its answer component.
import { defineQuizFeature } from '../../quiz-kit/define.ts';
import { SelectAnswer } from './select-answer.tsx';

export const selectAnswer = defineQuizFeature({ type: 'select-answer', Answer: SelectAnswer });
