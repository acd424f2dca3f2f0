// @vitest-environment jsdom
// Prefetched illustrations stay held after they arrive (record 0248): the next few screens' images
// are not dropped from the page's memory cache before the learner gets there; the oldest go first.
import { describe, expect, it } from 'vitest';
import { HELD_IMAGES, heldImages, prefetchImageFiles } from './idle.ts';

describe('prefetchImageFiles', () => {
  it('holds what it fetched, a file asked again becomes the newest, the oldest goes past the limit', () => {
    prefetchImageFiles(['a.svg', 'b.svg'], 'img/');
    prefetchImageFiles(['a.svg'], 'img/');
    expect(heldImages()).toEqual(['img/b.svg', 'img/a.svg']);
    const more = Array.from({ length: HELD_IMAGES }, (_, i) => `m${i}.svg`);
    prefetchImageFiles(more, 'img/');
    expect(heldImages()).toHaveLength(HELD_IMAGES);
    expect(heldImages()).not.toContain('img/a.svg');
    expect(heldImages().at(-1)).toBe(`img/m${HELD_IMAGES - 1}.svg`);
  });
});
