// Bidirectional-text controls (U+202E and friends) are refused in names, cargos and contratistas
// at every entry point (decision 0183): the CLI and console «agregar» (validateUser), the CSV
// import (CLI and console) and, as a last gate, createUser itself.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES, openTestDb, type TestDb } from '../test-support.ts';
import { createUser, findCredentials } from '../db/store.ts';
import { importUsers, validateUser } from './users.ts';

const RLO = '\u202e';
const BIDI = [
  '\u202e',
  '\u202d',
  '\u202a',
  '\u2066',
  '\u2067',
  '\u2068',
  '\u2069',
  '\u200f',
  '\u061c',
];

describe('bidi controls in names', () => {
  it('validateUser (CLI add, console agregar, admin channel) refuses them in each text field', () => {
    for (const c of BIDI) {
      const named = validateUser({
        document: '80000001',
        name: `Ana${c}gnp.exe`,
        password: 'secreto123',
      });
      expect(named.user).toBeNull();
      expect(named.problems.join(' ')).toMatch(/nombre inválido .*controles de dirección/);
    }
    const cargo = validateUser({
      document: '80000001',
      name: 'Ana Pérez',
      password: 'secreto123',
      cargo: `Oficial${RLO}`,
      contratista: `Andamios${RLO} SAS`,
    });
    expect(cargo.problems.join(' ')).toMatch(/cargo inválido/);
    expect(cargo.problems.join(' ')).toMatch(/contratista inválido/);
    // Plain accents and ñ are still names.
    expect(
      validateUser({ document: '80000001', name: 'Íñigo Castañeda', password: 'secreto123' })
        .problems,
    ).toEqual([]);
  });
});

describe.each(ENGINES)('bidi controls at the store and the import (%s)', (engine) => {
  let t: TestDb;
  beforeAll(async () => {
    t = await openTestDb(engine);
  }, 120_000);
  afterAll(async () => t?.cleanup());

  it('the CSV import rejects the row, imports the rest', async () => {
    const err: string[] = [];
    const io = { out: () => {}, err: (line: string) => err.push(line) };
    await importUsers(
      t.db,
      Buffer.from(
        `documento,nombre,correo,contraseña\n81000001,Ana${RLO}gnp.exe,,clave-ana\n81000002,Beto Ruiz,,clave-beto\n`,
        'utf8',
      ),
      io,
    );
    expect(err.join('\n')).toMatch(/Línea 2: .*nombre inválido/);
    expect(await findCredentials(t.db, { document: '81000001' })).toBeNull();
    expect(await findCredentials(t.db, { document: '81000002' })).not.toBeNull();
  });

  it('createUser refuses them whatever the caller checked', async () => {
    await expect(
      createUser(t.db, { document: '82000001', name: `Ana${RLO}gnp.exe`, password: 'secreto123' }),
    ).rejects.toThrow(/controles de dirección/);
    expect(await findCredentials(t.db, { document: '82000001' })).toBeNull();
  });
});
