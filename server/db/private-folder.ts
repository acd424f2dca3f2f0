// The PGlite data folder is private to the server's user (decision 0180). PGlite creates most of
// its initial files 0666 whatever the umask, and the audit log's append-only trigger lives in
// those files: anyone who can write them can switch the trigger off. So the folder is created
// 0700, and before and after PGlite opens it every entry this user can chmod loses its group and
// other permissions. A folder that is not ours is refused before anything is touched (record
// 0266): owned by another user, writable by others, or holding another user's files. Each
// refusal is a Spanish message that says how to fix it.
import * as nodeFs from 'node:fs';
import { join } from 'node:path';

/** The few filesystem calls the check needs; tests pass a layer that refuses some chmods. */
export interface PrivateFolderFs {
  mkdirSync(path: string, options: { recursive: true; mode: number }): unknown;
  lstatSync(path: string): {
    mode: number;
    uid: number;
    isDirectory(): boolean;
    isSymbolicLink(): boolean;
  };
  readdirSync(path: string): string[];
  chmodSync(path: string, mode: number): void;
  /** The folder's real path (a DATA_DIR that is a link is judged where it leads). */
  realpathSync?(path: string): string;
}

/** The user the server runs as; null where the system has no uids (Windows). */
export const currentUid = (): number | null =>
  typeof process.getuid === 'function' ? process.getuid() : null;

/** Why the server does not start on this data folder: a Spanish message with the fix. */
export class DataDirRefusedError extends Error {}

const octal = (mode: number) => `0${(mode & 0o777).toString(8).padStart(3, '0')}`;

/** The data folder belongs to another user: whoever made it can change what the server reads. */
export class DataDirForeignError extends DataDirRefusedError {
  readonly code = 'DATA_DIR_FOREIGN';
  constructor(
    readonly dataDir: string,
    readonly owner: number,
    readonly uid: number,
  ) {
    super(
      [
        `La carpeta de datos ${dataDir} pertenece a otro usuario (uid ${owner}), no al que corre el servidor (uid ${uid}).`,
        'Ese usuario podría cambiar sus archivos y el registro de auditoría. El servidor no arranca así.',
        'Solución: créela de nuevo como el usuario que corre el servidor (si es nueva, apártela y el servidor hará una privada):',
        `  mv "${dataDir}" "${dataDir}.ajena"`,
        'o, si los datos son de ustedes, como administrador del equipo haga la carpeta de este usuario y solo suya:',
        `  sudo chown -R "$(id -un)" "${dataDir}" && chmod -R go-rwx "${dataDir}"`,
      ].join('\n'),
    );
    this.name = 'DataDirForeignError';
  }
}

/** The data folder (or a folder in it others can reach) could be written by other users. */
export class DataDirWritableError extends DataDirRefusedError {
  readonly code = 'DATA_DIR_WRITABLE';
  constructor(
    readonly dataDir: string,
    readonly path: string,
    readonly mode: number,
  ) {
    super(
      [
        `La carpeta de datos ${dataDir} no es privada: otros usuarios pueden cambiar ${path} (permisos ${octal(mode)}).`,
        'Alguien pudo cambiar o poner archivos ahí. El servidor no arranca así.',
        'Solución: si la carpeta es nueva, apártela y el servidor hará una privada:',
        `  mv "${dataDir}" "${dataDir}.ajena"`,
        'o, si los datos son de ustedes y nadie más los tocó, quite esos permisos:',
        `  chmod -R go-rwx "${dataDir}"`,
      ].join('\n'),
    );
    this.name = 'DataDirWritableError';
  }
}

export class DataDirNotPrivateError extends DataDirRefusedError {
  readonly code = 'DATA_DIR_NOT_PRIVATE';
  constructor(
    readonly dataDir: string,
    readonly paths: string[],
  ) {
    const shown = paths.slice(0, 5).map((p) => `  ${p}`);
    if (paths.length > 5) shown.push(`  … y ${paths.length - 5} más`);
    super(
      [
        `La carpeta de datos ${dataDir} no es privada: ${paths.length === 1 ? 'este archivo es' : 'estos archivos son'} de otro usuario (o tienen permisos para otros que el servidor no puede quitar):`,
        ...shown,
        'Cualquier usuario del equipo podría alterar el registro de auditoría. El servidor no arranca así.',
        `Solución: como administrador del equipo, haga que la carpeta sea del usuario que ejecuta el servidor y solo suya, por ejemplo:`,
        `  sudo chown -R "$(id -un)" "${dataDir}" && chmod -R go-rwx "${dataDir}"`,
      ].join('\n'),
    );
    this.name = 'DataDirNotPrivateError';
  }
}

