// The content loader on small fixtures: a valid five-module course with its shape rules, then one
// broken thing per case; then courses of other shapes (the engine is not tied to one course).
// Every content error must name the file, the id and the reason (decision 0023), so an editor can fix it.
import { describe, expect, it } from 'vitest';
import { buildOutline, courseShape } from './outline.ts';
import {
  canOpenModule,
  computeScore,
  isModuleComplete,
  questionId,
  recordView,
} from '../progress/engine.ts';
import { decodeRoute, emptyViewed, encodeRoute } from '../progress/route-codec.ts';
import { pagePath } from '../progress/navigation.ts';
import {
  ContentError,
  loadCourse,
  loadCourseOrThrow,
  type ContentFile,
  type ContentIssue,
  type LoadOptions,
} from './loader.ts';

/* eslint-disable @typescript-eslint/no-explicit-any -- fixtures are raw JSON, mutated freely */
type Json = any;

const TITLES = [
  'Generalidades',
  'Políticas',
  'Gestión de peligros',
  'Estrategia de seguridad vial',
  'Emergencia',
];
const QUESTIONS = [3, 3, 3, 3, 2];
const QUIZ_TYPES = [
  'drag-answer',
  'select-answer',
  'drag-answer',
  'select-answer',
  'select-answer',
];

const question = (n: number): Json => ({
  question: `<p>Pregunta ${n}</p>`,
  options: [
    { option: 'Sí', correct: 1 },
    { option: 'No', correct: 0 },
  ],
});

function rawModule(n: number): Json {
  return {
    id: `modulo${n}`,
    number: n,
    name: `<strong>Módulo ${n}</strong>`,
    title: TITLES[n - 1],
    img: `modulo${n}.svg`,
    alt: `Imagen del módulo ${n}`,
    topics: [
      { title: 'Primer tema', type: 'content', text: '<p>Texto</p>' },
      {
        title: 'Segundo tema',
        type: 'list1',
        list1: { open: 'modal', items: [{ title: 'A', text: '<p>a</p>' }] },
      },
    ],
    activity: {
      title: `PONTE A PRUEBA MÓDULO ${n}`,
      type: QUIZ_TYPES[n - 1],
      ...(n === 5 ? { last: true } : {}),
      questions: Array.from({ length: QUESTIONS[n - 1]! }, (_, i) => question(i + 1)),
    },
  };
}

interface Fixture {
  course: Json;
  /** Module files by name, as in course.modules. */
  files: Record<string, Json>;
}

function validFixture(): Fixture {
  const files: Record<string, Json> = {};
  for (let n = 1; n <= 5; n++) files[`modulo${n}.json`] = rawModule(n);
  return {
    course: {
      id: 'curso-sst',
      title: 'Curso de prueba',
      header: 'INDUCCIÓN / SEGURIDAD Y SALUD EN EL TRABAJO',
      hours: 4,
      introduction: { title: 'Bienvenida', text: '<p>Hola</p>' },
      modules: Object.keys(files),
      rules: {
        modules: TITLES.map((title, i) => ({
          title,
          questions: QUESTIONS[i],
          quizType: QUIZ_TYPES[i],
        })),
        quizTitle: 'PONTE A PRUEBA MÓDULO {n}',
      },
    },
    files,
  };
}

/** A course of any shape with no rules: `questions[i]` questions in module i + 1. */
function shapedFixture(questions: number[], topics = 2): Fixture {
  const files: Record<string, Json> = {};
  questions.forEach((count, i) => {
    const n = i + 1;
    files[`modulo${n}.json`] = {
      ...rawModule(1),
      id: `modulo${n}`,
      number: n,
      title: `Módulo inventado ${n}`,
      topics: Array.from({ length: topics }, (_, t) => ({
        title: `Tema ${t + 1}`,
        type: 'content',
        text: '<p>Texto</p>',
      })),
      activity: {
        title: `Cuestionario ${n}`,
        type: n % 2 ? 'select-answer' : 'drag-answer',
        ...(n === questions.length ? { last: true } : {}),
        questions: Array.from({ length: count }, (_, q) => question(q + 1)),
      },
    };
  });
  const fx = validFixture();
  delete fx.course.rules;
  fx.course.modules = Object.keys(files);
  return { course: fx.course, files };
}

