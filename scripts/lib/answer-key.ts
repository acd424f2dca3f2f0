// The answer key for LMS admins (decision 0151): every quiz question of the course as
// the LMS records it — its interaction id (m1-q1…), each option with the letter and the exact
// response string the SCORM 1.2 and 2004 packages write, and the right one. The response strings
// are taken from the SCORM dialects themselves (src/tracking/scorm/), so the key always reads
// what the packages really send. Pure: the CLI (scripts/answer-key.ts) reads and writes files.
import type { Course, Module } from '../../src/domain/content/types.ts';
import { questionId } from '../../src/domain/progress/engine.ts';
import {
  answerShapeOf,
  type AnswerKind,
  type AnswerShape,
  type Response,
} from '../../src/domain/registry/index.ts';
import { plainText } from '../../src/domain/content/html-text.ts';
import { optionLetter } from '../../src/tracking/scorm/dialect.ts';
import { scorm12 } from '../../src/tracking/scorm/scorm12/dialect.ts';
import { scorm2004 } from '../../src/tracking/scorm/scorm2004/dialect.ts';
import type { ScormDialect } from '../../src/tracking/scorm/dialect.ts';

export interface KeyOption {
  letter: string;
  text: string;
  correct: boolean;
  /** What the LMS stores as the learner's response when this option is chosen. */
  scorm12: string;
  scorm2004: string;
}

/** The right response: in words (letters and texts, as the quiz type's shape says) and as recorded. */
export interface KeyRight {
  text: string;
  scorm12: string;
  scorm2004: string;
}

export interface KeyQuestion {
  id: string;
  /** 1-based position in the module's quiz. */
  number: number;
  text: string;
  kind: AnswerKind;
  options: KeyOption[];
  /** None when the question has no right response (the loader refuses such content). */
  right: KeyRight | null;
}

export interface KeyModule {
  id: string;
  number: number;
  title: string;
  quizTitle: string;
  questions: KeyQuestion[];
}

/** The response string a dialect writes when the learner gives `response`. */
function responseFor(dialect: ScormDialect, kind: AnswerKind, response: Response): string {
  const writes = dialect.interaction(0, {
    id: 'x',
    moduleId: 'x',
    description: '',
    type: kind,
    response,
    correctResponse: response,
    correct: true,
    latencyMs: 0,
    timestamp: new Date(0),
  });
  const write = writes.find((w) => /\.(student|learner)_response$/.test(w.element));
  if (!write) throw new Error(`El dialecto SCORM ${dialect.version} no escribe la respuesta`);
  return write.value;
}

/** The right response of a question, in the words its shape gives, and as each dialect writes it. */
function keyRight(shape: AnswerShape, q: Module['activity']['questions'][number]): KeyRight | null {
  const right = shape.correctResponse(q);
  if (!right.length || right.some((i) => !q.options[i])) return null;
  return {
    text: shape.describe(
      right.map((i) => `${optionLetter(i)}) ${cell(plainText(q.options[i]!.option))}`),
    ),
    scorm12: responseFor(scorm12, shape.kind, right),
    scorm2004: responseFor(scorm2004, shape.kind, right),
  };
}

const keyModule = (module: Module): KeyModule => {
  const shape = answerShapeOf(module.activity.type);
  const kind = shape.kind;
  return {
    id: module.id,
    number: module.number,
    title: plainText(module.title),
    quizTitle: plainText(module.activity.title),
    questions: module.activity.questions.map((q, i) => ({
      id: questionId(module.number, i),
      number: i + 1,
      text: plainText(q.question),
      kind,
      options: q.options.map((o, k) => ({
        letter: optionLetter(k),
        text: plainText(o.option),
        correct: shape.correctResponse(q).includes(k),
        scorm12: responseFor(scorm12, kind, [k]),
        scorm2004: responseFor(scorm2004, kind, [k]),
      })),
      right: keyRight(shape, q),
    })),
  };
};

/** The key's data: the course as filled for one obra (placeholders rendered). */
export const answerKey = (course: Pick<Course, 'modules'>): KeyModule[] =>
  course.modules.map(keyModule);

export interface KeySource {
  /** Course title. */
  title: string;
  /** Configuration file as shown (e.g. config/ejemplo.json). */
  config: string;
  obraNombre: string;
  obraSlug: string;
  empresa: string;
  /** The demonstration configuration ("ejemplo": true). */
  ejemplo: boolean;
}

const KIND_LABEL: Record<AnswerKind, string> = {
  choice: 'eligiendo una opción (tipo `choice`)',
  matching: 'arrastrando la respuesta al recuadro (tipo `matching`)',
  sequencing: 'ordenando las opciones (tipo `sequencing`)',
};

/** Markdown table cells: pipes and line breaks would break the table. */
const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\s+/g, ' ').trim();
const code = (text: string) => `\`${text}\``;

