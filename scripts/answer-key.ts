// npm run answer-key [-- --config FILE] [--obra SLUG] [--out FILE] [--check]
// The answer key for LMS admins (decision 0151): from the course content, filled with
// the configuration's values for one obra, a Spanish Markdown document listing every question's
// interaction id, its options with the letters and response strings the LMS records, and the
// right one. Default: the demonstration configuration → docs/clave-de-respuestas.md (committed);
// another configuration → dist-scorm/clave-de-respuestas-<slug>.md, next to its zips.
// --check: exit 1 when the file differs from what would be generated (nothing written).
// Exit codes: 0 done; 1 bad configuration or content, or --check found a difference; 2 bad usage.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { isDemoObra } from '../src/domain/config/index.ts';
import { fillCourse, placeholderValues } from '../src/domain/content/placeholders.ts';
import { courseIdentity, formatIssues, readCourse, ROOT } from '../course-files/read-content.ts';
import {
  ConfigError,
  formatConfigError,
  readConfiguration,
  takeConfigArgs,
  withEnv,
  type LoadedConfig,
} from '../course-files/read-config.ts';
import { answerKeyMarkdown, formatMarkdown } from './lib/answer-key.ts';

const USAGE =
  'Uso: npm run answer-key [-- --config config/mi-empresa.json] [--obra SLUG] [--out ARCHIVO] [--check]';

/** Where the key goes by default for this configuration and obra. */
export const defaultKeyPath = (loaded: LoadedConfig) =>
  isDemoObra(loaded.config, loaded.obra)
    ? join(ROOT, 'docs', 'clave-de-respuestas.md')
    : join(ROOT, 'dist-scorm', `clave-de-respuestas-${loaded.obra.slug}.md`);

/** The key for one configuration and obra, formatted as it is written to `outFile`. */
export async function renderAnswerKey(loaded: LoadedConfig, outFile: string): Promise<string> {
  const { course, issues } = readCourse();
  if (!course) throw new Error(`El contenido del curso tiene errores:\n${formatIssues(issues)}`);
  const filled = fillCourse(course, placeholderValues(loaded.config, loaded.obra, course));
  const markdown = answerKeyMarkdown(filled, {
    title: courseIdentity().title,
    config: loaded.shownPath,
    obraNombre: loaded.obra.nombre,
    obraSlug: loaded.obra.slug,
    empresa: loaded.config.empresa.nombre,
    ejemplo: loaded.config.ejemplo,
  });
  return formatMarkdown(markdown, outFile);
}

async function main(argv: string[]): Promise<number> {
  let loaded: LoadedConfig;
  let out: string | undefined;
  let check = false;
  try {
    const { choice, rest } = takeConfigArgs(argv);
    for (let i = 0; i < rest.length; i++) {
      const arg = rest[i]!;
      if (arg === '--help' || arg === '-h') {
        console.log(USAGE);
        return 0;
      } else if (arg === '--check') check = true;
      else if (arg === '--out' && rest[i + 1] && !rest[i + 1]!.startsWith('--')) out = rest[++i];
      else if (arg.startsWith('--out=')) out = arg.slice('--out='.length);
      else {
        console.error(`answer-key: opción desconocida o incompleta: ${arg}\n${USAGE}`);
        return 2;
      }
    }
    // Like `npm run package`: with several obras, --obra says which (the texts differ per obra).
    loaded = readConfiguration(withEnv(choice));
  } catch (e) {
    if (e instanceof ConfigError) {
      console.error(formatConfigError(e));
      return 1;
    }
    throw e;
  }
  const file = out ? resolve(out) : defaultKeyPath(loaded);
  const shown = relative(ROOT, file).startsWith('..') ? file : relative(ROOT, file);
  let text: string;
  try {
    text = await renderAnswerKey(loaded, file);
  } catch (e) {
    console.error(`✗ ${(e as Error).message}`);
    return 1;
  }
  if (check) {
    const current = existsSync(file) ? readFileSync(file, 'utf8') : null;
    if (current === text) {
      console.log(`✓ ${shown} está al día con el contenido y ${loaded.shownPath}`);
      return 0;
    }
    console.error(
      `✗ ${shown} ${current === null ? 'no existe' : 'no coincide con el contenido'}: ejecute npm run answer-key${out ? ` -- --out ${out}` : ''}`,
    );
    return 1;
  }
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, text);
  console.log(
    `✓ Clave de respuestas: ${shown} (${loaded.shownPath}, obra «${loaded.obra.nombre}»)`,
  );
  return 0;
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename))
  process.exitCode = await main(process.argv.slice(2));
