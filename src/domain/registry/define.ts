// What a screen type and a quiz type must provide to the domain (decision records 0031, 0200).
// Each type lives in one folder (src/screen-types/<type>/, src/quiz-types/<type>/) with this domain
// entry (definition.ts) and a feature entry (feature.ts, the component); one line in the domain
// registry and one in the feature registry make it part of the course engine. A type's
// definition carries its own content fields and traits, so no central file names a type.
import type { z } from 'zod';
import type { FieldKit } from '../content/fields.ts';
import type { TopicImageRef, TopicTexts } from '../content/topic-texts.ts';

/**
 * How an answer is reported, in SCORM's own interaction types: picking options (`choice`),
 * matching an option to the answer box (`matching`), putting options in order (`sequencing`).
 * Each SCORM dialect writes each kind once (decision record 0200).
 */
export type AnswerKind = 'choice' | 'matching' | 'sequencing';

/** A learner's response, or a right one: option indexes (0-based; one for a single pick). */
export type Response = readonly number[];

/** A response as stored before answers had shapes (one number) or since (indexes). */
export const asResponse = (stored: Response | number): Response =>
  typeof stored === 'number' ? [stored] : stored;

/** The question as an answer shape sees it. */
export interface QuestionOptions {
  options: readonly { option: string; correct: 0 | 1 }[];
}

/**
 * The quiz rules of record 0171 a shape's questions follow (`content:check`): the stem asks a
 * question, the question names the screen that teaches it, and — where the answer is one option
 * picked among others — that option never stands out (length, giveaway words, «No», the hint).
 */
export type QuizRule = 'stem-asks' | 'repaso' | 'right-option-blends-in';

/** Where a control sits on the page, by its accessible role and name (exact when a string). */
export interface WalkTarget {
  readonly role: 'button' | 'radio';
  readonly name: string | RegExp;
}

/**
 * One step of giving a response as a learner does, for the walkers (benches, browser tests):
 * press a control; check the radio of option `option` in the options' group; or drag a control
 * onto another (picked and placed, by keyboard, when the walker cannot drag; the drop target sits
 * before the options in the tab order).
 */
export type WalkStep =
  | { readonly do: 'press'; readonly target: WalkTarget }
  | { readonly do: 'check'; readonly target: WalkTarget; readonly option: number }
  | { readonly do: 'drag'; readonly target: WalkTarget; readonly onto: WalkTarget };

/**
 * What an answer is, declared by a quiz type: how it is reported, which response is right for
 * a question, the content checks that make that well defined (decision record 0200), and how
 * it reads and is given — the right answer in the result panel and the answer key, the quiz
 * rules `content:check` applies, the walkers' steps (decision record 0271).
 */
export interface AnswerShape {
  readonly kind: AnswerKind;
  /** True when the order of the indexes matters (an order), false for a set of options. */
  readonly ordered: boolean;
  /** The right response to a question. */
  correctResponse(question: QuestionOptions): Response;
  /** Content checks of a question for this shape: need(value, reason). */
  check(question: QuestionOptions, need: (ok: unknown, reason: string) => void): void;
  /**
   * A response in words: `parts` are its options' texts (HTML or plain, labelled or not), in
   * the response's order. The result panel and the answer key show the right response so.
   */
  describe(parts: readonly string[]): string;
  /** The quiz rules (record 0171) its questions follow. */
  readonly quizRules: readonly QuizRule[];
  /** How a learner gives `response`, given the options' texts as the page shows them. */
  walk(response: Response, options: readonly string[]): WalkStep[];
}

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
  /** What an answer to it is (one option, several, an order) and how it is reported. */
  readonly answer: AnswerShape;
}

export const defineScreenType = <const T extends string, S extends z.ZodRawShape>(
  d: ScreenTypeDefinition<T, S>,
) => d;
export const defineQuizType = <const T extends string>(d: QuizTypeDefinition<T>) => d;

/** Whether a response is the right one for its shape: the same indexes, in order if it matters. */
export function isRightResponse(
  shape: Pick<AnswerShape, 'ordered'>,
  given: Response,
  right: Response,
) {
  if (given.length !== right.length) return false;
  if (shape.ordered) return given.every((v, i) => v === right[i]);
  const want = new Set(right);
  return new Set(given).size === want.size && given.every((v) => want.has(v));
}

/** A response's option texts, in its order (an unknown index reads as empty). */
export const responseParts = (question: QuestionOptions, response: Response): string[] =>
  response.map((i) => question.options[i]?.option ?? '');

/** The right response to a question in words, as its shape says (the result panel's). */
export const rightAnswerText = (shape: AnswerShape, question: QuestionOptions): string =>
  shape.describe(responseParts(question, shape.correctResponse(question)));

/** The accessible names the answer controls of today's quiz types carry (src/strings/es.ts). */
const SUBMIT: WalkTarget = { role: 'button', name: 'Responder' };
const DROP_BOX: WalkTarget = { role: 'button', name: /Soltar la respuesta elegida aquí/ };

/**
 * The shape of today's quiz types: the learner gives one option, and exactly one is right. The
 * kind says how it is reported and given: picked (a radio and «Responder»), or dragged onto the
 * answer box.
 */
export const oneOption = (kind: 'choice' | 'matching'): AnswerShape => ({
  kind,
  ordered: false,
  correctResponse: (q) => [q.options.findIndex((o) => o.correct === 1)],
  check(q, need) {
    const correct = q.options.filter((o) => o.correct === 1).length;
    need(
      correct === 1,
      `cada pregunta necesita exactamente una opción correcta (tiene ${correct})`,
    );
  },
  describe: (parts) => parts[0] ?? '',
  quizRules: ['stem-asks', 'repaso', 'right-option-blends-in'],
  walk(response, options) {
    const option = response[0] ?? 0;
    const name = options[option] ?? '';
    return kind === 'matching'
      ? [{ do: 'drag', target: { role: 'button', name }, onto: DROP_BOX }]
      : [
          { do: 'check', target: { role: 'radio', name }, option },
          { do: 'press', target: SUBMIT },
        ];
  },
});
