import { describe, expect, it } from 'vitest';
import { inlineSvg } from './vite-inline-svg.ts';

const FILE = `<?xml version="1.0" encoding="UTF-8"?>
<!-- drawn for the course -->
<svg xmlns="http://www.w3.org/2000/svg" width="32" viewBox="0 0 320 220"><g id="w"><path d="M0 0h1"/></g>
  <use href="#w" x="84"/><rect fill="url(#w)"/></svg>`;

describe('inlineSvg', () => {
  it('is an <svg> element with the class, size and name the <img> had', () => {
    const out = inlineSvg(FILE, {
      className: 'intro-img',
      alt: 'Dos trabajadores "listos"',
      size: [320, 220],
      idPrefix: 'intro-img-',
    });
    expect(out).toBe(
      '<svg class="intro-img" role="img" aria-label="Dos trabajadores &quot;listos&quot;" width="320" height="220" focusable="false" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 320 220"><g id="intro-img-w"><path d="M0 0h1"/></g> <use href="#intro-img-w" x="84"/><rect fill="url(#intro-img-w)"/></svg>',
    );
  });
  it('hides a drawing without a text alternative from screen readers', () => {
    const out = inlineSvg('<svg viewBox="0 0 1 1"/>', {
      className: 'x',
      alt: '',
      size: null,
      idPrefix: 'p-',
    });
    expect(out).toBe(
      '<svg class="x" aria-hidden="true" focusable="false" viewBox="0 0 1 1"></svg>',
    );
  });
  it('refuses what is not an SVG document', () => {
    expect(() =>
      inlineSvg('<p>no</p>', { className: 'x', alt: '', size: null, idPrefix: 'p-' }),
    ).toThrow();
  });
});
