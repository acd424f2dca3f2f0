// @vitest-environment jsdom
// A screen type and a quiz type are each one folder plus one line in the domain registry and one
// in the feature registry (decision records 0031, 0200, 0271). The made-up types here — a
// checklist screen (list9) with a field of its own, and an ordering quiz with its own answer
// shape — sit in real plug-in folders, under the same lint fences as src/screen-types/ and
// src/quiz-types/; the test runs in its own Vitest project whose registries are ./registries/,
// the real registries with those lines added (vitest.config.ts). No mock: routes, navigation,
// the loader's checks, the quiz rules, the result panel, the answer key, the walkers' steps and
// the components pick the types up from the registries alone.
import { describe, expect, it } from 'vitest';
import type { ComponentType } from 'react';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, type RouteObject } from '../ui/router.tsx';
import type { AnswerProps } from '../quiz-kit/answer-contract.tsx';
import {
  ACTIVITY_TYPES,
  TOPIC_SCREEN_TYPES,
  answerKindOf,
  answerShapeOf,
  isRightResponse,
} from '../domain/registry/index.ts';
import { SCREEN_TYPES, type Course } from '../domain/content/types.ts';
import { pagePath } from '../domain/progress/navigation.ts';
import { loadCourse } from '../domain/content/loader.ts';
import { quizRuleProblems } from '../domain/content/quiz-rules.ts';
import { courseHours, topicFragments } from '../domain/content/text-metrics/index.ts';
import { topicScreens } from '../features/screens/index.ts';
import { answerComponents } from '../features/quiz/answer-components.ts';
import { missedQuestions } from '../features/quiz/quiz-logic.ts';
import { QuizResult } from '../features/quiz/quiz-result.tsx';
import { buildRoutes } from '../app/routes.tsx';
import { answerKeyMarkdown } from '../../scripts/lib/answer-key.ts';

const paths = (routes: RouteObject[]): string[] =>
  routes.flatMap((r) => [r.path ?? '', ...paths(r.children ?? [])]);

const STEPS = ['Parar', 'Avisar', 'Evacuar'].map((option) => ({ option, correct: 0 as const }));

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

const orderCourse = (): Course => {
  const { course, issues } = courseWithQuiz('order-answer', STEPS);
  expect(issues).toEqual([]);
  return course!;
};

describe('a made-up checklist screen type with a field of its own (one folder + two lines)', () => {
  it('is a known type with its own URL and route, counted among the screen types', () => {
    expect(TOPIC_SCREEN_TYPES).toContain('list9');
    expect(SCREEN_TYPES).toHaveLength(11); // the menu, the nine real types and list9
    expect(pagePath({ id: 'modulo1-tema1', type: 'list9' as never })).toBe('/lista9/modulo1-tema1');
    expect(paths(buildRoutes({ onCertificate: () => {} }))).toContain('lista9/:id');
    expect(topicScreens['list9' as never]).toBeTypeOf('function');
  });

  it("is accepted by the loader, which runs the type's own checks", () => {
    const check = { check: '<p>Casco puesto</p>' };
    const bad = courseWith({
      title: 'Antes de subir',
      type: 'list9',
      checks: Array(9).fill(check),
    });
    expect(bad.issues.map((i) => i.reason)).toEqual(['list9: 9 casillas (máximo 8)']);
    const good = courseWith({ title: 'Antes de subir', type: 'list9', checks: [check] });
    expect(good.issues).toEqual([]);
    expect(good.course?.modules[0]?.topics[0]?.type).toBe('list9');
  });

  it('owns its field: the schema asks it of a list9 and refuses it on any other type', () => {
    const missing = courseWith({ title: 'Antes de subir', type: 'list9' });
    expect(missing.issues.map((i) => i.reason).join()).toMatch(/checks/);
    const elsewhere = courseWith({
      title: 'Tema',
      type: 'content',
      text: '<p>Texto</p>',
      checks: [{ check: '<p>Casco puesto</p>' }],
    });
    expect(elsewhere.issues.map((i) => i.reason).join()).toMatch(/checks/);
  });

  it("is read where its definition says: placeholders, readability and the hours' taps", () => {
    const withPlaceholder = courseWith({
      title: 'Antes de subir',
      type: 'list9',
      checks: [{ check: '<p>En {{obra.desconocida}}</p>' }],
    });
    expect(withPlaceholder.issues.map((i) => i.reason).join()).toMatch(/^checks\[0\]\.check: /);
    const { course } = courseWith({
      title: 'Antes de subir',
      type: 'list9',
      checks: [{ check: '<p>Casco puesto</p>', why: '<p>Te protege</p>' }],
    });
    const topic = course!.modules[0]!.topics[0]!;
    expect(topicFragments(topic)).toEqual([
      'Antes de subir',
      '<p>Casco puesto</p>',
      '<p>Te protege</p>',
    ]);
    const clicks = (c: typeof course) => courseHours(c!).clickScreens;
    const plain = courseWith({ title: 'Tema', type: 'content', text: '<p>Texto</p>' }).course;
    expect(clicks(course)).toBe(clicks(plain) + 1);
  });
});

