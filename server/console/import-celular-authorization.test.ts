// Decision 0239: a CSV that carries celulares is imported only when the coordinator confirms the
// company holds each worker's authorization for it; the confirmation is in the audit log.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES } from '../test-support.ts';
import { consoleFixture, uploadCsv, type ConsoleFixture } from './console-fixture.ts';
import { importWorkerFor } from './import-jobs.ts';

const decode = (html: string) =>
  html.replace(/&#(\d+);/g, (_m, n: string) => String.fromCharCode(Number(n)));

describe.each(ENGINES)('import: celular authorization (%s)', (engine) => {
  let f: ConsoleFixture;
  let cookie: string;
  beforeAll(async () => {
    f = await consoleFixture(engine);
    cookie = (await f.signIn())!;
  }, 120_000);
  afterAll(() => f.close());

  const upload = (csv: string, fields: Record<string, string> = {}) =>
    uploadCsv(f, cookie, csv, { fields });

  const authorizations = () =>
    f.t.db.query<{ actor_name: string; details: Record<string, unknown> }>(
      "SELECT actor_name, details FROM audit_log WHERE action = 'autorizacion-celular' ORDER BY id",
    );
  const withCelular =
    'documento,nombre,celular\n7100001,Ana Cel,3001234567\n7100002,Beto Cel,\n7100003,Caro Cel,3109876543\n';

  it('offers the confirmation on the import form', async () => {
    const form = decode((await f.get('/consola/importar', cookie)).body);
    expect(form).toContain('name="autorizacion-celular"');
    expect(form).toContain(
      'Confirmo que la empresa tiene la autorización de cada trabajador para usar su celular',
    );
  });

  it('refuses a file with celulares without the confirmation, and imports nothing', async () => {
    const refused = await upload(withCelular);
    expect(refused.statusCode).toBe(422);
    expect(decode(refused.body)).toContain(
      'No se importó nada: el archivo trae el celular de 2 trabajadores. Marca la casilla',
    );
    expect(await f.t.db.query('SELECT 1 FROM import_jobs')).toHaveLength(0);
    expect(await authorizations()).toHaveLength(0);
  });

  it('imports it with the confirmation and records who confirmed, for which file', async () => {
    const accepted = await upload(withCelular, { 'autorizacion-celular': 'si' });
    expect(accepted.statusCode).toBe(303);
    await importWorkerFor(f.t.db)!.wake();
    const result = decode((await f.get(String(accepted.headers.location), cookie)).body);
    expect(result).toContain('Importados: 3.');
    const jobId = Number(/\/(\d+)$/.exec(String(accepted.headers.location))![1]);
    const rows = await authorizations();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.actor_name).toBe('Carla Coordinadora');
    expect(rows[0]!.details).toEqual({
      importacion: jobId,
      archivo: 'lunes.csv',
      filas_con_celular: 2,
    });
    // The audit log never holds a number.
    expect(JSON.stringify(rows)).not.toContain('3001234567');
    const audit = decode((await f.get('/consola/auditoria', cookie)).body);
    expect(audit).toContain('Confirmó la autorización de los celulares (importación)');
  });

  it('needs no confirmation when the celular column is empty or absent', async () => {
    const empty = await upload('documento,nombre,celular\n7100004,Dani Sin,\n');
    expect(empty.statusCode).toBe(303);
    const absent = await upload('documento,nombre\n7100005,Eli Sin\n');
    expect(absent.statusCode).toBe(303);
    expect(await authorizations()).toHaveLength(1);
  });
});
