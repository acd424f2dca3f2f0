// Numbers as they are read aloud in Spanish, for counting syllables (decision 0073):
// 123 → «ciento veintitrés», 1072 → «mil setenta y dos», 2,0 → «dos coma cero».

const UNITS = [
  'cero',
  'uno',
  'dos',
  'tres',
  'cuatro',
  'cinco',
  'seis',
  'siete',
  'ocho',
  'nueve',
  'diez',
  'once',
  'doce',
  'trece',
  'catorce',
  'quince',
  'dieciséis',
  'diecisiete',
  'dieciocho',
  'diecinueve',
  'veinte',
  'veintiuno',
  'veintidós',
  'veintitrés',
  'veinticuatro',
  'veinticinco',
  'veintiséis',
  'veintisiete',
  'veintiocho',
  'veintinueve',
];
const TENS = [
  '',
  '',
  '',
  'treinta',
  'cuarenta',
  'cincuenta',
  'sesenta',
  'setenta',
  'ochenta',
  'noventa',
];
const HUNDREDS = [
  '',
  'ciento',
  'doscientos',
  'trescientos',
  'cuatrocientos',
  'quinientos',
  'seiscientos',
  'setecientos',
  'ochocientos',
  'novecientos',
];

function below1000(n: number): string {
  if (n === 100) return 'cien';
  const h = Math.floor(n / 100);
  const rest = n % 100;
  const parts: string[] = [];
  if (h) parts.push(HUNDREDS[h]!);
  if (rest) {
    if (rest < 30) parts.push(UNITS[rest]!);
    else {
      const t = Math.floor(rest / 10);
      const u = rest % 10;
      parts.push(u ? `${TENS[t]} y ${UNITS[u]}` : TENS[t]!);
    }
  }
  return parts.join(' ');
}

/** «uno» becomes «un» before «mil» and «millones» (veintiún mil, un millón). */
const apocope = (words: string) => words.replace(/veintiuno$/, 'veintiún').replace(/uno$/, 'un');

/** A whole number (0 ≤ n < 10^12) in words: 2015 → «dos mil quince». */
export function integerToWords(n: number): string {
  if (!Number.isInteger(n) || n < 0 || n >= 1e12)
    throw new RangeError(`número fuera de rango: ${n}`);
  if (n < 1000) return n === 0 ? 'cero' : below1000(n);
  const millions = Math.floor(n / 1e6);
  const thousands = Math.floor((n % 1e6) / 1000);
  const rest = n % 1000;
  const parts: string[] = [];
  if (millions) {
    const m = integerToWords(millions);
    parts.push(millions === 1 ? 'un millón' : `${apocope(m)} millones`);
  }
  if (thousands) parts.push(thousands === 1 ? 'mil' : `${apocope(below1000(thousands))} mil`);
  if (rest) parts.push(below1000(rest));
  return parts.join(' ');
}

const digitsToWords = (digits: string) =>
  // Leading zeros are read one by one: 2,05 → «dos coma cero cinco».
  (digits.match(/^0*/)?.[0] ?? '')
    .split('')
    .map(() => 'cero')
    .concat(/^0*$/.test(digits) ? [] : [integerToWords(Number(digits))])
    .join(' ');

/**
 * A number token as read aloud. Understands Spanish thousands dots (6.850), the decimal comma
 * (2,5) and dotted article numbers (2.2.4.6.24 → «dos punto dos punto …»).
 */
export function numberToWords(token: string): string {
  if (/^\d{1,3}(\.\d{3})+$/.test(token)) return integerToWords(Number(token.replace(/\./g, '')));
  if (/^\d+,\d+$/.test(token)) {
    const [whole, decimals] = token.split(',') as [string, string];
    return `${integerToWords(Number(whole))} coma ${digitsToWords(decimals)}`;
  }
  if (/^\d+(\.\d+)+$/.test(token))
    return token
      .split('.')
      .map((part) => digitsToWords(part))
      .join(' punto ');
  if (/^\d+$/.test(token)) {
    if (token.length > 12)
      return token
        .split('')
        .map((d) => UNITS[Number(d)])
        .join(' ');
    return digitsToWords(token);
  }
  throw new RangeError(`no es un número: ${token}`);
}
