// Page paths, position keys and next-page navigation (decision 0027).
import type { PageType } from '../content/types.ts';
import { quizType, screenType } from '../registry/index.ts';

export const MENU = 'menu';

/** The URL segment of a page type, from the screen and quiz registries. */
export const routeSegment = (type: PageType): string =>
  (screenType(type) ?? quizType(type))?.segment ?? type;

export function pagePath(page: { id: string; type: PageType }): string {
  return `/${routeSegment(page.type)}/${page.id}`;
}

/**
 * The path of the next page: an explicit next if given, otherwise the current item's next;
 * 'menu' goes to the menu.
 */
export function nextPath(
  current: { next: string },
  pagesById: ReadonlyMap<string, { id: string; type: PageType }>,
  explicitNext?: string,
): string {
  const target = explicitNext ?? current.next;
  if (target === MENU) return '/menu';
  const page = pagesById.get(target);
  return page ? pagePath(page) : '/menu';
}

/** Position keys: '0-topics-0', '0-activity', 'menu'. */
export function positionKey(moduleIndex: number, index: number, topicCount: number): string {
  return index >= topicCount ? `${moduleIndex}-activity` : `${moduleIndex}-topics-${index}`;
}

export function parsePositionKey(
  key: string,
):
  | { moduleIndex: number; kind: 'topic'; topicIndex: number }
  | { moduleIndex: number; kind: 'activity' }
  | { kind: 'menu' }
  | null {
  if (key === MENU) return { kind: 'menu' };
  const topic = /^(\d+)-topics-(\d+)$/.exec(key);
  if (topic) return { moduleIndex: Number(topic[1]), kind: 'topic', topicIndex: Number(topic[2]) };
  const activity = /^(\d+)-activity$/.exec(key);
  if (activity) return { moduleIndex: Number(activity[1]), kind: 'activity' };
  return null;
}
