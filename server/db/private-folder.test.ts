// The private data folder (decision 0180): a new folder has nothing others can read or write, a
// loosened file is tightened and logged at the next start, and a file the server cannot tighten
// (another user's: simulated through the filesystem layer, since these tests may run as root)
// stops the start with a Spanish message that gives the fix. A folder that is not ours (another
// user's, or one others can write) is refused before anything is touched (record 0266).
import * as fs from 'node:fs';
import {
  chmodSync,
  chownSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  statSync,
  truncateSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startServer, startupMessage } from '../server.ts';
import { DatabaseDamagedError } from './open.ts';
import {
  DataDirAccessError,
  DataDirForeignError,
  DataDirNotPrivateError,
  DataDirWritableError,
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
    chmodSync(file, 0o755);
    const outside = join(tempDir(), 'fuera');
    writeFileSync(outside, 'x');
    chmodSync(outside, 0o644);
    fs.symlinkSync(outside, join(dataDir, 'enlace'));
    chmodSync(dataDir, 0o755);
    const result = makeDataDirPrivate(dataDir);
    expect(result.tightened.sort()).toEqual([dataDir, file].sort());
    expect(statSync(file).mode & 0o777).toBe(0o700);
    expect(statSync(dataDir).mode & 0o777).toBe(0o700);
    expect(statSync(outside).mode & 0o777).toBe(0o644);
  });
});

/** The uid of `nobody`: another local user, for folders «made by another user». */
const OTHER_UID = 65534;

/** Makes `path` another user's; false where this process may not (not root). */
function giveToAnotherUser(path: string): boolean {
  try {
    chownSync(path, OTHER_UID, OTHER_UID);
    return true;
  } catch {
    return false;
  }
}

/** What a start on `dataDir` throws (null when it started). */
async function startError(dataDir: string, fsLayer?: PrivateFolderFs): Promise<unknown> {
  return startServer({
    ...quiet,
    dataDir,
    print: () => {},
    ...(fsLayer ? { privateFolderFs: fsLayer } : {}),
  }).then(
    async (server) => {
      await server.close();
      return null;
    },
    (e: unknown) => e,
  );
}

