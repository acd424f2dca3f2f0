import { describe, expect, it } from 'vitest';
import { lineCount, longFunctions } from './code-sizes.ts';

const body = (n: number) => Array.from({ length: n }, (_, i) => `  const v${i} = ${i};`).join('\n');

describe('code sizes', () => {
  it('counts lines as an editor shows them', () => {
    expect(lineCount('')).toBe(0);
    expect(lineCount('a')).toBe(1);
    expect(lineCount('a\nb\n')).toBe(2);
    expect(lineCount('a\nb')).toBe(2);
  });

  it('finds declarations, arrows, methods and nested functions over the limit, with their names and lines', () => {
    const text = [
      `export function big() {\n${body(5)}\n}`,
      `const arrow = () => {\n${body(5)}\n};`,
      `class Session {\n  read() {\n${body(5)}\n  }\n}`,
      `function small() {\n  return 1;\n}`,
      `function outer() {\n  const inner = function () {\n${body(5)}\n  };\n}`,
    ].join('\n');
    const found = longFunctions('x.ts', text, 4).map((f) => [f.name, f.line, f.lines]);
    expect(found).toEqual([
      ['big', 1, 7],
      ['arrow', 8, 7],
      ['read', 16, 7],
      ['outer', 27, 9],
      ['inner', 28, 7],
    ]);
  });

  it('reads TSX and names a callback by the call it is given to', () => {
    const text = `it('x', () => {\n${body(3)}\n  return <p>{'a'}</p>;\n});`;
    expect(longFunctions('x.test.tsx', text, 3)).toEqual([
      { file: 'x.test.tsx', name: '(argumento de it)', line: 1, lines: 6 },
    ]);
  });
});
