// scripts/readability.ts as the lead and the content writers run it: a report over the real
// content (one row per screen and per question, the five lowest screens, the honest hours), and
// a clear Spanish error for a bad configuration.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { courseHours } from '../src/domain/content/text-metrics/index.ts';
import { readCourse, ROOT } from '../course-files/read-content.ts';

const TSX = join(ROOT, 'node_modules', '.bin', 'tsx');
const SCRIPT = join(ROOT, 'scripts', 'readability.ts');

function run(args: string[]) {
  const { CURSO_CONTENT_DIR: _c, CURSO_IMAGE_DIR: _i, ...env } = process.env;
  const r = spawnSync(TSX, [SCRIPT, ...args], {
    cwd: ROOT,
    env,
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

describe('readability report', () => {
  const { course } = readCourse();

  it('has one row per screen and per question, the five lowest screens and the hours', () => {
    const { code, stdout } = run(['--json']);
    expect(code).toBe(0);
    const report = JSON.parse(stdout) as {
      rows: Array<{ id: string; kind: string; inflesz: number }>;
      lowest: Array<{ id: string; inflesz: number }>;
      hours: { hours: number; declared: number };
    };
    const topics = course!.modules.flatMap((m) => m.topics);
    const questions = course!.modules.flatMap((m) => m.activity.questions);
    expect(report.rows.filter((r) => r.kind === 'pantalla').map((r) => r.id)).toEqual([
      'introduccion',
      ...topics.map((t) => t.id),
    ]);
    expect(report.rows.filter((r) => r.kind === 'pregunta')).toHaveLength(questions.length);
    expect(report.lowest).toHaveLength(5);
    const screenScores = report.rows.filter((r) => r.kind === 'pantalla').map((r) => r.inflesz);
    expect(report.lowest.map((r) => r.inflesz)).toEqual(
      [...screenScores].sort((a, b) => a - b).slice(0, 5),
    );
    expect(report.hours.hours).toBe(courseHours(course!).hours);
    expect(report.hours.declared).toBe(course!.hours);
  });

  it('prints the report for people', () => {
    const { code, stdout } = run([]);
    expect(code).toBe(0);
    expect(stdout).toContain('Las cinco pantallas más difíciles:');
    expect(stdout).toMatch(/Horas honestas: \d+ palabras ÷ 120/);
  });

  it('fills placeholders from another configuration and obra, and stops on an unknown obra', () => {
    const fixture = join(ROOT, 'test', 'fixtures', 'config', 'constructora-andina.json');
    expect(run(['--json', '--config', fixture, '--obra', 'torre-norte']).code).toBe(0);
    const bad = run(['--config', fixture, '--obra', 'torre-sur']);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain(
      'no hay ninguna obra con slug «torre-sur» (obras: torre-norte, puente-sur)',
    );
    // Two runs of the script: each starts tsx, slow on a busy 2-core machine.
  }, 60_000);
});
