// The private data folder (decision 0180): a new folder has nothing others can read or write, a
// loosened file is tightened and logged at the next start, and a file the server cannot tighten
// (another user's: simulated through the filesystem layer, since these tests may run as root)
// stops the start with a Spanish message that gives the fix.
import * as fs from 'node:fs';
import { mkdtempSync, rmSync, writeFileSync, chmodSync, statSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startServer } from '../server.ts';
import {
  DataDirNotPrivateError,
  makeDataDirPrivate,
  type PrivateFolderFs,
} from './private-folder.ts';

const dirs: string[] = [];
function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'curso-private-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** Every path under `dir` (itself included) whose mode lets group or others in. */
function openToOthers(dir: string): string[] {
  const found: string[] = [];
  const visit = (path: string) => {
    const stat = fs.lstatSync(path);
    if (stat.isSymbolicLink()) return;
    if ((stat.mode & 0o077) !== 0) found.push(path);
    if (stat.isDirectory()) for (const name of readdirSync(path)) visit(join(path, name));
  };
  visit(dir);
  return found;
}

/** The real filesystem, except that chmod of `foreign` fails as it does for another user's file. */
function fsRefusing(foreign: string): PrivateFolderFs {
  const real = fs as unknown as PrivateFolderFs;
  return {
    mkdirSync: (path, options) => real.mkdirSync(path, options),
    lstatSync: (path) => real.lstatSync(path),
    readdirSync: (path) => real.readdirSync(path),
    chmodSync(path, mode) {
      if (path === foreign)
        throw Object.assign(new Error(`EPERM: operation not permitted, chmod '${path}'`), {
          code: 'EPERM',
        });
      real.chmodSync(path, mode);
    },
  };
}

const quiet = { host: '127.0.0.1', port: 0, app: { webDir: null, lmsPreviewDir: null } };

describe('the private data folder', () => {
  it('a new data folder is 0700 and, once the server has started, has no file open to others', async () => {
    const dataDir = join(tempDir(), 'data');
    const printed: string[] = [];
    const server = await startServer({ ...quiet, dataDir, print: (l) => printed.push(l) });
    try {
      expect(statSync(dataDir).mode & 0o777).toBe(0o700);
      expect(openToOthers(dataDir)).toEqual([]);
      // PGlite did create files open to others, and the start said it closed them.
      expect(printed.join('\n')).toMatch(/se quitaron los permisos de grupo y de otros usuarios/);
    } finally {
      await server.close();
    }
    // Restarted with a file loosened by hand: tightened again, and logged.
    const loosened = join(dataDir, 'pglite', 'PG_VERSION');
    chmodSync(loosened, 0o666);
    const again: string[] = [];
    const second = await startServer({ ...quiet, dataDir, print: (l) => again.push(l) });
    await second.close();
    expect(statSync(loosened).mode & 0o777).toBe(0o600);
    expect(again.join('\n')).toMatch(/se quitaron los permisos/);
    // Two full server starts, each creating or opening a PGlite database: on a busy 2-core
    // machine they took over 40 s together.
  }, 120_000);

  it('refuses to start on a folder with a world-writable file it cannot tighten, and says how to fix it', async () => {
    const dataDir = tempDir();
    const foreign = join(dataDir, 'ajeno.dat');
    writeFileSync(foreign, 'x');
    chmodSync(foreign, 0o666);
    const printed: string[] = [];
    const start = startServer({
      ...quiet,
      dataDir,
      print: (l) => printed.push(l),
      privateFolderFs: fsRefusing(foreign),
    });
    const error = (await start.then(
      () => null,
      (e: unknown) => e,
    )) as DataDirNotPrivateError;
    expect(error).toBeInstanceOf(DataDirNotPrivateError);
    expect(error.message).toContain(`La carpeta de datos ${dataDir} no es privada`);
    expect(error.message).toContain(foreign);
    expect(error.message).toContain('chmod -R go-rwx');
    expect(error.paths).toEqual([foreign]);
    // Nothing was opened: no database files were created in the refused folder.
    expect(readdirSync(dataDir)).toEqual(['ajeno.dat']);
  });

  it('tightens what it can, leaves symbolic links alone and keeps the owner bits', () => {
    const dataDir = tempDir();
    const file = join(dataDir, 'a');
    writeFileSync(file, 'x');
    chmodSync(file, 0o775);
    const outside = join(tempDir(), 'fuera');
    writeFileSync(outside, 'x');
    chmodSync(outside, 0o644);
    fs.symlinkSync(outside, join(dataDir, 'enlace'));
    chmodSync(dataDir, 0o777);
    const result = makeDataDirPrivate(dataDir);
    expect(result.tightened.sort()).toEqual([dataDir, file].sort());
    expect(statSync(file).mode & 0o777).toBe(0o700);
    expect(statSync(dataDir).mode & 0o777).toBe(0o700);
    expect(statSync(outside).mode & 0o777).toBe(0o644);
  });
});
