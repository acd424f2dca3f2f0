// The one tokenizer behind the readability check and the honest hours (decision 0073):
// content HTML → blocks (titles, paragraphs, list items) → sentences → words → syllables.
import { countSyllables } from './syllabify.ts';
import { numberToWords } from './spanish-numbers.ts';

/** Tags whose start or end is a block boundary, so the text before it ends a sentence. */
const BLOCK_TAG =
  /<\/?\s*(p|li|ul|ol|h[1-6]|div|br|tr|td|th|table|thead|tbody|dt|dd|dl|blockquote|section|figcaption|hr)\b[^>]*>/gi;

const NAMED_ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  laquo: '«',
  raquo: '»',
  ndash: '–',
  mdash: '—',
  hellip: '…',
  aacute: 'á',
  eacute: 'é',
  iacute: 'í',
  oacute: 'ó',
  uacute: 'ú',
  ntilde: 'ñ',
  uuml: 'ü',
  Aacute: 'Á',
  Eacute: 'É',
  Iacute: 'Í',
  Oacute: 'Ó',
  Uacute: 'Ú',
  Ntilde: 'Ñ',
  iquest: '¿',
  iexcl: '¡',
};

export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (whole, body: string) => {
    if (body[0] === '#') {
      const code =
        body[1] === 'x' || body[1] === 'X' ? parseInt(body.slice(2), 16) : Number(body.slice(1));
      return Number.isFinite(code) ? String.fromCodePoint(code) : whole;
    }
    return NAMED_ENTITIES[body] ?? whole;
  });
}

/** A block whose text starts with «Fuente:» is the legal-source line: never measured. */
const FUENTE_LINE = /^fuente\s*:/i;

/**
 * Plain-text blocks of an HTML fragment: every paragraph, list item, title or line break ends a
 * block, inline tags are dropped, entities decoded, «Fuente: …» lines left out.
 */
export function htmlToBlocks(html: string): string[] {
  const text = html.replace(BLOCK_TAG, '\n\n').replace(/<[^>]*>/g, '');
  return decodeEntities(text)
    .split(/\n\s*\n/)
    .map((b) => b.replace(/\s+/g, ' ').trim())
    .filter((b) => b !== '' && !FUENTE_LINE.test(b));
}

/** A word: letters and digits, with inner dots, commas, apostrophes, hyphens or slashes. */
const WORD = /[\p{L}\p{N}]+(?:[.,'’\-/][\p{L}\p{N}]+)*/gu;

/** Abbreviations whose dot does not end a sentence (lowercase, without the dot). */
const ABBREVIATIONS = new Set([
  'art',
  'arts',
  'num',
  'núm',
  'no',
  'res',
  'dec',
  'lit',
  'inc',
  'pág',
  'págs',
  'sr',
  'sra',
  'dr',
  'dra',
  'ing',
  'ej',
  'p',
  'aprox',
  'tel',
]);

/** Splits a block into sentences at . ? ! … followed by a space (or the end of the block). */
export function splitSentences(block: string): string[] {
  const sentences: string[] = [];
  let start = 0;
  const end = /[.?!…]+["'»”)\]]*(?=\s|$)/g;
  for (let m = end.exec(block); m; m = end.exec(block)) {
    const before = block.slice(start, m.index);
    const lastWord = /([\p{L}]+)$/u.exec(before)?.[1];
    if (
      m[0].startsWith('.') &&
      m[0].length === 1 &&
      lastWord &&
      ABBREVIATIONS.has(lastWord.toLowerCase())
    )
      continue;
    sentences.push(block.slice(start, m.index + m[0].length).trim());
    start = m.index + m[0].length;
  }
  sentences.push(block.slice(start).trim());
  return sentences.filter((s) => wordTokens(s).length > 0);
}

/** A sigla: 2+ capital letters (SST, EPP, SG-SST) or initials with dots (S.A.S). */
const SIGLA = /^(?:\p{Lu}{2,}(?:-\p{Lu}+)*|(?:\p{Lu}\.)+\p{Lu}?)$/u;

export interface Word {
  /** As written in the text. */
  text: string;
  syllables: number;
}

/**
 * The words of a token as they are read: a number becomes the words it is read as
 * (1072 → mil, setenta, y, dos); a sigla is one word with one syllable per letter.
 */
export function readToken(token: string): Word[] {
  if (/^\d+(?:[.,]\d+)*$/.test(token)) {
    let spoken: string;
    try {
      spoken = numberToWords(token);
    } catch {
      spoken = token.replace(/[.,]/g, ' ');
    }
    return spoken.split(' ').map((w) => ({ text: w, syllables: countSyllables(w) }));
  }
  if (SIGLA.test(token))
    return [{ text: token, syllables: token.replace(/[^\p{L}]/gu, '').length }];
  // Mixed letters and digits (e.g. «EPP3», «1.º»): each run read on its own, one word in all.
  const parts = token.split(/[-/'’.,]|(?<=\p{L})(?=\p{N})|(?<=\p{N})(?=\p{L})/u).filter(Boolean);
  const syllables = parts.reduce(
    (sum, part) =>
      sum +
      (/^\d+$/.test(part)
        ? numberToWords(part)
            .split(' ')
            .reduce((s, w) => s + countSyllables(w), 0)
        : SIGLA.test(part)
          ? part.length
          : countSyllables(part)),
    0,
  );
  return [{ text: token, syllables: Math.max(1, syllables) }];
}

/** Raw word tokens of a sentence (numbers not expanded): what a reader's eye counts. */
export const wordTokens = (text: string): string[] => text.match(WORD) ?? [];

export interface Sentence {
  text: string;
  /** Words as read (numbers expanded): what INFLESZ counts. */
  words: Word[];
  /** Words as written (a number is one word): what the 20-word limit counts. */
  written: number;
}

/** Sentences of plain-text blocks, with their words as read. */
export function sentencesOf(blocks: readonly string[]): Sentence[] {
  return blocks.flatMap((block) =>
    splitSentences(block).map((text) => {
      const tokens = wordTokens(text);
      return { text, words: tokens.flatMap(readToken), written: tokens.length };
    }),
  );
}
