// Nothing in the repository points outside it (decision 0254): every tracked source file is
// free of paths on one machine, citations of documents a clone does not have, and wall-clock
// duration assertions; and each rule of scripts/lib/hygiene.ts catches what it is meant to.
// The planted bad cases are built from parts, so this file passes its own scan.
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatFindings, scanText, type HygieneRule } from './lib/hygiene.ts';
import { repositoryFiles } from './lib/repository-files.ts';

const ROOT = resolve(import.meta.dirname, '..');
// The names the planted cases cite and the matchers they bound, written as parts too.
const [SPEC, DESIGN] = ['SP' + 'EC', 'DES' + 'IGN'];
const [LT, LTE, GT, GTE] = ['Less', 'LessThanOrEqual', 'Greater', 'GreaterThanOrEqual'].map(
  (m) => `toBe${m}${m.endsWith('Equal') ? '' : 'Than'}`,
);
const SOURCE = /\.(ts|tsx|js|mjs|cjs|sh)$|^\.ci\/run$/;
const SKIPPED = /(^|\/)(node_modules|dist[^/]*)\//;

/** Tracked source files, and new ones not ignored, that still exist in the working tree. */
const sourceFiles = () => repositoryFiles(ROOT).filter((f) => SOURCE.test(f) && !SKIPPED.test(f));

const rulesIn = (path: string, text: string): HygieneRule[] =>
  scanText(path, text, { repoRoot: ROOT }).map((f) => f.rule);

describe('the repository', () => {
  it('has no outside path, outside citation or duration assertion in its source files', () => {
    const files = sourceFiles();
    expect(files.length).toBeGreaterThan(100);
    expect(files).toContain('.ci/run');
    const findings = files.flatMap((path) =>
      scanText(path, readFileSync(join(ROOT, path), 'utf8'), { repoRoot: ROOT }).map((f) => ({
        path,
        ...f,
      })),
    );
    expect(formatFindings(findings), 'the rules and the waiver: decision 0254').toBe('');
  });
});

// Planted text: the forbidden prefixes are split so that no literal here begins with one.
const W = '/wo' + 'rk/';
const H = '/ho' + 'me/';
const U = '/Us' + 'ers/';
const SHARED = '..' + '/shared';

describe('outside paths', () => {
  it.each([
    ['a single-quoted string', `const SHOTS = '${W}shots/27';`],
    ['a double-quoted string', `readFileSync("${H}ana/curso/config.json")`],
    ['a template literal', 'const p = `' + U + 'ana/${name}.png`;'],
    ['a sibling shared folder', `import x from '${SHARED}/content.json';`],
    ['the repository’s own path', `const here = '${ROOT}/dist';`],
    ['a path in a comment', `// screenshots go to ${W}shots`],
  ])('finds %s', (_, code) => {
    expect(rulesIn('e2e/x.spec.ts', code)).toEqual(['outside-path']);
  });

  it('finds one in a shell script, quoted or not, and in .ci/run', () => {
    expect(rulesIn('scripts/x.sh', `cd ${W}main\n`)).toEqual(['outside-path']);
    expect(rulesIn('.ci/run', `#!/usr/bin/env bash\nOUT="${H}ci/out"\n`)).toEqual(['outside-path']);
  });

  it('gives the line of the finding', () => {
    const [finding] = scanText('x.ts', `const a = 1;\n\nconst b = '${W}x';\n`);
    expect(finding).toMatchObject({ rule: 'outside-path', line: 3, text: `${W}x` });
  });

  it('leaves system paths, URL paths and relative paths alone', () => {
    const code = [
      "symlinkSync('/dev/zero', join(dir, 'logo.svg'));",
      "const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';",
      "readFileSync('/proc/self/status', 'utf8');",
      "const hosts = '/etc/hosts';",
      'const dir = mkdtempSync(join(os.tmpdir(), "sst-"));',
      "await page.goto('/consola/importar');",
      'fetch(`/api/v1/learners/${id}`);',
      "const gate = '/verificar';",
      "const out = 'test-results/shots';",
      "import { x } from '../shared.ts';",
      "import { y } from './first-screen/shared.ts';",
      '// Debian installs it at /usr/bin/chromium; a URL such as /api/v1/csrf-cookie is fine.',
      '[ -x "${CHROMIUM_PATH:-/usr/bin/chromium}" ] || missing+=(chromium)',
    ].join('\n');
    expect(rulesIn('e2e/x.spec.ts', code)).toEqual([]);
    expect(
      rulesIn('scripts/x.sh', 'cd "$(dirname "$0")/.."\n[ -d /tmp/x ] && rm -rf /tmp/x\n'),
    ).toEqual([]);
  });
});

