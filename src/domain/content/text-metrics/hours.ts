// Honest course hours (decision 0073): words of the visible text ÷ 120 per minute,
// + 1 minute per question, + 1 minute per screen whose text is revealed by clicks, rounded up
// to the half hour.
import { unfilledTemplate } from '../placeholders.ts';
import type { Course } from '../types.ts';
import { revealsByClicks } from '../topic-traits.ts';
import { questionFragments, topicFragments } from './readability.ts';
import { htmlToBlocks, wordTokens } from './tokenize.ts';

export const WORDS_PER_MINUTE = 120;
/**
 * Words a reader's eye counts in HTML fragments: tags and «Fuente:» lines out, a number is one
 * word, a placeholder is one word, `{{^x}}` fallbacks not counted (decision 0073).
 */
export const countWords = (fragments: readonly string[]): number =>
  fragments
    .flatMap((f) => htmlToBlocks(unfilledTemplate(f)))
    .reduce((n, block) => n + wordTokens(block).length, 0);

export interface HoursBreakdown {
  words: number;
  questions: number;
  clickScreens: number;
  minutes: number;
  /** Rounded up to the half hour. */
  hours: number;
}

export function courseHours(course: Course): HoursBreakdown {
  const topics = course.modules.flatMap((m) => m.topics);
  const questions = course.modules.flatMap((m) => m.activity.questions);
  const words =
    countWords([course.introduction.title, course.introduction.text]) +
    topics.reduce((n, t) => n + countWords(topicFragments(t)), 0) +
    questions.reduce((n, q) => n + countWords(questionFragments(q)), 0);
  const clickScreens = topics.filter(revealsByClicks).length;
  const minutes = words / WORDS_PER_MINUTE + questions.length + clickScreens;
  return {
    words,
    questions: questions.length,
    clickScreens,
    minutes,
    hours: Math.max(0.5, Math.ceil(minutes / 30) / 2),
  };
}
