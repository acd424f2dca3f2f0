// A made-up quiz type for the plug-in fixture test: its feature entry.
import { defineQuizFeature } from '../../../quiz-kit/define.ts';
import { OrderAnswer } from './order-answer.tsx';

export const orderAnswer = defineQuizFeature({ type: 'order-answer', Answer: OrderAnswer });
