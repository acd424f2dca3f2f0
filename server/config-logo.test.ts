// The logo of the company configuration (decision 0188): a logo whose transforms overflow is
// refused when the configuration is read (it used to break every certificate later), and the
// file is checked before a byte is read: inside the configuration's folder, a regular file, of
// bounded size — a symlink to /dev/zero, a FIFO or a folder are clear Spanish errors at once.
// «At once» is asserted as a mechanism, not a time (decision 0255): node:fs is wrapped to note
// every path opened, and a refused device or FIFO is never opened, so not a byte of it is read.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import type * as NodeFs from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { ConfigError, MAX_LOGO_BYTES, readConfiguration } from '../course-files/read-config.ts';
import { ROOT } from '../course-files/read-content.ts';

/** Every path opened through node:fs since the last reset (reading needs an open first). */
const { opened } = vi.hoisted(() => ({ opened: [] as string[] }));
vi.mock('node:fs', async (importOriginal) => {
  const fs = await importOriginal<typeof NodeFs>();
  const noting =
    <A extends unknown[], R>(f: (path: unknown, ...rest: A) => R) =>
    (path: unknown, ...rest: A): R => {
      if (typeof path !== 'number') opened.push(String(path));
      return f(path, ...rest);
    };
  const wrapped = {
    ...fs,
    openSync: noting(fs.openSync as (path: unknown, ...rest: unknown[]) => number),
    readFileSync: noting(fs.readFileSync as (path: unknown, ...rest: unknown[]) => unknown),
    createReadStream: noting(fs.createReadStream as (path: unknown, ...rest: unknown[]) => unknown),
    open: noting(fs.open as (path: unknown, ...rest: unknown[]) => void),
  };
  return { ...wrapped, default: wrapped };
});

const FIXTURE = JSON.parse(
  readFileSync(join(ROOT, 'test', 'fixtures', 'config', 'constructora-andina.json'), 'utf8'),
) as { empresa: Record<string, unknown> };

const base = mkdtempSync(join(tmpdir(), 'curso-logo-'));
afterAll(() => rmSync(base, { recursive: true, force: true }));
let n = 0;

/** A configuration folder whose logo entry is `logo`, prepared by `prepare(dir)`. */
function configWith(logo: string, prepare: (dir: string) => void): string {
  const dir = join(base, `c${n++}`);
  mkdirSync(dir);
  prepare(dir);
  const file = join(dir, 'empresa.json');
  writeFileSync(file, JSON.stringify({ ...FIXTURE, empresa: { ...FIXTURE.empresa, logo } }));
  return file;
}

function errorOf(config: string): string {
  try {
    readConfiguration({ config }, { firstObra: true });
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as ConfigError).message;
  }
  throw new Error('the configuration was accepted');
}

const svg = (inner: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">${inner}</svg>`;

describe('the configuration logo', () => {
  it('accepts a plain logo', () => {
    const config = configWith('logo.svg', (dir) =>
      writeFileSync(
        join(dir, 'logo.svg'),
        svg('<rect x="0" y="0" width="10" height="10" fill="#000"/>'),
      ),
    );
    expect(
      readConfiguration({ config }, { firstObra: true }).config.empresa.logo?.pdf.paths.length,
    ).toBe(1);
  });

  it('refuses transforms that overflow to Infinity', () => {
    const config = configWith('logo.svg', (dir) =>
      writeFileSync(
        join(dir, 'logo.svg'),
        svg(
          '<g transform="scale(1e200)"><g transform="scale(1e200)"><rect x="1" y="1" width="10" height="10" fill="#000"/></g></g>',
        ),
      ),
    );
    expect(errorOf(config)).toMatch(/empresa\.logo .*coordenadas no válidas/);
  });

  it('refuses a symlink to /dev/zero on its file type, without opening it', () => {
    const config = configWith('logo.svg', (dir) => symlinkSync('/dev/zero', join(dir, 'logo.svg')));
    opened.length = 0;
    expect(errorOf(config)).toMatch(/no es un archivo normal/);
    // Only the configuration itself was opened: neither the link nor /dev/zero, so 0 bytes read.
    expect(opened).toEqual([config]);
  });

  it('refuses a FIFO without opening it (opening one waits for a writer)', () => {
    const config = configWith('logo.svg', (dir) => execFileSync('mkfifo', [join(dir, 'logo.svg')]));
    opened.length = 0;
    expect(errorOf(config)).toMatch(/no es un archivo normal/);
    expect(opened).toEqual([config]);
  });

  it('refuses a folder in Spanish, not with EISDIR', () => {
    const config = configWith('logo.svg', (dir) => mkdirSync(join(dir, 'logo.svg')));
    const message = errorOf(config);
    expect(message).toMatch(/es una carpeta/);
    expect(message).not.toMatch(/EISDIR/);
  });

  it('refuses a path outside the configuration folder, directly or through a symlink', () => {
    writeFileSync(join(base, 'fuera.svg'), svg('<rect width="10" height="10" fill="#000"/>'));
    expect(errorOf(configWith('../fuera.svg', () => {}))).toMatch(/fuera de la carpeta/);
    const linked = configWith('logo.svg', (dir) =>
      symlinkSync(join(base, 'fuera.svg'), join(dir, 'logo.svg')),
    );
    expect(errorOf(linked)).toMatch(/fuera de la carpeta/);
  });

  it('refuses a file over the size limit', () => {
    const config = configWith('logo.svg', (dir) =>
      writeFileSync(
        join(dir, 'logo.svg'),
        svg(`<!--${'x'.repeat(MAX_LOGO_BYTES)}--><rect width="1" height="1"/>`),
      ),
    );
    expect(errorOf(config)).toMatch(/el máximo es 512 KB/);
  });
});
