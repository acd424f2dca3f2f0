// The content's writing rules on the real course, every module (decision 0107): each question has
// an explanation and a hint that does not give the answer away; every glossary sigla is explained
// at its first use in each module (placeholders filled under every measuring configuration, so
// both branches of a section count); no legal citation in the visible text (sources only in
// «fuente»); the illustrations are small flat SVGs without bitmaps or external references, each
// with a Spanish alt text.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { configValues } from '../../../scripts/lib/demo-config.ts';
import { readGlossary } from '../../../scripts/lib/read-glossary.ts';
import { IMAGE_DIR, readCourse } from '../../../course-files/read-content.ts';
import { fillTemplate } from './placeholders.ts';
import { questionFragments, topicFragments } from './text-metrics/readability.ts';
import { htmlToBlocks } from './text-metrics/tokenize.ts';
import { measuringConfigs } from './text-metrics/course-readability.ts';
import type { Course, Module, Topic } from './types.ts';

const { course: loaded, issues } = readCourse();
if (!loaded) throw new Error(`course did not load: ${JSON.stringify(issues)}`);
const course: Course = loaded;
const demo = configValues(course);
if (!demo.values) throw new Error(demo.error);
const configs = measuringConfigs(demo.values);
const glossary = readGlossary().glossary!;

const plain = (html: string) => htmlToBlocks(html).join('\n');
const isHeading = (t: Topic, f: string) =>
  f === t.title ||
  t.remember.some((r) => r.title === f) ||
  [...(t.items ?? []), ...(t.list1?.items ?? [])].some(
    (i) => f === i.title || f === `${i.label}: ${i.title}`,
  );

/** The running text of a module in reading order (no headings), quiz included, filled. */
function moduleText(m: Module, values: (typeof configs)[number]['values']): string {
  const fill = (f: string) => plain(fillTemplate(f, values));
  return [
    ...m.topics.flatMap((t) =>
      topicFragments(t)
        .filter((f) => !isHeading(t, f))
        .map(fill),
    ),
    ...m.activity.questions.flatMap((q) => questionFragments(q).map(fill)),
  ].join('\n');
}

describe('quiz questions', () => {
  const questions = course.modules.flatMap((m) =>
    m.activity.questions.map((q) => ({ where: `${m.activity.id} pregunta ${q.current}`, q })),
  );

  it('every question has an explanation («message») and a hint («pista»)', () => {
    for (const { where, q } of questions) {
      expect(plain(q.message ?? '').trim(), `${where} message`).not.toBe('');
      expect(plain(q.pista ?? '').trim(), `${where} pista`).not.toBe('');
    }
  });

  it('no hint contains the text of the correct option', () => {
    const norm = (s: string) =>
      s
        .toLowerCase()
        .normalize('NFD')
        .replace(/[\u0300-\u036f]/g, '')
        .replace(/[^\p{L}\p{N} ]/gu, ' ')
        .replace(/\s+/g, ' ')
        .trim();
    for (const { where, q } of questions) {
      const right = norm(q.options.find((o) => o.correct === 1)!.option);
      expect(norm(plain(q.pista ?? '')), where).not.toContain(right);
    }
  });
});

describe('siglas', () => {
  // A heading may name a sigla the text under it explains («Tu EPP», then «el EPP (Elementos…)»).
  it('explains every glossary sigla at its first use in the text of each module', () => {
    const unexplained = new Set<string>();
    for (const { name, values } of configs)
      for (const m of course.modules) {
        const text = moduleText(m, values);
        for (const { sigla } of glossary) {
          const re = new RegExp(`(?<![\\p{L}-])${sigla}(?![\\p{L}-])`, 'u');
          const at = text.search(re);
          // The first use is followed by its meaning in brackets: «la ARL (Administradora…)».
          if (at >= 0 && text.slice(at + sigla.length, at + sigla.length + 2) !== ' (')
            unexplained.add(`${m.id} (${name}): ${sigla} … «${text.slice(at, at + 50)}»`);
        }
      }
    expect([...unexplained]).toEqual([]);
  });

  it('lists in the glossary every sigla the course text uses', () => {
    const known = new Set(glossary.map((g) => g.sigla));
    const used = new Set<string>();
    const fragments = course.modules
      .flatMap((m) => [
        ...m.topics.flatMap((t) => topicFragments(t)),
        ...m.activity.questions.flatMap(questionFragments),
      ])
      .concat(course.introduction.text);
    const all = configs.flatMap(({ values }) =>
      fragments.map((f) => plain(fillTemplate(f, values, { html: false }))),
    );
    for (const text of all)
      for (const m of text.matchAll(/(?<![\p{L}-])\p{Lu}{2,}(?:-\p{Lu}{2,})?(?![\p{L}-])/gu))
        used.add(m[0]);
    // Words in capitals that are not siglas: the quiz title, and roman numerals of risk classes.
    const notSiglas = new Set(['PONTE', 'PRUEBA', 'II', 'III', 'IV']);
    expect([...used].filter((s) => !known.has(s) && !notSiglas.has(s))).toEqual([]);
  });
});

