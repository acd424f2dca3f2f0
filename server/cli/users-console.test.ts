// `users add --rol coordinador` and the learner fields the console filters by (contratista, cargo, fecha de
// ingreso; CSV columns obra,contratista,cargo,fecha_ingreso with dd/mm/aaaa or aaaa-mm-dd), and
// the CLI going through a running server that holds the PGlite lock (decision 0113).
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ENGINES, openTestDb, type TestDb } from '../test-support.ts';
import { runUsers } from './users.ts';
import { forwardUsers } from './forward.ts';
import { parseFecha } from './learner-fields.ts';
import { startServer } from '../server.ts';
import { ADMIN_FILE } from '../console/admin-file.ts';

function captureIo() {
  const out: string[] = [];
  const err: string[] = [];
  return { io: { out: (s: string) => out.push(s), err: (s: string) => err.push(s) }, out, err };
}

describe('fecha de ingreso', () => {
  it('reads dd/mm/aaaa and aaaa-mm-dd, refusing dates that do not exist', () => {
    expect(parseFecha('15/01/2026')).toBe('2026-01-15');
    expect(parseFecha('5/1/2026')).toBe('2026-01-05');
    expect(parseFecha('2026-01-15')).toBe('2026-01-15');
    expect(parseFecha('31/02/2026')).toBeNull();
    expect(parseFecha('01/15/2026')).toBeNull();
    expect(parseFecha('ayer')).toBeNull();
  });
});

describe.each(ENGINES)('users: roles and learner fields (%s)', (engine) => {
  let t: TestDb;
  beforeAll(async () => {
    t = await openTestDb(engine);
  }, 120_000);
  afterAll(async () => t?.cleanup());

  it('adds a coordinator and a learner with contratista, cargo and fecha de ingreso', async () => {
    const { io, out } = captureIo();
    expect(
      await runUsers(
        [
          'add',
          '--document',
          'C-1',
          '--name',
          'Carla Coord',
          '--password',
          'clave-123',
          '--rol',
          'coordinador',
        ],
        io,
        t.db,
      ),
    ).toBe(0);
    expect(out.at(-1)).toMatch(/rol coordinador\)\.$/);
    expect(
      await runUsers(
        [
          'add',
          '--document',
          'L-1',
          '--name',
          'Luis',
          '--password',
          'clave-123',
          '--contratista',
          'Andamios SAS',
          '--cargo',
          'Oficial',
          '--fecha-ingreso',
          '02/03/2026',
        ],
        io,
        t.db,
      ),
    ).toBe(0);
    const rows = await t.db.query<Record<string, unknown>>(
      "SELECT document, role, contratista, cargo, fecha_ingreso::text AS fecha FROM users WHERE document IN ('C-1', 'L-1') ORDER BY document",
    );
    expect(rows).toEqual([
      { document: 'C-1', role: 'coordinador', contratista: null, cargo: null, fecha: null },
      {
        document: 'L-1',
        role: 'aprendiz',
        contratista: 'Andamios SAS',
        cargo: 'Oficial',
        fecha: '2026-03-02',
      },
    ]);
    const bad = captureIo();
    expect(
      await runUsers(
        ['add', '--document', 'X-1', '--name', 'X', '--password', 'clave-123', '--rol', 'jefe'],
        bad.io,
        t.db,
      ),
    ).toBe(1);
    expect(bad.err[0]).toContain('rol inválido «jefe»');
    const [logged] = await t.db.query<{ n: number }>(
      "SELECT count(*)::integer AS n FROM audit_log WHERE action = 'crear-usuario' AND actor_name LIKE 'Administrador%'",
    );
    expect(logged!.n).toBe(2);
  });

  it('imports the optional columns, and old files without them still import', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'curso-cols-'));
    const withColumns = join(dir, 'nuevo.csv');
    writeFileSync(
      withColumns,
      'documento,nombre,correo,contraseña,contratista,cargo,fecha_ingreso\n' +
        'N-1,Nora,,clave-123,Eléctricos Ltda,Electricista,2026-02-10\n' +
        'N-2,Nico,,clave-123,,Ayudante,10/02/2026\n' +
        'N-3,Nadia,,clave-123,,,2026-13-01\n',
    );
    const { io, err } = captureIo();
    expect(await runUsers(['import', withColumns], io, t.db)).toBe(2);
    expect(err).toEqual([
      'Línea 4: fecha de ingreso inválida «2026-13-01» (dd/mm/aaaa o aaaa-mm-dd)',
    ]);
    const rows = await t.db.query<Record<string, unknown>>(
      "SELECT document, contratista, cargo, fecha_ingreso::text AS fecha FROM users WHERE document LIKE 'N-%' ORDER BY document",
    );
    expect(rows).toEqual([
      {
        document: 'N-1',
        contratista: 'Eléctricos Ltda',
        cargo: 'Electricista',
        fecha: '2026-02-10',
      },
      { document: 'N-2', contratista: null, cargo: 'Ayudante', fecha: '2026-02-10' },
    ]);
    const old = join(dir, 'viejo.csv');
    writeFileSync(old, 'documento,nombre,correo,contraseña\nO-1,Olga,,clave-123\n');
    expect(await runUsers(['import', old], captureIo().io, t.db)).toBe(0);
  });
});

