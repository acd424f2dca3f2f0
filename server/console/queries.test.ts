// The console's search key: what a coordinator types is matched without case or accents.
import { describe, expect, it } from 'vitest';
import { searchKey } from './queries.ts';

describe('searchKey', () => {
  it('folds case and the accents of Spanish (and a few borrowed ones) to plain letters', () => {
    expect(searchKey('  Núñez ÁLVAREZ ')).toBe('nunez alvarez');
    expect(searchKey('Güiza Pérez, María José')).toBe('guiza perez, maria jose');
    expect(searchKey('ÀÈÌÒÙ âêîôû ÄËÏÖ')).toBe('aeiou aeiou aeio');
  });
  it('leaves everything else as typed', () => {
    expect(searchKey('cc-1001 obra_2 50%')).toBe('cc-1001 obra_2 50%');
  });
});
