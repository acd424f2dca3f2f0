// @vitest-environment jsdom
// A screen type and a quiz type are each one folder plus one line in the domain registry and one
// in the feature registry. The made-up types in ./registry-fixture/ are added by exactly those two
// lines each (the vi.mock calls below); routes, navigation, the loader's checks, the answer kind
// and the components then pick them up with no other edit.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import type { RouteObject } from '../ui/router.tsx';
import type { ComponentType } from 'react';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AnswerProps } from '../quiz-kit/answer-contract.tsx';
import { ROOT } from '../../course-files/read-content.ts';

vi.mock('../domain/registry/screen-types.ts', async (original) => ({
  ...(await original<object>()),
  timeline: (await import('./registry-fixture/timeline/definition.ts')).timeline,
}));
vi.mock('../domain/registry/quiz-types.ts', async (original) => ({
  ...(await original<object>()),
  orderAnswer: (await import('./registry-fixture/order-answer/definition.ts')).orderAnswer,
}));
vi.mock('../features/screens/registry.ts', async (original) => ({
  ...(await original<object>()),
  timeline: (await import('./registry-fixture/timeline/feature.ts')).timeline,
}));
vi.mock('../features/quiz/registry.ts', async (original) => ({
  ...(await original<object>()),
  orderAnswer: (await import('./registry-fixture/order-answer/feature.ts')).orderAnswer,
}));

const { ACTIVITY_TYPES, TOPIC_SCREEN_TYPES, answerKindOf, answerShapeOf, isRightResponse } =
  await import('../domain/registry/index.ts');
const { pagePath } = await import('../domain/progress/navigation.ts');
const { loadCourse } = await import('../domain/content/loader.ts');
const { courseHours, topicFragments } = await import('../domain/content/text-metrics/index.ts');
const { topicScreens } = await import('../features/screens/index.ts');
const { answerComponents } = await import('../features/quiz/answer-components.ts');
const { buildRoutes } = await import('./routes.tsx');

const paths = (routes: RouteObject[]): string[] =>
  routes.flatMap((r) => [r.path ?? '', ...paths(r.children ?? [])]);

const courseWithQuiz = (type: string, options: object[]) =>
  courseWith({ title: 'Tema', type: 'content', text: '<p>Texto</p>' }, { type, options });

function courseWith(topic: object, firstQuiz?: { type: string; options: object[] }) {
  const titles = ['Generalidades', 'Políticas', 'Gestión de peligros'];
  const more = ['Estrategia de seguridad vial', 'Emergencia'];
  const quiz = ['drag-answer', 'select-answer', 'drag-answer', 'select-answer', 'select-answer'];
  const modules = [...titles, ...more].map((title, i) => ({
    id: `modulo${i + 1}`,
    number: i + 1,
    name: `Módulo ${i + 1}`,
    title,
    img: `modulo${i + 1}.svg`,
    alt: 'Imagen',
    topics: i === 0 ? [topic] : [{ title: 'Tema', type: 'content', text: '<p>Texto</p>' }],
    activity: {
      title: `PONTE A PRUEBA MÓDULO ${i + 1}`,
      type: i === 0 && firstQuiz ? firstQuiz.type : quiz[i],
      ...(i === 4 ? { last: true } : {}),
      questions: Array.from({ length: i === 4 ? 2 : 3 }, () => ({
        question: '<p>¿Sí?</p>',
        options:
          i === 0 && firstQuiz
            ? firstQuiz.options
            : [
                { option: 'Sí', correct: 1 },
                { option: 'No', correct: 0 },
              ],
      })),
    },
  }));
  const course = {
    id: 'curso-sst',
    title: 'Curso',
    header: 'CURSO',
    hours: 4,
    introduction: { title: 'Hola', text: '<p>Hola</p>' },
    modules: modules.map((m) => `${m.id}.json`),
  };
  return loadCourse(
    { file: 'course.json', data: course },
    (name) => ({ file: name, data: modules.find((m) => `${m.id}.json` === name) }),
    { imageExists: () => true },
  );
}

