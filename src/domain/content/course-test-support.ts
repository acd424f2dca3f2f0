// What the content tests read a course with: a screen's HTML as the plain text a learner reads,
// and a topic by its page id (the corrections tests check each reviewed statement by page).
import type { Course, Topic } from './types.ts';

/** HTML as plain text: tags gone, a paragraph or list item ends in a space, spaces collapsed. */
export const plain = (html: string) =>
  html
    .replace(/<\/(p|li)>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/** The topic with page id `id`; a missing page fails the test that asked for it. */
export function topicOf(c: Course, id: string): Topic {
  const t = c.modules.flatMap((m) => m.topics).find((x) => x.id === id);
  if (!t) throw new Error(`no page ${id}`);
  return t;
}