const DIR = 'content/es';

function load(fx: Fixture, options: LoadOptions = {}) {
  const courseFile: ContentFile = { file: `${DIR}/course.json`, data: fx.course };
  const readModule = (name: string): ContentFile =>
    name in fx.files
      ? { file: `${DIR}/${name}`, data: fx.files[name] }
      : {
          file: `${DIR}/${name}`,
          data: undefined,
          readError: 'no se pudo leer el archivo (¿existe?)',
        };
  return loadCourse(courseFile, readModule, options);
}

/** Loads a fixture with one thing broken and returns its issues (the load must fail). */
function issuesOf(mutate: (fx: Fixture) => void, options: LoadOptions = {}): ContentIssue[] {
  const fx = validFixture();
  mutate(fx);
  const result = load(fx, options);
  expect(result.course).toBeNull();
  expect(result.issues.length).toBeGreaterThan(0);
  for (const issue of result.issues) expect(issue.reason.trim()).not.toBe('');
  return result.issues;
}

/** The one issue for a file and id; fails if there is none. */
function issueFor(issues: ContentIssue[], file: string, id: string | undefined): ContentIssue {
  const found = issues.filter((i) => i.file === `${DIR}/${file}` && i.id === id);
  expect(found, `no issue for ${file} [${id}] in ${JSON.stringify(issues)}`).not.toHaveLength(0);
  return found[0]!;
}

const mod = (fx: Fixture, n: number): Json => fx.files[`modulo${n}.json`];

describe('courses of other shapes (no rules: the engine takes any shape)', () => {
  it('loads a two-module course of one question each, and plays it through', () => {
    const result = load(shapedFixture([1, 1]));
    expect(result.issues).toEqual([]);
    const course = result.course!;
    expect(course.modules.map((m) => m.activity.id)).toEqual([
      'modulo1-actividad',
      'modulo2-actividad',
    ]);
    expect(course.modules.map((m) => m.activity.last)).toEqual([false, true]);
    const shape = courseShape(buildOutline(course));
    expect(shape.questionCounts).toEqual([1, 1]);
    let viewed = emptyViewed(2);
    expect(canOpenModule(viewed, shape, 1)).toBe(false);
    for (const index of [0, 1]) viewed = recordView(viewed, shape, 0, index).viewed;
    viewed = recordView(viewed, shape, 0, 2, { force: true }).viewed;
    expect(isModuleComplete(viewed, shape, 0)).toBe(true);
    expect(canOpenModule(viewed, shape, 1)).toBe(true);
    expect(computeScore(viewed, shape)).toBe(50);
    expect(questionId(2, 0)).toBe('m2-q1');
  });

  it('loads a seven-module course: ids, paths, the route string and the score follow', () => {
    const result = load(shapedFixture([1, 2, 3, 4, 1, 2, 5], 3));
    expect(result.issues).toEqual([]);
    const course = result.course!;
    expect(course.modules.map((m) => m.id)).toEqual(
      Array.from({ length: 7 }, (_, i) => `modulo${i + 1}`),
    );
    expect(course.modules.map((m) => m.activity.last)).toEqual([
      false,
      false,
      false,
      false,
      false,
      false,
      true,
    ]);
    const m7 = course.modules[6]!;
    expect(pagePath(m7.topics[2]!)).toBe('/contenido/modulo7-tema3');
    expect(m7.topics[2]!.next).toBe('modulo7-actividad');
    const shape = courseShape(buildOutline(course));
    let viewed = emptyViewed(7);
    for (let m = 0; m < 6; m++)
      for (let i = 0; i <= 3; i++) viewed = recordView(viewed, shape, m, i, { force: true }).viewed;
    expect(canOpenModule(viewed, shape, 6)).toBe(true);
    expect(computeScore(viewed, shape)).toBeCloseTo((6 * 100) / 7, 1);
    const route = encodeRoute(viewed);
    expect(route.split('-')).toHaveLength(7);
    expect(decodeRoute(route, shape.topicCounts).viewed).toEqual(viewed);
  });

  it('checks the rules only when the course writes them', () => {
    const fx = shapedFixture([1, 1]);
    fx.course.rules = {
      modules: [{ title: 'Otro', questions: 1, quizType: 'select-answer' }],
      quizTitle: 'Prueba {n}',
    };
    const result = load(fx);
    expect(result.course).toBeNull();
    expect(issueFor(result.issues, 'course.json', undefined).reason).toMatch(/1 módulos/);
    expect(issueFor(result.issues, 'modulo1.json', 'modulo1').reason).toContain('Otro');
    expect(issueFor(result.issues, 'modulo2.json', 'modulo2-actividad').reason).toContain(
      'Prueba 2',
    );
  });
});

