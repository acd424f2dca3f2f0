// `npm run package` builds what it needs first (decision 0075): in an empty build
// folder it builds the LMS app for the configuration, says so, and writes the zips; run again it
// packages the same build without rebuilding; when the sources are newer than the build's stamp
// it rebuilds. Each run in its own temp folders (CURSO_DIST_DIR, --out): dist/ is not touched.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, utimesSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT } from '../course-files/read-content.ts';
import { readZip } from '../course-files/package-unzip.ts';

const temps: string[] = [];
const temp = (label: string) => {
  const dir = mkdtempSync(join(tmpdir(), `curso-sst-${label}-`));
  temps.push(dir);
  return dir;
};
afterAll(() => temps.forEach((d) => rmSync(d, { recursive: true, force: true })));

function runPackage(dist: string, out: string) {
  // NODE_ENV=test (set by Vitest) would make Vite build React's development bundle.
  const { CURSO_CONFIG: _c, CURSO_OBRA: _o, NODE_ENV: _n, ...env } = process.env;
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn(
      join(ROOT, 'node_modules', '.bin', 'tsx'),
      [join(ROOT, 'scripts', 'package.ts'), '--out', out],
      { cwd: ROOT, env: { ...env, CURSO_DIST_DIR: dist } },
    );
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

describe('npm run package builds first', () => {
  it('builds when there is no build, not when it is current, again when sources are newer', async () => {
    const dist = temp('dist');
    const out = temp('out');
    rmSync(dist, { recursive: true }); // not even the folder exists

    const first = await runPackage(dist, out);
    expect(first.code, first.stderr).toBe(0);
    expect(first.stdout).toMatch(
      /• Build LMS: no hay build; se construye para esta configuración \(.+\), luego se empaqueta/,
    );
    expect(existsSync(join(dist, 'lms', 'index.html'))).toBe(true);
    expect(existsSync(join(dist, '.config-lms.json'))).toBe(true);
    expect(readdirSync(out).sort()).toEqual(['curso-sst-scorm12.zip', 'curso-sst-scorm2004.zip']);
    const names = readZip(readFileSync(join(out, 'curso-sst-scorm12.zip'))).map((e) => e.name);
    expect(names).toContain('imsmanifest.xml');
    expect(names).toContain('index.html');

    const second = await runPackage(dist, out);
    expect(second.code, second.stderr).toBe(0);
    expect(second.stdout).not.toMatch(/se construye/);

    // A stamp older than every source file: the build is stale.
    utimesSync(join(dist, '.config-lms.json'), new Date(0), new Date(0));
    const third = await runPackage(dist, out);
    expect(third.code, third.stderr).toBe(0);
    expect(third.stdout).toMatch(/• Build LMS: hay fuentes más nuevas que la build; se construye/);
  }, 180_000);
});
