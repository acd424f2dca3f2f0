import { describe, expect, it } from 'vitest';
import { integerToWords, numberToWords } from './spanish-numbers.ts';

describe('integerToWords', () => {
  it.each([
    [0, 'cero'],
    [1, 'uno'],
    [15, 'quince'],
    [16, 'dieciséis'],
    [21, 'veintiuno'],
    [22, 'veintidós'],
    [30, 'treinta'],
    [45, 'cuarenta y cinco'],
    [100, 'cien'],
    [101, 'ciento uno'],
    [123, 'ciento veintitrés'],
    [500, 'quinientos'],
    [999, 'novecientos noventa y nueve'],
    [1000, 'mil'],
    [1072, 'mil setenta y dos'],
    [1979, 'mil novecientos setenta y nueve'],
    [2015, 'dos mil quince'],
    [2026, 'dos mil veintiséis'],
    [21000, 'veintiún mil'],
    [40595, 'cuarenta mil quinientos noventa y cinco'],
    [100000, 'cien mil'],
    [1000000, 'un millón'],
    [2500000, 'dos millones quinientos mil'],
    [31000000, 'treinta y un millones'],
  ])('%i → %s', (n, words) => {
    expect(integerToWords(n)).toBe(words);
  });

  it('refuses what is not a whole number in range', () => {
    expect(() => integerToWords(-1)).toThrow(RangeError);
    expect(() => integerToWords(1.5)).toThrow(RangeError);
  });
});

describe('numberToWords', () => {
  it.each([
    ['123', 'ciento veintitrés'],
    ['2,0', 'dos coma cero'],
    ['2,5', 'dos coma cinco'],
    ['1,05', 'uno coma cero cinco'],
    ['6.850', 'seis mil ochocientos cincuenta'],
    ['1.000.000', 'un millón'],
    ['2.2.4.6.24', 'dos punto dos punto cuatro punto seis punto veinticuatro'],
    ['007', 'cero cero siete'],
  ])('%s → %s', (token, words) => {
    expect(numberToWords(token)).toBe(words);
  });

  it('refuses a token that is not a number', () => {
    expect(() => numberToWords('abc')).toThrow(RangeError);
  });
});
