// A small SVG from public/img as a compact data: URI (quotes swapped, only the characters that
// must be escaped in a URL are), so it paints with the HTML, without a request.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { IMAGE_DIR } from '../../course-files/read-content.ts';

export function svgDataUri(name: string, dir = IMAGE_DIR): string {
  const svg = readFileSync(join(dir, name), 'utf8')
    .trim()
    .replace(/\s+/g, ' ')
    .replace(/"/g, "'")
    .replace(
      /[%#<>?\r\n]/g,
      (c) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`,
    );
  return `data:image/svg+xml,${svg}`;
}
