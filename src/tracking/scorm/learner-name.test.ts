import { describe, expect, it } from 'vitest';
import { displayName } from './learner-name.ts';

describe('learner name from the LMS', () => {
  it.each([
    ['Pérez, Ana', 'Ana Pérez'],
    ['Pérez Gómez, María José', 'María José Pérez Gómez'],
    ['  de la Torre  Ruiz ,  Juan   Pablo ', 'Juan Pablo de la Torre Ruiz'],
    ['María José Pérez', 'María José Pérez'],
    ['Pérez,', 'Pérez'],
    [', Ana', 'Ana'],
    ['Pérez, Ana, María', 'Ana María Pérez'],
  ])('%j → %j', (input, expected) => {
    expect(displayName(input)).toBe(expected);
  });

  it.each([[''], ['   '], [null], [undefined], [',']])('%j → null', (input) => {
    expect(displayName(input)).toBeNull();
  });
});
