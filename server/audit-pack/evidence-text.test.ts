// What the registro and the audit pack say about each worker, read back from the PDFs as an
// auditor reads them (record 0264): the course content version on every row, accepted or not;
// the acceptance's tap time and receipt time; no «?» where a mark was meant; a completion on the
// day of ingreso read as such; the server's demo learner left out and counted apart; a worker a
// coordinator excluded listed by name with who marked them and when.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES, FULL_ROUTE, openTestDb, pdfPagesText, SHAPE } from '../test-support.ts';
import { createDemoLearner } from '../server.ts';
import { consoleFixture, type ConsoleFixture } from '../console/console-fixture.ts';
import { createUser, shippedCourseId, updateProgress } from '../db/store.ts';
import { recordActivity } from '../db/activity-store.ts';
import { recordAcceptance } from '../acceptance/store.ts';
import { publishStatement } from '../acceptance/published.ts';
import { keyFromDatabase } from '../acceptance/installation-key.ts';
import { shortVersion } from '../acceptance/summary.ts';
import { dateTime } from '../console/layout.ts';

const COURSE = shippedCourseId();
/** Today in Colombia, aaaa-mm-dd (the console's dates are Colombian calendar days). */
const todayCo = () => new Date(Date.now() - 5 * 3_600_000).toISOString().slice(0, 10);
const QUESTION = '¿Qué haces si ves un cable suelto?';
const OPTION = 'Aviso enseguida a mi jefe → y señalizo';

/** Text with every «¿…?» question removed: any «?» left is a mark the font could not print. */
const strayMarks = (text: string) => text.replace(/¿[^¿?]*\?/g, '').match(/\?/g) ?? [];

