// Screen and quiz types as the rest of the engine sees them: lists, lookups, URL segments and
// the content each screen type declares, all derived from the two registries (domain, tracking
// and server import only this).
import {
  oneOption,
  type QuizTypeDefinition,
  type ScreenContent,
  type ScreenTypeDefinition,
} from './define.ts';
import * as screenTypes from './screen-types.ts';
import * as quizTypes from './quiz-types.ts';

type ScreenEntries = typeof screenTypes;
type QuizEntries = typeof quizTypes;
type ScreenEntry = ScreenEntries[keyof ScreenEntries];
export type TopicScreenType = ScreenEntry['type'];
export type ActivityType = QuizEntries[keyof QuizEntries]['type'];

/** The own content of each registered screen type, as a union discriminated by `type`. */
export type TopicContent = ScreenContent<ScreenEntry>;

const screens: readonly ScreenTypeDefinition<TopicScreenType>[] = Object.values(screenTypes);
const quizzes: readonly QuizTypeDefinition<ActivityType>[] = Object.values(quizTypes);

/** Screen types in registry order (the reading screen first, then the list screens). */
export const TOPIC_SCREEN_TYPES = screens.map((d) => d.type) as [
  TopicScreenType,
  ...TopicScreenType[],
];
export const ACTIVITY_TYPES = quizzes.map((d) => d.type) as [ActivityType, ...ActivityType[]];

/** Every registered screen type's definition, in registry order (the content schema's parts). */
export const screenTypeDefinitions = (): readonly ScreenTypeDefinition<TopicScreenType>[] =>
  screens;

const screenByType = new Map(screens.map((d) => [d.type as string, d]));
const quizByType = new Map(quizzes.map((d) => [d.type as string, d]));

export const screenType = (type: string) => screenByType.get(type);
export const quizType = (type: string) => quizByType.get(type);

const unknownQuiz = oneOption('choice');
/** What an answer to a quiz of this type is (one option, 'choice', when the type is unknown). */
export const answerShapeOf = (type: string) => quizByType.get(type)?.answer ?? unknownQuiz;
/** How an answer to a quiz of this type is reported ('choice' when the type is unknown). */
export const answerKindOf = (type: string) => answerShapeOf(type).kind;

export {
  asResponse,
  isRightResponse,
  oneOption,
  responseParts,
  rightAnswerText,
} from './define.ts';
export type {
  AnswerKind,
  AnswerShape,
  QuestionOptions,
  QuizRule,
  Response,
  WalkStep,
  WalkTarget,
  ContentOf,
  ScreenContent,
  QuizTypeDefinition,
  ScreenTypeDefinition,
} from './define.ts';
