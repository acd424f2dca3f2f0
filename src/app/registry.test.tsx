// A screen type and a quiz type are each one folder plus one line in the domain registry and one
// in the feature registry. The made-up types in ./registry-fixture/ are added by exactly those two
// lines each (the vi.mock calls below); routes, navigation, the loader's checks, the answer kind
// and the components then pick them up with no other edit.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import type { RouteObject } from 'react-router-dom';
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

const { ACTIVITY_TYPES, TOPIC_SCREEN_TYPES, answerKindOf } =
  await import('../domain/registry/index.ts');
const { pagePath } = await import('../domain/progress/navigation.ts');
const { loadCourse } = await import('../domain/content/loader.ts');
const { topicScreens } = await import('../features/screens/index.ts');
const { answerComponents } = await import('../features/quiz/answer-components.ts');
const { buildRoutes } = await import('./routes.tsx');

const paths = (routes: RouteObject[]): string[] =>
  routes.flatMap((r) => [r.path ?? '', ...paths(r.children ?? [])]);

function courseWith(topic: object) {
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
      type: quiz[i],
      ...(i === 4 ? { last: true } : {}),
      questions: Array.from({ length: i === 4 ? 2 : 3 }, () => ({
        question: '<p>¿Sí?</p>',
        options: [
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
    const item = { title: '1990', text: '<p>a</p>' };
    const bad = courseWith({ title: 'Historia', type: 'timeline', items: [item] });
    expect(bad.issues.map((i) => i.reason)).toEqual(['timeline: el hito "1990" necesita label']);
    const good = courseWith({
      title: 'Historia',
      type: 'timeline',
      items: [{ ...item, label: 'Año' }],
    });
    expect(good.issues).toEqual([]);
    expect(good.course?.modules[0]?.topics[0]?.type).toBe('timeline');
  });
});

describe('a made-up quiz type (one folder + two registry lines)', () => {
  it('is a known type with its own URL, route, answer component and answer kind', () => {
    expect(ACTIVITY_TYPES).toContain('order-answer');
    expect(pagePath({ id: 'modulo1-actividad', type: 'order-answer' as never })).toBe(
      '/ordena-la-respuesta/modulo1-actividad',
    );
    expect(paths(buildRoutes({ onCertificate: () => {} }))).toContain('ordena-la-respuesta/:id');
    expect(answerComponents['order-answer' as never]).toBeTypeOf('function');
    expect(answerKindOf('order-answer')).toBe('matching');
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
