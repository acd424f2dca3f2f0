// Reads the company configuration a build, a package or the server uses (decisions
// 0070 and 0075): `--config FILE` (or CURSO_CONFIG, or config/ejemplo.json), `--obra SLUG`
// (or CURSO_OBRA; default: the configuration's only obra — the first one for the server).
// Errors are Spanish lines naming the file and the field; callers print them and exit 1 before
// writing anything.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, realpathSync, statSync } from 'node:fs';
import { dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  loadCompanyConfig,
  selectObra,
  type CompanyConfig,
  type Obra,
} from '../src/domain/config/index.ts';
import { processEnv, readCourseFilesEnv } from './env.ts';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const DEFAULT_CONFIG = join(ROOT, 'config', 'ejemplo.json');

export class ConfigError extends Error {
  constructor(readonly lines: string[]) {
    super(lines.join('\n'));
    this.name = 'ConfigError';
  }
}

/** Largest logo file read (an SVG logo is a few kilobytes). */
export const MAX_LOGO_BYTES = 512 * 1024;

/**
 * The logo's real path, checked before a byte is read (decision 0188): inside the configuration's
 * folder once symbolic links are resolved, a regular file (not a folder, FIFO or device such as
 * /dev/zero) and at most MAX_LOGO_BYTES. Otherwise a ConfigError in Spanish.
 */
export function checkedLogoPath(dir: string, file: string, shownPath: string, rel: string): string {
  const fail = (why: string) => new ConfigError([`${shownPath}: empresa.logo: «${rel}» ${why}`]);
  let real: string;
  let realDir: string;
  try {
    real = realpathSync(file);
    realDir = realpathSync(dir);
  } catch {
    throw fail('no se pudo leer (la ruta es relativa al archivo de configuración)');
  }
  const stat = statSync(real);
  if (stat.isDirectory()) throw fail('es una carpeta, no un archivo SVG');
  if (!stat.isFile()) throw fail('no es un archivo normal (¿un dispositivo o una tubería?)');
  if (stat.size > MAX_LOGO_BYTES)
    throw fail(
      `pesa ${Math.ceil(stat.size / 1024)} KB; el máximo es ${MAX_LOGO_BYTES / 1024} KB (simplifique el SVG)`,
    );
  if (real !== realDir && !real.startsWith(realDir + sep))
    throw fail(
      'está fuera de la carpeta del archivo de configuración; copie el logo a esa carpeta',
    );
  return real;
}

export interface ConfigChoice {
  /** Path as given (absolute or relative to the working folder); default config/ejemplo.json. */
  config?: string;
  obra?: string;
}

export interface LoadedConfig {
  /** Absolute path of the configuration file. */
  path: string;
  /** Path shown in messages and stamps: relative to the repository when inside it. */
  shownPath: string;
  config: CompanyConfig;
  obra: Obra;
  /** sha256 of the configuration text and of the logo file (when there is one). */
  sha256: string;
}

/** Takes `--config FILE` / `--obra SLUG` (also `--config=FILE`) out of argv. */
export function takeConfigArgs(argv: readonly string[]): { choice: ConfigChoice; rest: string[] } {
  const choice: ConfigChoice = {};
  const rest: string[] = [];
  for (let k = 0; k < argv.length; k++) {
    const arg = argv[k]!;
    const m = /^--(config|obra)(?:=(.*))?$/.exec(arg);
    if (!m) {
      rest.push(arg);
      continue;
    }
    const value = m[2] ?? argv[++k];
    if (value === undefined || value === '' || value.startsWith('--'))
      throw new ConfigError([
        `falta el valor de --${m[1]} (p. ej. --${m[1]} ${m[1] === 'config' ? 'config/mi-empresa.json' : 'torre-norte'})`,
      ]);
    choice[m[1] as 'config' | 'obra'] = value;
  }
  return { choice, rest };
}

/** The choice from flags first, then CURSO_CONFIG / CURSO_OBRA. */
export function withEnv(choice: ConfigChoice, env: NodeJS.ProcessEnv = processEnv()): ConfigChoice {
  const { CURSO_CONFIG, CURSO_OBRA } = readCourseFilesEnv(env);
  return { config: choice.config ?? CURSO_CONFIG, obra: choice.obra ?? CURSO_OBRA };
}

const shown = (p: string) => {
  const r = relative(ROOT, p).split('\\').join('/');
  return r.startsWith('..') || isAbsolute(r) ? p : r;
};

/**
 * Reads and validates the configuration and picks the obra. `firstObra`: without a slug, use the
 * first obra even when there are several (the server and the standalone build serve them all).
 */
export function readConfiguration(
  choice: ConfigChoice = {},
  options: { firstObra?: boolean } = {},
): LoadedConfig {
  const path = resolve(choice.config ?? DEFAULT_CONFIG);
  const shownPath = shown(path);
  if (!existsSync(path))
    throw new ConfigError([
      `${shownPath}: no existe el archivo de configuración (copia config/ejemplo.json y llénalo)`,
    ]);
  const text = readFileSync(path, 'utf8');
  const hash = createHash('sha256').update(text);
  const dir = dirname(path);
  const result = loadCompanyConfig(text, shownPath, {
    readFile: (rel) => {
      const file = resolve(dir, rel);
      if (!existsSync(file)) return null;
      const svg = readFileSync(checkedLogoPath(dir, file, shownPath, rel), 'utf8');
      hash.update('\0logo\0').update(svg);
      return svg;
    },
  });
  if (!result.config) throw new ConfigError(result.errors);
  const config = result.config;
  const picked =
    options.firstObra && !choice.obra
      ? { obra: config.obras[0]!, error: null }
      : selectObra(config, choice.obra);
  if (!picked.obra) throw new ConfigError([`${shownPath}: obras: ${picked.error}`]);
  return { path, shownPath, config, obra: picked.obra, sha256: hash.digest('hex') };
}

/** What a build records of the configuration it was made from (decision 0075). */
export interface ConfigStamp {
  path: string;
  obra: string;
  sha256: string;
}

export const stampOf = (loaded: LoadedConfig): ConfigStamp => ({
  path: loaded.shownPath,
  obra: loaded.obra.slug,
  sha256: loaded.sha256,
});

/** The Spanish warning printed by package and start for the demonstration configuration. */
export function demoWarning(loaded: LoadedConfig): string | null {
  if (!loaded.config.ejemplo) return null;
  return (
    `⚠ AVISO: se usa la configuración de EJEMPLO (${loaded.shownPath}, "ejemplo": true). ` +
    'Los certificados dirán «EJEMPLO — SIN VALIDEZ» y los datos de empresa y obra son inventados. ' +
    `Copia ${loaded.shownPath} a config/mi-empresa.json, llénalo con los datos reales, quita "ejemplo" ` +
    'y usa --config config/mi-empresa.json (o CURSO_CONFIG).'
  );
}

/** Prints a configuration error the same way in every command. */
export function formatConfigError(e: ConfigError): string {
  return `✗ Configuración inválida; no se construyó nada:\n${e.lines.map((l) => `  ${l}`).join('\n')}`;
}
