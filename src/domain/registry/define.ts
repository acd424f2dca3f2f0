// What a screen type and a quiz type must provide to the domain (decision records 0031, 0200).
// Each type lives in one folder (src/screen-types/<type>/, src/quiz-types/<type>/) with this domain
// entry (definition.ts) and a feature entry (feature.ts, the component); one line in the domain
// registry and one in the feature registry make it part of the course engine. A type's
// definition carries its own content fields and traits, so no central file names a type.
import type { z } from 'zod';
import type { FieldKit } from '../content/fields.ts';
import type { TopicImageRef, TopicTexts } from '../content/topic-texts.ts';

/** How an answer is reported: picking one option, or matching one option to the answer box. */
export type AnswerKind = 'choice' | 'matching';

/** A type's own content: the values its `fields` describe, with its `type`. */
export type ContentOf<T extends string, S extends z.ZodRawShape> = { type: T } & z.infer<
  z.ZodObject<S>
>;

/** The content a screen type's definition declares (a topic of that type, without the common fields). */
export type ScreenContent<D> =
  D extends ScreenTypeDefinition<infer T, infer S> ? ContentOf<T, S> : never;

export interface ScreenTypeDefinition<
  T extends string = string,
  S extends z.ZodRawShape = z.ZodRawShape,
> {
  /** The value of a topic's "type" in the content files. */
  readonly type: T;
  /** URL segment: the screen is at /<segment>/<page id>. */
  readonly segment: string;
  /**
   * Its own content fields, beside those every topic has (title, remember, fuente, next): zod
   * shapes built from the kit the content schema passes in (so zod stays out of the app).
   */
  fields(kit: FieldKit): S;
  /** The learner taps to see its text (tabs, flip cards…): one more minute in the hours (0073). */
  readonly clickToReveal: boolean;
  /** Where its text sits: the placeholder fields and the text read, in reading order. */
  texts(topic: ContentOf<T, S>): TopicTexts;
  /** Where its images sit, with their alt texts (the loader checks both). */
  images(topic: ContentOf<T, S>): TopicImageRef[];
  /** Shape checks beyond the schema: need(value, reason) reports reason when value is falsy. */
  check(topic: ContentOf<T, S>, need: (ok: unknown, reason: string) => void): void;
}

export interface QuizTypeDefinition<T extends string = string> {
  /** The value of an activity's "type" in the content files. */
  readonly type: T;
  /** URL segment: the quiz is at /<segment>/<page id>. */
  readonly segment: string;
  /** How an answer is reported to the tracking port; each SCORM dialect maps it to its type. */
  readonly answerKind: AnswerKind;
}

export const defineScreenType = <const T extends string, S extends z.ZodRawShape>(
  d: ScreenTypeDefinition<T, S>,
) => d;
export const defineQuizType = <const T extends string>(d: QuizTypeDefinition<T>) => d;
