// The PGlite data folder is private to the server's user (decision 0180). PGlite creates most of
// its initial files 0666 whatever the umask, and the audit log's append-only trigger lives in
// those files: anyone who can write them can switch the trigger off. So the folder is created
// 0700, and before and after PGlite opens it every entry this user can chmod loses its group and
// other permissions. What cannot be tightened (owned by another user) stops the start with a
// Spanish message that says how to fix it.
import * as nodeFs from 'node:fs';
import { join } from 'node:path';

/** The few filesystem calls the check needs; tests pass a layer that refuses some chmods. */
export interface PrivateFolderFs {
  mkdirSync(path: string, options: { recursive: true; mode: number }): unknown;
  lstatSync(path: string): {
    mode: number;
    isDirectory(): boolean;
    isSymbolicLink(): boolean;
  };
  readdirSync(path: string): string[];
  chmodSync(path: string, mode: number): void;
}

export class DataDirNotPrivateError extends Error {
  readonly code = 'DATA_DIR_NOT_PRIVATE';
  constructor(
    readonly dataDir: string,
    readonly paths: string[],
  ) {
    const shown = paths.slice(0, 5).map((p) => `  ${p}`);
    if (paths.length > 5) shown.push(`  … y ${paths.length - 5} más`);
    super(
      [
        `La carpeta de datos ${dataDir} no es privada: ${paths.length === 1 ? 'este archivo tiene' : 'estos archivos tienen'} permisos para otros usuarios que el servidor no puede quitar (no son suyos):`,
        ...shown,
        'Cualquier usuario del equipo podría alterar el registro de auditoría. El servidor no arranca así.',
        `Solución: como administrador del equipo, haga que la carpeta sea del usuario que ejecuta el servidor y solo suya, por ejemplo:`,
        `  sudo chown -R "$(id -un)" "${dataDir}" && chmod -R go-rwx "${dataDir}"`,
      ].join('\n'),
    );
    this.name = 'DataDirNotPrivateError';
  }
}

export interface TightenResult {
  /** Entries whose group/other permissions were removed. */
  tightened: string[];
}

const GROUP_OTHER = 0o077;

/**
 * Creates `dataDir` (0700) when missing and removes group/other permissions from every entry
 * under it (symbolic links are left alone: their own mode means nothing on Linux). Throws
 * DataDirNotPrivateError listing what it could not tighten.
 */
export function makeDataDirPrivate(
  dataDir: string,
  fs: PrivateFolderFs = nodeFs as unknown as PrivateFolderFs,
): TightenResult {
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
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
    if ((stat.mode & GROUP_OTHER) !== 0) {
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
  visit(dataDir);
  if (refused.length > 0) throw new DataDirNotPrivateError(dataDir, refused);
  return { tightened };
}

/** The log line for a pass that changed something, or null. */
export function describeTightening(dataDir: string, result: TightenResult): string | null {
  const n = result.tightened.length;
  if (n === 0) return null;
  return `Carpeta de datos ${dataDir}: se quitaron los permisos de grupo y de otros usuarios a ${n} ${n === 1 ? 'archivo o carpeta' : 'archivos y carpetas'} (solo el usuario del servidor puede leerlos o cambiarlos).`;
}
