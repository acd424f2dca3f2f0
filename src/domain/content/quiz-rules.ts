// The quiz rules that keep a test-wise guess from passing the course (decision 0171), checked on
// the plain text a learner reads (placeholders filled, e.g. with the demo configuration):
// - across the course the right option is the longest in at most 4 questions and the shortest
//   in at least 2;
// - the right option is never the only one with «aviso», «avisa», «reporto» or «reporta», nor the
//   only one starting with «No»;
// - every stem ends with a question;
// - a hint never uses a word found only in the right option;
// - every question names the screen that teaches it (`repaso`).
// Words are matched whole, case- and accent-folded. Which rules a question follows, and which
// option is its right one, its quiz type's answer shape says (record 0271): the option rules
// hold where the answer is one option picked among others, not for an order.
import { fillTemplate, type PlaceholderValues } from './placeholders.ts';
import { answerShapeOf, oneOption, type AnswerShape } from '../registry/index.ts';
import type { Course, Question } from './types.ts';

export const MAX_RIGHT_LONGEST = 4;
export const MIN_RIGHT_SHORTEST = 2;
export const GIVEAWAY_WORDS = ['aviso', 'avisa', 'reporto', 'reporta'] as const;

const fold = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/** Plain text of an HTML fragment with placeholders filled. */
export function plainText(html: string, values: PlaceholderValues): string {
  return fillTemplate(html, values, { html: false })
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The whole words of a text, case- and accent-folded. */
export const wordsOf = (text: string): Set<string> =>
  new Set(fold(text).match(/[\p{L}\p{N}]+/gu) ?? []);

export interface QuestionShape {
  id: string;
  /** The right option is at least as long as every other (ties count as longest). */
  rightLongest: boolean;
  /** The right option is strictly shorter than every other. */
  rightShortest: boolean;
  problems: string[];
}

const ONE_OPTION = oneOption('choice');

/**
 * The shape of one question, and what it breaks of the per-question rules its answer shape
 * follows (one option picked among others when not given).
 */
export function questionShape(
  id: string,
  q: Question,
  values: PlaceholderValues,
  shape: AnswerShape = ONE_OPTION,
): QuestionShape {
  const stem = plainText(q.question, values);
  const rules = new Set(shape.quizRules);
  const rightIndexes = new Set(shape.correctResponse(q));
  const options = q.options.map((o, i) => ({
    text: plainText(o.option, values),
    right: rightIndexes.has(i),
  }));
  const rightOnes = options.filter((o) => o.right);
  const others = options.filter((o) => !o.right);
  const problems: string[] = [];
  const none = { id, rightLongest: false, rightShortest: false, problems };
  const oneRight = rightOnes.length === 1 && others.length > 0;
  // A question with no well-defined answer is the loader's to report (its shape's check).
  if (!rightOnes.length || (rules.has('right-option-blends-in') && !oneRight)) return none;
  if (rules.has('stem-asks') && !stem.endsWith('?'))
    problems.push(`${id}: la pregunta no termina en «?»: «${stem}»`);
  if (rules.has('repaso') && !q.repaso)
    problems.push(`${id}: falta «repaso» (la pantalla que enseña la respuesta)`);
  const right = rightOnes[0]!;
  if (!rules.has('right-option-blends-in') || !oneRight) return none;

  const rightWords = wordsOf(right.text);
  const otherWords = others.map((o) => wordsOf(o.text));
  for (const w of GIVEAWAY_WORDS)
    if (rightWords.has(w) && !otherWords.some((ws) => GIVEAWAY_WORDS.some((g) => ws.has(g))))
      problems.push(
        `${id}: solo la opción correcta dice «${w}» (${GIVEAWAY_WORDS.map((g) => `«${g}»`).join(', ')})`,
      );
  const startsNo = (t: string) => /^no\b/.test(fold(t));
  if (startsNo(right.text) && !others.some((o) => startsNo(o.text)))
    problems.push(`${id}: solo la opción correcta empieza con «No»`);

  if (q.pista) {
    const onlyRight = [...rightWords].filter((w) => !otherWords.some((ws) => ws.has(w)));
    const hint = wordsOf(plainText(q.pista, values));
    const leaked = onlyRight.filter((w) => hint.has(w));
    if (leaked.length)
      problems.push(
        `${id}: la pista usa ${leaked.map((w) => `«${w}»`).join(', ')}, que solo está en la opción correcta`,
      );
  }

  const len = (t: string) => [...t].length;
  const othersLengths = others.map((o) => len(o.text));
  return {
    id,
    rightLongest: len(right.text) >= Math.max(...othersLengths),
    rightShortest: len(right.text) < Math.min(...othersLengths),
    problems,
  };
}

/** Every quiz-rule problem of the course, in Spanish, empty when it passes. */
export function quizRuleProblems(course: Pick<Course, 'modules'>, values: PlaceholderValues) {
  const shapes = course.modules.flatMap((m) =>
    m.activity.questions.map((q) =>
      questionShape(`m${m.number}-q${q.current}`, q, values, answerShapeOf(m.activity.type)),
    ),
  );
  const problems = shapes.flatMap((s) => s.problems);
  const longest = shapes.filter((s) => s.rightLongest).map((s) => s.id);
  const shortest = shapes.filter((s) => s.rightShortest).map((s) => s.id);
  if (longest.length > MAX_RIGHT_LONGEST)
    problems.push(
      `la opción correcta es la más larga en ${longest.length} preguntas (máximo ${MAX_RIGHT_LONGEST}): ${longest.join(', ')}`,
    );
  if (shortest.length < MIN_RIGHT_SHORTEST)
    problems.push(
      `la opción correcta es la más corta en ${shortest.length} preguntas (mínimo ${MIN_RIGHT_SHORTEST}): ${shortest.join(', ') || 'ninguna'}`,
    );
  return { problems, longest, shortest };
}
