// npm run content:check [-- --json]
// Validates the course content. With --json prints only the stable summary (decision 0029) on stdout.
// Also the readability gate (decision 0105): INFLESZ ≥ 70 and sentences ≤ 20 words on every
// screen and question, with the demo configuration and without optional values.
import { summarizeCourse } from '../src/domain/content/summary.ts';
import { SCREEN_TYPES } from '../src/domain/content/types.ts';
import { relative, join } from 'node:path';
import {
  courseHours,
  courseReadability,
  formatLowest,
  lowestScreens,
  measuringConfigs,
  readabilityFailures,
} from '../src/domain/content/text-metrics/index.ts';
import { quizRuleProblems } from '../src/domain/content/quiz-rules.ts';
import { quizSpreadProblems } from '../src/domain/content/quiz-spread.ts';
import { CONTENT_DIR, formatIssues, readCourse, ROOT } from '../course-files/read-content.ts';
import { configValues } from './lib/demo-config.ts';
import { readGlossary } from './lib/read-glossary.ts';

const args = process.argv.slice(2);
const unknown = args.filter((a) => a !== '--json');
if (unknown.length) {
  console.error(
    `content:check: opción desconocida: ${unknown.join(' ')}\nUso: npm run content:check [-- --json]`,
  );
  process.exit(2);
}
const json = args.includes('--json');
const { course, issues } = readCourse();
if (!course) {
  console.error(
    `El contenido del curso tiene ${issues.length} error(es):\n${formatIssues(issues)}`,
  );
  process.exit(1);
}
const glossary = readGlossary();
if (!glossary.glossary) {
  console.error(
    `El glosario tiene ${glossary.issues.length} error(es):\n${glossary.issues.map((i) => `  ${i}`).join('\n')}`,
  );
  process.exit(1);
}
const demo = configValues(course);
if (!demo.values) {
  console.error(demo.error);
  process.exit(1);
}
const readability = courseReadability(course, measuringConfigs(demo.values));
const failures = readabilityFailures(readability);
if (failures.length) {
  console.error(
    `Legibilidad: ${failures.length} problema(s) (INFLESZ ≥ 70, oraciones ≤ 20 palabras):\n` +
      failures.map((f) => `  ${f}`).join('\n'),
  );
  process.exit(1);
}
// Quiz rules (decision 0171): no test-wise guess passes, on the text as the demo shows it.
const quiz = quizRuleProblems(course, demo.values);
// No position cue, no repeated distractor, each answer taught in its module (decision record 0270).
quiz.problems.push(...quizSpreadProblems(course, demo.values).problems);
if (quiz.problems.length) {
  console.error(
    `Cuestionarios: ${quiz.problems.length} problema(s):\n` +
      quiz.problems.map((p) => `  ${p}`).join('\n'),
  );
  process.exit(1);
}
// Honest hours (decision 0073): course.json `hours` is what the certificate prints, so
// it must be what the pinned formula gives for the text.
const honest = courseHours(course);
if (course.hours !== honest.hours) {
  console.error(
    `${relative(ROOT, join(CONTENT_DIR, 'course.json'))}: hours dice ${course.hours}, pero el curso tiene ${honest.hours} h: ` +
      `${honest.words} palabras ÷ 120 por minuto + ${honest.questions} preguntas × 1 min + ` +
      `${honest.clickScreens} pantallas con clics × 1 min = ${honest.minutes.toFixed(1)} min, ` +
      `redondeado a la media hora. Pon "hours": ${honest.hours}.`,
  );
  process.exit(1);
}
const summary = summarizeCourse(course);
if (json) {
  process.stdout.write(JSON.stringify(summary) + '\n');
} else {
  for (const m of summary.modules)
    console.log(
      `${m.id} ${m.title}: ${m.topics} temas (${m.screenTypes.join(', ')}), ` +
        `cuestionario ${m.activity.type} con ${m.activity.questions} preguntas`,
    );
  console.log(
    `Tipos de pantalla usados: ${summary.screenTypes.length}/${SCREEN_TYPES.length} (${summary.screenTypes.join(', ')})`,
  );
  console.log(
    `Legibilidad: INFLESZ ≥ 70 y oraciones ≤ 20 palabras en ${readability.length} pantallas y preguntas; ` +
      `las cinco pantallas más bajas: ${formatLowest(lowestScreens(readability))}`,
  );
  console.log(
    `Cuestionarios: la correcta es la más larga en ${quiz.longest.length} y la más corta en ${quiz.shortest.length} preguntas.`,
  );
  console.log(`Glosario: ${glossary.glossary.length} siglas.`);
  console.log(
    `Horas: ${course.hours} (${honest.words} palabras, ${honest.questions} preguntas, ${honest.clickScreens} pantallas con clics: ${honest.minutes.toFixed(1)} min)`,
  );
  console.log('Contenido válido.');
}
