// The static first screen's illustration drawn in the page itself (record 0284): an SVG from
// public/img as an <svg> element, not an <img> of a data: URI. An SVG image is a document of
// its own that Chromium builds (page, frame, parse, layout) and paints before the first paint;
// an <svg> in the page is a few shapes of the page's own layout and paint.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { IMAGE_DIR } from '../course-files/read-content.ts';

export interface InlineSvgOptions {
  className: string;
  /** The image's text alternative; empty: the drawing is decorative (hidden from readers). */
  alt: string;
  size: [number, number] | null;
  /** Prefix of the drawing's ids, so that they stay unique in the page. */
  idPrefix: string;
}

const escapeAttr = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/**
 * `svg` (a file's text) as an element of an HTML page: no XML prolog, comments or doctype, its
 * ids and the references to them prefixed, and the class, size and accessible name an <img>
 * would have had (role="img" with the alt as its name).
 */
export function inlineSvg(svg: string, options: InlineSvgOptions): string {
  const body = svg
    .replace(/<\?xml[\s\S]*?\?>/g, '')
    .replace(/<!DOCTYPE[\s\S]*?>/gi, '')
    .replace(/<!--[\s\S]*?-->/g, '')
    .trim()
    .replace(/\s+/g, ' ');
  const ids = new Set([...body.matchAll(/\sid=["']([^"']+)["']/g)].map((m) => m[1]!));
  let out = body;
  for (const id of ids) {
    const quoted = id.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    out = out
      .replace(new RegExp(`(\\sid=["'])${quoted}(["'])`, 'g'), `$1${options.idPrefix}${id}$2`)
      .replace(new RegExp(`(["'(])#${quoted}(["')])`, 'g'), `$1#${options.idPrefix}${id}$2`);
  }
  const open = /^<svg\b[^>]*>/i.exec(out)?.[0];
  if (!open) throw new Error('not an SVG document');
  const kept = open
    .slice(4, -1)
    .replace(/\s(width|height|class|role|aria-label|aria-hidden)=("[^"]*"|'[^']*')/g, '')
    .replace(/\/$/, '');
  const size = options.size ? ` width="${options.size[0]}" height="${options.size[1]}"` : '';
  const a11y = options.alt
    ? ` role="img" aria-label="${escapeAttr(options.alt)}"`
    : ' aria-hidden="true"';
  const selfClosing = open.endsWith('/>');
  const head = `<svg class="${escapeAttr(options.className)}"${a11y}${size} focusable="false"${kept}>`;
  return selfClosing ? `${head}</svg>` : head + out.slice(open.length);
}

/** The file `name` of public/img (or `dir`) as an inline <svg>. */
export function inlineSvgFile(name: string, options: InlineSvgOptions, dir = IMAGE_DIR): string {
  return inlineSvg(readFileSync(join(dir, name), 'utf8'), options);
}
