// The console's bad-input table (decision 0182): every malformed query parameter on the learners
// table, the CSV export, the registro, the learner page and the audit log is a 400 HTML page that
// names the parameter (and is logged), never a 500 or JSON; unknown /consola paths are a 404
// page, never the learner app.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { ENGINES, openTestDb, testApp, type TestDb } from '../test-support.ts';
import { createUser, issueToken } from '../db/store.ts';
import { isRealDate } from './console-context.ts';
import { ANDINA } from './console-fixture.ts';

/** Query strings that must each be refused, on the table and on the CSV export. */
const TABLE_PROBES = [
  'orden=constructor',
  'orden=__proto__',
  'orden=toString',
  'orden=hasOwnProperty',
  'orden=valueOf',
  'orden=nombre%27--',
  'dir=arriba',
  'estado=borrado',
  'estado=__proto__',
  'pagina=180000000000000000',
  'pagina=1.8e17',
  'pagina=9007199254740993',
  'pagina=0',
  'pagina=-1',
  'pagina=1e3',
  'pagina=abc',
  'pagina=2.5',
  'pagina=1&pagina=2',
  'q=%00',
  'q=ana%00',
  'q=a%01b',
  'q=a&q=b',
  'obra=%00',
  'obra=torre%00norte',
  'contratista=%00',
  `q=${'x'.repeat(121)}`,
  'desde=2024-02-30',
  'desde=0000-01-01',
  'desde=2023-02-29',
  'desde=2026-13-01',
  'desde=2026-00-10',
  'desde=2026-01-32',
  'desde=2026-1-1',
  'desde=hoy',
  'hasta=2024-02-30',
  'hasta=0000-01-01',
];

/** Query strings the table accepts (the same parameters, well formed). */
const TABLE_ACCEPTED = [
  '',
  'orden=documento&dir=desc',
  'pagina=2',
  'pagina=1000000',
  'q=Ana',
  'obra=torre-norte',
  'desde=2024-02-29&hasta=2026-12-31',
  'desde=0001-01-01',
  'estado=completado',
  'estado=inactivo',
  'orden=&dir=&estado=&desde=&hasta=&q=',
];

const REGISTRO = '/consola/registro.pdf';
const REGISTRO_PROBES = [
  'obra=torre-norte&desde=2024-02-30&hasta=2024-03-31',
  'obra=torre-norte&desde=0000-01-01&hasta=2024-03-31',
  'obra=torre-norte&desde=2024-01-01&hasta=2026-02-29',
  'obra=torre-norte&desde=2024-01-01&hasta=9999-99-99',
  'obra=%00&desde=2024-01-01&hasta=2024-03-31',
  'obra=torre%00norte&desde=2024-01-01&hasta=2024-03-31',
  'obra=constructor&desde=2024-01-01&hasta=2024-03-31',
  'obra=torre-norte&desde=2024-01-01%00&hasta=2024-03-31',
  'obra=torre-norte&obra=puente-sur&desde=2024-01-01&hasta=2024-03-31',
];

