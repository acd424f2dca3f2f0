// The console's and the CLI's Spanish texts live in their strings modules (decision 0250): this
// test reads every code file of server/console, server/cli and server/platform (a new file included) and fails on
// a string literal that holds a Spanish sentence (three words or more, one of them a common
// Spanish short word), so a new inline sentence is caught where it is written. Every file of
// both folders is moved, so every file is checked.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const HERE = import.meta.dirname;
// The API's routes too (record 0272), but for the page frame's link and the operator's notice
// of a missing build, which are HTML templates of their own.
const NOT_CHECKED = new Set(['routes/html-page.ts', 'routes/static.ts']);
const FILES = ['console', 'cli', 'routes', 'platform'].flatMap((dir) =>
  readdirSync(join(HERE, dir))
    .filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'))
    .map((name) => `${dir}/${name}`)
    .filter((path) => !NOT_CHECKED.has(path)),
);

const SHORT_WORDS =
  /(?:^|[^\p{L}])(?:de|del|la|las|el|los|que|una?|para|con|por|sin|se|es|no|en|al|su|tu|y|o)\s+\p{L}/u;

/** The Spanish sentences among `source`'s string and template literal texts (HTML tags left out). */
export function inlineSentences(source: string, fileName = 'x.ts'): string[] {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (
      ts.isStringLiteral(node) ||
      ts.isNoSubstitutionTemplateLiteral(node) ||
      ts.isTemplateHead(node) ||
      ts.isTemplateMiddle(node) ||
      ts.isTemplateTail(node)
    ) {
      const isImport = ts.isImportDeclaration(node.parent) || ts.isExportDeclaration(node.parent);
      const text = node.text.replace(/<[^>]*>/g, ' ');
      const words = text.match(/\p{L}+/gu) ?? [];
      if (!isImport && words.length >= 3 && SHORT_WORDS.test(text)) found.push(node.text.trim());
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

describe('inline Spanish sentences in the console and the CLI', () => {
  it('finds a sentence written inline, and not HTML, SQL or a strings reference', () => {
    expect(inlineSentences("const a = 'Elige al menos un aprendiz.';")).toHaveLength(1);
    expect(
      inlineSentences('const a = `<h1>${T.title}</h1><p>Se hizo la invitación.</p>`;'),
    ).toEqual(['</h1><p>Se hizo la invitación.</p>']);
    expect(
      inlineSentences(
        'db.query(\'SELECT id, name FROM users WHERE id = ANY($1::integer[])\'); const b = `<p class="notice ok" role="status">${T.done}</p>`;',
      ),
    ).toEqual([]);
  });

  it.each(FILES)('%s keeps its texts in a strings module', (path) => {
    expect(inlineSentences(readFileSync(join(HERE, path), 'utf8'), path)).toEqual([]);
  });
});