describe('list6 owns its points’ place on the picture', () => {
  const item = { title: 'Andamio', text: '<p>Revísalo</p>', x: 10, y: 20 };
  it('a list6 point takes x and y; an entry of another list type does not', () => {
    const list6 = courseWith({
      title: 'Obra',
      type: 'list6',
      img: 'obra.svg',
      alt: 'Obra',
      items: [item],
    });
    expect(list6.issues).toEqual([]);
    const list3 = courseWith({ title: 'Obra', type: 'list3', items: [item] });
    expect(list3.issues.map((i) => i.reason).join()).toMatch(/"x", "y"/);
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
    orderCourse();
    const short = courseWithQuiz('order-answer', STEPS.slice(0, 2));
    expect(short.issues.map((i) => i.reason)).toContain(
      'ordenar necesita al menos tres opciones (tiene 2)',
    );
  });

  it('gives an order, right only in the order the content lists (reported as sequencing)', async () => {
    const user = userEvent.setup();
    const given: unknown[] = [];
    const Answer = answerComponents['order-answer' as never] as ComponentType<AnswerProps>;
    render(
      <Answer
        question={{ question: '<p>Ordena</p>', current: 1, options: STEPS }}
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
    const right = shape.correctResponse({ options: STEPS });
    expect(right).toEqual([0, 1, 2]);
    expect(isRightResponse(shape, [0, 1, 2], right)).toBe(true);
    expect(isRightResponse(shape, [2, 1, 0], right)).toBe(false);
    // The same options in another order are a wrong answer; a set of options would not care.
    expect(isRightResponse({ ordered: false }, [2, 1, 0], right)).toBe(true);
  });

  it('a missed ordering question shows its right order in the result panel', () => {
    const { activity } = orderCourse().modules[0]!;
    const missed = missedQuestions([{ id: 'm1-q2', correct: false }], activity);
    render(
      <MemoryRouter>
        <QuizResult
          result={{ right: 2, total: 3 }}
          unlocked={null}
          courseDone={false}
          missed={missed}
        />
      </MemoryRouter>,
    );
    const right = document.querySelector('.quiz-missed-right');
    expect(right?.textContent).toBe('Respuesta correcta: Parar → Avisar → Evacuar');
    cleanup();
  });

  it('the answer key gives the right order, in words and as each SCORM version records it', () => {
    const key = answerKeyMarkdown(orderCourse(), {
      title: 'Curso',
      config: 'config/ejemplo.json',
      obraNombre: 'Obra',
      obraSlug: 'obra',
      empresa: 'Empresa',
      ejemplo: true,
    });
    expect(key).toContain(
      '| `m1-q1` | 1 | a) Parar → b) Avisar → c) Evacuar | `a,b,c` | `a[,]b[,]c` |',
    );
    expect(key).toContain('se responden ordenando las opciones (tipo `sequencing`)');
  });

  it('content:check applies the quiz rules its shape names: the stem’s, not the right option’s', () => {
    const course = orderCourse();
    const { problems, longest } = quizRuleProblems(course, {});
    // Every question of the made-up course lacks «repaso»; the ordering ones are checked too.
    expect(problems).toContain('m1-q1: falta «repaso» (la pantalla que enseña la respuesta)');
    expect(longest.filter((id) => id.startsWith('m1-'))).toEqual([]);
  });

  it('the walkers give the right order by the steps its definition declares', async () => {
    const user = userEvent.setup();
    const given: unknown[] = [];
    const Answer = answerComponents['order-answer' as never] as ComponentType<AnswerProps>;
    render(
      <Answer
        question={{ question: '<p>Ordena</p>', current: 1, options: STEPS }}
        questionId="m1-q1"
        onAnswer={(r) => given.push(r)}
        busy={false}
      />,
    );
    const shape = answerShapeOf('order-answer');
    const texts = STEPS.map((s) => s.option);
    for (const step of shape.walk(shape.correctResponse({ options: STEPS }), texts)) {
      expect(step.do).toBe('press');
      await user.click(screen.getByRole(step.target.role, { name: step.target.name }));
    }
    cleanup();
    expect(given).toEqual([[0, 1, 2]]);
  });
});
