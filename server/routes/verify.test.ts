// /verificar/<código> says whether a certificate stands (record 0260): a deactivated worker's
// certificate and one whose cycle a reinducción archived read «Anulada» with why (410), never
// «Certificado válido»; a standing one shows what the gate shows (obra, masked document,
// completion and reinducción due dates) and the issuing company; one of the demonstration
// installation reads «Certificado de ejemplo — sin validez». The gate page asks the same with
// Accept: application/json (the standing and the company's name).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import {
  ENGINES,
  openTestDb,
  signedInLearner,
  testApp,
  type TestClient,
  type TestDb,
} from '../test-support.ts';
import { readConfiguration, withEnv } from '../../course-files/read-config.ts';
import { startReinduction } from '../console/reinduction.ts';
import { addMonths, colombiaDay } from '../../src/domain/gate/statement.ts';
import { spanishDay } from '../../src/domain/gate/standing.ts';
import type { CertificateIssuer } from '../context.ts';
import { ANDINA } from '../console/console-fixture.ts';

/** A real company (not the demonstration file): its certificates can be valid. */
const DEMO = readConfiguration(withEnv({}), { firstObra: true }).config;
const ACTOR = { userId: null, name: 'Coordinadora de prueba' };
/** Company 1, named at the first start after the configuration the first server was given. */
const FIRST_COMPANY = ANDINA.empresa.nombre;
const issuer: CertificateIssuer = async ({ code }) => ({ url_file: `/certificados/${code}.pdf` });

describe.each(ENGINES)('/verificar says whether a certificate stands (%s)', (engine) => {
  let t: TestDb;
  let app: FastifyInstance;
  let demoApp: FastifyInstance;

  beforeAll(async () => {
    process.env.CURSO_SST_SCRYPT_LOG2N ??= '10';
    t = await openTestDb(engine);
    app = await testApp(t.db, { certificateIssuer: issuer, console: { config: ANDINA } });
    demoApp = await testApp(t.db, { certificateIssuer: issuer, console: { config: DEMO } });
  }, 120_000);

  afterAll(async () => {
    await app?.close();
    await demoApp?.close();
    await t?.cleanup();
  });

  /** A learner who completed the course and asked for the certificate; its code. */
  async function certified(document: string, name: string) {
    const { user, client } = await signedInLearner(
      app,
      t.db,
      { document, name },
      { complete: true },
    );
    const issued = await app.inject({
      method: 'GET',
      url: '/api/v1/download-certificate',
      headers: (client as TestClient).headers(),
    });
    expect(issued.json()).toMatchObject({ success: true });
    const [row] = await t.db.query<{ code: string; completed_at: Date | string }>(
      'SELECT code, completed_at FROM certificates WHERE user_id = $1',
      [user.id],
    );
    return { user, code: row!.code, completedOn: colombiaDay(new Date(row!.completed_at)) };
  }

  const page = (code: string, on = app) => on.inject({ method: 'GET', url: `/verificar/${code}` });
  const standing = (code: string) =>
    app.inject({
      method: 'GET',
      url: `/verificar/${code}`,
      headers: { accept: 'application/json' },
    });

  it('a standing certificate shows obra, masked document, completion and reinducción due dates', async () => {
    const { user, code, completedOn } = await certified('1098700001', 'Ana Vigente Ruiz');
    await t.db.query("UPDATE users SET obra = 'puente-sur' WHERE id = $1", [user.id]);
    const response = await page(code);
    expect(response.statusCode).toBe(200);
    const html = response.body;
    expect(html).toContain('Certificado válido');
    expect(html).toContain('Ana Vigente Ruiz');
    expect(html).toContain('Puente Sur');
    expect(html).toContain(`Emitido por</dt><dd class="issuer">${FIRST_COMPANY}`);
    expect(html).toContain('***0001');
    expect(html).not.toContain('1098700001');
    expect(html).toContain(`Fecha de finalización</dt><dd>${spanishDay(completedOn)}`);
    expect(html).toContain(
      `Reinducción hasta</dt><dd>${spanishDay(addMonths(completedOn, ANDINA.reinduccion.periodoMeses))}`,
    );
    expect((await standing(code)).json()).toEqual({ state: 'valid', company: FIRST_COMPANY });
  });

  it('a deactivated worker’s certificate reads «Anulada» with why, never «Certificado válido»', async () => {
    const { user, code } = await certified('1098700002', 'Beto Retirado Gil');
    await t.db.query('UPDATE users SET active = false, deactivated_at = now() WHERE id = $1', [
      user.id,
    ]);
    const today = colombiaDay(new Date());
    const response = await page(code);
    expect(response.statusCode).toBe(410);
    expect(response.body).toContain('<h1>Anulada</h1>');
    expect(response.body).toContain(`El trabajador fue desactivado el ${spanishDay(today)}.`);
    expect(response.body).not.toMatch(/válid/i);
    const json = await standing(code);
    expect(json.statusCode).toBe(410);
    expect(json.json()).toEqual({
      company: FIRST_COMPANY,
      state: 'annulled',
      reasons: [{ kind: 'deactivated', on: today }],
    });
  });

  it('a certificate replaced by a reinducción reads «Anulada» with its date', async () => {
    const { user, code } = await certified('1098700003', 'Carla Reinducida Paz');
    await startReinduction(t.db, ACTOR, 'curso-sst', { userId: user.id });
    const today = colombiaDay(new Date());
    const response = await page(code);
    expect(response.statusCode).toBe(410);
    expect(response.body).toContain('<h1>Anulada</h1>');
    expect(response.body).toContain(
      `Se inició una reinducción el ${spanishDay(today)}: este certificado fue reemplazado.`,
    );
    expect(response.body).not.toMatch(/válid/i);
    expect((await standing(code)).json()).toEqual({
      company: FIRST_COMPANY,
      state: 'annulled',
      reasons: [{ kind: 'reinduction', on: today }],
    });
  });

  it('a certificate of the demonstration installation reads «Certificado de ejemplo — sin validez»', async () => {
    const { code } = await certified('1098700004', 'Diego Ejemplo Mora');
    const response = await page(code, demoApp);
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<h1>Certificado de ejemplo — sin validez</h1>');
    expect(response.body).not.toMatch(/válid/i);
    const json = await demoApp.inject({
      method: 'GET',
      url: `/verificar/${code}`,
      headers: { accept: 'application/json' },
    });
    expect(json.json()).toEqual({ state: 'sample', company: FIRST_COMPANY });
  });

  it('an unknown code still answers 404, as a page or as JSON', async () => {
    expect((await page('SST-ZZZZ-ZZZZ-ZZZZ')).statusCode).toBe(404);
    const json = await standing('SST-ZZZZ-ZZZZ-ZZZZ');
    expect(json.statusCode).toBe(404);
    expect(json.json()).toEqual({ state: 'unknown' });
  });
});
