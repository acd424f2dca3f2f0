// INFLESZ readability (Szigriszt-Pazos) of a screen or a quiz question (decision 0073).
import { fillTemplate, type PlaceholderValues } from '../placeholders.ts';
import type { Question, Topic } from '../types.ts';
import { topicTexts } from '../topic-traits.ts';
import { htmlToBlocks, sentencesOf, type Sentence } from './tokenize.ts';

export interface TextStats {
  sentences: number;
  words: number;
  syllables: number;
  /** 206.835 − 62.3 × syllables/words − words/sentences; null for a text without words. */
  inflesz: number | null;
  longestSentence: { words: number; text: string } | null;
}

/** INFLESZ = 206.835 − 62.3 × syllables/words − words/sentences. */
export const inflesz = (syllables: number, words: number, sentences: number): number =>
  206.835 - 62.3 * (syllables / words) - words / sentences;

/** The sentence with most words as written — a number is one word (the first of equals). */
export function longestSentence(
  sentences: readonly Sentence[],
): { words: number; text: string } | null {
  let best: Sentence | null = null;
  for (const s of sentences) if (!best || s.written > best.written) best = s;
  return best ? { words: best.written, text: best.text } : null;
}

/** Statistics of plain-text blocks (each block ends a sentence). */
export function statsOfBlocks(blocks: readonly string[]): TextStats {
  const sentences = sentencesOf(blocks);
  const words = sentences.reduce((n, s) => n + s.words.length, 0);
  const syllables = sentences.reduce((n, s) => n + s.words.reduce((m, w) => m + w.syllables, 0), 0);
  return {
    sentences: sentences.length,
    words,
    syllables,
    inflesz: words ? inflesz(syllables, words, sentences.length) : null,
    longestSentence: longestSentence(sentences),
  };
}

/** Statistics of HTML fragments, each its own block(s). */
export const statsOfHtml = (fragments: readonly string[]): TextStats =>
  statsOfBlocks(fragments.flatMap(htmlToBlocks));

/**
 * The visible text of a topic screen, as HTML fragments in reading order: title, texts, items
 * (label and title as one line, text, points), «Recuerda» boxes. Not the `fuente` line, not alt
 * texts.
 */
export function topicFragments(topic: Topic): string[] {
  return [
    topic.title,
    ...topicTexts(topic).read,
    ...topic.remember.flatMap((r) => [r.title, r.text]),
  ].filter((f) => f !== '');
}

/** The visible text of a quiz question: stem, each option, explanation, hint. */
export const questionFragments = (q: Question): string[] =>
  [q.question, ...q.options.map((o) => o.option), q.message ?? '', q.pista ?? ''].filter(
    (f) => f !== '',
  );

const isTopic = (page: Topic | Question): page is Topic => 'title' in page;

/**
 * Readability of one screen or question, placeholders filled with `values` (the demo
 * configuration for the content check).
 */
export function screenReadability(page: Topic | Question, values: PlaceholderValues): TextStats {
  const fragments = isTopic(page) ? topicFragments(page) : questionFragments(page);
  return statsOfHtml(fragments.map((f) => fillTemplate(f, values)));
}
