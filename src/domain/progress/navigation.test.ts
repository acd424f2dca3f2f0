// Page paths, next-page navigation and position keys (decision 0027).
import { describe, expect, it } from 'vitest';
import { readCourse } from '../../../course-files/read-content.ts';
import { buildOutline, courseShape, pagesById } from '../content/outline.ts';
import type { PageType } from '../content/types.ts';
import { nextPath, pagePath, parsePositionKey, positionKey, routeSegment } from './navigation.ts';

describe('pagePath', () => {
  it.each<[PageType, string]>([
    ['content', '/contenido/modulo1-tema1'],
    ['list1', '/lista1/modulo1-tema1'],
    ['list2', '/lista2/modulo1-tema1'],
    ['list3', '/lista3/modulo1-tema1'],
    ['list4', '/lista4/modulo1-tema1'],
    ['list5', '/lista5/modulo1-tema1'],
    ['list6', '/lista6/modulo1-tema1'],
    ['list7', '/lista7/modulo1-tema1'],
    ['list8', '/lista8/modulo1-tema1'],
    ['drag-answer', '/arrastra-la-pregunta/modulo1-tema1'],
    ['select-answer', '/seleccionar-pregunta/modulo1-tema1'],
  ])('puts a %s page under its route', (type, path) => {
    expect(pagePath({ id: 'modulo1-tema1', type })).toBe(path);
    expect(path.startsWith(`/${routeSegment(type)}/`)).toBe(true);
  });
});

describe('nextPath', () => {
  const pages = new Map<string, { id: string; type: PageType }>([
    ['modulo1-tema1', { id: 'modulo1-tema1', type: 'content' }],
    ['modulo1-tema2', { id: 'modulo1-tema2', type: 'list3' }],
    ['modulo1-actividad', { id: 'modulo1-actividad', type: 'drag-answer' }],
    ['modulo2-actividad', { id: 'modulo2-actividad', type: 'select-answer' }],
  ]);

  it("follows the current item's next", () => {
    expect(nextPath({ next: 'modulo1-tema2' }, pages)).toBe('/lista3/modulo1-tema2');
    expect(nextPath({ next: 'modulo1-actividad' }, pages)).toBe(
      '/arrastra-la-pregunta/modulo1-actividad',
    );
  });

  it("prefers an explicit next over the item's next", () => {
    expect(nextPath({ next: 'modulo1-tema2' }, pages, 'modulo2-actividad')).toBe(
      '/seleccionar-pregunta/modulo2-actividad',
    );
  });

  it("goes to the menu for 'menu', as the item's next or as the explicit next", () => {
    expect(nextPath({ next: 'menu' }, pages)).toBe('/menu');
    expect(nextPath({ next: 'modulo1-tema2' }, pages, 'menu')).toBe('/menu');
  });

  it('falls back to the menu for a page that does not exist', () => {
    expect(nextPath({ next: 'modulo9-tema9' }, pages)).toBe('/menu');
    expect(nextPath({ next: 'modulo1-tema2' }, pages, 'nowhere')).toBe('/menu');
  });
});

describe('positionKey', () => {
  it('names topics and the quiz with position keys', () => {
    expect(positionKey(0, 0, 3)).toBe('0-topics-0');
    expect(positionKey(2, 1, 3)).toBe('2-topics-1');
    expect(positionKey(0, 3, 3)).toBe('0-activity');
    expect(positionKey(4, 5, 5)).toBe('4-activity');
  });

  it('round-trips through parsePositionKey', () => {
    for (const [m, i, count] of [
      [0, 0, 3],
      [1, 2, 3],
      [4, 4, 4],
      [12, 30, 31],
    ] as const) {
      const parsed = parsePositionKey(positionKey(m, i, count));
      expect(parsed).toEqual(
        i >= count
          ? { kind: 'activity', moduleIndex: m }
          : { kind: 'topic', moduleIndex: m, topicIndex: i },
      );
    }
  });
});

describe('parsePositionKey', () => {
  it('reads the three kinds of key', () => {
    expect(parsePositionKey('0-topics-0')).toEqual({
      kind: 'topic',
      moduleIndex: 0,
      topicIndex: 0,
    });
    expect(parsePositionKey('3-topics-11')).toEqual({
      kind: 'topic',
      moduleIndex: 3,
      topicIndex: 11,
    });
    expect(parsePositionKey('0-activity')).toEqual({ kind: 'activity', moduleIndex: 0 });
    expect(parsePositionKey('menu')).toEqual({ kind: 'menu' });
  });

  it.each([
    '',
    'MENU',
    '0-topic-0',
    '-1-topics-0',
    '0-topics-',
    '0-topics-x',
    'a-activity',
    ' 0-activity',
    '0-activity-1',
    '0,1-{}',
  ])('rejects %j', (key) => {
    expect(parsePositionKey(key)).toBeNull();
  });
});

describe('navigation over the real course (topics, then the quiz, then the menu)', () => {
  const { course, issues } = readCourse();
  if (!course) throw new Error(`content/es does not load: ${JSON.stringify(issues)}`);
  const outline = buildOutline(course);
  const pages = pagesById(outline);

  it('visits every topic in order, then the quiz, then the menu, for every module', () => {
    course.modules.forEach((m) => {
      const visited: string[] = [];
      let id = m.next;
      for (let guard = 0; id !== 'menu' && guard < 100; guard++) {
        const page = pages.get(id)!;
        visited.push(pagePath(page));
        const following = nextPath(page, pages);
        id =
          following === '/menu'
            ? 'menu'
            : [...pages.values()].find((p) => pagePath(p) === following)!.id;
      }
      expect(id).toBe('menu');
      expect(visited).toEqual([...m.topics.map((t) => pagePath(t)), pagePath(m.activity)]);
    });
  });

  it('lists each module\u2019s pages as its topics then its quiz, the quiz at index = topic count', () => {
    outline.modules.forEach((m, moduleIndex) => {
      const source = course.modules[moduleIndex]!;
      expect(m.pages.map((p) => p.id)).toEqual([
        ...source.topics.map((t) => t.id),
        source.activity.id,
      ]);
      expect(m.pages.map((p) => p.index)).toEqual(m.pages.map((_, i) => i));
      expect(m.pages.at(-1)!.index).toBe(m.topicCount);
      expect(m.pages.every((p) => p.moduleIndex === moduleIndex)).toBe(true);
      expect(m.questionCount).toBe(source.activity.questions.length);
    });
  });

  it('gives the engine the topic count of each module', () => {
    expect(courseShape(outline).topicCounts).toEqual(course.modules.map((m) => m.topics.length));
  });

  it('finds every page by id', () => {
    const all = course.modules.flatMap((m) => [...m.topics.map((t) => t.id), m.activity.id]);
    expect([...pages.keys()].sort()).toEqual([...all].sort());
  });
});
