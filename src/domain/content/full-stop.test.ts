import { describe, expect, it } from 'vitest';
import { joinAtFullStop, withFullStop } from './full-stop.ts';

describe('a name at the end of a sentence', () => {
  it('gets one full stop', () => {
    expect(withFullStop('Constructora Ejemplo')).toBe('Constructora Ejemplo.');
    expect(withFullStop('Constructora Ejemplo S.A.S.')).toBe('Constructora Ejemplo S.A.S.');
    expect(withFullStop('Constructora Ejemplo S.A.S. ')).toBe('Constructora Ejemplo S.A.S.');
  });

  it('keeps the stop of the sentence that follows the name once', () => {
    expect(joinAtFullStop('de Ejemplo S.A.S.', '. Sigue')).toBe('de Ejemplo S.A.S. Sigue');
    expect(joinAtFullStop('de Ejemplo Ltda', '. Sigue')).toBe('de Ejemplo Ltda. Sigue');
    expect(joinAtFullStop('de Ejemplo S.A.S.', ' y más')).toBe('de Ejemplo S.A.S. y más');
  });
});
