// The CSV import a coordinator can trust (decision 0055): encodings, headers, bad rows by line with
// the rest imported, progress, 500 rows; and the report's formula guard and byte-order mark.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES, openTestDb, SHAPE, type TestDb } from '../test-support.ts';
import { runUsers, importUsers } from './users.ts';
import { runReport } from './report.ts';
import { decodeCsv, parseCsvRows } from './csv-import.ts';
import { findCredentials, createUser } from '../db/store.ts';
import { verifyPassword } from '../security/passwords.ts';
import { generateImportCsv } from './import-fixture.ts';

const tmp = () => mkdtempSync(join(tmpdir(), 'curso-import-'));

function captureIo() {
  const out: string[] = [];
  const err: string[] = [];
  return { io: { out: (s: string) => out.push(s), err: (s: string) => err.push(s) }, out, err };
}

/** Windows-1252 bytes of a string made of Latin-1 characters (what Excel on Windows saves). */
const cp1252 = (text: string) => Buffer.from(text, 'latin1');

describe('decodeCsv', () => {
  it('reads UTF-8 with and without BOM, and Windows-1252', () => {
    expect(decodeCsv(Buffer.from('\uFEFFMaría', 'utf8'))).toEqual({
      text: 'María',
      encoding: 'utf-8-bom',
    });
    expect(decodeCsv(Buffer.from('María', 'utf8'))).toEqual({ text: 'María', encoding: 'utf-8' });
    // 0x80 is € in Windows-1252 (and a control character in Latin-1).
    expect(decodeCsv(Buffer.concat([cp1252('María Ñúñez '), Buffer.from([0x80])]))).toEqual({
      text: 'María Ñúñez €',
      encoding: 'windows-1252',
    });
  });

  it('refuses UTF-16 and bytes Windows-1252 does not define, naming the line', () => {
    const utf16 = decodeCsv(Buffer.from('\uFEFFdocumento', 'utf16le'));
    expect('error' in utf16 && utf16.error).toMatch(/^Línea 1: .*UTF-16/);
    const odd = decodeCsv(Buffer.from([0x61, 0x0a, 0x62, 0x0a, 0xe9, 0x81, 0x0a]));
    expect('error' in odd && odd.error).toMatch(/^Línea 3: .*0x81/);
  });
});

describe('parseCsvRows', () => {
  it('keeps an unbalanced quote to its own line', () => {
    const { rows } = parseCsvRows('a,b\n1,"Ana\n2,Beto\n3,"Carla ""C"""\n');
    expect(rows.map((r) => [r.line, r.error ? 'error' : r.fields.join('|')])).toEqual([
      [1, 'a|b'],
      [2, 'error'],
      [3, '2|Beto'],
      [4, '3|Carla "C"'],
    ]);
  });
});

