// The course's content version (docs/decisions/0125-content-version-and-data-notice.md):
// a short hash of the validated course as written (before any obra's values are filled in), so a
// first answer recorded on the server names the edition of the content it was given against.
// Computed at build time (virtual:course) and by anything else that reads the content.
import type { Course } from './types.ts';

/**
 * A short, stable, non-cryptographic hash of a text (cyrb53: 53 bits, base 36, ≤ 11
 * characters). The same in Node and in every browser: plain string and integer arithmetic.
 */
export function shortHash(text: string): string {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 2654435761);
    h2 = Math.imul(h2 ^ c, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(36);
}

/**
 * The content version: the course id and a hash of the whole unfilled course (every module's
 * topics, questions and options), e.g. «curso-sst-1x2y3z4a5b». Any change to the text changes
 * it; the same content always gives the same value. ≤ 64 characters (the server's limit).
 */
export function contentVersion(course: Pick<Course, 'id'> & object): string {
  return `${course.id.slice(0, 40)}-${shortHash(JSON.stringify(course))}`;
}
