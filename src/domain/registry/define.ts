// What a screen type and a quiz type must provide to the domain (decision record 0031). Each
// type lives in one folder (src/screen-types/<type>/, src/quiz-types/<type>/) with this domain
// entry (definition.ts) and a feature entry (feature.ts, the component); one line in the domain
// registry (registry.ts here) and one in the feature registry make it part of the course engine.

/** How an answer is reported: picking one option, or matching one option to the answer box. */
export type AnswerKind = 'choice' | 'matching';

/** The fields of a topic a screen type's checks may look at (the validated raw topic). */
export interface TopicFields {
  type: string;
  text?: string;
  img?: string;
  alt?: string;
  items?: {
    title: string;
    img?: string;
    alt?: string;
    label?: string;
    points?: string[];
    x?: number;
    y?: number;
  }[];
  list1?: { open: 'modal' | 'div'; items: unknown[] };
}

export interface ScreenTypeDefinition<T extends string = string> {
  /** The value of a topic's "type" in the content files. */
  readonly type: T;
  /** URL segment: the screen is at /<segment>/<page id>. */
  readonly segment: string;
  /** Shape checks: need(value, reason) reports reason when value is falsy. */
  check(topic: TopicFields, need: (ok: unknown, reason: string) => void): void;
}

export interface QuizTypeDefinition<T extends string = string> {
  /** The value of an activity's "type" in the content files. */
  readonly type: T;
  /** URL segment: the quiz is at /<segment>/<page id>. */
  readonly segment: string;
  /** How an answer is reported to the tracking port; each SCORM dialect maps it to its type. */
  readonly answerKind: AnswerKind;
}

export const defineScreenType = <const T extends string>(d: ScreenTypeDefinition<T>) => d;
export const defineQuizType = <const T extends string>(d: QuizTypeDefinition<T>) => d;
