// npm run package [-- --config FILE] [--obra SLUG] [--edition 4th|3rd|1.2|all] [--dist DIR] [--out DIR]
// Writes the SCORM zips of one obra of a company configuration (decisions 0071 and
// 0075). Default configuration: CURSO_CONFIG, else config/ejemplo.json (today's zip names and
// identifiers). Builds the LMS app first when it is missing, older than its sources, or was
// built from another configuration or obra (its stamp), so one obra's text never ships under
// another's name. Default editions: SCORM 1.2 and 2004 3rd Edition (decision 0029).
// Exit codes: 0 done; 1 bad input (configuration, content, build, template, schema, write);
// 2 bad usage. A bad configuration or content stops before anything is built or written.
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { packageIdentity } from '../src/domain/config/index.ts';
import { courseIdentity, formatIssues, readCourse, ROOT } from '../course-files/read-content.ts';
import { distRoot, staleReason } from './lib/build-config.ts';
import {
  PackageError,
  packageScorm,
  parseArgs,
  partialFiles,
  USAGE,
  type CliArgs,
} from './lib/package-scorm.ts';
import {
  ConfigError,
  demoWarning,
  formatConfigError,
  readConfiguration,
  type LoadedConfig,
  stampOf,
  takeConfigArgs,
  withEnv,
} from '../course-files/read-config.ts';

// An interrupted run removes its temp file, so dist-scorm/ never holds a half-written zip.
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.on(signal, () => {
    for (const f of partialFiles) rmSync(f, { force: true });
    console.error(`\nEmpaquetado interrumpido (${signal}); no se dejó ningún zip a medias.`);
    process.exit(130);
  });

/** The command line and the configuration it names, or the exit code of a bad one. */
function readInput(): { args: CliArgs; loaded: LoadedConfig } | number {
  try {
    const { choice, rest } = takeConfigArgs(process.argv.slice(2));
    const args = parseArgs(rest);
    if (args.help) {
      console.log(USAGE);
      return 0;
    }
    return { args, loaded: readConfiguration(withEnv(choice)) };
  } catch (e) {
    if (e instanceof ConfigError) {
      console.error(formatConfigError(e));
      return 1;
    }
    if (e instanceof PackageError) {
      console.error(`package: ${e.message}`);
      return 2;
    }
    throw e;
  }
}

/** Builds the LMS app for this configuration and obra when its build is stale; false: it failed. */
function buildLmsWhenStale(loaded: LoadedConfig): boolean {
  const why = staleReason('lms', stampOf(loaded));
  if (!why) return true;
  const where = join(distRoot(), 'lms').replace(ROOT + '/', '');
  console.log(
    `• Build LMS: ${why}; se construye para esta configuración (${where}), luego se empaqueta`,
  );
  const r = spawnSync(
    join(ROOT, 'node_modules', '.bin', 'tsx'),
    [join(ROOT, 'scripts', 'build.ts'), 'lms', '--config', loaded.path, '--obra', loaded.obra.slug],
    { cwd: ROOT, stdio: ['ignore', 'inherit', 'inherit'] },
  );
  if (r.status === 0) return true;
  console.error(`\n✗ Empaquetado detenido: la build LMS falló (código ${r.status ?? r.signal}).`);
  return false;
}

async function main(): Promise<number> {
  const input = readInput();
  if (typeof input === 'number') return input;
  const { args, loaded } = input;
  const started = Date.now();
  console.log('Empaquetado SCORM — Curso SST');
  console.log(
    `• Configuración: ${loaded.shownPath} — obra «${loaded.obra.nombre}» (${loaded.obra.slug})`,
  );
  const warning = demoWarning(loaded);
  if (warning) console.warn(warning);

  // Content first: an unknown placeholder or a broken file stops here, before any build.
  const { course, issues } = readCourse();
  if (!course) {
    console.error(
      `\n✗ Empaquetado detenido: el contenido del curso tiene ${issues.length} error(es):\n${formatIssues(issues)}`,
    );
    return 1;
  }

  // Build what the package needs (not when --dist names a build made elsewhere).
  if (!args.distDir && !buildLmsWhenStale(loaded)) return 1;
  try {
    const results = await packageScorm({
      editions: args.editions,
      distDir: args.distDir ?? join(distRoot(), 'lms'),
      outDir: args.outDir,
      checkContent: true,
      identity: packageIdentity(loaded.config, loaded.obra, courseIdentity()),
      log: (line) => console.log(line),
    });
    console.log('');
    for (const r of results) console.log(`✓ ${r.summary}`);
    console.log(`(${((Date.now() - started) / 1000).toFixed(1)} s)`);
    if (warning) console.warn(`\n${warning}`);
    return 0;
  } catch (e) {
    if (e instanceof PackageError) {
      console.error(`\n✗ Empaquetado detenido: ${e.message}`);
      return e.code === 'usage' ? 2 : 1;
    }
    throw e;
  }
}

process.exitCode = await main();
