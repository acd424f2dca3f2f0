// npm run sizes [-- --files N --functions N --json]: the code's files over N lines (default 400)
// and functions over N lines (default 80) in src/, server/, scripts/, tools/ and course-files/,
// tests left out (a test's length is its cases'). Prints the lists and their counts; exits 0.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { ROOT } from '../course-files/read-content.ts';
import { lineCount, longFunctions } from './lib/code-sizes.ts';
import { repositoryFiles } from './lib/repository-files.ts';

const FOLDERS = ['src/', 'server/', 'scripts/', 'tools/', 'course-files/'];
const CODE = /\.(ts|tsx)$/;
const TEST = /\.test\.(ts|tsx)$|\.d\.ts$/;

function limit(value: string | undefined, fallback: number, flag: string): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) {
    console.error(`sizes: ${flag} espera un número entero positivo, no «${value}».`);
    process.exit(2);
  }
  return n;
}

let values;
try {
  ({ values } = parseArgs({
    options: {
      files: { type: 'string' },
      functions: { type: 'string' },
      json: { type: 'boolean', default: false },
    },
  }));
} catch (error) {
  console.error(`sizes: ${(error as Error).message}`);
  process.exit(2);
}
const fileLimit = limit(values.files, 400, '--files');
const functionLimit = limit(values.functions, 80, '--functions');

const files = repositoryFiles(ROOT).filter(
  (f) => FOLDERS.some((folder) => f.startsWith(folder)) && CODE.test(f) && !TEST.test(f),
);
const longFiles: { file: string; lines: number }[] = [];
const functions = files.flatMap((file) => {
  const text = readFileSync(join(ROOT, file), 'utf8');
  const lines = lineCount(text);
  if (lines > fileLimit) longFiles.push({ file, lines });
  return longFunctions(file, text, functionLimit);
});
longFiles.sort((a, b) => b.lines - a.lines);
functions.sort((a, b) => b.lines - a.lines);

if (values.json) {
  console.log(JSON.stringify({ fileLimit, functionLimit, longFiles, functions }, null, 2));
} else {
  console.log(`Archivos de más de ${fileLimit} líneas: ${longFiles.length}`);
  for (const f of longFiles) console.log(`  ${String(f.lines).padStart(5)}  ${f.file}`);
  console.log(`\nFunciones de más de ${functionLimit} líneas: ${functions.length}`);
  for (const f of functions)
    console.log(`  ${String(f.lines).padStart(5)}  ${f.file}:${f.line}  ${f.name}`);
  console.log(`\n${files.length} archivos leídos (${FOLDERS.join(', ')}; sin pruebas).`);
}