describe.each(ENGINES)('registro and audit pack, as read (%s)', (engine) => {
  let f: ConsoleFixture;
  let cookie: string;
  let registro: string;
  let pack: string;
  const device = new Date(Date.now() - 2 * 3_600_000);
  let received: Date;
  let shown: string;
  let excludedAt: Date;

  async function finished(
    document: string,
    name: string,
    version: string | null,
    fechaIngreso: string | null = null,
  ) {
    const user = await createUser(f.t.db, {
      document,
      name,
      obra: 'torre-norte',
      fechaIngreso,
      password: 'secreto123',
    });
    // An account made an hour ago, whose session began two minutes ago: the bounded time
    // (record 0259) keeps the session's 61 s.
    await f.t.db.query("UPDATE users SET created_at = now() - interval '1 hour' WHERE id = $1", [
      user.id,
    ]);
    if (version)
      await recordActivity(
        f.t.db,
        user.id,
        COURSE,
        undefined,
        [
          {
            questionId: 'm1-q1',
            question: QUESTION,
            option: OPTION,
            correctOption: OPTION,
            correct: true,
            contentVersion: version,
            answeredAt: new Date().toISOString(),
            latencyMs: 900,
          },
        ],
        [
          {
            id: `s-${document}`,
            startedAt: new Date(Date.now() - 120_000).toISOString(),
            seconds: 61,
          },
        ],
      );
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
    const demo = await finished('1000000001', 'Aprendiz de Prueba', 'curso-sst-v1aaaa');
    await f.t.db.query('UPDATE users SET demo = true WHERE id = $1', [demo.id]);
    const ana = await finished('71000001', 'Ana Łucja Núñez', 'curso-sst-v1aaaa', todayCo());
    await finished('71000002', 'Beto Sin Aceptar', 'curso-sst-v2bbbb');
    const ciro = await finished('71000003', 'Ciro Excluido', 'curso-sst-v2bbbb');
    // Only a statement published to the learner is sealed (record 0259).
    const text = 'Yo, Ana, recibí la inducción.';
    await publishStatement(f.t.db, ana.id, null, text);
    const stored = await recordAcceptance(f.t.db, await keyFromDatabase(f.t.db), {
      userId: ana.id,
      courseId: COURSE,
      cycle: undefined,
      text,
      deviceTime: device.toISOString(),
      sessionId: 'sesion-ana',
    });
    received = new Date(stored!.receivedAt);
    shown = stored!.shownVersion;
    // The coordinator's audited mark, from the learner's page.
    const page = await f.get(`/consola/aprendices/${ciro.id}`, cookie);
    expect(page.body).toContain('Entra en la población del paquete de auditoría');
    const marked = await f.post(
      `/consola/aprendices/${ciro.id}/excluir-auditoria`,
      cookie,
      { motivo: 'Cuenta de prueba del contratista' },
      page.body,
    );
    expect(marked.statusCode).toBe(303);
    const [mark] = await f.t.db.query<{ at: Date }>(
      'SELECT at FROM audit_exclusions WHERE user_id = $1',
      [ciro.id],
    );
    excludedAt = new Date(mark!.at);
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

  /** The text of one row: from the name to the next name (or the totals). */
  const rowOf = (text: string, name: string, next: string[]) => {
    const start = text.indexOf(name);
    expect(start).toBeGreaterThanOrEqual(0);
    const ends = next.map((n) => text.indexOf(n, start + 1)).filter((i) => i > start);
    return text.slice(start, ends.length ? Math.min(...ends) : undefined);
  };

  it('the registro names the content version on every row, accepted or not, beside the acceptance text', () => {
    const names = ['Ana Łucja Núñez', 'Beto Sin Aceptar', 'Ciro Excluido', 'Totales:'];
    const ana = rowOf(registro, 'Ana Łucja Núñez', names);
    expect(ana).toMatch(/contenido del curso v1aaaa \(\d{2}\/\d{2}\/\d{4}\)/);
    expect(ana).toContain(`texto mostrado ${shortVersion(shown)}`);
    const beto = rowOf(registro, 'Beto Sin Aceptar', names);
    expect(beto).toMatch(/contenido del curso v2bbbb \(\d{2}\/\d{2}\/\d{4}\)/);
    expect(beto).toContain('sin aceptación');
    expect(rowOf(registro, 'Ciro Excluido', names)).toMatch(/contenido del curso v2bbbb \(/);
  });

  it("the registro shows the worker's tap time and the server's receipt time", () => {
    expect(registro).toContain(
      `aceptó ${dateTime(device)} en su dispositivo, recibida por el servidor ${dateTime(received)}`,
    );
  });

  it('the registro leaves the demo learner out and counts it apart; the hours are named planned and recorded', () => {
    expect(registro).not.toContain('Aprendiz de Prueba');
    expect(registro).toContain('Totales: 3 aprendices · 1 con aceptación · 2 sin aceptación');
    expect(registro).toContain(
      'Fuera del registro: el usuario de prueba que crea el servidor (no es un trabajador), 1 ciclo completado en el periodo.',
    );
    expect(registro).toContain('Duración prevista del curso: 4 horas.');
    expect(registro).toContain('Tiempo registrado: 1 min');
    expect(registro).not.toContain('intensidad');
  });

  it('the pack counts the demo learner apart and lists the excluded worker with who and when', () => {
    expect(pack).toContain('Población: 2 aprendices registrados');
    expect(pack).toContain(
      'Fuera de la población: 1 usuario de prueba creado por el servidor (no es un trabajador), Aprendiz de Prueba — documento 1000000001; 1 trabajador excluido por un coordinador',
    );
    expect(pack).toContain(
      `Ciro Excluido — documento 71000003: excluido por Carla Coordinadora el ${dateTime(excludedAt)}. Motivo: Cuenta de prueba del contratista`,
    );
    expect(pack).not.toMatch(/\d+\. Aprendiz de Prueba/);
    expect(pack).not.toMatch(/\d+\. Ciro Excluido/);
    expect(pack).toContain('Duración prevista del curso: 4 horas.');
  });

  it('the pack names the content version for every worker and lists every version of the period', () => {
    const names = ['Ana Łucja Núñez —', 'Beto Sin Aceptar —', 'Anexo:'];
    const ana = rowOf(pack, 'Ana Łucja Núñez —', names);
    expect(ana).toMatch(/Contenido del curso: versión v1aaaa \(\d{2}\/\d{2}\/\d{4}\)/);
    expect(ana).toContain(`Texto de aceptación: versión ${shown.slice(0, 8)}`);
    const beto = rowOf(pack, 'Beto Sin Aceptar —', names);
    expect(beto).toMatch(/Contenido del curso: versión v2bbbb \(/);
    expect(beto).toContain('Texto de aceptación: ninguno aceptado');
    expect(pack).toMatch(
      /Versión v1aaaa \(curso-sst-v1aaaa\): primera respuesta registrada el \d{2}\/\d{2}\/\d{4}/,
    );
    expect(pack).toMatch(/Versión v2bbbb \(curso-sst-v2bbbb\): primera respuesta registrada el/);
  });

  it('a completion on the day of ingreso reads «el mismo día del ingreso»', () => {
    const ana = rowOf(pack, 'Ana Łucja Núñez —', ['Beto Sin Aceptar —', 'Anexo:']);
    expect(ana).toContain('(el mismo día del ingreso)');
    expect(ana).not.toContain('antes de la fecha de ingreso');
  });

  it('prints no «?» where a mark was meant, in the pack or the registro', () => {
    expect(pack).toContain(`${QUESTION} Respondió: «Aviso enseguida a mi jefe -> y señalizo»`);
    expect(strayMarks(pack)).toEqual([]);
    expect(strayMarks(registro)).toEqual([]);
  });

  it('the exclusion is in the audit log, and the learner page says who marked it and when', async () => {
    const [entry] = await f.t.db.query<{
      actor_name: string;
      target_name: string;
      details: unknown;
    }>(
      "SELECT actor_name, target_name, details FROM audit_log WHERE action = 'excluir-de-auditoria'",
    );
    expect(entry).toMatchObject({ actor_name: 'Carla Coordinadora', target_name: 'Ciro Excluido' });
    const details =
      typeof entry!.details === 'string' ? JSON.parse(entry!.details) : entry!.details;
    expect(details).toEqual({ motivo: 'Cuenta de prueba del contratista' });
    const [ciro] = await f.t.db.query<{ id: number }>(
      "SELECT id FROM users WHERE document = '71000003'",
    );
    const page = await f.get(`/consola/aprendices/${ciro!.id}`, cookie);
    expect(page.body).toContain(
      `Excluido por Carla Coordinadora el ${dateTime(excludedAt)}. Motivo: Cuenta de prueba del contratista`,
    );
  });

  it('the demo learner the server creates on its first start is marked as such', async () => {
    const fresh = await openTestDb(engine);
    try {
      await createDemoLearner(fresh.db, () => {});
      expect(
        await fresh.db.query('SELECT document, name, demo FROM users WHERE role = $1', [
          'aprendiz',
        ]),
      ).toEqual([{ document: '1000000001', name: 'Aprendiz de Prueba', demo: true }]);
    } finally {
      await fresh.cleanup();
    }
  });
});
