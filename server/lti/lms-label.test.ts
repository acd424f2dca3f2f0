// «vía LMS (…)» in the record (record 0296): the registro PDF and the Res. 0312 audit pack name
// the LMS a learner was linked through, by the registration's platform name; a learner linked
// through two LMSs names both, in the order they were linked; an LMS identity never linked, and a
// learner who came by no LMS, name none. Read back from the PDFs as an auditor reads them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES, FULL_ROUTE, pdfPagesText, SHAPE } from '../test-support.ts';
import { consoleFixture, type ConsoleFixture } from '../console/console-fixture.ts';
import { createUser, updateProgress } from '../db/store.ts';
import type { Queryable } from '../db/db.ts';
import { insertRegistration, type Registration } from './registrations.ts';

const registration = (db: Queryable, platformName: string, issuer: string) =>
  insertRegistration(db, {
    platformName,
    issuer,
    clientId: `cliente-${platformName}`,
    authUrl: `${issuer}/auth`,
    tokenUrl: `${issuer}/token`,
    jwksUrl: `${issuer}/jwks`,
    registeredVia: 'manual',
    deploymentIds: ['1'],
    createdByName: 'Carla Coordinadora',
  });

/** An LMS identity of `userId` (null: never linked), linked `minutesAgo` minutes ago. */
const ltiUser = (
  db: Queryable,
  reg: Registration,
  sub: string,
  userId: number | null,
  minutesAgo = 0,
) =>
  db.query(
    `INSERT INTO lti_users (registration_id, issuer, sub, user_id, name, linked_by, linked_at)
     VALUES ($1, $2, $3, $4, 'Nombre en el LMS', $5, now() - make_interval(mins => $6))`,
    [reg.id, reg.issuer, sub, userId, userId === null ? null : 'documento', minutesAgo],
  );

describe.each(ENGINES)('«vía LMS» in the registro and the audit pack (%s)', (engine) => {
  let f: ConsoleFixture;
  let cookie: string;
  const ids = new Map<string, number>();
  let registro: string;
  let pack: string;

  async function finished(document: string, name: string) {
    const user = await createUser(f.t.db, {
      document,
      name,
      obra: 'torre-norte',
      password: 'secreto123',
    });
    ids.set(name, user.id);
    await updateProgress(
      f.t.db,
      user.id,
      { score: 100, route: FULL_ROUTE, finalTerms: true },
      SHAPE,
    );
    return user;
  }

  beforeAll(async () => {
    process.env.CURSO_SST_SCRYPT_LOG2N ??= '10';
    f = await consoleFixture(engine);
    cookie = (await f.signIn())!;
    const moodle = await registration(f.t.db, 'Moodle', 'https://moodle.constructora.co');
    const canvas = await registration(f.t.db, 'Canvas', 'https://canvas.constructora.co');
    const ana = await finished('72000001', 'Ana Moodle');
    const beto = await finished('72000002', 'Beto Dos Plataformas');
    await finished('72000003', 'Ciro Sin LMS');
    await finished('72000004', 'Dora Sin Vincular');
    await ltiUser(f.t.db, moodle, 'ana-sub', ana.id);
    // Beto came first by Moodle, later by Canvas.
    await ltiUser(f.t.db, canvas, 'beto-canvas', beto.id, 5);
    await ltiUser(f.t.db, moodle, 'beto-moodle', beto.id, 60);
    // Dora's LMS identity was never linked to her (no proof yet): she came by no LMS.
    await ltiUser(f.t.db, canvas, 'dora-canvas', null);
    const from = new Date(Date.now() - 2 * 86_400_000).toISOString().slice(0, 10);
    const to = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    const r = await f.get(
      `/consola/registro.pdf?obra=torre-norte&desde=${from}&hasta=${to}`,
      cookie,
    );
    expect(r.statusCode).toBe(200);
    registro = await pdfPagesText(r.rawPayload);
    const p = await f.get(`/consola/auditoria-0312.pdf?desde=${from}&hasta=${to}`, cookie);
    expect(p.statusCode).toBe(200);
    pack = await pdfPagesText(p.rawPayload);
  }, 300_000);
  afterAll(async () => {
    await f?.close();
  });

  /** The text from `name` to the next of `next` (or the end). */
  const rowOf = (text: string, name: string, next: string[]) => {
    const start = text.indexOf(name);
    expect(start).toBeGreaterThanOrEqual(0);
    const ends = next.map((n) => text.indexOf(n, start + 1)).filter((i) => i > start);
    return text.slice(start, ends.length ? Math.min(...ends) : undefined);
  };

  it('the registro shows «vía LMS (…)» on the rows of learners linked through an LMS', () => {
    const names = [
      'Ana Moodle',
      'Beto Dos Plataformas',
      'Ciro Sin LMS',
      'Dora Sin Vincular',
      'Totales:',
    ];
    expect(rowOf(registro, 'Ana Moodle', names)).toContain('vía LMS (Moodle)');
    expect(rowOf(registro, 'Beto Dos Plataformas', names)).toContain('vía LMS (Moodle, Canvas)');
    expect(rowOf(registro, 'Ciro Sin LMS', names)).not.toContain('vía LMS');
    expect(rowOf(registro, 'Dora Sin Vincular', names)).not.toContain('vía LMS');
  });

  it('the audit pack shows it in each sampled worker’s evidence', () => {
    const names = [
      'Ana Moodle —',
      'Beto Dos Plataformas —',
      'Ciro Sin LMS —',
      'Dora Sin Vincular —',
      'Anexo:',
    ];
    expect(rowOf(pack, 'Ana Moodle —', names)).toContain('vía LMS (Moodle)');
    expect(rowOf(pack, 'Beto Dos Plataformas —', names)).toContain('vía LMS (Moodle, Canvas)');
    expect(rowOf(pack, 'Ciro Sin LMS —', names)).not.toContain('vía LMS');
    expect(rowOf(pack, 'Dora Sin Vincular —', names)).not.toContain('vía LMS');
  });

  it("the console's learner page says how the learner came, only when by an LMS", async () => {
    const beto = await f.get(`/consola/aprendices/${ids.get('Beto Dos Plataformas')!}`, cookie);
    expect(beto.body).toMatch(/<dt>Ingreso<\/dt><dd>vía LMS \(Moodle, Canvas\)<\/dd>/);
    const ciro = await f.get(`/consola/aprendices/${ids.get('Ciro Sin LMS')!}`, cookie);
    expect(ciro.statusCode).toBe(200);
    expect(ciro.body).not.toContain('vía LMS');
  });
});
