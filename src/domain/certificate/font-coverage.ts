// The code points the embedded certificate font covers (docs/decisions/0054-certificate-font-and-fallback.md):
// printable ASCII, Latin-1, Latin Extended-A and -B, and the punctuation names and titles use.
export const CERTIFICATE_FONT_RANGES: readonly (readonly [number, number])[] = [
  [0x20, 0x7e],
  [0xa0, 0xff],
  [0x100, 0x24f],
  [0x2010, 0x2027],
  [0x20ac, 0x20ac],
];

export function fontCovers(codePoint: number): boolean {
  return CERTIFICATE_FONT_RANGES.some(([from, to]) => codePoint >= from && codePoint <= to);
}
