// The outline carries each module's first-screen illustrations, so they can be prefetched
// before the module's content arrives (record 0248).
import { describe, expect, it } from 'vitest';
import { buildOutline, screenImages } from './outline.ts';
import { readCourse } from '../../../course-files/read-content.ts';

describe('screenImages', () => {
  it('finds every img field at any depth, once, and leaves data: URIs out', () => {
    expect(
      screenImages({
        img: 'a.svg',
        items: [{ img: 'b.svg' }, { img: 'a.svg' }, { nested: { img: 'data:image/svg+xml,x' } }],
        text: '<img src="c.svg">',
      }),
    ).toEqual(['a.svg', 'b.svg']);
    expect(screenImages(undefined)).toEqual([]);
  });
});

describe('buildOutline', () => {
  it('gives each module the illustrations of its first screen', () => {
    const { course } = readCourse();
    const outline = buildOutline(course!);
    for (const [i, m] of outline.modules.entries())
      expect(m.firstImages).toEqual(screenImages(course!.modules[i]!.topics[0]));
    expect(outline.modules.filter((m) => m.firstImages.length > 0).length).toBeGreaterThan(2);
  });
});
