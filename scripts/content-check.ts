// npm run content:check [-- --json]
// Validates the course content. With --json prints only the summary (decision 0029) on stdout.
import { summarizeCourse } from '../src/domain/content/summary.ts';
import { formatIssues, readCourse } from '../server/read-content.ts';

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
    `Tipos de pantalla usados: ${summary.screenTypes.length}/10 (${summary.screenTypes.join(', ')})`,
  );
  console.log('Contenido válido.');
}
