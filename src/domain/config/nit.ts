// Colombian NIT (Número de Identificación Tributaria) with its check digit (decision 0070).
// DIAN's algorithm: the base digits, from right to left, are multiplied by the prime weights
// 3, 7, 13, 17, 19, 23, 29, 37, 41, 43, 47, 53, 59, 67, 71; the sum is taken modulo 11; a
// remainder of 0 or 1 is the check digit itself, any other remainder r gives 11 − r.

const WEIGHTS = [3, 7, 13, 17, 19, 23, 29, 37, 41, 43, 47, 53, 59, 67, 71] as const;

/** The check digit of a NIT base (digits only, at most 15). */
export function nitCheckDigit(base: string): number {
  if (!/^\d{1,15}$/.test(base)) throw new RangeError(`base de NIT inválida: ${base}`);
  let sum = 0;
  for (let i = 0; i < base.length; i++) {
    const digit = Number(base[base.length - 1 - i]);
    sum += digit * WEIGHTS[i]!;
  }
  const r = sum % 11;
  return r <= 1 ? r : 11 - r;
}

/** The form the configuration accepts: digits, a hyphen and the check digit (900123456-7). */
export const NIT_FORMAT = /^(\d{6,15})-(\d)$/;

/** Why a NIT is not acceptable, in Spanish, or null when it is. */
export function nitProblem(nit: string): string | null {
  const m = NIT_FORMAT.exec(nit);
  if (!m)
    return /[.\s]/.test(nit)
      ? `formato de NIT inválido «${nit}»: escríbelo sin puntos ni espacios, con guion y dígito de verificación (p. ej. 900123456-7)`
      : `formato de NIT inválido «${nit}»: se esperan los dígitos, un guion y el dígito de verificación (p. ej. 900123456-7)`;
  const expected = nitCheckDigit(m[1]!);
  if (Number(m[2]) !== expected)
    return `el dígito de verificación del NIT «${nit}» no es correcto (para ${m[1]} es ${expected})`;
  return null;
}
