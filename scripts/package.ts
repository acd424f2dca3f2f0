// npm run package [-- --edition 4th|3rd|1.2|all] [--dist DIR] [--out DIR]
// Writes the SCORM zips from the LMS build (dist/lms). Default: SCORM 1.2 and 2004 3rd Edition;
// `--edition 4th` writes only the 4th Edition zip and leaves the others as they are
// (decisions 0022 and 0029).
// Exit codes: 0 done; 1 bad input (missing build, content, template, schema, write); 2 bad usage.
import { rmSync } from 'node:fs';
import { PackageError, packageScorm, parseArgs, partialFiles, USAGE } from './lib/package-scorm.ts';

// An interrupted run removes its temp file, so dist-scorm/ never holds a half-written zip.
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.on(signal, () => {
    for (const f of partialFiles) rmSync(f, { force: true });
    console.error(`\nEmpaquetado interrumpido (${signal}); no se dejó ningún zip a medias.`);
    process.exit(130);
  });

async function main(): Promise<number> {
  let args;
  try {
    args = parseArgs(process.argv.slice(2));
  } catch (e) {
    if (e instanceof PackageError) {
      console.error(`package: ${e.message}`);
      return 2;
    }
    throw e;
  }
  if (args.help) {
    console.log(USAGE);
    return 0;
  }
  const started = Date.now();
  console.log('Empaquetado SCORM — Curso SST');
  try {
    const results = await packageScorm({
      editions: args.editions,
      distDir: args.distDir,
      outDir: args.outDir,
      checkContent: true,
      log: (line) => console.log(line),
    });
    console.log('');
    for (const r of results) console.log(`✓ ${r.summary}`);
    console.log(`(${((Date.now() - started) / 1000).toFixed(1)} s)`);
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
