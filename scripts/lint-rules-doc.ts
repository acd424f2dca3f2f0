// Writes the list of what lint enforces into docs/architecture.md, between its lint-rules
// markers, from eslint.config.js (docs/decisions/0253-a-guide-that-cannot-drift.md):
// `npx tsx scripts/lint-rules-doc.ts --write`. Without --write it prints the list.
// scripts/architecture-lint-list.test.ts fails when the guide's block differs.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Linter } from 'eslint';
import { ROOT } from '../course-files/read-content.ts';
import { lintRules, renderLintRules, withLintBlock } from './lib/lint-rules-doc.ts';

export const GUIDE = join(ROOT, 'docs', 'architecture.md');

/** The folders eslint.config.js fences one by one, reading them from the tree. */
export const PER_FOLDER = ['src/features/', 'src/screen-types/', 'src/quiz-types/'];

/** The real ESLint flat config (eslint.config.js is an ES module). */
export async function loadLintConfig(): Promise<Linter.Config[]> {
  const url = pathToFileURL(join(ROOT, 'eslint.config.js')).href;
  return ((await import(url)) as { default: Linter.Config[] }).default;
}

/** The list as lint enforces it today. */
export async function renderedLintList(): Promise<string> {
  return renderLintRules(lintRules(await loadLintConfig(), PER_FOLDER));
}

/** The folders each PER_FOLDER entry holds (what its `*` stands for). */
export const foldersOf = (dir: string) =>
  readdirSync(join(ROOT, dir), { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name);

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const list = await renderedLintList();
  if (process.argv.includes('--write')) {
    writeFileSync(GUIDE, withLintBlock(readFileSync(GUIDE, 'utf8'), list));
    console.log(`docs/architecture.md: lint list written (${list.split('\n').length} lines)`);
  } else console.log(list);
}