describe('loadCourse on valid content', () => {
  it('loads the fixture with no issues', () => {
    const result = load(validFixture());
    expect(result.issues).toEqual([]);
    expect(result.course?.modules.map((m) => m.id)).toEqual([
      'modulo1',
      'modulo2',
      'modulo3',
      'modulo4',
      'modulo5',
    ]);
  });

  it('gives pages the ids moduloN-temaM / moduloN-actividad and chains them: topics, then the quiz, then the menu', () => {
    const course = loadCourseOrThrow(
      { file: `${DIR}/course.json`, data: validFixture().course },
      (name) => ({ file: `${DIR}/${name}`, data: validFixture().files[name] }),
    );
    const m2 = course.modules[1]!;
    expect(m2.next).toBe('modulo2-tema1');
    expect(m2.topics.map((t) => [t.id, t.previous, t.next])).toEqual([
      ['modulo2-tema1', null, 'modulo2-tema2'],
      ['modulo2-tema2', 'modulo2-tema1', 'modulo2-actividad'],
    ]);
    expect(m2.activity.id).toBe('modulo2-actividad');
    expect(m2.activity.previous).toBe('modulo2-tema2');
    expect(m2.activity.next).toBe('menu');
  });

  it('sets position keys, home, numbers and the last flag', () => {
    const course = load(validFixture()).course!;
    const m3 = course.modules[2]!;
    expect(m3.topics.map((t) => t.current)).toEqual(['2-topics-0', '2-topics-1']);
    expect(m3.activity.current).toBe('2-activity');
    expect(m3.topics.map((t) => [t.home, t.number])).toEqual([
      [2, 1],
      [2, 2],
    ]);
    expect(m3.activity.questions.map((q) => q.current)).toEqual([1, 2, 3]);
    expect(course.modules.map((m) => m.activity.last)).toEqual([false, false, false, false, true]);
    expect(m3.topics[0]!.remember).toEqual([]);
  });

  it('keeps an explicit next that points at an existing page', () => {
    const fx = validFixture();
    mod(fx, 1).topics[0].next = 'modulo1-actividad';
    mod(fx, 1).activity.next = 'modulo2-tema1';
    const course = load(fx).course!;
    expect(course.modules[0]!.topics[0]!.next).toBe('modulo1-actividad');
    expect(course.modules[0]!.activity.next).toBe('modulo2-tema1');
  });

  it('accepts images that exist', () => {
    const seen: string[] = [];
    const result = load(validFixture(), { imageExists: (name) => (seen.push(name), true) });
    expect(result.issues).toEqual([]);
    expect(seen).toContain('modulo1.svg');
  });
});

