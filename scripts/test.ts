// npm test: everything, in one run — types, lint, formatting, unit and server tests (PGlite, and
// PostgreSQL when TEST_DATABASE_URL is set), one build of both apps and the SCORM packages,
// then the browser tests against that single build. Ends with 'N passed, N failed'.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from '../course-files/read-content.ts';
import { processEnv } from './lib/env.ts';

const bin = (name: string) => join(ROOT, 'node_modules', '.bin', name);
// Not test-results/: Playwright empties that folder when it starts.
const reports = join(ROOT, 'test-reports');
mkdirSync(reports, { recursive: true });
const started = Date.now();

function step(
  label: string,
  cmd: string,
  args: string[],
  env: Record<string, string> = {},
): boolean {
  const t = Date.now();
  console.log(`\n━━ ${label}`);
  const r = spawnSync(cmd, args, { cwd: ROOT, stdio: 'inherit', env: { ...processEnv(), ...env } });
  const ok = r.status === 0;
  console.log(`${ok ? '✓' : '✗'} ${label} (${((Date.now() - t) / 1000).toFixed(1)} s)`);
  return ok;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- reporter JSON, read defensively
function count(file: string, read: (json: any) => { passed: number; failed: number }) {
  try {
    return read(JSON.parse(readFileSync(file, 'utf8')));
  } catch {
    return { passed: 0, failed: 0 };
  }
}

const failures: string[] = [];
const run = (label: string, cmd: string, args: string[], env?: Record<string, string>) => {
  if (!step(label, cmd, args, env)) failures.push(label);
};

run('typecheck', bin('tsc'), ['--noEmit', '-p', 'tsconfig.json']);
run('lint', bin('eslint'), ['.', '--max-warnings=0']);
run('format', bin('prettier'), ['--check', '.', '--log-level', 'warn']);
run('content:check', bin('tsx'), ['scripts/content-check.ts']);
const vitestJson = join(reports, 'vitest.json');
run('unit + server tests (vitest)', bin('vitest'), [
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${vitestJson}`,
]);
const built = step('build (dist/lms, dist/web, dist/lms-preview)', bin('tsx'), [
  'scripts/build.ts',
]);
if (!built) failures.push('build');
let packaged = true;
if (built && existsSync(join(ROOT, 'scripts', 'package.ts'))) {
  packaged = step('package (dist-scorm/*.zip)', bin('tsx'), ['scripts/package.ts']);
  if (!packaged) failures.push('package');
}
const pwJson = join(reports, 'playwright.json');
if (built && packaged) {
  run('browser tests (playwright)', bin('playwright'), ['test', '--reporter=list,json'], {
    PLAYWRIGHT_JSON_OUTPUT_NAME: pwJson,
  });
  printSlowestSpecs(pwJson);
}

/** The Playwright time and the ten slowest spec files, so a slow creep shows in every CI log. */
function printSlowestSpecs(file: string) {
  const bySpec = new Map<string, number>();
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- reporter JSON, read defensively
  const walk = (suite: any, spec: string) => {
    const name: string = suite.file ?? spec;
    for (const s of suite.specs ?? [])
      for (const t of s.tests ?? [])
        for (const r of t.results ?? [])
          bySpec.set(name, (bySpec.get(name) ?? 0) + (Number(r.duration) || 0));
    for (const child of suite.suites ?? []) walk(child, name);
  };
  try {
    const json = JSON.parse(readFileSync(file, 'utf8'));
    for (const suite of json.suites ?? []) walk(suite, suite.file ?? '?');
    const wall = Number(json.stats?.duration) || 0;
    console.log(
      `\nPlaywright: ${(wall / 60000).toFixed(1)} min de reloj; specs más lentas (suma de sus pruebas):`,
    );
    for (const [name, ms] of [...bySpec].sort((a, b) => b[1] - a[1]).slice(0, 10))
      console.log(`  ${(ms / 1000).toFixed(1).padStart(7)} s  ${name}`);
  } catch {
    console.log('Playwright: sin informe JSON para medir tiempos.');
  }
}

const unit = count(vitestJson, (j) => ({
  passed: j.numPassedTests ?? 0,
  failed: j.numFailedTests ?? 0,
}));
const e2e = count(pwJson, (j) => ({
  passed: j.stats?.expected ?? 0,
  failed: (j.stats?.unexpected ?? 0) + (j.stats?.flaky ?? 0),
}));
const minutes = ((Date.now() - started) / 60000).toFixed(1);
console.log(
  `\nvitest: ${unit.passed} passed, ${unit.failed} failed · playwright: ${e2e.passed} passed, ${e2e.failed} failed · ${minutes} min`,
);
if (failures.length) console.log(`Pasos fallidos: ${failures.join(', ')}`);
const failed =
  unit.failed +
  e2e.failed +
  (failures.length && unit.failed + e2e.failed === 0 ? failures.length : 0);
console.log(`${unit.passed + e2e.passed} passed, ${failed} failed`);
process.exit(failures.length ? 1 : 0);
