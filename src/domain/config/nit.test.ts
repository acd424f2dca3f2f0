import { describe, expect, it } from 'vitest';
import { nitCheckDigit, nitProblem } from './nit.ts';

describe('nitCheckDigit (DIAN modulo 11)', () => {
  // Public NITs with their published check digits.
  it.each([
    ['800197268', 4], // DIAN
    ['899999068', 1], // Ecopetrol
    ['860034313', 7], // Davivienda
    ['890903938', 8], // Bancolombia
  ])('%s → %i', (base, digit) => {
    expect(nitCheckDigit(base)).toBe(digit);
  });

  it('gives the remainder itself when it is 0 or 1', () => {
    // 1 × 3 = 3 → 11 − 3 = 8; 4 × 3 = 12 → r = 1 → 1; 11: 1×3 + 1×7 = 10 → 1; 22: 6 + 14 = 20 → r 9 → 2.
    expect(nitCheckDigit('1')).toBe(8);
    expect(nitCheckDigit('4')).toBe(1);
    expect(nitCheckDigit('0')).toBe(0);
    expect(nitCheckDigit('22')).toBe(2);
  });

  it('refuses a base that is not digits', () => {
    expect(() => nitCheckDigit('12a')).toThrow(RangeError);
  });
});

describe('nitProblem', () => {
  it('accepts digits, hyphen and the right check digit', () => {
    expect(nitProblem('900123456-8')).toBeNull();
    expect(nitProblem('800197268-4')).toBeNull();
  });

  it('names a wrong check digit and the right one', () => {
    expect(nitProblem('900123456-7')).toBe(
      'el dígito de verificación del NIT «900123456-7» no es correcto (para 900123456 es 8)',
    );
  });

  it('explains the format when dots, spaces or the hyphen are wrong', () => {
    expect(nitProblem('900.123.456-8')).toMatch(/escríbelo sin puntos ni espacios/);
    expect(nitProblem('9001234568')).toMatch(
      /se esperan los dígitos, un guion y el dígito de verificación/,
    );
    expect(nitProblem('12-3')).toMatch(/formato de NIT inválido/);
  });
});
