import { describe, expect, it } from 'vitest';
import {
  decodeEntities,
  htmlToBlocks,
  readToken,
  sentencesOf,
  splitSentences,
  wordTokens,
} from './tokenize.ts';

describe('htmlToBlocks', () => {
  it('ends a block at paragraphs, list items, titles and line breaks, and drops inline tags', () => {
    expect(
      htmlToBlocks(
        '<h2>Título</h2><p>Usa el <strong>casco</strong> siempre</p><ul><li>Uno</li><li>Dos</li></ul>Línea<br>otra',
      ),
    ).toEqual(['Título', 'Usa el casco siempre', 'Uno', 'Dos', 'Línea', 'otra']);
  });

  it('leaves out the «Fuente:» line', () => {
    expect(
      htmlToBlocks(
        '<p>Reporta todo.</p><p><small>Fuente: Decreto 1072 de 2015, art. 2.2.4.6.24.</small></p>',
      ),
    ).toEqual(['Reporta todo.']);
  });

  it('decodes entities', () => {
    expect(htmlToBlocks('<p>A &amp; B&nbsp;&laquo;C&raquo; &#233; &#xE1;</p>')).toEqual([
      'A & B «C» é á',
    ]);
    expect(decodeEntities('&unknown;')).toBe('&unknown;');
  });
});

describe('splitSentences', () => {
  it('ends a sentence at . ? ! and …', () => {
    expect(splitSentences('Hola. ¿Cómo estás? ¡Bien! Pues… nada')).toEqual([
      'Hola.',
      '¿Cómo estás?',
      '¡Bien!',
      'Pues…',
      'nada',
    ]);
  });

  it('does not end a sentence at an abbreviation or inside a number or sigla', () => {
    expect(splitSentences('Lee el art. 5 del decreto. La empresa S.A.S. paga 2.5 veces.')).toEqual([
      'Lee el art. 5 del decreto.',
      'La empresa S.A.S.',
      'paga 2.5 veces.',
    ]);
  });

  it('drops sentences without words', () => {
    expect(splitSentences('… ¿?')).toEqual([]);
  });
});

describe('readToken', () => {
  it('reads a number as the words it is read as', () => {
    expect(readToken('123').map((w) => w.text)).toEqual(['ciento', 'veintitrés']);
    expect(readToken('123').map((w) => w.syllables)).toEqual([2, 3]);
    expect(readToken('1072')).toHaveLength(4); // mil setenta y dos
    expect(readToken('2,0').map((w) => w.text)).toEqual(['dos', 'coma', 'cero']);
  });

  it('counts a sigla as one word with one syllable per letter', () => {
    expect(readToken('SST')).toEqual([{ text: 'SST', syllables: 3 }]);
    expect(readToken('COPASST')).toEqual([{ text: 'COPASST', syllables: 7 }]);
    expect(readToken('SG-SST')).toEqual([{ text: 'SG-SST', syllables: 5 }]);
    expect(readToken('S.A.S')).toEqual([{ text: 'S.A.S', syllables: 3 }]);
  });

  it('does not take a capitalised word or a one-letter capital for a sigla', () => {
    expect(readToken('Obra')).toEqual([{ text: 'Obra', syllables: 2 }]);
    expect(readToken('A')).toEqual([{ text: 'A', syllables: 1 }]);
  });

  it('reads a hyphenated word part by part as one word', () => {
    expect(readToken('físico-químico')).toEqual([{ text: 'físico-químico', syllables: 6 }]);
    expect(readToken('EPP3')).toEqual([{ text: 'EPP3', syllables: 4 }]);
  });
});

describe('wordTokens and sentencesOf', () => {
  it('keeps inner punctuation of numbers and words, not outer', () => {
    expect(wordTokens('«Hola», dijo: 6.850 pasos (2,5 km).')).toEqual([
      'Hola',
      'dijo',
      '6.850',
      'pasos',
      '2,5',
      'km',
    ]);
  });

  it('gives written and read word counts', () => {
    const [s] = sentencesOf(['Marca el 123.']);
    expect(s!.written).toBe(3);
    expect(s!.words.map((w) => w.text)).toEqual(['Marca', 'el', 'ciento', 'veintitrés']);
  });
});
