// Learners' obra (decision 0078): `users add --obra` and the CSV's optional obra column
// store the slug, the API's user carries it, and a slug the server's configuration (CURSO_CONFIG)
// does not have is refused in Spanish naming the known ones. Old files without the column import.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ENGINES, openTestDb, type TestDb } from '../test-support.ts';
import { runUsers } from './users.ts';
import { findCredentials, getUser } from '../db/store.ts';
import { ROOT } from '../../course-files/read-content.ts';

const ANDINA = join(ROOT, 'test', 'fixtures', 'config', 'constructora-andina.json');

function captureIo() {
  const out: string[] = [];
  const err: string[] = [];
  return { io: { out: (s: string) => out.push(s), err: (s: string) => err.push(s) }, out, err };
}

const csv = (text: string) => {
  const file = join(mkdtempSync(join(tmpdir(), 'curso-obra-')), 'empleados.csv');
  writeFileSync(file, text);
  return file;
};

async function obraOf(t: TestDb, document: string) {
  const credentials = await findCredentials(t.db, { document });
  return credentials ? (await getUser(t.db, credentials.id))?.obra : undefined;
}

describe.each(ENGINES)('learners’ obra (%s)', (engine) => {
  let t: TestDb;
  beforeAll(async () => {
    t = await openTestDb(engine);
  }, 120_000);
  afterAll(async () => t?.cleanup());
  beforeEach(() => {
    vi.stubEnv('CURSO_CONFIG', ANDINA);
  });
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  it('users add --obra stores a known slug; without it the obra is null (the first)', async () => {
    const { io } = captureIo();
    const add = (document: string, extra: string[]) =>
      runUsers(
        ['add', '--document', document, '--name', 'Ana Obra', '--password', 'clave-ana', ...extra],
        io,
        t.db,
      );
    expect(await add('8100001', ['--obra', 'puente-sur'])).toBe(0);
    expect(await add('8100002', [])).toBe(0);
    expect(await obraOf(t, '8100001')).toBe('puente-sur');
    expect(await obraOf(t, '8100002')).toBeNull();
  });

  it('users add refuses an obra the configuration does not have, naming the known ones', async () => {
    const { io, err } = captureIo();
    const code = await runUsers(
      ['add', '--document', '8100003', '--name', 'Beto', '--password', 'clave-beto'].concat([
        '--obra',
        'torre-sur',
      ]),
      io,
      t.db,
    );
    expect(code).toBe(1);
    expect(err.join('\n')).toContain('obra desconocida «torre-sur»');
    expect(err.join('\n')).toContain('«torre-norte», «puente-sur»');
    expect(await obraOf(t, '8100003')).toBeUndefined();
  });

  it('imports the obra column, rejecting rows with an unknown slug by line', async () => {
    const file = csv(
      'documento,nombre,correo,contraseña,obra\n' +
        '8200001,Carla Norte,,clave-carla,torre-norte\n' +
        '8200002,Dora Sur,,clave-dora,puente-sur\n' +
        '8200003,Eva Sin Obra,,clave-eva,\n' +
        '8200004,Fabio Errado,,clave-fabio,obra-ejemplo\n',
    );
    const { io, err, out } = captureIo();
    const code = await runUsers(['import', file], io, t.db);
    expect(code).toBe(2);
    expect(err).toHaveLength(1);
    expect(err[0]).toMatch(
      /^Línea 5: obra desconocida «obra-ejemplo»: las obras de .*constructora-andina\.json son «torre-norte», «puente-sur»$/,
    );
    expect(out.at(-1)).toBe('Importados: 3. Rechazados: 1.');
    expect(await obraOf(t, '8200001')).toBe('torre-norte');
    expect(await obraOf(t, '8200002')).toBe('puente-sur');
    expect(await obraOf(t, '8200003')).toBeNull();
    expect(await obraOf(t, '8200004')).toBeUndefined();
  });

  it('still imports a file without the obra column, without reading the configuration', async () => {
    // A configuration that cannot be read would stop an import that needs the obras.
    vi.stubEnv('CURSO_CONFIG', join(ROOT, 'no-existe.json'));
    const file = csv('documento,nombre,correo,contraseña\n8300001,Gina Antigua,,clave-gina\n');
    const { io } = captureIo();
    expect(await runUsers(['import', file], io, t.db)).toBe(0);
    expect(await obraOf(t, '8300001')).toBeNull();
  });
});
