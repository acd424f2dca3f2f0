// `npm run content:check` as tools and CI call it: the JSON summary (decision 0029) on the real
// content, and a broken copy of the content that must stop with the file, the id and the reason.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT } from '../course-files/read-content.ts';

const TSX = join(ROOT, 'node_modules', '.bin', 'tsx');
const SCRIPT = join(ROOT, 'scripts', 'content-check.ts');
const REAL_CONTENT = join(ROOT, 'content', 'es');

const TEN_SCREEN_TYPES = [
  'content',
  'menu',
  'list1',
  'list2',
  'list3',
  'list4',
  'list5',
  'list6',
  'list7',
  'list8',
];

function run(args: string[], env: Record<string, string> = {}) {
  const { CURSO_CONTENT_DIR: _c, CURSO_IMAGE_DIR: _i, ...inherited } = process.env;
  const result = spawnSync(TSX, [SCRIPT, ...args], {
    cwd: ROOT,
    env: { ...inherited, ...env },
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

const temps: string[] = [];
afterAll(() => {
  for (const dir of temps) rmSync(dir, { recursive: true, force: true });
});

/** A copy of the real content with one module file changed. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- raw content JSON, mutated freely
type Json = any;

function brokenCopy(file: string, mutate: (data: Json) => void): string {
  const dir = mkdtempSync(join(tmpdir(), 'curso-content-'));
  temps.push(dir);
  cpSync(REAL_CONTENT, dir, { recursive: true });
  const path = join(dir, file);
  const data = JSON.parse(readFileSync(path, 'utf8'));
  mutate(data);
  writeFileSync(path, JSON.stringify(data, null, 2));
  return dir;
}

describe('content:check --json on the real content', () => {
  const { code, stdout, stderr } = run(['--json']);

  it('exits 0 and prints only one line of JSON on stdout', () => {
    expect(code, stderr).toBe(0);
    expect(stdout.endsWith('\n')).toBe(true);
    expect(stdout.trim().split('\n')).toHaveLength(1);
    expect(() => JSON.parse(stdout)).not.toThrow();
  });

  it('prints the summary with its stable fields and types', () => {
    const summary = JSON.parse(stdout) as {
      modules: {
        id: string;
        number: number;
        title: string;
        topics: number;
        screenTypes: string[];
        activity: { type: string; questions: number };
      }[];
      screenTypes: string[];
    };
    expect(Object.keys(summary).sort()).toEqual(['modules', 'screenTypes']);
    expect(summary.modules.map((m) => m.id)).toEqual([
      'modulo1',
      'modulo2',
      'modulo3',
      'modulo4',
      'modulo5',
    ]);
    expect(summary.modules.map((m) => m.number)).toEqual([1, 2, 3, 4, 5]);
    expect(summary.modules.map((m) => m.title)).toEqual([
      'Generalidades',
      'Políticas',
      'Gestión de peligros',
      'Estrategia de seguridad vial',
      'Emergencia',
    ]);
    expect(summary.modules.map((m) => m.activity)).toEqual([
      { type: 'drag-answer', questions: 3 },
      { type: 'select-answer', questions: 3 },
      { type: 'drag-answer', questions: 4 },
      { type: 'select-answer', questions: 3 },
      { type: 'select-answer', questions: 2 },
    ]);
    for (const m of summary.modules) {
      expect(Object.keys(m).sort()).toEqual([
        'activity',
        'id',
        'number',
        'screenTypes',
        'title',
        'topics',
      ]);
      expect(Number.isInteger(m.topics) && m.topics > 0).toBe(true);
      expect(m.screenTypes.length).toBeGreaterThan(0);
      expect(new Set(m.screenTypes).size).toBe(m.screenTypes.length);
      for (const t of m.screenTypes)
        expect(TEN_SCREEN_TYPES.filter((x) => x !== 'menu')).toContain(t);
    }
    // Top level: every screen type used, menu included, each once, only from the ten.
    const used = new Set(['menu', ...summary.modules.flatMap((m) => m.screenTypes)]);
    expect(new Set(summary.screenTypes)).toEqual(used);
    expect(summary.screenTypes).toHaveLength(used.size);
    for (const t of summary.screenTypes) expect(TEN_SCREEN_TYPES).toContain(t);
  });

  it('counts topic screens only, not the quiz', () => {
    const summary = JSON.parse(stdout) as { modules: { id: string; topics: number }[] };
    for (const m of summary.modules) {
      const raw = JSON.parse(readFileSync(join(REAL_CONTENT, `${m.id}.json`), 'utf8')) as {
        topics: unknown[];
      };
      expect(m.topics, m.id).toBe(raw.topics.length);
    }
  });
});

describe('content:check', () => {
  it('prints a readable report without --json', () => {
    const { code, stdout } = run([]);
    expect(code).toBe(0);
    expect(stdout).toMatch(/Contenido válido/);
    expect(() => JSON.parse(stdout)).toThrow();
    // The readability line names the five lowest screens with their INFLESZ (decision 0105).
    const line = stdout.split('\n').find((l) => l.startsWith('Legibilidad:'));
    expect(line).toBeDefined();
    const lowest = line!.split('más bajas: ')[1]!.split(' · ');
    expect(lowest).toHaveLength(5);
    for (const entry of lowest) expect(entry).toMatch(/^(introduccion|modulo\d-tema\d+) \d+,\d$/);
  });

  it('stops on a screen with a sentence over 20 words, naming the page', () => {
    const dir = brokenCopy('modulo4.json', (data) => {
      data.topics[1].text =
        '<p>Cuando camines por la vía interna de la obra mira siempre hacia los dos lados antes de cruzar por delante de las máquinas.</p>';
    });
    const { code, stdout, stderr } = run(['--json'], { CURSO_CONTENT_DIR: dir });
    expect(code).toBe(1);
    expect(stdout).toBe('');
    expect(stderr).toContain('modulo4-tema2: oración de 23 palabras');
  });

  it('exits 2 on an unknown option, naming it', () => {
    const { code, stdout, stderr } = run(['--jsn']);
    expect(code).toBe(2);
    expect(stderr).toContain('--jsn');
    expect(stdout).toBe('');
  });

  it('exits 1 on broken content, naming the file, the id and the reason', () => {
    const dir = brokenCopy('modulo2.json', (m) => {
      for (const o of m.activity.questions[0].options) o.correct = 1;
    });
    const { code, stdout, stderr } = run(['--json'], { CURSO_CONTENT_DIR: dir });
    expect(code).toBe(1);
    expect(stdout).toBe('');
    const lines = stderr.split('\n');
    const correct = lines.find((l) => l.includes('modulo2-actividad pregunta 1'));
    expect(correct, stderr).toBeDefined();
    expect(correct).toContain('modulo2.json');
    expect(correct).toMatch(/exactamente una opción correcta/);
  });

  it('reports an unknown screen type with the file, the module and the field', () => {
    const dir = brokenCopy('modulo4.json', (m) => {
      m.topics[0].type = 'carousel';
    });
    const { code, stderr } = run([], { CURSO_CONTENT_DIR: dir });
    expect(code).toBe(1);
    const line = stderr.split('\n').find((l) => l.includes('topics.0.type'));
    expect(line, stderr).toBeDefined();
    expect(line).toContain('modulo4.json');
    expect(line).toContain('[modulo4]');
  });

  it('reports a wrong question count and a dangling next', () => {
    const dir = brokenCopy('modulo5.json', (m) => {
      m.activity.questions.push(m.activity.questions[0]);
      m.activity.next = 'modulo6-tema1';
    });
    const { code, stderr } = run([], { CURSO_CONTENT_DIR: dir });
    expect(code).toBe(1);
    const lines = stderr
      .split('\n')
      .filter((l) => l.includes('modulo5.json') && l.includes('[modulo5-actividad]'));
    expect(
      lines.some((l) => /2 preguntas \(tiene 3\)/.test(l)),
      stderr,
    ).toBe(true);
    expect(
      lines.some((l) => l.includes('modulo6-tema1')),
      stderr,
    ).toBe(true);
  });

  // Record 0270: the course as landed before it had the right option never first.
  it('exits 1 on a position cue, repeated distractors and an answer taught in another module', () => {
    /** The right option moved off the first position, as in every question before record 0270. */
    const neverFirst = (m: Json) => {
      for (const q of m.activity.questions)
        if (q.options[0].correct === 1) q.options.push(q.options.shift());
    };
    const dir = brokenCopy('modulo2.json', (m) => {
      neverFirst(m);
      const wrong = m.activity.questions[1].options.filter((o: Json) => o.correct !== 1);
      wrong[0].option = 'Espero la reunión del comité para contarla allí';
      wrong[1].option = 'La cuento en la reunión del comité';
      m.activity.questions[2].repaso = 'modulo1-tema4';
    });
    for (const file of ['modulo1.json', 'modulo3.json', 'modulo4.json', 'modulo5.json']) {
      const data = JSON.parse(readFileSync(join(dir, file), 'utf8'));
      neverFirst(data);
      writeFileSync(join(dir, file), JSON.stringify(data, null, 2));
    }
    const { code, stderr } = run([], { CURSO_CONTENT_DIR: dir });
    expect(code, stderr).toBe(1);
    expect(stderr).toContain('la opción correcta nunca está en la primera posición');
    expect(stderr).toContain(
      'm2-q2: dos opciones incorrectas dicen lo mismo: «Espero la reunión del comité para contarla allí» y «La cuento en la reunión del comité»',
    );
    expect(stderr).toContain(
      'm2-q3: la respuesta se enseña en modulo1-tema4, no en su propio módulo (modulo2)',
    );
  });

  it('exits 1 when course.json hours disagree with the honest-hours formula, giving the figure', () => {
    const dir = brokenCopy('course.json', (c) => {
      c.hours = (c.hours as number) + 2;
    });
    const { code, stderr } = run([], { CURSO_CONTENT_DIR: dir });
    expect(code).toBe(1);
    const real = JSON.parse(readFileSync(join(REAL_CONTENT, 'course.json'), 'utf8')) as {
      hours: number;
    };
    expect(stderr).toContain(`course.json: hours dice ${real.hours + 2}`);
    expect(stderr).toContain(`Pon "hours": ${real.hours}.`);
  });

  it('reports an unknown placeholder with the file, the page id and the placeholder', () => {
    const dir = brokenCopy('modulo3.json', (m) => {
      const topics = m.topics as Array<Record<string, unknown>>;
      topics[1]!.title = 'Llama a {{obra.telefonoInventado}}';
    });
    const { code, stderr } = run([], { CURSO_CONTENT_DIR: dir });
    expect(code).toBe(1);
    expect(stderr).toMatch(
      /modulo3\.json \[modulo3-tema2\]: title: marcador desconocido \{\{obra\.telefonoInventado\}\}/,
    );
  });

  it('reports a missing image when CURSO_IMAGE_DIR has none', () => {
    const images = mkdtempSync(join(tmpdir(), 'curso-img-'));
    temps.push(images);
    const { code, stderr } = run([], { CURSO_IMAGE_DIR: images });
    expect(code).toBe(1);
    expect(stderr).toMatch(/modulo1\.json \[modulo1\]: la imagen modulo1\.svg no existe/);
  });
});
