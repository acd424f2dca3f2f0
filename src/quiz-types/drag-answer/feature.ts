// Feature entry of the "drag-answer" quiz type: its answer component.
import { defineQuizFeature } from '../../quiz-kit/define.ts';
import { DragAnswer } from './drag-answer.tsx';

export const dragAnswer = defineQuizFeature({ type: 'drag-answer', Answer: DragAnswer });
