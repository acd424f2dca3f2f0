// A sentence that ends with a name (a company, an obra) ends with one full stop, even when the
// name ends in one itself: «… de Constructora Ejemplo S.A.S.», never «S.A.S..» (record 0274).

/** `text` followed by a full stop, unless it already ends in one (or in «?», «!», «…»). */
export function withFullStop(text: string): string {
  const trimmed = text.trimEnd();
  return /[.!?…]$/u.test(trimmed) ? trimmed : `${trimmed}.`;
}

/**
 * `before` and `after` joined where `after` opens with the full stop that ends `before`'s
 * sentence: the stop is written once.
 */
export function joinAtFullStop(before: string, after: string): string {
  return after.startsWith('.') ? withFullStop(before) + after.slice(1) : before + after;
}
