// docs/architecture.md lists what lint enforces in a block generated from eslint.config.js; the
// block says everything lint enforces and nothing else (docs/decisions/0253-a-guide-that-cannot-drift.md).
import { readFileSync } from 'node:fs';
import type { Linter } from 'eslint';
import { describe, expect, it } from 'vitest';
import {
  GUIDE,
  PER_FOLDER,
  foldersOf,
  loadLintConfig,
  renderedLintList,
} from './lint-rules-doc.ts';
import {
  END,
  START,
  WRITE_COMMAND,
  lintBlockOf,
  lintRules,
  renderLintRules,
  withLintBlock,
} from './lib/lint-rules-doc.ts';

const config = await loadLintConfig();
const block = lintBlockOf(readFileSync(GUIDE, 'utf8'));

/** Every message of a layering rule and every local rule of the config, read the plain way. */
function configMessages(blocks: readonly Linter.Config[]): string[] {
  const out: string[] = [];
  for (const b of blocks)
    for (const [id, entry] of Object.entries(b.rules ?? {})) {
      if (id.startsWith('local/')) out.push(id);
      if (!/^no-restricted-(imports|globals|properties)$/.test(id) || !Array.isArray(entry))
        continue;
      for (const o of entry.slice(1) as Record<string, unknown>[]) {
        if (typeof o.message === 'string') out.push(o.message);
        for (const p of [o.patterns, o.paths].flat() as ({ message?: string } | undefined)[])
          if (p?.message) out.push(p.message);
      }
    }
  return [...new Set(out)];
}

describe('the lint list of docs/architecture.md', () => {
  it('is what eslint.config.js enforces today', async () => {
    expect(block, `${START} … ${END} in docs/architecture.md`).not.toBeNull();
    expect(block, `The lint list is stale: run \`${WRITE_COMMAND}\``).toBe(
      await renderedLintList(),
    );
  });

  it('names every rule message of the config, and lists only those', () => {
    const messages = configMessages(config);
    expect(messages.length).toBeGreaterThan(20);
    for (const m of messages) expect(block, m).toContain(m);
    // A rule line is `imports: <message>`, `<names>: <message>` or `<local rule>`: <description>.
    const listed = (block ?? '').split('\n').filter((l) => l.startsWith('  - '));
    expect(listed.length).toBeGreaterThan(20);
    for (const line of listed) {
      const local = /^ {2}- `(local\/[\w-]+)`/.exec(line)?.[1];
      const message = line.replace(/^ {2}- (imports|`[^`]+`(, `[^`]+`)*): /, '');
      expect(local ? messages.includes(local) : messages.includes(message), line).toBe(true);
    }
  });

  it('writes `*` only for a folder the config fences one by one, every one of them', () => {
    for (const dir of PER_FOLDER)
      for (const folder of foldersOf(dir))
        expect(
          config.some((b) =>
            (b.files ?? []).flat().some((f) => String(f).startsWith(`${dir}${folder}/`)),
          ),
          `${dir}${folder}`,
        ).toBe(true);
  });
});

describe('lint-rules-doc', () => {
  const fake: Linter.Config[] = [
    { files: ['**/*.js'], rules: { semi: 'error' } },
    {
      files: ['src/a/one/**/*.ts'],
      rules: {
        'no-restricted-imports': ['error', { patterns: [{ group: ['x'], message: 'No x.' }] }],
      },
    },
    {
      files: ['src/a/two/**/*.ts'],
      ignores: [],
      rules: {
        'no-restricted-imports': ['error', { patterns: [{ group: ['x'], message: 'No x.' }] }],
      },
    },
    {
      files: ['lib/**/*.ts'],
      ignores: ['**/*.test.ts'],
      rules: {
        'no-restricted-globals': [
          'error',
          { name: 'window', message: 'No DOM.' },
          { name: 'document', message: 'No DOM.' },
        ],
        'no-restricted-properties': [
          'error',
          { object: 'process', property: 'env', message: 'Use env.ts.' },
        ],
      },
    },
  ];

  it('renders files → messages, one item per file set, folders fenced one by one as `*`', () => {
    expect(renderLintRules(lintRules(fake, ['src/a/']))).toBe(
      [
        '- `src/a/*/**/*.ts`:',
        '  - imports: No x.',
        '- `lib/**/*.ts` except `**/*.test.ts`:',
        '  - `window`, `document`: No DOM.',
        '  - `process.env`: Use env.ts.',
      ].join('\n'),
    );
  });

  it('reads and writes the block between the markers', () => {
    const md = `# Guide\n\n${START}\n\nold\n\n${END}\n\nAfter.\n`;
    expect(lintBlockOf(md)).toBe('old');
    const written = withLintBlock(md, '- new');
    expect(written).toBe(`# Guide\n\n${START}\n\n- new\n\n${END}\n\nAfter.\n`);
    expect(lintBlockOf(written)).toBe('- new');
    expect(lintBlockOf('# no markers')).toBeNull();
  });
});
