// npx tsx scripts/readability.ts [--json] [--config FILE] [--obra SLUG]
// Readability report of the course text (decision 0105) and the honest hours (decision 0073): INFLESZ and
// longest sentence per screen and per quiz question, the five lowest screens, and the computed
// hours against course.json. A report: it exits 0 whatever the scores; 1 only when the content or
// the configuration cannot be read. The gate is in content:check and the content test (0105).
import { join } from 'node:path';
import {
  INFLESZ_MIN,
  MAX_SENTENCE_WORDS,
  courseHours,
  courseReadability,
  lowestScreens,
  measuringConfigs,
  type ReadabilityRow,
} from '../src/domain/content/text-metrics/index.ts';
import { formatIssues, readCourse, ROOT } from '../course-files/read-content.ts';
import { configValues } from './lib/demo-config.ts';

const args = process.argv.slice(2);
const json = args.includes('--json');
const option = (name: string) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};

const { course, issues } = readCourse();
if (!course) {
  console.error(`El contenido del curso tiene errores:\n${formatIssues(issues)}`);
  process.exit(1);
}
const configured = configValues(
  course,
  option('--config') ?? join(ROOT, 'config', 'ejemplo.json'),
  option('--obra'),
);
if (!configured.values) {
  console.error(configured.error);
  process.exit(1);
}
// Each screen and question at its worst over the configuration, the same without optional
// values (fallback sentences) and with the yes/no values true (decision 0105).
const rows = courseReadability(course, measuringConfigs(configured.values));
const hours = courseHours(course);
const lowest = lowestScreens(rows);

if (json) {
  process.stdout.write(
    JSON.stringify({
      rows: rows.map((r) => ({
        id: r.id,
        kind: r.kind,
        ...r.stats,
        longestSentence: r.longestSentence,
        config: r.config,
      })),
      lowest: lowest.map((r) => ({ id: r.id, inflesz: r.stats.inflesz })),
      hours: { ...hours, declared: course.hours },
    }) + '\n',
  );
} else {
  const f = (n: number | null) => (n === null ? '—' : n.toFixed(1));
  const mark = (r: ReadabilityRow) =>
    (r.stats.inflesz !== null && r.stats.inflesz < INFLESZ_MIN ? ` <${INFLESZ_MIN}` : '') +
    ((r.longestSentence?.words ?? 0) > MAX_SENTENCE_WORDS ? ' >20 palabras' : '');
  console.log('INFLESZ (≥ 70) y oración más larga (≤ 20 palabras), por pantalla y pregunta:');
  for (const r of rows)
    console.log(
      `  ${r.id.padEnd(30)} INFLESZ ${f(r.stats.inflesz).padStart(6)}  ` +
        `oración más larga ${String(r.longestSentence?.words ?? 0).padStart(3)} palabras${mark(r)}`,
    );
  const below = rows.filter((r) => r.stats.inflesz !== null && r.stats.inflesz < INFLESZ_MIN);
  const long = rows.filter((r) => (r.longestSentence?.words ?? 0) > MAX_SENTENCE_WORDS);
  console.log(
    `\nBajo 70: ${below.length} de ${rows.length}; con oraciones de más de 20 palabras: ${long.length}.`,
  );
  console.log('\nLas cinco pantallas más difíciles:');
  for (const r of lowest)
    console.log(
      `  ${r.id}: INFLESZ ${f(r.stats.inflesz)} (${r.config}; oración más larga: ${r.longestSentence?.words} palabras: «${r.longestSentence?.text}»)`,
    );
  console.log(
    `\nHoras honestas: ${hours.words} palabras ÷ 120 = ${(hours.words / 120).toFixed(1)} min` +
      ` + ${hours.questions} preguntas + ${hours.clickScreens} pantallas con clics` +
      ` = ${hours.minutes.toFixed(1)} min → ${String(hours.hours).replace('.', ',')} h` +
      ` (course.json dice ${String(course.hours).replace('.', ',')} h${hours.hours === course.hours ? '' : ' — no coincide'}).`,
  );
}