describe.each(ENGINES)('console bad-input table (%s)', (engine) => {
  let t: TestDb;
  let app: FastifyInstance;
  let token: string;
  let learnerId: number;
  const logs: string[] = [];

  const get = (url: string) =>
    app.inject({ method: 'GET', url, headers: { authorization: token } });

  beforeAll(async () => {
    t = await openTestDb(engine);
    app = await testApp(t.db, {
      console: { config: ANDINA, course: { title: 'Inducción SST', hours: 4 } },
      logger: { level: 'warn', stream: { write: (line: string) => logs.push(line) } },
    });
    const coordinator = await createUser(t.db, {
      document: 'C-300',
      name: 'Carla Coordinadora',
      password: 'clave-coord',
      role: 'coordinador',
    });
    token = await issueToken(t.db, coordinator.id, 3_600_000, 'consola');
    learnerId = (
      await createUser(t.db, { document: '3003003003', name: 'Ana Pérez', password: 'secreto123' })
    ).id;
  }, 120_000);

  afterAll(async () => {
    await app?.close();
    await t?.cleanup();
  });

  const expectBadPage = async (url: string) => {
    const response = await get(url);
    expect({ url, status: response.statusCode }).toEqual({ url, status: 400 });
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.body).toContain('Solicitud no válida');
    expect(response.body).not.toContain('"success"');
  };

  it.each(TABLE_PROBES)('the learners table refuses ?%s with a 400 page', async (probe) => {
    await expectBadPage(`/consola/aprendices?${probe}`);
  });

  it.each(TABLE_PROBES)('the CSV export refuses ?%s with a 400 page', async (probe) => {
    await expectBadPage(`/consola/exportar.csv?${probe}`);
  });

  it.each(REGISTRO_PROBES)('the registro refuses ?%s with a 400 page', async (probe) => {
    await expectBadPage(`${REGISTRO}?${probe}`);
  });

  it('the learner page and the audit log refuse their malformed parameters', async () => {
    for (const probe of ['ciclo=abc', 'ciclo=%00', 'ciclo=1e3', 'ciclo=-1', 'ciclo=1&ciclo=2'])
      await expectBadPage(`/consola/aprendices/${learnerId}?${probe}`);
    for (const probe of ['pagina=1.8e17', 'pagina=constructor', 'pagina=0', 'pagina=%00'])
      await expectBadPage(`/consola/auditoria?${probe}`);
    expect((await get(`/consola/aprendices/${learnerId}?ciclo=1`)).statusCode).toBe(200);
    expect((await get('/consola/auditoria?pagina=999999')).statusCode).toBe(200);
  });

  it('accepts the same parameters well formed', async () => {
    for (const query of TABLE_ACCEPTED) {
      expect({ query, status: (await get(`/consola/aprendices?${query}`)).statusCode }).toEqual({
        query,
        status: 200,
      });
      expect((await get(`/consola/exportar.csv?${query}`)).statusCode).toBe(200);
    }
    const pdf = await get(`${REGISTRO}?obra=torre-norte&desde=2024-02-29&hasta=2026-12-31`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toMatch(/^application\/pdf/);
    // A reversed period or a missing obra is the form again (422), not a bad parameter.
    expect(
      (await get(`${REGISTRO}?obra=torre-norte&desde=2026-05-01&hasta=2026-01-01`)).statusCode,
    ).toBe(422);
    expect((await get(`${REGISTRO}?desde=2026-01-01&hasta=2026-05-01`)).statusCode).toBe(422);
  });

  it('logs each refusal with the parameter it named', async () => {
    logs.length = 0;
    await get('/consola/aprendices?orden=constructor');
    const entry = logs
      .map((l) => JSON.parse(l) as Record<string, unknown>)
      .find((l) => l.parameter);
    expect(entry).toMatchObject({ parameter: 'orden', msg: 'console bad parameter' });
  });

  it('answers unknown /consola paths with a 404 page, never the learner app', async () => {
    for (const path of [
      '/consola/nada',
      '/consola/aprendices/1/nada',
      '/consola/x/y/z',
      '/consola/estilo.css',
    ]) {
      const response = await get(path);
      expect({ path, status: response.statusCode }).toEqual({ path, status: 404 });
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.body).toContain('Página no encontrada');
    }
    // Outside /consola the app's history fallback is unchanged (no web build here: 503 page).
    expect((await get('/consolas')).statusCode).not.toBe(404);
  });
});

describe('isRealDate', () => {
  it('knows the calendar', () => {
    expect(
      ['2024-02-29', '2000-02-29', '0001-01-01', '9999-12-31', '2026-04-30'].map(isRealDate),
    ).toEqual([true, true, true, true, true]);
    expect(
      [
        '2024-02-30',
        '1900-02-29',
        '2023-02-29',
        '0000-01-01',
        '2026-04-31',
        '2026-13-01',
        '26-01-01',
      ].map(isRealDate),
    ).toEqual([false, false, false, false, false, false, false]);
  });
});