describe('outside citations', () => {
  it.each([
    ['a brief section in a test title', "it('uses the names of content-brief §0.8', () => {});"],
    ['a brief section in a describe title', "describe('brief §3: corrections', () => {});"],
    ['a spec section in a comment', `/** The last session (exit as ${SPEC} §4). */`],
    ['a spec file in a comment', `// as ${SPEC}.md says`],
    ['design notes in a comment', `// see ${DESIGN}.md, the colours`],
    ['a design section in a title', `test.describe('${DESIGN} §2 layout', () => {});`],
    ['a shared folder in a comment', '// the facts are in shared/content-brief'],
    ['an issue number in a comment', '// fixes issue #27'],
    ['an issue number without #', '/* the bug of issue 12 */'],
    ['a title given to it.each', "it.each([[1], [2]])('brief §%i', (n) => {});"],
    ['a title as a template literal', 'it(`${mode}: per ' + SPEC + ' §8`, () => {});'],
    [
      'a title on the next line',
      "test.describe.parallel(\n  'as the brief §3 asks',\n  () => {},\n);",
    ],
    ['a comment in a shell script', `# as in ${SPEC} §4\necho 'ok'\n`],
  ])('finds %s', (_, code) => {
    expect(rulesIn(code.startsWith('#') ? 'scripts/x.sh' : 'src/x.test.ts', code)).toEqual([
      'outside-citation',
    ]);
  });

  it('reports the line inside a block comment', () => {
    const [finding] = scanText(
      'x.ts',
      `/**\n * A rule.\n * As ${SPEC} §4 says.\n */\nexport {};\n`,
    );
    expect(finding).toMatchObject({ rule: 'outside-citation', line: 3 });
  });

  it('accepts decision records, and the same words in ordinary strings', () => {
    const code = [
      '// Exit as in decision 0006 (docs/decisions/0006-lms-status-exit-and-score.md).',
      "describe('fact corrections (decision 0107) in modules 1 and 2', () => {});",
      "it('uses the placeholder names of record 0072', () => {});",
      '// e2e/shared-phone.spec.ts and src/app/first-screen/shared.ts are ours.',
      "const label = 'Brief: § 3';",
      "expect(text).toContain('issue 4');",
      '// Playwright: the spec calls launchPopup(); RAE, Ortografía 2010, §4.1.',
    ].join('\n');
    expect(rulesIn('src/x.test.ts', code)).toEqual([]);
  });
});

describe('duration assertions', () => {
  it.each([
    ['performance.now() inside expect', `expect(performance.now() - started).${LT}(2000);`],
    ['Date.now() inside expect', `expect(Date.now() - t0).${LT}(5000);`],
    ['process.hrtime inside expect', `expect(Number(process.hrtime.bigint() - t0)).${LT}(1e9);`],
    [
      'the assertion split over lines',
      `expect(\n  performance.now() - started,\n)\n  .${LTE}(2000);`,
    ],
    [
      'a variable assigned the difference',
      `const started = performance.now();\nrun();\nconst took = performance.now() - started;\nexpect(took / 1000).${LT}(2);`,
    ],
    [
      'a differently named variable assigned the difference',
      `const t = Date.now();\nconst spent: number = Date.now() - t;\nexpect(spent).${GT}(10);`,
    ],
    ['a variable named elapsed', `expect(result.elapsedMs).${LT}(300);`],
    ['a variable named duration', `expect.soft(duration).${LTE}(50);`],
    ['a percentile of delays', `expect(busy.loopP99).${LT}(gate(quiet.loopP99));`],
    ['a negated bound', `expect(Date.now() - t0).not.${GT}(100);`],
  ])('finds %s', (_, code) => {
    expect(rulesIn('src/x.test.ts', code)).toEqual(['duration-assertion']);
  });

  it('accepts other bounds, timestamps and fake timers', () => {
    const code = [
      'const before = Date.now();',
      `expect(data.completedAt.getTime()).${GTE}(before);`,
      `expect(Date.parse(acceptedAt)).${GT}(Date.now() - 60_000);`,
      `expect(Math.abs(life(rows[0]!) - INVITATION_LIFETIME_MS.tarjeta)).${LT}(60_000);`,
      'vi.setSystemTime(Date.now() + 2000);',
      'failReads(t.spy, version, fault, () => Date.now() - t0 < 3000);',
      'const mondayMs = Date.now() - started;',
      'console.log(`took ${mondayMs} ms`);',
      'expect(Date.now() - t0).toBe(0);',
      `expect(scrollWidth).${LTE}(390); // 'elapsed' in a string or comment`,
    ].join('\n');
    expect(rulesIn('src/x.test.ts', code)).toEqual([]);
  });
});

describe('the waiver', () => {
  it('waives a line that gives a reason, not one without', () => {
    const bad = `expect(performance.now() - started).${LT}(2000);`;
    expect(
      rulesIn('x.test.ts', `${bad} // hygiene-ok: a 30-s hang is the bug caught here`),
    ).toEqual([]);
    expect(rulesIn('x.test.ts', `${bad} // hygiene-ok:`)).toEqual(['duration-assertion']);
    expect(rulesIn('x.test.ts', `${bad}\n// hygiene-ok: only its own line`)).toEqual([
      'duration-assertion',
    ]);
  });
});

describe('the lexer', () => {
  it('tells regex literals, JSX and nested templates from strings and comments', () => {
    const code = [
      'const re = /[\'"`]/g; // a regex with quotes, then a comment',
      'const half = total / 2; const other = /\\/\\//.test(x) ? `a ${`b ${c}`} d` : "e";',
      'const el = <p className="x">Texto</p>;',
      `const bad = '${W}after-all';`,
    ].join('\n');
    expect(scanText('x.tsx', code)).toEqual([
      { rule: 'outside-path', line: 4, text: `${W}after-all` },
    ]);
  });
});