describe('loadCourse content errors name the file, the id and the reason', () => {
  it('two correct options in one question', () => {
    const issues = issuesOf((fx) => {
      mod(fx, 2).activity.questions[1].options[1].correct = 1;
    });
    const issue = issueFor(issues, 'modulo2.json', 'modulo2-actividad pregunta 2');
    expect(issue.reason).toMatch(/exactamente una opción correcta/);
    expect(issue.reason).toMatch(/2/);
  });

  it('no correct option in a question', () => {
    const issues = issuesOf((fx) => {
      mod(fx, 4).activity.questions[0].options[0].correct = 0;
    });
    expect(issueFor(issues, 'modulo4.json', 'modulo4-actividad pregunta 1').reason).toMatch(
      /exactamente una opción correcta/,
    );
  });

  it('an unknown screen type', () => {
    const issues = issuesOf((fx) => {
      mod(fx, 3).topics[1].type = 'list9';
    });
    expect(issueFor(issues, 'modulo3.json', 'modulo3').reason).toMatch(/topics\.1\.type/);
  });

  it('an unknown quiz type', () => {
    const issues = issuesOf((fx) => {
      mod(fx, 1).activity.type = 'fill-in';
    });
    expect(issueFor(issues, 'modulo1.json', 'modulo1').reason).toMatch(/activity\.type/);
  });

  it('a dangling next on a topic', () => {
    const issues = issuesOf((fx) => {
      mod(fx, 1).topics[0].next = 'modulo9-tema1';
    });
    const issue = issueFor(issues, 'modulo1.json', 'modulo1-tema1');
    expect(issue.reason).toMatch(/next/);
    expect(issue.reason).toContain('modulo9-tema1');
    expect(issue.reason).toMatch(/no existe/);
  });

  it('a dangling next on a quiz', () => {
    const issues = issuesOf((fx) => {
      mod(fx, 4).activity.next = 'modulo4-tema7';
    });
    expect(issueFor(issues, 'modulo4.json', 'modulo4-actividad').reason).toContain('modulo4-tema7');
  });

  it('a duplicate module id', () => {
    const issues = issuesOf((fx) => {
      mod(fx, 2).id = 'modulo1';
    });
    const issue = issueFor(issues, 'modulo2.json', 'modulo1');
    expect(issue.reason).toMatch(/duplicado/);
    expect(issue.reason).toContain('modulo1.json');
  });

  it('a module id out of order', () => {
    const issues = issuesOf((fx) => {
      mod(fx, 3).id = 'modulo7';
    });
    expect(issueFor(issues, 'modulo3.json', 'modulo7').reason).toContain('modulo3');
  });

  it('a module number out of order', () => {
    const issues = issuesOf((fx) => {
      mod(fx, 2).number = 4;
    });
    expect(issueFor(issues, 'modulo2.json', 'modulo2').reason).toMatch(/number/);
  });

  it.each([
    [5, 3],
    [1, 2],
    [3, 4],
  ])('a wrong question count: module %i with %i questions', (n, count) => {
    const issues = issuesOf((fx) => {
      mod(fx, n).activity.questions = Array.from({ length: count }, (_, i) => question(i + 1));
    });
    const issue = issueFor(issues, `modulo${n}.json`, `modulo${n}-actividad`);
    expect(issue.reason).toContain(String(QUESTIONS[n - 1]));
    expect(issue.reason).toContain(String(count));
  });

  it('a quiz with no questions at all', () => {
    const issues = issuesOf((fx) => {
      mod(fx, 2).activity.questions = [];
    });
    expect(issueFor(issues, 'modulo2.json', 'modulo2').reason).toMatch(/questions/);
  });

  it('the wrong quiz type for the module', () => {
    const issues = issuesOf((fx) => {
      mod(fx, 1).activity.type = 'select-answer';
    });
    expect(issueFor(issues, 'modulo1.json', 'modulo1-actividad').reason).toContain('drag-answer');
  });

  it('a module title other than the one the rules give', () => {
    const issues = issuesOf((fx) => {
      mod(fx, 4).title = 'Seguridad vial';
    });
    expect(issueFor(issues, 'modulo4.json', 'modulo4').reason).toContain(
      'Estrategia de seguridad vial',
    );
  });

  it('a quiz title other than PONTE A PRUEBA MÓDULO n', () => {
    const issues = issuesOf((fx) => {
      mod(fx, 2).activity.title = 'Evaluación';
    });
    expect(issueFor(issues, 'modulo2.json', 'modulo2-actividad').reason).toContain(
      'PONTE A PRUEBA MÓDULO 2',
    );
  });

  it('the last quiz without last: true', () => {
    const issues = issuesOf((fx) => {
      delete mod(fx, 5).activity.last;
    });
    expect(issueFor(issues, 'modulo5.json', 'modulo5-actividad').reason).toMatch(/last/);
  });

  it('another quiz marked last', () => {
    const issues = issuesOf((fx) => {
      mod(fx, 2).activity.last = true;
    });
    expect(issueFor(issues, 'modulo2.json', 'modulo2-actividad').reason).toMatch(/last/);
  });

  it('a course with four modules', () => {
    const issues = issuesOf((fx) => {
      fx.course.modules = fx.course.modules.slice(0, 4);
    });
    expect(issueFor(issues, 'course.json', undefined).reason).toMatch(/5/);
  });

  it('a module file that cannot be read', () => {
    const issues = issuesOf((fx) => {
      delete fx.files['modulo3.json'];
    });
    expect(issues.find((i) => i.file === `${DIR}/modulo3.json`)?.reason).toMatch(/no se pudo leer/);
  });

  it('a course file that is not JSON', () => {
    const result = loadCourse(
      { file: `${DIR}/course.json`, data: undefined, readError: 'JSON inválido: Unexpected token' },
      () => {
        throw new Error('modules must not be read');
      },
    );
    expect(result.course).toBeNull();
    expect(result.issues).toEqual([
      { file: `${DIR}/course.json`, reason: 'JSON inválido: Unexpected token' },
    ]);
  });

  it('a course file missing a field', () => {
    const issues = issuesOf((fx) => {
      delete fx.course.hours;
    });
    expect(issueFor(issues, 'course.json', undefined).reason).toMatch(/hours/);
  });

  it('an unknown field (likely a typo) in a topic', () => {
    const issues = issuesOf((fx) => {
      mod(fx, 2).topics[0].txet = '<p>typo</p>';
    });
    expect(issueFor(issues, 'modulo2.json', 'modulo2').reason).toMatch(/txet/);
  });

  it('a module file that is not an object names the file', () => {
    const issues = issuesOf((fx) => {
      fx.files['modulo2.json'] = [1, 2, 3];
    });
    expect(issues.some((i) => i.file === `${DIR}/modulo2.json`)).toBe(true);
  });

  it.each([
    ['a script tag', '<p>hola</p><script>alert(1)</script>', /etiqueta HTML no permitida/],
    ['an event attribute', '<p onclick="x()">hola</p>', /atributo de evento/],
    ['a javascript: link', '<a href="javascript:alert(1)">x</a>', /javascript:/],
    ['a remote resource', '<img src="https://example.com/a.png" alt="">', /otro servidor/],
  ])('unsafe HTML: %s', (_what, html, reason) => {
    const issues = issuesOf((fx) => {
      mod(fx, 3).topics[0].text = html;
    });
    const issue = issueFor(issues, 'modulo3.json', 'modulo3');
    expect(issue.reason).toMatch(reason);
    expect(issue.reason).toMatch(/topics\.0\.text/);
  });

  it('unsafe HTML in the introduction', () => {
    const issues = issuesOf((fx) => {
      fx.course.introduction.text = '<iframe src="x"></iframe>';
    });
    expect(issueFor(issues, 'course.json', 'introduccion').reason).toMatch(/introduction\.text/);
  });

  it('a missing topic image names the topic and the image', () => {
    const issues = issuesOf(
      (fx) => {
        Object.assign(mod(fx, 2).topics[0], { img: 'falta.svg', alt: 'Falta' });
      },
      { imageExists: (name) => name !== 'falta.svg' },
    );
    expect(issueFor(issues, 'modulo2.json', 'modulo2-tema1').reason).toContain('falta.svg');
  });

  it('a missing module image names the module and the image', () => {
    const issues = issuesOf(() => {}, { imageExists: (name) => name !== 'modulo4.svg' });
    expect(issueFor(issues, 'modulo4.json', 'modulo4').reason).toContain('modulo4.svg');
  });

  it('an image that is not an SVG name', () => {
    const issues = issuesOf((fx) => {
      mod(fx, 1).img = '../secret.png';
    });
    expect(issueFor(issues, 'modulo1.json', 'modulo1').reason).toMatch(/img/);
  });

  it.each([
    ['content without text', { title: 'T', type: 'content' }, /content necesita text/],
    ['list1 without list1', { title: 'T', type: 'list1' }, /list1/],
    ['list3 without items', { title: 'T', type: 'list3' }, /list3 necesita items/],
    [
      'list6 hotspot without x and y',
      {
        title: 'T',
        type: 'list6',
        img: 'plano.svg',
        alt: 'Plano',
        items: [{ title: 'Salida', text: 'x' }],
      },
      /"Salida" necesita x e y/,
    ],
    [
      'list6 without img',
      { title: 'T', type: 'list6', items: [{ title: 'P', text: 'x', x: 1, y: 2 }] },
      /necesita img/,
    ],
    [
      'list8 column without points',
      { title: 'T', type: 'list8', items: [{ title: 'Col', text: 'x' }] },
      /"Col" necesita points/,
    ],
    [
      'list2 item without label',
      { title: 'T', type: 'list2', items: [{ title: 'Paso', text: 'x' }] },
      /"Paso" necesita label/,
    ],
    [
      'an image without alt',
      { title: 'T', type: 'content', text: 'x', img: 'foto.svg' },
      /sin alt/,
    ],
  ])('a screen missing what its type needs: %s', (_what, topic, reason) => {
    const issues = issuesOf((fx) => {
      mod(fx, 2).topics[1] = topic;
    });
    expect(issueFor(issues, 'modulo2.json', 'modulo2-tema2').reason).toMatch(reason);
  });

  it('reports every problem, across files, in one run', () => {
    const issues = issuesOf((fx) => {
      mod(fx, 1).activity.questions[0].options[1].correct = 1;
      mod(fx, 4).activity.questions[2].options[0].correct = 0;
      mod(fx, 5).topics[0].text = '<script></script>';
    });
    issueFor(issues, 'modulo1.json', 'modulo1-actividad pregunta 1');
    issueFor(issues, 'modulo4.json', 'modulo4-actividad pregunta 3');
    issueFor(issues, 'modulo5.json', 'modulo5');
  });
});

