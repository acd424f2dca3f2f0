// npx tsx scripts/readability.ts [--json] [--config FILE] [--obra SLUG]
// Readability report of the course text (issue 13) and the honest hours (issue 12): INFLESZ and
// longest sentence per screen and per quiz question, the five lowest screens, and the computed
// hours against course.json. A report, not a gate (decision 0073): it exits 0 whatever the
// scores; 1 only when the content or the configuration cannot be read.
import { readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { loadCompanyConfig, selectObra } from '../src/domain/config/index.ts';
import { placeholderValues } from '../src/domain/content/placeholders.ts';
import {
  courseHours,
  screenReadability,
  type TextStats,
} from '../src/domain/content/text-metrics/index.ts';
import { formatIssues, readCourse, ROOT } from '../server/read-content.ts';

const INFLESZ_MIN = 70;
const MAX_SENTENCE_WORDS = 20;

const args = process.argv.slice(2);
const json = args.includes('--json');
const option = (name: string) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const configPath = resolve(option('--config') ?? join(ROOT, 'config', 'ejemplo.json'));

const { course, issues } = readCourse();
if (!course) {
  console.error(`El contenido del curso tiene errores:\n${formatIssues(issues)}`);
  process.exit(1);
}
let configText: string;
try {
  configText = readFileSync(configPath, 'utf8');
} catch {
  console.error(`No se pudo leer la configuración ${configPath}`);
  process.exit(1);
}
const loaded = loadCompanyConfig(configText, relative(ROOT, configPath), {
  readFile: (p) => {
    try {
      return readFileSync(join(dirname(configPath), p), 'utf8');
    } catch {
      return null;
    }
  },
});
if (!loaded.config) {
  console.error(loaded.errors.join('\n'));
  process.exit(1);
}
const selected = selectObra(loaded.config, option('--obra'));
if (!selected.obra) {
  console.error(selected.error);
  process.exit(1);
}
const values = placeholderValues(loaded.config, selected.obra, course);

interface Row {
  id: string;
  kind: 'pantalla' | 'pregunta';
  stats: TextStats;
}
const rows: Row[] = [];
for (const m of course.modules) {
  for (const t of m.topics)
    rows.push({ id: t.id, kind: 'pantalla', stats: screenReadability(t, values) });
  for (const q of m.activity.questions)
    rows.push({
      id: `${m.activity.id} pregunta ${q.current}`,
      kind: 'pregunta',
      stats: screenReadability(q, values),
    });
}
const hours = courseHours(course);
const score = (r: Row) => r.stats.inflesz ?? Infinity;
const lowest = rows
  .filter((r) => r.kind === 'pantalla')
  .sort((a, b) => score(a) - score(b))
  .slice(0, 5);

if (json) {
  process.stdout.write(
    JSON.stringify({
      rows: rows.map((r) => ({ id: r.id, kind: r.kind, ...r.stats })),
      lowest: lowest.map((r) => ({ id: r.id, inflesz: r.stats.inflesz })),
      hours: { ...hours, declared: course.hours },
    }) + '\n',
  );
} else {
  const f = (n: number | null) => (n === null ? '—' : n.toFixed(1));
  const mark = (r: Row) =>
    (r.stats.inflesz !== null && r.stats.inflesz < INFLESZ_MIN ? ' <70' : '') +
    ((r.stats.longestSentence?.words ?? 0) > MAX_SENTENCE_WORDS ? ' >20 palabras' : '');
  console.log('INFLESZ (≥ 70) y oración más larga (≤ 20 palabras), por pantalla y pregunta:');
  for (const r of rows)
    console.log(
      `  ${r.id.padEnd(30)} INFLESZ ${f(r.stats.inflesz).padStart(6)}  ` +
        `oración más larga ${String(r.stats.longestSentence?.words ?? 0).padStart(3)} palabras${mark(r)}`,
    );
  const below = rows.filter((r) => r.stats.inflesz !== null && r.stats.inflesz < INFLESZ_MIN);
  const long = rows.filter((r) => (r.stats.longestSentence?.words ?? 0) > MAX_SENTENCE_WORDS);
  console.log(
    `\nBajo 70: ${below.length} de ${rows.length}; con oraciones de más de 20 palabras: ${long.length}.`,
  );
  console.log('\nLas cinco pantallas más difíciles:');
  for (const r of lowest)
    console.log(
      `  ${r.id}: INFLESZ ${f(r.stats.inflesz)} (oración más larga: ${r.stats.longestSentence?.words} palabras: «${r.stats.longestSentence?.text}»)`,
    );
  console.log(
    `\nHoras honestas: ${hours.words} palabras ÷ 120 = ${(hours.words / 120).toFixed(1)} min` +
      ` + ${hours.questions} preguntas + ${hours.clickScreens} pantallas con clics` +
      ` = ${hours.minutes.toFixed(1)} min → ${String(hours.hours).replace('.', ',')} h` +
      ` (course.json dice ${String(course.hours).replace('.', ',')} h${hours.hours === course.hours ? '' : ' — no coincide'}).`,
  );
}
