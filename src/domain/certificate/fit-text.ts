// Fitting the certificate's texts to a width with a font's metrics: a size for a line, two balanced
// lines for a long name or title, and a long address broken into lines.
import type { PDFFont } from 'pdf-lib';

export interface FittedText {
  lines: string[];
  size: number;
}

/**
 * Largest size ≤ maxSize at which `text` fits `maxWidth` on one line; below `minSize` it is
 * split into two balanced lines (when it has more than one word), at a size that fits.
 */
export function fitText(
  text: string,
  font: PDFFont,
  maxWidth: number,
  { maxSize, minSize, maxLines = 2 }: { maxSize: number; minSize: number; maxLines?: 1 | 2 },
): FittedText {
  const width = (s: string) => font.widthOfTextAtSize(s, 1);
  const oneLine = Math.min(maxSize, maxWidth / width(text));
  const words = text.split(' ');
  if (oneLine >= minSize || maxLines === 1 || words.length < 2) {
    return { lines: [text], size: floor2(oneLine) };
  }
  let best: { lines: string[]; widest: number } | null = null;
  for (let i = 1; i < words.length; i++) {
    const lines = [words.slice(0, i).join(' '), words.slice(i).join(' ')];
    const widest = Math.max(...lines.map(width));
    if (!best || widest < best.widest) best = { lines, widest };
  }
  if (!best) return { lines: [text], size: floor2(oneLine) };
  return { lines: best.lines, size: floor2(Math.min(minSize, maxWidth / best.widest)) };
}

function floor2(n: number): number {
  return Math.floor(n * 100) / 100;
}

/** Splits a URL into lines no wider than maxWidth, preferring breaks after '/' '.' '-'. */
export function wrapUrl(url: string, font: PDFFont, size: number, maxWidth: number): string[] {
  const lines: string[] = [];
  let rest = url;
  while (rest && font.widthOfTextAtSize(rest, size) > maxWidth) {
    let end = 1;
    while (end < rest.length && font.widthOfTextAtSize(rest.slice(0, end + 1), size) <= maxWidth)
      end++;
    const head = rest.slice(0, end);
    const soft = ['/', '.', '-'].map((c) => head.lastIndexOf(c)).find((i) => i > end / 2);
    if (soft !== undefined) end = soft + 1;
    lines.push(rest.slice(0, end));
    rest = rest.slice(end);
  }
  if (rest) lines.push(rest);
  return lines;
}
