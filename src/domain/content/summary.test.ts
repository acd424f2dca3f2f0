// The stable content summary (decision 0029, `npm run -s content:check -- --json`).
import { describe, expect, it } from 'vitest';
import { summarizeCourse } from './summary.ts';
import type { Course, Module, TopicScreenType } from './types.ts';

/** A normalised module whose topics have the given screen types. */
function module(
  n: number,
  types: TopicScreenType[],
  quiz: Module['activity']['type'],
  questions: number,
): Module {
  const topics = types.map((type, i) => ({
    id: `modulo${n}-tema${i + 1}`,
    title: `Tema ${i + 1}`,
    number: i + 1,
    type,
    home: n - 1,
    previous: i === 0 ? null : `modulo${n}-tema${i}`,
    current: `${n - 1}-topics-${i}`,
    next: i + 1 < types.length ? `modulo${n}-tema${i + 2}` : `modulo${n}-actividad`,
    text: '<p>x</p>',
    remember: [],
  }));
  return {
    id: `modulo${n}`,
    name: `Módulo ${n}`,
    title: `Título ${n}`,
    number: n,
    next: `modulo${n}-tema1`,
    type: 'menu',
    img: `modulo${n}.svg`,
    alt: 'x',
    topics,
    activity: {
      id: `modulo${n}-actividad`,
      title: `PONTE A PRUEBA MÓDULO ${n}`,
      number: n,
      type: quiz,
      home: n - 1,
      previous: topics.at(-1)?.id ?? null,
      current: `${n - 1}-activity`,
      next: 'menu',
      last: false,
      questions: Array.from({ length: questions }, (_, i) => ({
        question: `P${i + 1}`,
        current: i + 1,
        options: [
          { option: 'a', correct: 1 as const },
          { option: 'b', correct: 0 as const },
        ],
      })),
    },
  };
}

function course(modules: Module[]): Course {
  return {
    id: 'c',
    title: 'C',
    header: 'H',
    hours: 4,
    package: {
      manifestIdentifier: 'com.x',
      identifierPrefix: 'x',
      zipPrefix: 'x',
      description: 'x',
    },
    introduction: { title: 'I', text: 'x' },
    modules,
  };
}

describe('summarizeCourse', () => {
  const summary = summarizeCourse(
    course([
      module(1, ['list1', 'content', 'content', 'list1'], 'drag-answer', 3),
      module(2, ['list8', 'list2'], 'select-answer', 2),
    ]),
  );

  it('describes each module: id, number, title, topic count (quiz not counted) and quiz', () => {
    expect(summary.modules).toHaveLength(2);
    expect(summary.modules[0]).toMatchObject({
      id: 'modulo1',
      number: 1,
      title: 'Título 1',
      topics: 4,
      activity: { type: 'drag-answer', questions: 3 },
    });
    expect(summary.modules[1]).toMatchObject({
      id: 'modulo2',
      topics: 2,
      activity: { type: 'select-answer', questions: 2 },
    });
  });

  it("lists a module's topic screen types once each, in the order content, list1…list8", () => {
    expect(summary.modules[0]!.screenTypes).toEqual(['content', 'list1']);
    expect(summary.modules[1]!.screenTypes).toEqual(['list2', 'list8']);
  });

  it('never lists quiz types as screen types', () => {
    const all = [...summary.screenTypes, ...summary.modules.flatMap((m) => m.screenTypes)];
    expect(all).not.toContain('drag-answer');
    expect(all).not.toContain('select-answer');
  });

  it('lists every screen type the course uses, the menu included, once each', () => {
    expect(summary.screenTypes).toEqual(['content', 'menu', 'list1', 'list2', 'list8']);
  });

  it('has the menu screen only once even with no topic screens at all', () => {
    expect(summarizeCourse(course([])).screenTypes).toEqual(['menu']);
  });

  it('reaches all ten screen types when every topic type is used', () => {
    const types: TopicScreenType[] = [
      'list8',
      'list7',
      'list6',
      'list5',
      'list4',
      'list3',
      'list2',
      'list1',
      'content',
    ];
    const all = summarizeCourse(course([module(1, types, 'drag-answer', 3)]));
    expect(all.screenTypes).toEqual([
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
    ]);
    expect(all.modules[0]!.screenTypes).toHaveLength(9);
  });

  it('serialises to plain JSON with only the fields of the stable summary', () => {
    const parsed = JSON.parse(JSON.stringify(summary)) as Record<string, unknown>;
    expect(Object.keys(parsed).sort()).toEqual(['modules', 'screenTypes']);
    const first = (parsed.modules as Record<string, unknown>[])[0]!;
    expect(Object.keys(first).sort()).toEqual([
      'activity',
      'id',
      'number',
      'screenTypes',
      'title',
      'topics',
    ]);
    expect(Object.keys(first.activity as object).sort()).toEqual(['questions', 'type']);
  });
});
