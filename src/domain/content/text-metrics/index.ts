// Text metrics of the course content (decisions 0073 and 0105): tokenizer, Spanish syllables,
// INFLESZ readability, honest hours.
export { syllabify, countSyllables } from './syllabify.ts';
export { integerToWords, numberToWords } from './spanish-numbers.ts';
export {
  decodeEntities,
  htmlToBlocks,
  readToken,
  sentencesOf,
  splitSentences,
  wordTokens,
  type Sentence,
  type Word,
} from './tokenize.ts';
export {
  inflesz,
  longestSentence,
  questionFragments,
  screenReadability,
  statsOfBlocks,
  statsOfHtml,
  topicFragments,
  type TextStats,
} from './readability.ts';
export { WORDS_PER_MINUTE, countWords, courseHours, type HoursBreakdown } from './hours.ts';
export {
  INFLESZ_MIN,
  MAX_SENTENCE_WORDS,
  courseReadability,
  formatLowest,
  lowestScreens,
  measuringConfigs,
  readabilityFailures,
  type NamedValues,
  type ReadabilityRow,
} from './course-readability.ts';
