// The intrinsic size of a course illustration (public/img/*.svg): its width/height attributes,
// else its viewBox. Screens put it on <img> so the space is reserved before the image arrives
// (no layout shift; docs/decisions/0098-no-screen-waits-on-the-network.md).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { IMAGE_DIR } from '../../course-files/read-content.ts';

export function svgSize(name: string, dir = IMAGE_DIR): [number, number] | null {
  let svg: string;
  try {
    svg = readFileSync(join(dir, name), 'utf8');
  } catch {
    return null;
  }
  const open = /<svg\b[^>]*>/i.exec(svg)?.[0] ?? '';
  const attr = (n: string) => new RegExp(`\\s${n}="([\\d.]+)(px)?"`).exec(open)?.[1];
  const w = Number(attr('width'));
  const h = Number(attr('height'));
  if (w > 0 && h > 0) return [w, h];
  const box = /\sviewBox="([^"]+)"/
    .exec(open)?.[1]
    ?.trim()
    .split(/[\s,]+/)
    .map(Number);
  if (box && box.length === 4 && box[2]! > 0 && box[3]! > 0) return [box[2]!, box[3]!];
  return null;
}

/** Sizes of every illustration a value (the course, a module) names in an `img` field. */
export function imageSizesOf(value: unknown, dir = IMAGE_DIR): Record<string, [number, number]> {
  const out: Record<string, [number, number]> = {};
  const walk = (v: unknown) => {
    if (Array.isArray(v)) v.forEach(walk);
    else if (v && typeof v === 'object')
      for (const [key, x] of Object.entries(v))
        if (key === 'img' && typeof x === 'string' && x.endsWith('.svg')) {
          const size = svgSize(x, dir);
          if (size) out[x] = size;
        } else walk(x);
  };
  walk(value);
  return out;
}
