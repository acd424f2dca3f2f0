// npm run build: both builds (decision 0001) and the LMS preview.
//   dist/lms  (SCORM build: hash routing, relative paths)
//   dist/web  (standalone build served by our server)
//   dist/lms-preview (scorm-again hosting the LMS build)
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from '../server/read-content.ts';

const only = process.argv.slice(2);
const known = ['lms', 'web', 'preview'];
const bad = only.filter((a) => !known.includes(a));
if (bad.length) {
  console.error(
    `build: destino desconocido: ${bad.join(' ')}. Uso: npm run build [-- lms|web|preview ...]`,
  );
  process.exit(2);
}
const wants = (t: string) => only.length === 0 || only.includes(t);

function run(label: string, cmd: string, args: string[]) {
  const started = Date.now();
  console.log(`› ${label}`);
  const r = spawnSync(cmd, args, { cwd: ROOT, stdio: ['ignore', 'inherit', 'inherit'] });
  if (r.status !== 0) {
    console.error(`✗ ${label} falló (código ${r.status ?? r.signal})`);
    process.exit(r.status ?? 1);
  }
  console.log(`✓ ${label} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
}

const vite = join(ROOT, 'node_modules', '.bin', 'vite');
const tsx = join(ROOT, 'node_modules', '.bin', 'tsx');
if (wants('lms'))
  run('build LMS (dist/lms)', vite, ['build', '--mode', 'lms', '--logLevel', 'warn']);
if (wants('web'))
  run('build web (dist/web)', vite, ['build', '--mode', 'web', '--logLevel', 'warn']);
if (wants('preview') && existsSync(join(ROOT, 'scripts', 'build-preview.ts')))
  run('vista previa LMS (dist/lms-preview)', tsx, [join(ROOT, 'scripts', 'build-preview.ts')]);
