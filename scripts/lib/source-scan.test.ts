// The source scanner the hygiene and cited-path checks share (scripts/lib/source-scan.ts): what
// TypeScript's parser says is a comment, a literal, a test title or a bound assertion.
import { describe, expect, it } from 'vitest';
import {
  isShellFile,
  lineFinder,
  scanSource,
  shellComments,
  sourceComments,
} from './source-scan.ts';

const commentTexts = (path: string, code: string) => sourceComments(path, code).map((c) => c.text);

describe('comments', () => {
  it('finds line and block comments with their offsets, and one at the end of the file', () => {
    const code = '/** Head. */\nconst a = 1; // after a\nf(/* inside */);\n// last, no newline';
    const comments = sourceComments('x.ts', code);
    expect(comments.map((c) => [c.kind, c.text])).toEqual([
      ['block', '/** Head. */'],
      ['line', '// after a'],
      ['block', '/* inside */'],
      ['line', '// last, no newline'],
    ]);
    for (const c of comments) expect(code.slice(c.start, c.end)).toBe(c.text);
  });

  it('finds a JSX comment, not the slashes of JSX text', () => {
    const code = [
      'export const A = () => (',
      '  <p>',
      '    {/* a JSX comment */}',
      '    Go to http://example.com // not a comment',
      '    <b>// nor this</b>',
      '    <i>',
      '      /* nor this */',
      '    </i>',
      '  </p>',
      ');',
    ].join('\n');
    expect(commentTexts('x.tsx', code)).toEqual(['/* a JSX comment */']);
  });

  it('does not take a regex holding slashes or quotes, or a division, for a comment', () => {
    const code = [
      'const a = /\\/\\/ x/g; const b = /["\'`]/; // real',
      'const c = total / 2 / count; const d = /[/*]/.test(s);',
    ].join('\n');
    expect(commentTexts('x.ts', code)).toEqual(['// real']);
    const regexes = scanSource('x.ts', code).literals.filter((l) => l.kind === 'regex');
    expect(regexes.map((l) => l.body)).toEqual(['\\/\\/ x', '["\'`]', '[/*]']);
  });

  it('reads a .js file with a shebang', () => {
    expect(commentTexts('x.mjs', '#!/usr/bin/env node\n// one\nexport {};\n')).toEqual(['// one']);
  });
});

describe('literals', () => {
  it('splits a template with a nested ${} holding a string and another template', () => {
    const code = "const t = `a ${f('b // c')} d ${`e ${g}`} h`;";
    const { literals, comments } = scanSource('x.ts', code);
    expect(comments).toEqual([]);
    expect(literals.map((l) => [l.kind, l.body])).toEqual([
      ['template-head', 'a '],
      ['string', 'b // c'],
      ['template-middle', ' d '],
      ['template-head', 'e '],
      ['template-tail', ''],
      ['template-tail', ' h'],
    ]);
    expect(code.slice(literals[1]!.start, literals[1]!.end)).toBe("'b // c'");
  });

  it('tells plain strings and templates apart', () => {
    const code = 'const s = "x"; const t = `y`;';
    expect(scanSource('x.ts', code).literals.map((l) => [l.kind, l.body])).toEqual([
      ['string', 'x'],
      ['template', 'y'],
    ]);
  });
});

describe('test titles', () => {
  it('reads the titles of it, test, describe and their .each forms', () => {
    const code = [
      "it('plain', () => {});",
      "describe.only('only', () => {});",
      "test.describe.parallel('parallel', () => {});",
      "it.each([[1], [2]])('table %i', (n) => {});",
      "it.each<[number]>([[1]])('typed %i', (n) => {});",
      "it.each`\n  a\n  ${1}\n`('tagged $a', ({ a }) => {});",
      'bench(`template ${name}`, () => {});',
      "foo.test('a member, not a test');",
      "it(title, () => {}); it(['not', 'a title']);",
    ].join('\n');
    expect(scanSource('x.test.ts', code).titles.map((t) => t.body)).toEqual([
      'plain',
      'only',
      'parallel',
      'table %i',
      'typed %i',
      'tagged $a',
      'template ${name}',
    ]);
  });
});

describe('bound assertions', () => {
  it('finds expect and expect.soft with a less-than or greater-than matcher, .not or not', () => {
    const code = [
      'expect(a - b).toBeLessThan(3);',
      'expect.soft(c).not.toBeGreaterThanOrEqual(4);',
      'expect(d).toBe(5);',
      'expect(e).toBeLessThan;',
      'other.expect(f).toBeLessThan(6);',
    ].join('\n');
    const { bounds, source } = scanSource('x.test.ts', code);
    expect(bounds.map((b) => [b.text, b.matcher, b.negated, b.argument.getText(source)])).toEqual([
      ['expect(a - b)', 'toBeLessThan', false, 'a - b'],
      ['expect.soft(c)', 'toBeGreaterThanOrEqual', true, 'c'],
    ]);
  });

  it('lists the names given a value', () => {
    const code = 'const a = 1; let b: number = 2; b = 3; o.c = 4; function f(d = 5) {}';
    const { assignments, source } = scanSource('x.ts', code);
    expect(assignments.map((a) => [a.name, a.value.getText(source)])).toEqual([
      ['a', '1'],
      ['b', '2'],
      ['b', '3'],
      ['c', '4'],
      ['d', '5'],
    ]);
  });
});

describe('shell scripts', () => {
  it('finds # comments outside quotes, a quoted string over lines included, not the shebang', () => {
    const code = [
      '#!/usr/bin/env bash',
      '# one',
      'echo "# not one" # two',
      "echo 'it spans",
      "# still quoted' ${x#y} # three",
    ].join('\n');
    expect(shellComments(code).map((c) => c.text)).toEqual(['# one', '# two', '# three']);
  });

  it('knows a shell script by its name or its shebang', () => {
    expect(isShellFile('scripts/x.sh')).toBe(true);
    expect(isShellFile('.ci/run')).toBe(true);
    expect(isShellFile('tools/x', '#!/bin/bash\n')).toBe(true);
    expect(isShellFile('tools/x.mjs', '#!/usr/bin/env node\n')).toBe(false);
  });
});

describe('lineFinder', () => {
  it('gives the 1-based line of an offset', () => {
    const lineAt = lineFinder('a\nbc\n\nd');
    expect([0, 1, 2, 4, 5, 6, 7].map(lineAt)).toEqual([1, 1, 2, 2, 3, 4, 4]);
  });
});
