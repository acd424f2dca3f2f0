// Sample topics for the screen component tests.
import type { ListItem, Topic, TopicScreenType } from '../domain/content/types.ts';

export function makeTopic(type: TopicScreenType, extra: Partial<Topic> = {}): Topic {
  return {
    id: `modulo1-tema-${type}`,
    title: `Tema ${type}`,
    number: 1,
    type,
    home: 0,
    previous: null,
    current: '0-topics-0',
    next: 'menu',
    remember: [],
    ...extra,
  };
}

/** `n` list entries; `extra` adds fields, a type's own too (list6's x and y). */
export function makeItems<E extends object = Partial<ListItem>>(
  n: number,
  extra: (i: number) => E = () => ({}) as E,
): (ListItem & E)[] {
  return Array.from({ length: n }, (_, i) => ({
    title: `Título ${i + 1}`,
    text: `<p>Texto ${i + 1}</p>`,
    ...extra(i),
  }));
}