describe('legal sources', () => {
  const CITATION =
    /\b(Decreto|Resolución|Ley|Convenio|GTC|NTC|Res\.|Dec\.|Sentencia)\s*(Ley\s*)?\d|\barts?\.\s*\d|\bnum\.\s*\d|\blit\.\s*[a-z]\b/i;

  it('keeps citations out of the visible text of every screen, question and the introduction', () => {
    const found: string[] = [];
    const check = (where: string, html: string) => {
      for (const block of htmlToBlocks(html))
        if (CITATION.test(block)) found.push(`${where}: ${block}`);
    };
    check('introduccion', course.introduction.text);
    for (const m of course.modules) {
      for (const t of m.topics) topicFragments(t).forEach((f) => check(t.id, f));
      for (const q of m.activity.questions)
        questionFragments(q).forEach((f) => check(`${m.activity.id} ${q.current}`, f));
    }
    expect(found).toEqual([]);
  });

  it('gives every topic screen its source in «fuente», without the word «Fuente»', () => {
    for (const t of course.modules.flatMap((m) => m.topics)) {
      expect(t.fuente?.trim(), t.id).toBeTruthy();
      expect(t.fuente, t.id).not.toMatch(/^\s*fuente/i);
    }
  });
});

describe('illustrations', () => {
  const images: { img: string; alt: string | undefined; where: string }[] = [];
  if (course.introduction.img)
    images.push({
      img: course.introduction.img,
      alt: course.introduction.alt,
      where: 'introduccion',
    });
  for (const m of course.modules) {
    images.push({ img: m.img, alt: m.alt, where: m.id });
    for (const t of m.topics) {
      if (t.img) images.push({ img: t.img, alt: t.alt, where: t.id });
      for (const i of [...(t.items ?? []), ...(t.list1?.items ?? [])])
        if (i.img) images.push({ img: i.img, alt: i.alt, where: `${t.id} ${i.title}` });
    }
  }

  it('uses only SVG files under 6 KB, with no bitmap and no external reference', () => {
    for (const { img, where } of images) {
      expect(img, where).toMatch(/\.svg$/);
      const svg = readFileSync(join(IMAGE_DIR, img), 'utf8');
      expect(Buffer.byteLength(svg), `${where}: ${img}`).toBeLessThan(6 * 1024);
      expect(svg, `${where}: ${img} bitmap`).not.toMatch(
        /<image\b|data:image\/(png|jpe?g|gif|webp)/i,
      );
      // The SVG namespace (xmlns) is a name, not a reference; anything else from outside is not allowed.
      const outside = svg
        .replace(/\sxmlns(:\w+)?="[^"]*"/g, '')
        .match(
          /(href|src)\s*=\s*["'](?!#)[^"']*["']|url\(\s*["']?(?!#)[^)]*\)|@import|https?:\/\//gi,
        );
      expect(outside, `${where}: ${img}`).toBeNull();
    }
  });

  it('describes every image in Spanish', () => {
    const SPANISH = /\b(de|del|la|el|los|las|con|y|en|un|una|sobre|junto)\b|[áéíóúñ]/i;
    for (const { img, alt, where } of images) {
      const text = (alt ?? '').trim();
      expect(text.split(/\s+/).length, `${where}: alt de ${img}`).toBeGreaterThanOrEqual(3);
      expect(text, `${where}: alt de ${img}`).toMatch(SPANISH);
      expect(text, `${where}: alt de ${img}`).not.toMatch(/\.svg\b|\b(image|picture|icon)\b/i);
    }
  });
});