describe('a data folder that is not ours (record 0266)', () => {
  it('refuses a folder made 0777 by another user, touches nothing, and says how to fix it', async (ctx) => {
    const dataDir = join(tempDir(), 'data');
    mkdirSync(dataDir);
    chmodSync(dataDir, 0o777);
    if (!giveToAnotherUser(dataDir)) {
      console.warn('Prueba omitida: solo root puede crear una carpeta de otro usuario (chown).');
      ctx.skip();
    }
    const error = await startError(dataDir);
    expect(error).toBeInstanceOf(DataDirForeignError);
    const message = startupMessage(error);
    expect(message).toContain(
      `La carpeta de datos ${dataDir} pertenece a otro usuario (uid ${OTHER_UID})`,
    );
    expect(message).toContain('créela de nuevo como el usuario que corre el servidor');
    expect(message).toContain(`mv "${dataDir}" "${dataDir}.ajena"`);
    // Its owner and mode are as found and nothing was written in it (no lock, no channel file).
    expect(statSync(dataDir).uid).toBe(OTHER_UID);
    expect(statSync(dataDir).mode & 0o777).toBe(0o777);
    expect(readdirSync(dataDir)).toEqual([]);
  });

  it('refuses a private folder of another user too (a server started as the wrong user)', async (ctx) => {
    const dataDir = join(tempDir(), 'data');
    mkdirSync(dataDir, { mode: 0o700 });
    if (!giveToAnotherUser(dataDir)) {
      console.warn('Prueba omitida: solo root puede crear una carpeta de otro usuario (chown).');
      ctx.skip();
    }
    const error = await startError(dataDir);
    expect(error).toBeInstanceOf(DataDirForeignError);
    expect(startupMessage(error)).toContain('pertenece a otro usuario');
  });

  it('refuses an admin channel file or any file in the folder owned by another user', async (ctx) => {
    const dataDir = tempDir();
    const channel = join(dataDir, 'curso-sst-admin.json');
    writeFileSync(channel, '{"pid":1,"url":"http://127.0.0.1:9/","token":"x"}', { mode: 0o600 });
    if (!giveToAnotherUser(channel)) {
      console.warn('Prueba omitida: solo root puede crear un archivo de otro usuario (chown).');
      ctx.skip();
    }
    const error = (await startError(dataDir)) as DataDirNotPrivateError;
    expect(error).toBeInstanceOf(DataDirNotPrivateError);
    expect(error.paths).toEqual([channel]);
    expect(error.message).toContain('de otro usuario');
    expect(statSync(channel).uid).toBe(OTHER_UID);
  });

  it.each([0o777, 0o770, 0o757])(
    'refuses a folder others can write (%o) before touching it, and says how to fix it',
    async (mode) => {
      const dataDir = tempDir();
      chmodSync(dataDir, mode);
      const error = await startError(dataDir);
      expect(error).toBeInstanceOf(DataDirWritableError);
      const message = startupMessage(error);
      expect(message).toContain(`La carpeta de datos ${dataDir} no es privada`);
      expect(message).toContain(`permisos 0${mode.toString(8)}`);
      expect(message).toContain(`chmod -R go-rwx "${dataDir}"`);
      expect(statSync(dataDir).mode & 0o777).toBe(mode);
      expect(readdirSync(dataDir)).toEqual([]);
    },
  );

  it('refuses a file others can write in a folder they can enter, but not one they cannot reach', async () => {
    const open = tempDir();
    chmodSync(open, 0o755);
    writeFileSync(join(open, 'curso-sst-admin.json'), '{}', { mode: 0o666 });
    chmodSync(join(open, 'curso-sst-admin.json'), 0o666);
    expect(() => makeDataDirPrivate(open)).toThrow(DataDirWritableError);
    // After a kill -9 files PGlite made 0666 sit in our 0700 folder: nobody else reached them.
    const closed = tempDir();
    writeFileSync(join(closed, 'f'), 'x');
    chmodSync(join(closed, 'f'), 0o666);
    expect(makeDataDirPrivate(closed).tightened).toEqual([join(closed, 'f')]);
  });
});

describe('startup problems said in Spanish with the fix (record 0266)', () => {
  it('a permission error on the folder (EACCES) is a message, not a stack', async () => {
    const dataDir = tempDir();
    const real = fs as unknown as PrivateFolderFs;
    const denied: PrivateFolderFs = {
      mkdirSync: (path, options) => real.mkdirSync(path, options),
      lstatSync: (path) => real.lstatSync(path),
      readdirSync(path) {
        throw Object.assign(new Error(`EACCES: permission denied, scandir '${path}'`), {
          code: 'EACCES',
          path,
        });
      },
      chmodSync: (path, mode) => real.chmodSync(path, mode),
    };
    const error = await startError(dataDir, denied);
    expect(error).toBeInstanceOf(DataDirAccessError);
    const message = startupMessage(error);
    expect(message).toContain(`El servidor no puede abrir la carpeta de datos ${dataDir}`);
    expect(message).toContain('arranque el servidor como el usuario dueño de la carpeta');
    expect(message).not.toMatch(/EACCES|at .*\.ts/);
  });

  it('a truncated pg_control is a message with the fix, not «RuntimeError: Aborted()»', async () => {
    const dataDir = join(tempDir(), 'data');
    const first = await startServer({ ...quiet, dataDir, print: () => {} });
    await first.close();
    truncateSync(join(dataDir, 'pglite', 'global', 'pg_control'), 100);
    const error = await startError(dataDir);
    expect(error).toBeInstanceOf(DatabaseDamagedError);
    const message = startupMessage(error);
    expect(message).toContain(`No se pudo abrir la base de datos de ${join(dataDir, 'pglite')}`);
    expect(message).toContain('no borre la carpeta');
    expect(message).toContain('última copia de seguridad');
    expect(message).not.toContain('RuntimeError');
    // The refused start let the folder go: a restored copy starts at once.
    expect(readdirSync(dataDir)).not.toContain('curso-sst-admin.json');
  }, 120_000);
});