/** The heading, the configuration it was generated from, and how to read the LMS reports. */
function introduction(modules: KeyModule[], source: KeySource): string[] {
  const total = modules.reduce((n, m) => n + m.questions.length, 0);
  const example =
    modules.flatMap((m) => m.questions).find((q) => q.kind === 'matching') ??
    modules[0]?.questions[0];
  const exampleRight = example?.right;
  // One right option reads «la opción b («…»)»; another shape's response, in its own words.
  const exampleText = (right: KeyRight) => {
    const chosen = example?.options.filter((o) => o.correct) ?? [];
    return chosen.length === 1
      ? `la opción ${chosen[0]!.letter} («${cell(chosen[0]!.text)}»)`
      : right.text;
  };
  return [
    `# Clave de respuestas: ${source.title}`,
    '',
    `<!-- Generado por \`npm run answer-key\` a partir de content/es/ y de ${source.config}. No lo edite a mano: vuelva a generarlo. -->`,
    '',
    `Para administradores del LMS. Configuración: \`${source.config}\` — ${cell(source.empresa)}, obra «${cell(source.obraNombre)}» (\`${source.obraSlug}\`).` +
      (source.ejemplo
        ? ' Es la configuración de **demostración**: con la de su empresa genere su propia clave (ver abajo).'
        : ''),
    '',
    '## Cómo leer los informes del LMS',
    '',
    `El curso tiene ${total} preguntas. El LMS guarda **una interacción por pregunta**, con la **primera** respuesta del participante (los reintentos no se registran). Cada interacción tiene:`,
    '',
    '- **Id**: el identificador de la pregunta, `m1-q1` … (módulo 1, pregunta 1). Es lo que muestran los informes en lugar del texto.',
    '- **Respuesta** del participante: la **letra** de la opción que eligió, en el orden en que el curso las muestra: `a` es la primera opción, `b` la segunda, `c` la tercera, `d` la cuarta. En las preguntas de arrastrar la letra va precedida de `1.` en SCORM 1.2 (`1.b`) y de `1[.]` en SCORM 2004 (`1[.]b`): «el recuadro 1 emparejado con la opción b».',
    '- **Respuesta correcta** (en Moodle, _Pattern_ o _Right answer_): la respuesta correcta, escrita igual.',
    '- **Resultado**: `correct` o `wrong` (SCORM 1.2), `correct` o `incorrect` (SCORM 2004).',
    '',
    ...(example && exampleRight
      ? [
          `Ejemplo: en la pregunta \`${example.id}\` la respuesta correcta es ${exampleText(exampleRight)}; el LMS la registra como ${code(exampleRight.scorm12)} en SCORM 1.2 y ${code(exampleRight.scorm2004)} en SCORM 2004.`,
          '',
        ]
      : []),
  ];
}

/** One row per question: its right option and how each SCORM version records it. */
function summaryTable(modules: KeyModule[]): string[] {
  const rows = modules.flatMap((m) =>
    m.questions.map((q) => {
      const right = q.right;
      return `| ${code(q.id)} | ${m.number} | ${right ? right.text : '—'} | ${right ? code(right.scorm12) : '—'} | ${right ? code(right.scorm2004) : '—'} |`;
    }),
  );
  return [
    '## Resumen: la respuesta correcta de cada pregunta',
    '',
    '| Id | Módulo | Correcta | Respuesta en SCORM 1.2 | Respuesta en SCORM 2004 |',
    '| -- | ------ | -------- | ---------------------- | ----------------------- |',
    ...rows,
    '',
  ];
}

/** A module's quiz: every question with all its options. */
function moduleSection(m: KeyModule): string[] {
  return [
    `## Módulo ${m.number}: ${cell(m.title)}`,
    '',
    `Cuestionario «${cell(m.quizTitle)}» (objetivo \`${m.id}\`): ${m.questions.length} preguntas; se responden ${KIND_LABEL[m.questions[0]?.kind ?? 'choice']}.`,
    '',
    ...m.questions.flatMap((q) => [
      `### ${code(q.id)} — pregunta ${q.number}`,
      '',
      `> ${cell(q.text)}`,
      '',
      '| Letra | Opción | Respuesta en SCORM 1.2 | Respuesta en SCORM 2004 | ¿Correcta? |',
      '| ----- | ------ | ---------------------- | ----------------------- | ---------- |',
      ...q.options.map(
        (o) =>
          `| ${o.letter} | ${cell(o.text)} | ${code(o.scorm12)} | ${code(o.scorm2004)} | ${o.correct ? '**sí**' : 'no'} |`,
      ),
      '',
    ]),
  ];
}

const OTHER_CONFIGURATION = [
  '## Generar la clave de otra configuración',
  '',
  'Los textos de las preguntas pueden llevar datos de la empresa o de la obra. Genere la clave con la misma configuración y obra que el paquete que subió al LMS:',
  '',
  '```bash',
  'npm run answer-key -- --config config/mi-empresa.json --obra torre-norte',
  '```',
  '',
  'Escribe `dist-scorm/clave-de-respuestas-<obra>.md` (con `--out ARCHIVO`, donde usted diga).',
  '',
];

/** The Spanish Markdown document (docs/clave-de-respuestas.md for the demonstration). */
export function answerKeyMarkdown(course: Pick<Course, 'modules'>, source: KeySource): string {
  const modules = answerKey(course);
  return [
    ...introduction(modules, source),
    ...summaryTable(modules),
    ...modules.flatMap(moduleSection),
    ...OTHER_CONFIGURATION,
  ].join('\n');
}

/** The document as Prettier writes it (the repository's settings), so `format:check` holds. */
export async function formatMarkdown(markdown: string, filePath: string): Promise<string> {
  const prettier = await import('prettier');
  const options = (await prettier.resolveConfig(filePath)) ?? {};
  return prettier.format(markdown, { ...options, parser: 'markdown', filepath: filePath });
}