describe('a made-up screen type (one folder + two registry lines)', () => {
  it('is a known type with its own URL and route', () => {
    expect(TOPIC_SCREEN_TYPES).toContain('timeline');
    expect(pagePath({ id: 'modulo1-tema1', type: 'timeline' as never })).toBe(
      '/linea-de-tiempo/modulo1-tema1',
    );
    expect(paths(buildRoutes({ onCertificate: () => {} }))).toContain('linea-de-tiempo/:id');
    expect(topicScreens['timeline' as never]).toBeTypeOf('function');
  });

  it("is accepted by the loader, which runs the type's own checks", () => {
    const hito = { fecha: '1850', text: '<p>a</p>' };
    const bad = courseWith({ title: 'Historia', type: 'timeline', hitos: [hito] });
    expect(bad.issues.map((i) => i.reason)).toEqual(['timeline: fecha "1850"']);
    const good = courseWith({
      title: 'Historia',
      type: 'timeline',
      hitos: [{ ...hito, fecha: '1990' }],
    });
    expect(good.issues).toEqual([]);
    expect(good.course?.modules[0]?.topics[0]?.type).toBe('timeline');
  });

  it('owns its field: the schema asks it of a timeline and refuses it on any other type', () => {
    const missing = courseWith({ title: 'Historia', type: 'timeline' });
    expect(missing.issues.map((i) => i.reason).join()).toMatch(/hitos/);
    const elsewhere = courseWith({
      title: 'Tema',
      type: 'content',
      text: '<p>Texto</p>',
      hitos: [{ fecha: '1990', text: '<p>a</p>' }],
    });
    expect(elsewhere.issues.map((i) => i.reason).join()).toMatch(/hitos/);
  });

  it("is read where its definition says: placeholders, readability and the hours' taps", () => {
    const withPlaceholder = courseWith({
      title: 'Historia',
      type: 'timeline',
      hitos: [{ fecha: '1990', text: '<p>En {{obra.desconocida}}</p>' }],
    });
    expect(withPlaceholder.issues.map((i) => i.reason).join()).toMatch(/^hitos\[0\]\.text: /);
    const { course } = courseWith({
      title: 'Historia',
      type: 'timeline',
      hitos: [{ fecha: '1990', text: '<p>Nace la norma</p>' }],
    });
    const topic = course!.modules[0]!.topics[0]!;
    expect(topicFragments(topic)).toEqual(['Historia', '1990', '<p>Nace la norma</p>']);
    const clicks = (c: typeof course) => courseHours(c!).clickScreens;
    const plain = courseWith({ title: 'Tema', type: 'content', text: '<p>Texto</p>' }).course;
    expect(clicks(course)).toBe(clicks(plain) + 1);
  });
});

describe('a made-up ordering quiz type with its own answer shape (one folder + two lines)', () => {
  it('is a known type with its own URL, route, answer component and answer kind', () => {
    expect(ACTIVITY_TYPES).toContain('order-answer');
    expect(pagePath({ id: 'modulo1-actividad', type: 'order-answer' as never })).toBe(
      '/ordena-la-respuesta/modulo1-actividad',
    );
    expect(paths(buildRoutes({ onCertificate: () => {} }))).toContain('ordena-la-respuesta/:id');
    expect(answerComponents['order-answer' as never]).toBeTypeOf('function');
    expect(answerKindOf('order-answer')).toBe('sequencing');
  });

  it("is checked by the loader with its shape's own rule, not «exactly one correct option»", () => {
    const steps = ['Parar', 'Avisar', 'Evacuar'].map((option) => ({ option, correct: 0 }));
    const ok = courseWithQuiz('order-answer', steps);
    expect(ok.issues).toEqual([]);
    const short = courseWithQuiz('order-answer', steps.slice(0, 2));
    expect(short.issues.map((i) => i.reason)).toContain(
      'ordenar necesita al menos tres opciones (tiene 2)',
    );
  });

  it('gives an order, right only in the order the content lists (reported as sequencing)', async () => {
    const user = userEvent.setup();
    const given: unknown[] = [];
    const Answer = answerComponents['order-answer' as never] as ComponentType<AnswerProps>;
    const options = ['Parar', 'Avisar', 'Evacuar'].map((option) => ({
      option,
      correct: 0 as const,
    }));
    render(
      <Answer
        question={{ question: '<p>Ordena</p>', current: 1, options }}
        questionId="m1-q1"
        onAnswer={(r) => given.push(r)}
        busy={false}
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Responder' }));
    await user.click(screen.getByRole('button', { name: 'Subir «Avisar»' }));
    await user.click(screen.getByRole('button', { name: 'Subir «Parar»' }));
    await user.click(screen.getByRole('button', { name: 'Subir «Parar»' }));
    await user.click(screen.getByRole('button', { name: 'Responder' }));
    cleanup();
    expect(given).toEqual([
      [2, 1, 0],
      [0, 1, 2],
    ]);
    const shape = answerShapeOf('order-answer');
    const right = shape.correctResponse({ options });
    expect(right).toEqual([0, 1, 2]);
    expect(isRightResponse(shape, [0, 1, 2], right)).toBe(true);
    expect(isRightResponse(shape, [2, 1, 0], right)).toBe(false);
    // The same options in another order are a wrong answer; a set of options would not care.
    expect(isRightResponse({ ordered: false }, [2, 1, 0], right)).toBe(true);
  });
});

describe('the registered types', () => {
  const lines = (file: string) =>
    readFileSync(join(ROOT, file), 'utf8')
      .split('\n')
      .filter((l) => l.startsWith('export '));

  it.each([
    ['screen-types', 'src/domain/registry/screen-types.ts', 'src/features/screens/registry.ts'],
    ['quiz-types', 'src/domain/registry/quiz-types.ts', 'src/features/quiz/registry.ts'],
  ])('each %s folder has a definition and a feature entry, one registry line each', (dir, d, f) => {
    const folders = readdirSync(join(ROOT, 'src', dir));
    for (const folder of folders) {
      const files = readdirSync(join(ROOT, 'src', dir, folder));
      expect(files).toEqual(expect.arrayContaining(['definition.ts', 'feature.ts']));
      expect(lines(d).filter((l) => l.includes(`/${folder}/definition.ts'`))).toHaveLength(1);
      expect(lines(f).filter((l) => l.includes(`/${folder}/feature.ts'`))).toHaveLength(1);
    }
    expect(lines(d)).toHaveLength(folders.length);
    expect(lines(f)).toHaveLength(folders.length);
  });
});
