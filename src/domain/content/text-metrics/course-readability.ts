// The readability gate of the whole course (decision 0105): INFLESZ and longest
// sentence of the introduction, every topic screen and every quiz question, each measured under
// several placeholder configurations (its worst score kept), so both the configured sentences and
// the fallback sentences of missing values are measured.
import { OPTIONAL_PLACEHOLDERS, fillTemplate, type PlaceholderValues } from '../placeholders.ts';
import type { Course } from '../types.ts';
import { screenReadability, statsOfHtml, type TextStats } from './readability.ts';

/** Thresholds of the gate (decision 0105): INFLESZ ≥ 70 per screen and question, no sentence over 20 words. */
export const INFLESZ_MIN = 70;
export const MAX_SENTENCE_WORDS = 20;

export interface ReadabilityRow {
  /** Page id (`introduccion`, `modulo2-tema3`) or `moduloN-actividad pregunta K`. */
  id: string;
  kind: 'pantalla' | 'pregunta';
  /** The worst measurement over the configurations (lowest INFLESZ). */
  stats: TextStats;
  /** Name of the configuration that gave `stats`. */
  config: string;
  /** Longest sentence over all configurations (may come from another one than `stats`). */
  longestSentence: { words: number; text: string } | null;
}

export interface NamedValues {
  name: string;
  values: PlaceholderValues;
}

/**
 * The configurations a course is measured with, from the values of a full configuration: as
 * given; with every optional value missing (the fallback sentences); and with every yes/no value
 * true (the `{{#pesv.aplica}}` branch, which the demo leaves false).
 */
export function measuringConfigs(full: PlaceholderValues, name = 'ejemplo'): NamedValues[] {
  const without: Record<string, PlaceholderValues[string]> = { ...full };
  for (const n of OPTIONAL_PLACEHOLDERS)
    without[n] = typeof full[n] === 'boolean' ? false : undefined;
  const yes: Record<string, PlaceholderValues[string]> = { ...full };
  for (const [k, v] of Object.entries(full)) if (typeof v === 'boolean') yes[k] = true;
  return [
    { name, values: full },
    { name: 'sin datos opcionales', values: without },
    { name: `${name} con sí/no verdaderos`, values: yes },
  ];
}

function worst(
  id: string,
  kind: ReadabilityRow['kind'],
  measure: (values: PlaceholderValues) => TextStats,
  configs: readonly NamedValues[],
): ReadabilityRow {
  const measured = configs.map(({ name, values }) => ({ name, stats: measure(values) }));
  const first = measured[0];
  if (!first) throw new Error('measuringConfigs: no configuration');
  const byScore = (m: typeof first) => m.stats.inflesz ?? Infinity;
  const low = measured.reduce((a, b) => (byScore(b) < byScore(a) ? b : a));
  const long = measured.reduce((a, b) =>
    (b.stats.longestSentence?.words ?? 0) > (a.stats.longestSentence?.words ?? 0) ? b : a,
  );
  return {
    id,
    kind,
    stats: low.stats,
    config: low.name,
    longestSentence: long.stats.longestSentence,
  };
}

/** One row per screen (the introduction first) and per question, in course order. */
export function courseReadability(
  course: Pick<Course, 'introduction' | 'modules'>,
  configs: readonly NamedValues[],
): ReadabilityRow[] {
  const intro = course.introduction;
  const rows: ReadabilityRow[] = [
    worst(
      'introduccion',
      'pantalla',
      (v) => statsOfHtml([intro.title, intro.text].map((f) => fillTemplate(f, v))),
      configs,
    ),
  ];
  for (const m of course.modules) {
    for (const t of m.topics)
      rows.push(worst(t.id, 'pantalla', (v) => screenReadability(t, v), configs));
    for (const q of m.activity.questions)
      rows.push(
        worst(
          `${m.activity.id} pregunta ${q.current}`,
          'pregunta',
          (v) => screenReadability(q, v),
          configs,
        ),
      );
  }
  return rows;
}

const score = (r: ReadabilityRow) => r.stats.inflesz ?? Infinity;

/** The `n` screens (introduction included, questions not) with the lowest INFLESZ. */
export const lowestScreens = (rows: readonly ReadabilityRow[], n = 5): ReadabilityRow[] =>
  rows
    .filter((r) => r.kind === 'pantalla')
    .sort((a, b) => score(a) - score(b))
    .slice(0, n);

/** Rows that fail the gate, with the reason in Spanish. */
export function readabilityFailures(rows: readonly ReadabilityRow[]): string[] {
  const out: string[] = [];
  for (const r of rows) {
    if (r.stats.inflesz !== null && r.stats.inflesz < INFLESZ_MIN)
      out.push(`${r.id}: INFLESZ ${r.stats.inflesz.toFixed(1)} < ${INFLESZ_MIN} (${r.config})`);
    if ((r.longestSentence?.words ?? 0) > MAX_SENTENCE_WORDS)
      out.push(
        `${r.id}: oración de ${r.longestSentence!.words} palabras > ${MAX_SENTENCE_WORDS}: «${r.longestSentence!.text}»`,
      );
  }
  return out;
}

/** «modulo2-tema3 72,7 · introduccion 74,0 · …» */
export const formatLowest = (rows: readonly ReadabilityRow[]): string =>
  rows.map((r) => `${r.id} ${(r.stats.inflesz ?? 0).toFixed(1).replace('.', ',')}`).join(' · ');
