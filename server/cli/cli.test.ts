// Admin CLI: import with good and bad rows, add, report columns, usage errors, and the
// data-folder lock (in-process against a test database, plus spawned runs for exit codes).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES, FULL_ROUTE, openTestDb, SHAPE, type TestDb } from '../test-support.ts';
import { runUsers } from './users.ts';
import { REPORT_COLUMNS, runReport } from './report.ts';
import { parseCsv } from './csv.ts';
import { findCredentials, updateProgress } from '../db/store.ts';
import { acquireDataDirLock, DataDirLockedError } from '../db/lock.ts';
import { ROOT } from '../../course-files/read-content.ts';

function captureIo() {
  const out: string[] = [];
  const err: string[] = [];
  return { io: { out: (s: string) => out.push(s), err: (s: string) => err.push(s) }, out, err };
}

const tmp = () => mkdtempSync(join(tmpdir(), 'curso-cli-'));

describe.each(ENGINES)('CLI (%s)', (engine) => {
  let t: TestDb;
  beforeAll(async () => {
    t = await openTestDb(engine);
  }, 120_000);
  afterAll(async () => t?.cleanup());

  it('imports a CSV with BOM and semicolons, reporting bad rows by line and importing the rest', async () => {
    const file = join(tmp(), 'empleados.csv');
    writeFileSync(
      file,
      '\uFEFFDocumento;Nombre;Correo;Contraseña\r\n' +
        '1.111.111;Ana Pérez;ana@example.co;clave-ana\r\n' +
        '2222222;Bruno Díaz;;\r\n' +
        ';Sin Documento;;\r\n' +
        '3333333;;;\r\n' +
        '1111111;Ana Repetida;;\r\n' +
        '4444444;"Carla; López";no-es-correo;\r\n' +
        '5555555;Dora;;123\r\n' +
        '\r\n' +
        '6666666;"Eva ""La Jefa"" Ruiz";eva@example.co;\r\n',
    );
    const { io, out, err } = captureIo();
    const code = await runUsers(['import', file], io, t.db);
    expect(code).toBe(2);
    expect(err).toEqual([
      'Línea 4: falta el documento',
      'Línea 5: falta el nombre',
      'Línea 6: el documento 1111111 está repetido en el archivo',
      'Línea 7: correo inválido "no-es-correo"',
      'Línea 8: la contraseña debe tener al menos 6 caracteres',
    ]);
    // Rows without a password get none (record 0273): nothing generated, nothing printed.
    expect(out.join('\n')).not.toContain('contraseña generada');
    expect(out).toContain(
      'Sin contraseña: 2 (entran con su invitación o un código; la consola las hace).',
    );
    expect(out.at(-1)).toBe('Importados: 3. Rechazados: 5.');
    const credentials = await findCredentials(t.db, { document: '2222222' });
    expect(credentials!.password_hash).toBeNull();
    const eva = await t.db.query<{ name: string }>(
      "SELECT name FROM users WHERE document = '6666666'",
    );
    expect(eva[0]!.name).toBe('Eva "La Jefa" Ruiz');
  });

  it('reports documents that already exist and leaves them unchanged (comma CSV without BOM)', async () => {
    const file = join(tmp(), 'b.csv');
    writeFileSync(
      file,
      'documento,nombre,correo,contraseña\n1111111,Otra Ana,,otra-clave\n7777777,Gabriel,,\n',
    );
    const { io, out, err } = captureIo();
    // Already registered is not an error (decision 0216): reported apart, exit code 0.
    expect(await runUsers(['import', file], io, t.db)).toBe(0);
    expect(err).toEqual([]);
    expect(out).toContain('Línea 2: ya inscrito 1111111 (Otra Ana); no se modificó.');
    const [ana] = await t.db.query<{ name: string }>(
      "SELECT name FROM users WHERE document = '1111111'",
    );
    expect(ana!.name).toBe('Ana Pérez');
  });

  it('refuses a file with wrong headers', async () => {
    const file = join(tmp(), 'c.csv');
    writeFileSync(file, 'cedula,nombre\n1,Ana\n');
    const { io, err } = captureIo();
    expect(await runUsers(['import', file], io, t.db)).toBe(1);
    expect(err[0]).toContain('Encabezados inválidos en la línea 1');
  });

  it('adds a user, refusing duplicates and bad arguments', async () => {
    const { io, out, err } = captureIo();
    expect(
      await runUsers(
        [
          'add',
          '--document',
          '8888888',
          '--name',
          'Hugo Ruiz',
          '--password',
          'clave-hugo',
          '--email',
          'hugo@example.co',
        ],
        io,
        t.db,
      ),
    ).toBe(0);
    expect(out[0]).toContain('Usuario creado: Hugo Ruiz');
    expect(
      await runUsers(
        ['add', '--document', '8888888', '--name', 'Otro', '--password', 'clave-otro'],
        io,
        t.db,
      ),
    ).toBe(1);
    expect(err.at(-1)).toContain('Ya existe un usuario con ese documento');
    await expect(runUsers(['add', '--document', '9'], io, t.db)).rejects.toThrow('Falta --name');
    await expect(runUsers(['frobnicate'], io, t.db)).rejects.toThrow('Comando desconocido');
    expect(await runUsers(['--help'], io, t.db)).toBe(0);
    expect(out.at(-1)).toContain('npm run users -- import ARCHIVO.csv');
  });

  it('writes the report with its stable columns in order', async () => {
    const [hugo] = await t.db.query<{ id: number }>(
      "SELECT id FROM users WHERE document = '8888888'",
    );
    await updateProgress(
      t.db,
      hugo!.id,
      { score: 100, route: FULL_ROUTE, finalTerms: true },
      SHAPE,
    );
    const file = join(tmp(), 'reporte.csv');
    const { io } = captureIo();
    expect(await runReport(['--csv', '--out', file], io, t.db, SHAPE)).toBe(0);
    const records = parseCsv(readFileSync(file, 'utf8'));
    expect(records[0]!.fields).toEqual([...REPORT_COLUMNS]);
    expect(REPORT_COLUMNS.join(',')).toBe(
      'documento,nombre,correo,puntaje,modulos_completados,ruta,finalizado_en,certificado',
    );
    const row = records.find((r) => r.fields[0] === '8888888')!.fields;
    expect(row.slice(0, 6)).toEqual([
      '8888888',
      'Hugo Ruiz',
      'hugo@example.co',
      '100',
      '5',
      FULL_ROUTE,
    ]);
    expect(row[6]).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(row[7]).toBe('');
    const carla = records.find((r) => r.fields[0] === '2222222')!.fields;
    expect(carla.slice(3, 7)).toEqual(['0', '0', '', '']);
    await expect(runReport([], io, t.db, SHAPE)).rejects.toThrow('--csv');
  });
});