describe('users while the server holds the PGlite lock', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'curso-channel-'));
  let server: Awaited<ReturnType<typeof startServer>> | null = null;
  afterAll(async () => {
    await server?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('goes through the running server, and opening the folder directly is refused', async () => {
    const printed: string[] = [];
    server = await startServer({
      host: '127.0.0.1',
      port: 0,
      dataDir,
      print: (line) => printed.push(line),
      app: { webDir: null, lmsPreviewDir: null },
    });
    expect(printed.join('\n')).toContain('aún no hay coordinador');
    expect(existsSync(join(dataDir, ADMIN_FILE))).toBe(true);
    const env = { DATA_DIR: dataDir } as NodeJS.ProcessEnv;

    const argv = [
      'add',
      '--document',
      'C-9',
      '--name',
      'Coord Nueve',
      '--password',
      'clave-123',
      '--rol',
      'coordinador',
    ];
    const first = captureIo();
    expect(await forwardUsers(argv, first.io, env)).toBe(0);
    expect(first.out).toEqual([
      'Usuario creado: Coord Nueve (documento C-9, id 2, rol coordinador).',
    ]);
    // Stored in the server's database: the same document again is a duplicate.
    const again = captureIo();
    expect(await forwardUsers(argv, again.io, env)).toBe(1);
    expect(again.err.at(-1)).toBe('No se creó el usuario: Ya existe un usuario con ese documento.');

    // Opening the folder directly is what the lock refuses.
    vi.stubEnv('DATA_DIR', dataDir);
    vi.stubEnv('DATABASE_URL', '');
    const direct = captureIo();
    expect(await runUsers(argv, direct.io)).toBe(1);
    expect(direct.err[0]).toContain('está en uso');
    vi.unstubAllEnvs();

    const csv = join(dataDir, 'e.csv');
    writeFileSync(csv, 'documento,nombre,correo,contraseña,obra\nF-1,Fede,,clave-123,\nF-2,,,,\n');
    const imported = captureIo();
    expect(await forwardUsers(['import', csv], imported.io, env)).toBe(2);
    expect(imported.out.at(-1)).toBe('Importados: 1. Rechazados: 1.');

    await server.close();
    server = null;
    // Stopped: the file is gone and the CLI opens the folder itself.
    expect(existsSync(join(dataDir, ADMIN_FILE))).toBe(false);
    expect(await forwardUsers(argv, captureIo().io, env)).toBeNull();
    // A server start, two stops and three CLI round trips: more than 20 s on a loaded machine (docs/decisions/0155).
  }, 90_000);
});