/** The server's user may not enter or read the folder (EACCES): another user's, most likely. */
export class DataDirAccessError extends DataDirRefusedError {
  readonly code = 'DATA_DIR_ACCESS';
  constructor(
    readonly dataDir: string,
    readonly path: string,
  ) {
    super(
      [
        `El servidor no puede abrir la carpeta de datos ${dataDir}: no tiene permiso sobre ${path}.`,
        'La carpeta es de otro usuario o no le da permisos al usuario que corre el servidor.',
        'Solución: arranque el servidor como el usuario dueño de la carpeta, o, como administrador del equipo, hágala de este usuario y solo suya:',
        `  sudo chown -R "$(id -un)" "${dataDir}" && chmod -R go-rwx "${dataDir}"`,
      ].join('\n'),
    );
    this.name = 'DataDirAccessError';
  }
}

/** A permission error (EACCES/EPERM) met while opening the folder, as DataDirAccessError. */
export function asAccessError(dataDir: string, error: unknown): DataDirAccessError | null {
  const e = error as NodeJS.ErrnoException | null;
  if (!e || (e.code !== 'EACCES' && e.code !== 'EPERM')) return null;
  return new DataDirAccessError(dataDir, e.path ?? dataDir);
}

export interface TightenResult {
  /** Entries whose group/other permissions were removed. */
  tightened: string[];
}

const GROUP_OTHER = 0o077;
const GROUP_OTHER_WRITE = 0o022;
const GROUP_OTHER_SEARCH = 0o011;

/**
 * Creates `dataDir` (0700) when missing and removes group/other permissions from every entry
 * under it (symbolic links are left alone: their own mode means nothing on Linux). Before any
 * change (record 0266) it refuses a folder owned by another user (DataDirForeignError) and a
 * folder, or a file, that others can reach and write (DataDirWritableError). Throws
 * DataDirNotPrivateError listing the entries that are another user's or that it could not
 * tighten.
 */
export function makeDataDirPrivate(
  dataDir: string,
  fs: PrivateFolderFs = nodeFs as unknown as PrivateFolderFs,
  uid: number | null = currentUid(),
): TightenResult {
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const real = fs.realpathSync ? fs.realpathSync(dataDir) : dataDir;
  const top = fs.lstatSync(real);
  if (uid !== null && top.uid !== uid) throw new DataDirForeignError(dataDir, top.uid, uid);
  // Judged as found, before anything is tightened: a folder others could write may already
  // hold their files (a replaced admin channel file, an edited trigger).
  const check = (path: string, reachable: boolean) => {
    const stat = fs.lstatSync(path);
    if (stat.isSymbolicLink()) return;
    if (reachable && (stat.mode & GROUP_OTHER_WRITE) !== 0)
      throw new DataDirWritableError(dataDir, path, stat.mode);
    if (!stat.isDirectory()) return;
    // Inside a folder only its owner can enter, nobody else reaches anything.
    if ((stat.mode & GROUP_OTHER_SEARCH) === 0) return;
    for (const name of fs.readdirSync(path).sort()) check(join(path, name), true);
  };
  check(real, true);
  const tightened: string[] = [];
  const refused: string[] = [];
  const visit = (path: string) => {
    let stat;
    try {
      stat = fs.lstatSync(path);
    } catch (error) {
      // Removed while we walked (PGlite is not open yet, but be tolerant): nothing to tighten.
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw error;
    }
    if (stat.isSymbolicLink()) return;
    if (uid !== null && stat.uid !== uid) refused.push(path);
    else if ((stat.mode & GROUP_OTHER) !== 0) {
      try {
        fs.chmodSync(path, stat.mode & 0o7700 & ~GROUP_OTHER);
        tightened.push(path);
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        if (code !== 'EPERM' && code !== 'EACCES') throw error;
        refused.push(path);
      }
    }
    if (stat.isDirectory()) for (const name of fs.readdirSync(path).sort()) visit(join(path, name));
  };
  visit(real);
  if (refused.length > 0) throw new DataDirNotPrivateError(dataDir, refused);
  return { tightened };
}

/** The log line for a pass that changed something, or null. */
export function describeTightening(dataDir: string, result: TightenResult): string | null {
  const n = result.tightened.length;
  if (n === 0) return null;
  return `Carpeta de datos ${dataDir}: se quitaron los permisos de grupo y de otros usuarios a ${n} ${n === 1 ? 'archivo o carpeta' : 'archivos y carpetas'} (solo el usuario del servidor puede leerlos o cambiarlos).`;
}
