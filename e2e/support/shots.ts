// Where specs write screenshots and files for a person to look at (decision 0254): the folder
// named by SHOTS_DIR (a relative path is read from the repository root), else
// test-results/shots/ in the repository. Playwright empties test-results/ when a run starts, so
// what is there comes from the last run.
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '..', '..');

/** The screenshots folder, created if missing. */
export function shotsDir(): string {
  const dir = resolve(ROOT, process.env.SHOTS_DIR || join('test-results', 'shots'));
  mkdirSync(dir, { recursive: true });
  return dir;
}
