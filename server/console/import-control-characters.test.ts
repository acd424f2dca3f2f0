// A control character (NUL and the like) in a CSV cell refuses that row, with its line and a
// message, in the console import as in the CLI: never a server error (record 0266).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES } from '../test-support.ts';
import { consoleFixture, uploadCsv, type ConsoleFixture } from './console-fixture.ts';
import { getJob, importWorkerFor } from './import-jobs.ts';

const decode = (html: string) =>
  html.replace(/&#(\d+);/g, (_m, n: string) => String.fromCharCode(Number(n)));

describe.each(ENGINES)('import: control characters in a cell (%s)', (engine) => {
  let f: ConsoleFixture;
  let cookie: string;
  beforeAll(async () => {
    f = await consoleFixture(engine);
    cookie = (await f.signIn())!;
  }, 120_000);
  afterAll(() => f.close());

  const upload = (csv: string, fileName = 'lunes.csv') => uploadCsv(f, cookie, csv, { fileName });

  it('refuses the row with a NUL (or another control character) and imports the others', async () => {
    const csv =
      'documento,nombre,cargo,obra\n' +
      '7200001,Ana\u0000Nul,Oficial,\n' +
      '7200002,Beto Bien,Oficial,\n' +
      '7200003,Caro Tab,Ofi\u0007cial,\n' +
      '7200004,Dani Obra,Oficial,Obra\u0000Nueva\n' +
      '7200005,Eli \u2400 Símbolo,Oficial,\n';
    const submitted = await upload(csv);
    expect(submitted.statusCode).toBe(303);
    await importWorkerFor(f.t.db)!.wake();
    const id = Number(/\/(\d+)$/.exec(String(submitted.headers.location))![1]);
    const job = (await getJob(f.t.db, id))!;
    expect(job.state).toBe('terminado');
    expect(job.result!.imported).toBe(2);
    expect(job.result!.errors).toEqual([
      'Línea 2: contiene un carácter de control (NUL en la columna nombre)',
      'Línea 4: contiene un carácter de control (U+0007 en la columna cargo)',
      'Línea 5: contiene un carácter de control (NUL en la columna obra)',
    ]);
    const page = decode((await f.get(String(submitted.headers.location), cookie)).body);
    expect(page).toContain('Línea 2: contiene un carácter de control (NUL en la columna nombre)');
    // The row refused for its NUL is not offered as an obra to create.
    expect(job.unknownObras).toEqual([]);
    const names = await f.t.db.query<{ name: string }>(
      "SELECT name FROM users WHERE document LIKE '72000%' ORDER BY document",
    );
    // A printable «␀» is a character like any other: only the real NUL is refused.
    expect(names.map((r) => r.name)).toEqual(['Beto Bien', 'Eli \u2400 Símbolo']);
  });

  it('accepts a file whose name has a control character (the name is cleaned)', async () => {
    const submitted = await upload('documento,nombre\n7200006,Fabi Nombre\n', 'lu\u0000nes.csv');
    expect(submitted.statusCode).toBe(303);
    await importWorkerFor(f.t.db)!.wake();
    const id = Number(/\/(\d+)$/.exec(String(submitted.headers.location))![1]);
    const job = (await getJob(f.t.db, id))!;
    expect(job.fileName).toBe('lunes.csv');
    expect(job.result!.imported).toBe(1);
  });
});
