// What a quiz type provides to the interface: the component that shows a question's options
// and reports the chosen one (the feature entry of src/quiz-types/<type>/feature.ts).
import type { ComponentType } from 'react';
import type { AnswerProps } from './answer-contract.tsx';

export type { AnswerProps };

export interface QuizFeature<T extends string = string> {
  readonly type: T;
  readonly Answer: ComponentType<AnswerProps>;
}

export const defineQuizFeature = <const T extends string>(f: QuizFeature<T>) => f;