describe('a question names the screen that teaches it (repaso, decision 0171)', () => {
  it('accepts a topic of its own module or an earlier one', () => {
    const fx = validFixture();
    (mod(fx, 2).activity as Json).questions = [
      { ...question(1), repaso: 'modulo2-tema1' },
      { ...question(2), repaso: 'modulo1-tema1' },
      question(3),
    ];
    const result = load(fx);
    expect(result.issues).toEqual([]);
    expect(result.course!.modules[1]!.activity.questions[0]!.repaso).toBe('modulo2-tema1');
  });

  it('rejects a screen of a later module, one that does not exist, and a malformed id', () => {
    const later = issuesOf((fx) => {
      (mod(fx, 1).activity as Json).questions[0].repaso = 'modulo2-tema1';
    });
    expect(issueFor(later, 'modulo1.json', 'modulo1-actividad pregunta 1').reason).toMatch(
      /repaso apunta a "modulo2-tema1", que está en un módulo posterior/,
    );
    const missing = issuesOf((fx) => {
      (mod(fx, 1).activity as Json).questions[0].repaso = 'modulo1-tema9';
    });
    expect(issueFor(missing, 'modulo1.json', 'modulo1-actividad pregunta 1').reason).toMatch(
      /que no existe/,
    );
    const malformed = issuesOf((fx) => {
      (mod(fx, 1).activity as Json).questions[0].repaso = 'tema1';
    });
    expect(JSON.stringify(malformed)).toMatch(/moduloN-temaM/);
  });
});

describe('loadCourseOrThrow', () => {
  const files = (fx: Fixture) =>
    [
      { file: `${DIR}/course.json`, data: fx.course },
      (name: string) => ({ file: `${DIR}/${name}`, data: fx.files[name] }),
    ] as const;

  it('returns the course when the content is valid', () => {
    const course = loadCourseOrThrow(...files(validFixture()));
    expect(course.modules).toHaveLength(5);
  });

  it('throws a ContentError whose message names the file, the id and the reason', () => {
    const fx = validFixture();
    mod(fx, 5).topics[0].next = 'nowhere';
    let error: unknown;
    try {
      loadCourseOrThrow(...files(fx));
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ContentError);
    const contentError = error as ContentError;
    expect(contentError.code).toBe('CONTENT_INVALID');
    expect(contentError.issues).toEqual([
      {
        file: `${DIR}/modulo5.json`,
        id: 'modulo5-tema1',
        reason: expect.stringContaining('nowhere'),
      },
    ]);
    expect(contentError.message).toContain(`${DIR}/modulo5.json`);
    expect(contentError.message).toContain('modulo5-tema1');
    expect(contentError.message).toContain('nowhere');
  });
});
