// The readability gate on the real course (decision 0105): INFLESZ ≥ 70 on the
// introduction, every topic screen and every quiz question (stem + options + explanation + hint),
// and no sentence over 20 words, measured by text-metrics with the placeholders filled from the
// demo configuration (config/ejemplo.json), from the same without any optional value (so the
// fallback sentences are measured) and with the yes/no values true. Prints the five lowest screens.
import { describe, expect, it } from 'vitest';
import { configValues } from '../../../scripts/lib/demo-config.ts';
import { readCourse } from '../../../course-files/read-content.ts';
import { OPTIONAL_PLACEHOLDERS } from './placeholders.ts';
import {
  INFLESZ_MIN,
  courseReadability,
  formatLowest,
  lowestScreens,
  measuringConfigs,
  readabilityFailures,
} from './text-metrics/index.ts';

const { course } = readCourse();
if (!course) throw new Error('the course did not load');
const demo = configValues(course);
if (!demo.values) throw new Error(demo.error);
const configs = measuringConfigs(demo.values);
const rows = courseReadability(course, configs);

describe('readability of the course', () => {
  it('measures the introduction, every screen and every question', () => {
    const screens = course.modules.flatMap((m) => m.topics.map((t) => t.id));
    const questions = course.modules.flatMap((m) => m.activity.questions);
    expect(rows.filter((r) => r.kind === 'pantalla').map((r) => r.id)).toEqual([
      'introduccion',
      ...screens,
    ]);
    expect(rows.filter((r) => r.kind === 'pregunta')).toHaveLength(questions.length);
    for (const r of rows) expect(r.stats.words, r.id).toBeGreaterThan(0);
  });

  it('measures with the demo values, without optional values and with yes/no values true', () => {
    const [full, without, yes] = configs.map((c) => c.values);
    // Every optional value is filled, but a company has a COPASST or a vigía, not both.
    expect(OPTIONAL_PLACEHOLDERS.filter((n) => full![n] === undefined)).toEqual(['vigia.nombre']);
    for (const n of OPTIONAL_PLACEHOLDERS) expect([undefined, false], n).toContain(without![n]);
    expect(yes!['pesv.aplica']).toBe(true);
  });

  it('keeps INFLESZ ≥ 70 and sentences ≤ 20 words everywhere', () => {
    const lowest = lowestScreens(rows);
    // Printed so a writer sees the five lowest screens (decision 0105).
    console.log(`Legibilidad, las cinco pantallas más bajas: ${formatLowest(lowest)}`);
    expect(readabilityFailures(rows)).toEqual([]);
    expect(lowest).toHaveLength(5);
    for (const r of lowest) expect(r.stats.inflesz!, r.id).toBeGreaterThanOrEqual(INFLESZ_MIN);
  });
});
