// Every repository path the guide, the records, the READMEs and the code comments cite exists
// (docs/decisions/0253-a-guide-that-cannot-drift.md). A path kept as history is allowed when its
// sentence marks it, «(removed)» or «formerly» (scripts/lib/doc-paths.ts, HISTORY_MARKERS).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../course-files/read-content.ts';
import { repositoryFiles } from './lib/repository-files.ts';
import {
  candidatePaths,
  commentCitations,
  markdownCitations,
  SKIPPED_OUTPUTS,
  type Citation,
  type PathOptions,
} from './lib/doc-paths.ts';

const CODE = /\.(ts|tsx|js|mjs|cjs|sh)$/;

/** The lines of .gitignore that name a path (no glob): outputs, never checked. */
function ignoredPaths(): string[] {
  return readFileSync(join(ROOT, '.gitignore'), 'utf8')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#') && !/[*?[!]/.test(l))
    .map((l) => l.replace(/^\//, ''));
}

const RECORDS = readdirSync(join(ROOT, 'docs/decisions'));

/** A file or folder of the working tree, or a record cited by number (`docs/decisions/0140`). */
function exists(path: string): boolean {
  if (existsSync(join(ROOT, path))) return true;
  const number = /^docs\/decisions\/(\d{4})$/.exec(path)?.[1];
  return !!number && RECORDS.some((r) => r.startsWith(`${number}-`));
}

const files = repositoryFiles(ROOT);
const options: PathOptions = {
  // The top of the tree: `src/`, `server/`…, `package.json`…
  roots: [...new Set(files.map((f) => (f.includes('/') ? f.slice(0, f.indexOf('/') + 1) : f)))],
  skipped: [
    ...SKIPPED_OUTPUTS,
    ...ignoredPaths(),
    // The configuration the admin guides tell an administrator to create from config/ejemplo.json.
    'config/mi-empresa.json',
  ],
};

function citationsOf(file: string): Citation[] {
  const text = readFileSync(join(ROOT, file), 'utf8');
  if (file.endsWith('.md')) return markdownCitations(text, file, options);
  return CODE.test(file) ? commentCitations(text, file, options) : [];
}

/** The citations of a file that may cite a missing path (a source file none of whose words is one cites none). */
function suspectCitationsOf(file: string): Citation[] {
  if (CODE.test(file) && !file.endsWith('.md')) {
    const text = readFileSync(join(ROOT, file), 'utf8');
    if (candidatePaths(text, options).every(exists)) return [];
  }
  return citationsOf(file);
}

describe('paths cited in the docs and code comments', () => {
  it('all exist, or their sentence marks them as history', () => {
    const missing = files.flatMap((file) =>
      suspectCitationsOf(file)
        .filter((c) => !c.history && !exists(c.path))
        .map((c) => `${file}:${c.line}: ${c.path}`),
    );
    expect(
      missing,
      'Cite the path the file has now; for a file that is gone, keep it only as history and ' +
        'write «(removed)» after it (the markers are HISTORY_MARKERS in scripts/lib/doc-paths.ts).',
    ).toEqual([]);
  });

  it('reads the guide, the READMEs, the records and the comments', () => {
    const cited = (file: string) => citationsOf(file).map((c) => c.path);
    expect(cited('docs/architecture.md')).toContain('src/tracking/port.ts');
    expect(cited('README.md')).toContain('docs/architecture.md');
    expect(cited('docs/decisions/README.md')).toContain('docs/architecture.md');
    expect(cited('eslint.config.js')).toContain('server/env.ts');
  });
});

describe('doc-paths', () => {
  const roots = { roots: ['src/', 'docs/', 'package.json'] };

  it('finds, among the words of a source text, every path its comments cite', () => {
    const text = [
      '/**',
      ' * See src/a.ts, (src/b.ts) and',
      ' *src/c.ts',
      ' */',
      "const x = 'src/d.ts'; //src/e.ts.",
      '/*src/f.ts*/ run();',
    ].join('\n');
    const cited = commentCitations(text, 'x.ts', roots).map((c) => c.path);
    expect(cited).toEqual(['src/a.ts', 'src/b.ts', 'src/c.ts', 'src/e.ts', 'src/f.ts']);
    expect(candidatePaths(text, roots)).toEqual(expect.arrayContaining(cited));
  });
  const md = (text: string) => markdownCitations(text, 'docs/guide.md', roots);

  it('finds a path in backticks, in a link target (resolved) and in a fenced block', () => {
    const text = [
      'The port is `src/tracking/port.ts`; see [the records](decisions/README.md).',
      '',
      '```',
      'src/app/ the composition root',
      '```',
      '',
      '- `npm run build` reads `package.json`, not `src` or `tracking/port.ts`.',
    ].join('\n');
    expect(md(text)).toEqual([
      { path: 'src/tracking/port.ts', line: 1, history: false },
      { path: 'docs/decisions/README.md', line: 1, history: false },
      { path: 'src/app/', line: 4, history: false },
      { path: 'package.json', line: 7, history: false },
    ]);
  });

  it('marks a path as history when its sentence says «(removed)» or «formerly»', () => {
    const text = [
      'The entry was `src/app/main.tsx` (removed). Today it is `src/app/main-lms.tsx`.',
      '',
      '- `src/app/main-web.tsx` (formerly `src/app/main.tsx`) registers the',
      '  service worker.',
    ].join('\n');
    expect(md(text)).toEqual([
      { path: 'src/app/main.tsx', line: 1, history: true },
      { path: 'src/app/main-lms.tsx', line: 1, history: false },
      { path: 'src/app/main-web.tsx', line: 3, history: true },
      { path: 'src/app/main.tsx', line: 3, history: true },
    ]);
  });

  it('skips globs, placeholders, outputs, URLs and paths of another repository', () => {
    const text = [
      '`src/screen-types/<type>/definition.ts`, `src/tracking/*/`, `docs/decisions/NNNN-x.md`,',
      '`src/…`, `dist/web`, [site](https://example.com/src/a.ts), [top](#the-parts), and',
      "moodlehq/moodleapp's `src/addons/mod/scorm/`.",
    ].join('\n');
    expect(md(text)).toEqual([]);
    expect(markdownCitations('`dist/web`', 'README.md', { roots: ['dist/'] })).toEqual([]);
  });

  it('finds bare paths in code comments only, with their line', () => {
    const code = [
      "// Reads src/domain/progress/engine.ts's rules (docs/decisions/0201-x.md).",
      "const url = 'https://host/src/not-a-comment.ts'; // src/one.ts,",
      '/**',
      ' * src/gone.ts (removed): replaced by src/two.ts',
      ' * on a second line. The glob src/**/*.ts is skipped.',
      ' */',
      "const re = /\\/\\/ src\\/not-a-comment/; const s = `// src/in-a-template.ts ${'//'}`;",
    ].join('\n');
    expect(commentCitations(code, 'src/x.ts', roots)).toEqual([
      { path: 'src/domain/progress/engine.ts', line: 1, history: false },
      { path: 'docs/decisions/0201-x.md', line: 1, history: false },
      { path: 'src/one.ts', line: 2, history: false },
      { path: 'src/gone.ts', line: 4, history: true },
      { path: 'src/two.ts', line: 4, history: true },
    ]);
    const shell = ['#!/usr/bin/env bash', 'echo "# src/not-a-comment.ts" # src/three.sh'].join(
      '\n',
    );
    expect(commentCitations(shell, 'x.sh', roots)).toEqual([
      { path: 'src/three.sh', line: 2, history: false },
    ]);
  });
});

describe('the check on a planted file', () => {
  // A markdown file as the check reads it, with its paths judged against the real tree.
  const missingIn = (text: string) =>
    markdownCitations(text, 'docs/planted.md', options)
      .filter((c) => !c.history && !exists(c.path))
      .map((c) => c.path);

  it('reports a missing path', () => {
    expect(missingIn('The adapter lives in `src/tracking/gone-adapter.ts`.')).toEqual([
      'src/tracking/gone-adapter.ts',
    ]);
    expect(missingIn('See [the old guide](old-guide.md).')).toEqual(['docs/old-guide.md']);
  });

  it('allows a missing path marked as history', () => {
    expect(missingIn('It lived in `src/tracking/gone-adapter.ts` (removed).')).toEqual([]);
  });

  it('allows an existing path, a record cited by number, and skips a glob', () => {
    expect(
      missingIn(
        '`src/tracking/port.ts`, `docs/decisions/0140`, `src/**/*.gone.ts`, `bench/results.json`',
      ),
    ).toEqual([]);
  });
});
