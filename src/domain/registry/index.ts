// Screen and quiz types as the rest of the engine sees them: lists, lookups and URL segments,
// all derived from the two registries (domain, tracking and server import only this).
import type { QuizTypeDefinition, ScreenTypeDefinition } from './define.ts';
import * as screenTypes from './screen-types.ts';
import * as quizTypes from './quiz-types.ts';

type ScreenEntries = typeof screenTypes;
type QuizEntries = typeof quizTypes;
export type TopicScreenType = ScreenEntries[keyof ScreenEntries]['type'];
export type ActivityType = QuizEntries[keyof QuizEntries]['type'];

const screens: readonly ScreenTypeDefinition<TopicScreenType>[] = Object.values(screenTypes);
const quizzes: readonly QuizTypeDefinition<ActivityType>[] = Object.values(quizTypes);

/** Screen types in registry order ('content' first, then the list screens). */
export const TOPIC_SCREEN_TYPES = screens.map((d) => d.type) as [
  TopicScreenType,
  ...TopicScreenType[],
];
export const ACTIVITY_TYPES = quizzes.map((d) => d.type) as [ActivityType, ...ActivityType[]];

const screenByType = new Map(screens.map((d) => [d.type as string, d]));
const quizByType = new Map(quizzes.map((d) => [d.type as string, d]));

export const screenType = (type: string) => screenByType.get(type);
export const quizType = (type: string) => quizByType.get(type);

/** How an answer to a quiz of this type is reported ('choice' when the type is unknown). */
export const answerKindOf = (type: string) => quizByType.get(type)?.answerKind ?? 'choice';

export type {
  AnswerKind,
  QuizTypeDefinition,
  ScreenTypeDefinition,
  TopicFields,
} from './define.ts';