describe('data folder lock', () => {
  it('refuses a second holder in the same folder, and frees it on release', async () => {
    const dir = tmp();
    const lock = await acquireDataDirLock(dir, 'server');
    await expect(acquireDataDirLock(dir, 'cli')).rejects.toThrow(DataDirLockedError);
    lock.release();
    (await acquireDataDirLock(dir, 'cli')).release();
  });

  it('takes over a lock left by a process that no longer runs', async () => {
    const dir = tmp();
    writeFileSync(
      join(dir, 'curso-sst.lock'),
      JSON.stringify({ pid: 2 ** 22 + 12345, role: 'server', startedAt: '' }),
    );
    (await acquireDataDirLock(dir, 'server')).release();
  });
});

describe('spawned CLI', () => {
  const run = (args: string[], env: Record<string, string>) =>
    spawnSync(
      process.execPath,
      ['--import', 'tsx', join(ROOT, 'server', 'cli', args[0]!), ...args.slice(1)],
      {
        cwd: ROOT,
        env: { ...process.env, DATABASE_URL: '', ...env },
        encoding: 'utf8',
        timeout: 120_000,
      },
    );

  it('exits 0, 2 and 1 as documented, and refuses while the data folder is locked', async () => {
    const dataDir = tmp();
    const good = join(dataDir, 'good.csv');
    writeFileSync(good, 'documento,nombre,correo,contraseña\n1234567,Ana,,clave-ana\n');
    const mixed = join(dataDir, 'mixed.csv');
    writeFileSync(
      mixed,
      'documento,nombre,correo,contraseña\n2345678,Beto,,clave-beto\nx,Malo,,\n',
    );

    const ok = run(['users.ts', 'import', good], { DATA_DIR: dataDir });
    expect(ok.stdout).toContain('Importados: 1. Rechazados: 0.');
    expect(ok.status).toBe(0);
    const partial = run(['users.ts', 'import', mixed], { DATA_DIR: dataDir });
    expect(partial.status).toBe(2);
    expect(partial.stderr).toContain('Línea 3');
    const usage = run(['users.ts', 'add', '--nope'], { DATA_DIR: dataDir });
    expect(usage.status).toBe(1);
    expect(usage.stderr).toContain('Opción desconocida: --nope');
    const report = run(['report.ts', '--csv'], { DATA_DIR: dataDir });
    expect(report.status).toBe(0);
    expect(report.stdout.split('\n')[0]).toBe(REPORT_COLUMNS.join(','));
    expect(report.stdout).toContain('2345678,Beto');

    const lock = await acquireDataDirLock(dataDir, 'server');
    try {
      const refused = run(['report.ts', '--csv'], { DATA_DIR: dataDir });
      expect(refused.status).toBe(1);
      expect(refused.stderr).toContain('está en uso por otro proceso');
      expect(refused.stderr).toContain('is in use by another process');
    } finally {
      lock.release();
    }
  }, 240_000);
});
