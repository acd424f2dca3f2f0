import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { imageSizesOf, svgSize } from './svg-size.ts';

const dir = mkdtempSync(join(tmpdir(), 'svg-size-'));
writeFileSync(
  join(dir, 'box.svg'),
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 300 220"/>',
);
writeFileSync(
  join(dir, 'sized.svg'),
  '<svg width="64px" height="48" viewBox="0 0 10 10" xmlns="http://www.w3.org/2000/svg"/>',
);
writeFileSync(join(dir, 'none.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');

describe('svgSize', () => {
  it('reads width/height, else the viewBox, else nothing', () => {
    expect(svgSize('sized.svg', dir)).toEqual([64, 48]);
    expect(svgSize('box.svg', dir)).toEqual([300, 220]);
    expect(svgSize('none.svg', dir)).toBeNull();
    expect(svgSize('missing.svg', dir)).toBeNull();
  });
  it('collects every img field at any depth', () => {
    const course = { img: 'box.svg', modules: [{ topics: [{ items: [{ img: 'sized.svg' }] }] }] };
    expect(imageSizesOf(course, dir)).toEqual({ 'box.svg': [300, 220], 'sized.svg': [64, 48] });
  });
});