describe.each(ENGINES)('import (%s)', (engine) => {
  let t: TestDb;
  beforeAll(async () => {
    t = await openTestDb(engine);
  }, 120_000);
  afterAll(async () => t?.cleanup());

  it('imports a Windows-1252 file: names intact, the contraseña column read, passwords kept', async () => {
    const file = join(tmp(), 'excel.csv');
    writeFileSync(
      file,
      cp1252(
        'documento;nombre;correo;contraseña\r\n71000001;María Ñúñez;maria@example.co;clave-maría\r\n',
      ),
    );
    const { io, out, err } = captureIo();
    expect(await runUsers(['import', file], io, t.db)).toBe(0);
    expect(err).toEqual([]);
    expect(out.join('\n')).toContain('Windows-1252');
    expect(out.join('\n')).not.toContain('contraseña generada');
    const [row] = await t.db.query<{ name: string }>(
      "SELECT name FROM users WHERE document = '71000001'",
    );
    expect(row!.name).toBe('María Ñúñez');
    const credentials = await findCredentials(t.db, { document: '71000001' });
    expect(await verifyPassword('clave-maría', credentials!.password_hash)).toBe(true);
  });

  it('stops, importing nothing, when the password column is not recognised', async () => {
    const { io, err } = captureIo();
    const summary = await importUsers(
      t.db,
      Buffer.from('documento,nombre,correo,contrase\uFFFDa\n72000001,Ana,,clave-ana\n', 'utf8'),
      io,
    );
    expect(summary).toBeNull();
    expect(err[0]).toMatch(/^Línea 1: no se reconoce la columna «contrase\uFFFDa»/);
    expect(err[0]).toContain('para no dejar sin contraseña');
    expect(await findCredentials(t.db, { document: '72000001' })).toBeNull();
  });

  it('reports every bad row by line (quotes, NUL, control characters) and imports the rest', async () => {
    const csv =
      'documento,nombre,correo,contraseña\n' +
      '73000001,Ana,,clave-ana\n' +
      '73000002,"Beto sin cerrar,,clave-beto\n' +
      '73000003,Carla,,clave-carla\n' +
      '73000004,Da\u0000vid,,clave-david\n' +
      '73000005,Eva,,cla\u0007ve-eva\n' +
      '73000006,Fabio,fabio@example.co,clave-fabio\n' +
      '73000007,Gina,FABIO@example.co,clave-gina\n';
    await createUser(t.db, {
      document: '73000006',
      name: 'Fabio Antes',
      email: null,
      password: 'antes-1',
    });
    const { io, out, err } = captureIo();
    const summary = await importUsers(t.db, Buffer.from(csv, 'utf8'), io);
    expect(err).toEqual([
      'Línea 3: tiene comillas sin cerrar (cada fila debe ocupar una sola línea)',
      'Línea 5: contiene un carácter de control (NUL en la columna nombre)',
      'Línea 6: contiene un carácter de control (U+0007 en la columna contraseña)',
      'Línea 8: el correo fabio@example.co está repetido en el archivo',
    ]);
    // Already registered is not an error (decision 0216): reported apart, on stdout.
    expect(out).toContain('Línea 7: ya inscrito 73000006 (Fabio); no se modificó.');
    expect(summary).toMatchObject({ imported: 2, rejected: 4 });
    expect(summary?.registered.map((r) => r.document)).toEqual(['73000006']);
    expect(out.at(-1)).toBe('Importados: 2. Ya inscritos: 1. Rechazados: 4.');
    expect(err.join('\n')).not.toMatch(/[A-Za-z]+Error|invalid byte|violates|duplicate key/);
  });

  it('imports 500 rows with a sprinkling of bad ones, printing progress as it goes', async () => {
    const { csv, good, bad } = generateImportCsv(500, { prefix: '74', badEvery: 50 });
    const lines: string[] = [];
    const io = {
      out: (s: string) => lines.push(`out ${s}`),
      err: (s: string) => lines.push(`err ${s}`),
    };
    const summary = await importUsers(t.db, Buffer.from(csv, 'utf8'), io);
    expect(summary).toMatchObject({ imported: good, rejected: bad });
    expect(good + bad).toBe(500);
    const progress = lines.filter((l) => /Contraseñas cifradas|Filas guardadas/.test(l));
    expect(progress.length).toBeGreaterThanOrEqual(10);
    // Progress comes before the summary, while it runs.
    expect(lines.findIndex((l) => l.includes('Filas guardadas'))).toBeLessThan(
      lines.findIndex((l) => l.includes('Importados:')),
    );
    const [count] = await t.db.query<{ n: number }>(
      "SELECT count(*)::integer AS n FROM users u JOIN progress p ON p.user_id = u.id WHERE u.document LIKE '74%'",
    );
    expect(count!.n).toBe(good);
  }, 60_000);

  it('the report guards every formula-looking cell and writes a BOM only to a file', async () => {
    await createUser(t.db, {
      document: '-1-1',
      name: '=HYPERLINK("x")',
      email: null,
      password: 'clave-1',
    });
    await createUser(t.db, { document: '+57', name: '@Ana', email: null, password: 'clave-2' });
    const { io, out } = captureIo();
    expect(await runReport(['--csv'], io, t.db, SHAPE)).toBe(0);
    const text = out.join('\n');
    expect(text.charCodeAt(0)).not.toBe(0xfeff);
    expect(text).toContain(`'-1-1,"'=HYPERLINK(""x"")"`);
    expect(text).toContain(`'+57,'@Ana`);
    const file = join(tmp(), 'reporte.csv');
    expect(await runReport(['--csv', '--out', file], captureIo().io, t.db, SHAPE)).toBe(0);
    const bytes = readFileSync(file);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  });
});
