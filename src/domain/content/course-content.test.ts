// Checks the real course in content/es/ (not fixtures): this course's shape (five modules, their
// titles, question counts and quiz types, written in course.json's rules; decision record 0033)
// and the content rules that the loader alone does not enforce.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONTENT_DIR, IMAGE_DIR, readCourse } from '../../../course-files/read-content.ts';
import { rawCourseSchema } from './schema.ts';
import { TOPIC_SCREEN_TYPES, type Course } from './types.ts';

const result = readCourse();

/** This course's shape, as the product defines it. */
const MODULE_TITLES = [
  'Generalidades',
  'Políticas',
  'Gestión de peligros',
  'Estrategia de seguridad vial',
  'Emergencia',
];
// Module 3 gained the work-at-heights question m3-q4 (decision record 0270).
const QUESTION_COUNTS = [3, 3, 4, 3, 2];
const ACTIVITY_TYPE_BY_MODULE = [
  'drag-answer',
  'select-answer',
  'drag-answer',
  'select-answer',
  'select-answer',
];

function course(): Course {
  if (!result.course) throw new Error(`course did not load: ${JSON.stringify(result.issues)}`);
  return result.course;
}

/** Every string in the course, with a path for error messages. */
function allStrings(value: unknown, path = ''): { path: string; text: string }[] {
  if (typeof value === 'string') return [{ path, text: value }];
  if (Array.isArray(value)) return value.flatMap((v, i) => allStrings(v, `${path}[${i}]`));
  if (value && typeof value === 'object')
    return Object.entries(value).flatMap(([k, v]) => allStrings(v, path ? `${path}.${k}` : k));
  return [];
}

/** Whether a path like modules[1].activity.questions[0].options[2].option names a correct option. */
function isCorrectOption(path: string): boolean {
  const m = /^modules\[(\d+)\]\.activity\.questions\[(\d+)\]\.options\[(\d+)\]/.exec(path);
  if (!m) return false;
  return (
    course().modules[Number(m[1])]?.activity.questions[Number(m[2])]?.options[Number(m[3])]
      ?.correct === 1
  );
}

const isTrueFalse = (options: { option: string }[]) =>
  options.length === 2 &&
  options
    .map((o) => o.option)
    .sort()
    .join('|') === 'Falso|Verdadero';

describe('course content (content/es)', () => {
  it('loads with no issues', () => {
    expect(result.issues).toEqual([]);
    expect(result.course).not.toBeNull();
  });

  it('writes its shape rules in course.json, so the loader enforces them on every build', () => {
    const raw = rawCourseSchema.parse(
      JSON.parse(readFileSync(join(CONTENT_DIR, 'course.json'), 'utf8')),
    );
    expect(raw.rules).toEqual({
      modules: MODULE_TITLES.map((title, i) => ({
        title,
        questions: QUESTION_COUNTS[i],
        quizType: ACTIVITY_TYPE_BY_MODULE[i],
      })),
      quizTitle: 'PONTE A PRUEBA MÓDULO {n}',
    });
  });

  it('has five modules with the exact titles', () => {
    expect(course().modules.map((m) => m.title)).toEqual(MODULE_TITLES);
  });

  it('has at least four topic screens in every module', () => {
    for (const m of course().modules) expect(m.topics.length, m.id).toBeGreaterThanOrEqual(4);
  });

  it('has 3, 3, 4, 3 and 2 questions and the right quiz type per module', () => {
    const mods = course().modules;
    expect(mods.map((m) => m.activity.questions.length)).toEqual(QUESTION_COUNTS);
    expect(mods.map((m) => m.activity.type)).toEqual(ACTIVITY_TYPE_BY_MODULE);
    mods.forEach((m) => expect(m.activity.title).toBe(`PONTE A PRUEBA MÓDULO ${m.number}`));
  });

  it('has exactly one correct option in every question', () => {
    for (const m of course().modules)
      for (const q of m.activity.questions)
        expect(
          q.options.filter((o) => o.correct === 1),
          `${m.id} pregunta ${q.current}`,
        ).toHaveLength(1);
  });

  it('has at most two true/false questions in the course, each with an explanation message', () => {
    let trueFalse = 0;
    for (const m of course().modules)
      for (const q of m.activity.questions)
        if (isTrueFalse(q.options)) {
          trueFalse++;
          expect(q.message?.trim(), `${m.id} pregunta ${q.current}`).toBeTruthy();
        }
    expect(trueFalse).toBeLessThanOrEqual(2);
  });

  it('keeps drag-answer options short enough to drag', () => {
    for (const m of course().modules)
      if (m.activity.type === 'drag-answer')
        for (const q of m.activity.questions)
          for (const o of q.options) expect(o.option.length, o.option).toBeLessThanOrEqual(60);
  });

  it('marks only the module 5 quiz as last', () => {
    expect(course().modules.map((m) => m.activity.last)).toEqual([
      false,
      false,
      false,
      false,
      true,
    ]);
  });

  it('uses all nine topic screen types, and both list1 variants', () => {
    const topics = course().modules.flatMap((m) => m.topics);
    expect(new Set(topics.map((t) => t.type))).toEqual(new Set(TOPIC_SCREEN_TYPES));
    expect(new Set(topics.flatMap((t) => (t.list1 ? [t.list1.open] : [])))).toEqual(
      new Set(['modal', 'div']),
    );
  });

  it('teaches the committee rules in force and publishes nothing unconfirmed', () => {
    // 'cada dos meses' is wrong for either committee; 'cada tres meses' was the repealed rule, so it may
    // appear only as a wrong quiz option (a distractor), never in what the course teaches.
    expect(
      allStrings(course()).filter((s) => /cada dos meses|bimestral|por confirmar/i.test(s.text)),
    ).toEqual([]);
    const taught = allStrings(course()).filter(
      (s) => !/\.options\[\d+\]\.option$/.test(s.path) || isCorrectOption(s.path),
    );
    expect(taught.filter((s) => /cada tres meses|trimestral(es)? reuniones/i.test(s.text))).toEqual(
      [],
    );
    const text = allStrings(course())
      .map((s) => s.text)
      .join(' ');
    expect(text).toMatch(/Resolución 3461 de 2025/);
    expect(text).toMatch(/más de 2,0 m/);
  });

  it('points every image at an existing SVG and gives it alt text', () => {
    const c = course();
    const images: { img: string; alt?: string; where: string }[] = [];
    if (c.introduction.img)
      images.push({ img: c.introduction.img, alt: c.introduction.alt, where: 'introduccion' });
    for (const m of c.modules) {
      images.push({ img: m.img, alt: m.alt, where: m.id });
      for (const t of m.topics) {
        if (t.img) images.push({ img: t.img, alt: t.alt, where: t.id });
        for (const item of [...(t.items ?? []), ...(t.list1?.items ?? [])])
          if (item.img)
            images.push({ img: item.img, alt: item.alt, where: `${t.id} ${item.title}` });
      }
    }
    for (const { img, alt, where } of images) {
      expect(existsSync(join(IMAGE_DIR, img)), `${where}: ${img}`).toBe(true);
      expect(alt?.trim(), `${where}: alt de ${img}`).toBeTruthy();
    }
  });

  it('puts every list6 hotspot inside its image', () => {
    for (const t of course().modules.flatMap((m) => m.topics))
      if (t.type === 'list6') {
        expect(t.img, t.id).toBeTruthy();
        for (const item of t.items ?? []) {
          expect(item.x, `${t.id} ${item.title}`).toBeGreaterThan(0);
          expect(item.y, `${t.id} ${item.title}`).toBeGreaterThan(0);
        }
      }
  });
});
