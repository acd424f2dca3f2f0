// A Spanish syllabifier of our own (decision 0073): the `silabea` npm package has one release and
// no types, and counting syllables for INFLESZ needs only the classic orthographic rules, which
// fit in a page. Works on one word of letters; numbers and siglas are handled by the tokenizer.

const STRONG = new Set(['a', 'e', 'o', 'á', 'é', 'ó', 'í', 'ú']);
const WEAK = new Set(['i', 'u', 'ü']);
/** Consonant pairs that always start a syllable together (o-tro, ha-bla, a-gri-o). */
const INSEPARABLE = new Set([
  'bl',
  'br',
  'cl',
  'cr',
  'dr',
  'fl',
  'fr',
  'gl',
  'gr',
  'kl',
  'kr',
  'pl',
  'pr',
  'tr',
]);
/** Digraphs that are one consonant sound and never split (co-che, ca-lle, ca-rro). */
const DIGRAPHS = new Set(['ch', 'll', 'rr']);

interface Unit {
  text: string;
  vowel: boolean;
}

const isVowelChar = (c: string) => STRONG.has(c) || WEAK.has(c);

/** Splits a lowercase word into letters and digraphs, deciding when «y» is a vowel. */
function units(word: string): Unit[] {
  const out: Unit[] = [];
  for (let i = 0; i < word.length; i++) {
    const c = word[i]!;
    const pair = word.slice(i, i + 2);
    if (DIGRAPHS.has(pair)) {
      out.push({ text: pair, vowel: false });
      i++;
      continue;
    }
    if (c === 'y') {
      // «y» is a vowel alone («y») and at the end of a word after a vowel (hoy, muy, estoy).
      const last = i === word.length - 1;
      const afterVowel = i > 0 && isVowelChar(word[i - 1]!);
      out.push({ text: c, vowel: word.length === 1 || (last && afterVowel) });
      continue;
    }
    out.push({ text: c, vowel: isVowelChar(c) });
  }
  return out;
}

/** Strong vowels, and weak vowels carrying a written accent (which break a diphthong). */
const isStrong = (u: Unit) => STRONG.has(u.text);

/** True when two adjacent vowels belong to different syllables (hiatus). */
function hiatus(a: Unit, b: Unit): boolean {
  if (isStrong(a) && isStrong(b)) return true; // a-e, le-í-do, dí-a, re-ír
  // Two equal weak vowels: chi-i-ta, du-un-vi-ro.
  if (a.text === b.text && (a.text === 'i' || a.text === 'u')) return true;
  return false;
}

/**
 * Splits one Spanish word into syllables, e.g. «construcción» → [cons, truc, ción].
 * Letters other than Spanish ones are kept with their neighbours; a word with no vowel is one
 * syllable (so it never counts zero).
 */
export function syllabify(word: string): string[] {
  const lower = word.toLowerCase();
  const us = units(lower);
  // Nuclei: runs of vowels, cut where two vowels are in hiatus.
  const nuclei: Array<{ start: number; end: number }> = [];
  for (let i = 0; i < us.length; i++) {
    if (!us[i]!.vowel) continue;
    let end = i;
    for (;;) {
      const next = us[end + 1];
      if (next?.vowel && !hiatus(us[end]!, next)) end++;
      // A silent «h» between vowels does not stop a diphthong: prohi-bir, ahu-mar, rehu-sar.
      else if (next?.text === 'h' && us[end + 2]?.vowel && !hiatus(us[end]!, us[end + 2]!))
        end += 2;
      else break;
    }
    nuclei.push({ start: i, end });
    i = end;
  }
  if (nuclei.length === 0) return [lower];
  // Where each syllable after the first starts: decided by the consonants between two nuclei.
  const starts = [0];
  for (let n = 1; n < nuclei.length; n++) {
    const from = nuclei[n - 1]!.end + 1;
    const to = nuclei[n]!.start; // consonant units are us[from .. to-1]
    const count = to - from;
    const pairAt = (k: number) => (us[k]?.text ?? '') + (us[k + 1]?.text ?? '');
    let cut: number;
    if (count <= 1) cut = from;
    else if (count === 2) cut = INSEPARABLE.has(pairAt(from)) ? from : from + 1;
    else cut = INSEPARABLE.has(pairAt(to - 2)) ? to - 2 : to - 1; // hom-bre, ins-tan-te, ins-truc
    starts.push(cut);
  }
  return starts.map((s, i) =>
    us
      .slice(s, starts[i + 1] ?? us.length)
      .map((u) => u.text)
      .join(''),
  );
}

/** Number of syllables of one word of letters. */
export const countSyllables = (word: string): number => syllabify(word).length;
