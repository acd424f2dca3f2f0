// The answer component of each registered quiz type.
import type { ComponentType } from 'react';
import type { ActivityType } from '../../domain/registry/index.ts';
import type { AnswerProps, QuizFeature } from '../../quiz-kit/define.ts';
import * as registry from './registry.ts';

type Registered = (typeof registry)[keyof typeof registry]['type'];
/** Every registered quiz type has a component here, and nothing else does (checked by tsc). */
const complete: [Exclude<ActivityType, Registered>, Exclude<Registered, ActivityType>] extends [
  never,
  never,
]
  ? true
  : false = true;
void complete;

const features: readonly QuizFeature[] = Object.values(registry);

export const answerComponents = Object.fromEntries(
  features.map((f) => [f.type, f.Answer]),
) as Record<ActivityType, ComponentType<AnswerProps>>;
