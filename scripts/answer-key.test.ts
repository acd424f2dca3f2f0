// The answer key (decision 0151): the committed docs/clave-de-respuestas.md is exactly
// what `npm run answer-key` generates today from the content and config/ejemplo.json, and it
// lists every question of the filled course with the right option marked — the content's
// correct option, under the letter and the response strings each SCORM version records.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readCourse, ROOT } from '../course-files/read-content.ts';
import { readConfiguration } from '../course-files/read-config.ts';
import { fillCourse, placeholderValues } from '../src/domain/content/placeholders.ts';
import { answerKindOf } from '../src/domain/registry/index.ts';
import { plainText } from '../src/domain/content/html-text.ts';
import { defaultKeyPath, renderAnswerKey } from './answer-key.ts';

const COMMITTED = join(ROOT, 'docs', 'clave-de-respuestas.md');
const temps: string[] = [];
afterAll(() => temps.forEach((d) => rmSync(d, { recursive: true, force: true })));

/** The table rows under the heading of one question: [letter, text, 1.2, 2004, correct?]. */
function rowsOf(markdown: string, id: string): string[][] {
  const start = markdown.indexOf(`### \`${id}\``);
  expect(start, `${id} has its own section`).toBeGreaterThan(-1);
  const end = markdown.indexOf('\n#', start + 1);
  return markdown
    .slice(start, end === -1 ? undefined : end)
    .split('\n')
    .filter((l) => /^\| [a-z0-9] +\|/.test(l))
    .map((l) =>
      l
        .slice(1, -1)
        .split(/(?<!\\)\|/)
        .map((c) => c.trim().replace(/^`|`$/g, '')),
    );
}

describe('answer key', () => {
  const loaded = readConfiguration({});
  const { course } = readCourse();
  const filled = fillCourse(course!, placeholderValues(loaded.config, loaded.obra, course!));

  it('the committed file is what the script generates from the content and config/ejemplo.json', async () => {
    expect(defaultKeyPath(loaded)).toBe(COMMITTED);
    expect(readFileSync(COMMITTED, 'utf8')).toBe(await renderAnswerKey(loaded, COMMITTED));
  });

  it('lists every question with its options in order and marks the content’s correct one', () => {
    const markdown = readFileSync(COMMITTED, 'utf8');
    let questions = 0;
    for (const module of filled.modules) {
      const matching = answerKindOf(module.activity.type) === 'matching';
      module.activity.questions.forEach((question, q) => {
        questions++;
        const id = `m${module.number}-q${q + 1}`;
        expect(markdown).toContain(plainText(question.question));
        const rows = rowsOf(markdown, id);
        expect(rows.map((r) => r[1])).toEqual(question.options.map((o) => plainText(o.option)));
        const letters = 'abcdefghijklmnopqrstuvwxyz';
        question.options.forEach((option, k) => {
          const [letter, , r12, r2004, right] = rows[k]!;
          expect(letter).toBe(letters[k]);
          // What each SCORM version stores as the learner's response for this option.
          expect(r12).toBe(matching ? `1.${letters[k]}` : letters[k]);
          expect(r2004).toBe(matching ? `1[.]${letters[k]}` : letters[k]);
          expect(right, `${id} option ${letter}`).toBe(option.correct === 1 ? '**sí**' : 'no');
        });
        // The summary line names the same right option.
        const k = question.options.findIndex((o) => o.correct === 1);
        expect(markdown).toMatch(
          new RegExp(`\\| \`${id}\` +\\| ${module.number} +\\| ${letters[k]}\\) `),
        );
      });
    }
    // 14 before the third content pass, plus the work-at-heights question m3-q4 (record 0270).
    expect(questions).toBe(15);
    // Placeholders are rendered: no template syntax reaches the admins.
    expect(markdown).not.toMatch(/\{\{/);
  });

  it('`--check` passes on the committed file; another configuration gets its own key', () => {
    const tsx = join(ROOT, 'node_modules', '.bin', 'tsx');
    const script = join(ROOT, 'scripts', 'answer-key.ts');
    const { CURSO_CONFIG: _c, CURSO_OBRA: _o, ...env } = process.env;
    const check = spawnSync(tsx, [script, '--check'], { cwd: ROOT, env, encoding: 'utf8' });
    expect(check.stderr).toBe('');
    expect(check.status).toBe(0);

    const dir = mkdtempSync(join(tmpdir(), 'curso-sst-key-'));
    temps.push(dir);
    const out = join(dir, 'clave.md');
    const config = join(ROOT, 'test', 'fixtures', 'config', 'constructora-andina.json');
    const other = spawnSync(
      tsx,
      [script, '--config', config, '--obra', 'puente-sur', '--out', out],
      {
        cwd: ROOT,
        env,
        encoding: 'utf8',
      },
    );
    expect(other.status, other.stderr).toBe(0);
    const andina = readConfiguration({ config, obra: 'puente-sur' });
    const text = readFileSync(out, 'utf8');
    expect(text).toContain(`obra «${andina.obra.nombre}»`);
    expect(text).not.toContain('demostración');
    // A stale file is reported, not rewritten.
    const stale = spawnSync(
      tsx,
      [script, '--config', config, '--obra', 'puente-sur', '--out', COMMITTED, '--check'],
      {
        cwd: ROOT,
        env,
        encoding: 'utf8',
      },
    );
    expect(stale.status).toBe(1);
    expect(stale.stderr).toContain('no coincide');
    // Three tsx processes in a row: on a loaded 2-core machine 20 s is not enough (docs/decisions/0155).
  }, 90_000);
});
