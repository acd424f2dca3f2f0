// Seals that never pass an invented row (decision 0258), as the coordinator and an auditor read
// them: the console's learner page and the registro's text. A database user without the key
// invents a key row to relabel an edited acceptance, or invents an acceptance under an invented
// key id; rows under an older key of the file stay checked after a rotation; the newest
// acceptances deleted, or the table emptied, are reported with the period; an edited shown text
// is reported and never printed as if genuine.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import {
  ENGINES,
  openTestDb,
  pdfPagesText,
  signedInLearner,
  testApp,
  type Engine,
  type TestDb,
} from '../test-support.ts';
import { createUser, issueToken } from '../db/store.ts';
import { shortDate } from '../console/layout.ts';
import { buildPack, packPdf } from '../audit-pack/pack.ts';
import { keyFromDatabase, keyFromSecret, parseKeyFile } from './installation-key.ts';
import { shownText } from './store.ts';
import { ANDINA } from '../console/console-fixture.ts';

const INVENTED = 'deadbeef';
const secretLine = () => `${randomBytes(32).toString('base64')}\n`;

interface Bench {
  t: TestDb;
  app: FastifyInstance;
  /** Further instances on the same database, closed first. */
  others: FastifyInstance[];
  token: string;
  dir: string;
}

const benches: Bench[] = [];
afterEach(async () => {
  for (const b of benches.splice(0)) {
    for (const other of b.others) await other.close();
    await b.app.close();
    await b.t.cleanup();
    rmSync(b.dir, { recursive: true, force: true });
  }
});

/** A database, an app (key file when `keyFile` holds text, else the database) and a coordinator. */
async function bench(engine: Engine, keyFile?: string): Promise<Bench & { keyPath: string }> {
  const t = await openTestDb(engine);
  const dir = mkdtempSync(join(tmpdir(), 'sellos-'));
  const keyPath = join(dir, 'clave');
  if (keyFile !== undefined) writeFileSync(keyPath, keyFile, { mode: 0o600 });
  const app = await openApp(t, keyFile === undefined ? undefined : keyPath);
  const coordinator = await createUser(t.db, {
    document: 'C-100',
    name: 'Carla Coordinadora',
    password: 'clave-coord',
    role: 'coordinador',
  });
  const token = await issueToken(t.db, coordinator.id, 3_600_000, 'consola');
  const b = { t, app, others: [], token, dir };
  benches.push(b);
  return { ...b, keyPath };
}

const openApp = (t: TestDb, keyPath: string | undefined) =>
  testApp(t.db, {
    console: { config: ANDINA, course: { title: 'Inducción SST', hours: 4 } },
    ...(keyPath ? { installationKeyFile: keyPath } : {}),
  });

/** A learner who completed the course; `accept` sends their acceptance. */
async function completed(app: FastifyInstance, b: Bench, document: string) {
  const { user, client } = await signedInLearner(
    app,
    b.t.db,
    { document, name: `Obrero ${document}` },
    { complete: true },
  );
  const accept = async () => {
    // Only a statement the server published to the learner is sealed (record 0259).
    const text: string = (await client.post('me')).json().user.acceptanceStatement;
    const sent = await client.post('record-acceptance', {
      text,
      deviceTime: '2026-11-26T10:00:00.000-05:00',
      sessionId: `session-${document}`,
      cycle: 1,
    });
    expect(sent.statusCode).toBe(200);
  };
  return { id: user.id, accept };
}

/** A learner who completed the course and accepted. */
async function learner(app: FastifyInstance, b: Bench, document: string) {
  const { id, accept } = await completed(app, b, document);
  await accept();
  return id;
}

/** The learner page's text, tags removed. */
async function learnerPage(b: Bench, id: number, app = b.app): Promise<string> {
  const page = await app.inject({
    method: 'GET',
    url: `/consola/aprendices/${id}`,
    headers: { authorization: b.token },
  });
  expect(page.statusCode).toBe(200);
  return page.body.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');
}

/** The registro's text for this year, as pdf.js extracts it. */
async function registro(b: Bench, app = b.app): Promise<string> {
  const today = new Date().toISOString().slice(0, 10);
  const response = await app.inject({
    method: 'GET',
    url: `/consola/registro.pdf?obra=torre-norte&desde=2026-01-01&hasta=${today}`,
    headers: { authorization: b.token },
  });
  expect(response.statusCode).toBe(200);
  return pdfPagesText(response.rawPayload);
}

/** Runs `sql` with a table's guard trigger off, as the table owner can. */
async function asOwner(db: TestDb['db'], table: string, trigger: string, sql: string, args = []) {
  await db.query(`ALTER TABLE ${table} DISABLE TRIGGER ${trigger}`);
  try {
    await db.query(sql, args);
  } finally {
    await db.query(`ALTER TABLE ${table} ENABLE TRIGGER ${trigger}`);
  }
}

const acceptanceOf = async (db: TestDb['db'], userId: number) =>
  (
    await db.query<{ id: number; seal: string }>(
      'SELECT id, seal FROM acceptances WHERE user_id = $1',
      [userId],
    )
  )[0]!;

// Each case builds its own database (they delete and truncate): slower than a shared one.
const SLOW = 120_000;

describe.each(ENGINES)('seals that never pass an invented row (%s)', (engine) => {
  describe.each([
    ['key file', secretLine()],
    ['database', undefined],
  ] as const)('with the key in the %s', (mode, keyFile) => {
    it(
      'an invented key row relabelling an edited acceptance, and an invented acceptance 20 days back, read «CLAVE DESCONOCIDA»',
      async () => {
        const b = await bench(engine, keyFile);
        const edited = await learner(b.app, b, '81000001');
        const invented = (await completed(b.app, b, '81000002')).id;
        // A key row with an invented id; in database mode with a real secret of its own too.
        const attackerSecret = randomBytes(32);
        await b.t.db.query('INSERT INTO installation_keys (key_id, secret) VALUES ($1, $2)', [
          INVENTED,
          attackerSecret.toString('base64'),
        ]);
        await asOwner(
          b.t.db,
          'acceptances',
          'acceptances_no_change',
          `UPDATE acceptances SET seconds_spent = 99999, key_id = '${INVENTED}' WHERE user_id = ${edited}`,
        );
        const before = await acceptanceOf(b.t.db, edited);
        await b.t.db.query(
          `INSERT INTO acceptances (user_id, course_id, cycle, name, document, device_time,
           received_at, session_id, shown_version, seconds_spent, first_correct, first_answered,
           key_id, prev_seal, seal)
         SELECT $1, course_id, 1, 'Obrero 81000002', '81000002', NULL, now() - interval '20 days',
                'inventada', shown_version, 5400, 10, 10, $2, seal, $3
           FROM acceptances WHERE id = $4`,
          [invented, INVENTED, 'f'.repeat(64), before.id],
        );
        // A genuine acceptance arrives after the invented row.
        const later = await learner(b.app, b, '81000003');

        const editedPage = await learnerPage(b, edited);
        expect(editedPage).toContain('CLAVE DESCONOCIDA');
        expect(editedPage).not.toContain('otra clave');
        const inventedPage = await learnerPage(b, invented);
        expect(inventedPage).toContain('CLAVE DESCONOCIDA');
        expect(inventedPage).toContain(shortDate(new Date(Date.now() - 20 * 86_400_000)));
        const laterPage = await learnerPage(b, later);
        expect(laterPage).not.toMatch(/sello íntegro(?!,)/);
        expect(laterPage).toContain('SELLO ROTO: falta o cambió un registro anterior');

        const text = await registro(b);
        expect(text.match(/CLAVE DESCONOCIDA/g)).toHaveLength(2);
        expect(text).not.toContain('otra clave');
        expect(text).toContain(
          'FALLOS EN LA CADENA: 3 aceptaciones con sello roto o clave desconocida',
        );
        expect(text).toContain(
          'LA CADENA NO COINCIDE CON SU CABEZA SELLADA: la cadena tenía 2; hay 3.',
        );
        expect(text).toContain(
          mode === 'key file'
            ? 'Clave de sellado guardada fuera de la base de datos'
            : 'Clave de sellado guardada en la base de datos: quien pueda leer o modificar la base de datos podría fabricar sellos.',
        );
        // The invented row is no key of the installation: its public key is not served either.
        const served = (await b.app.inject({ method: 'GET', url: '/api/v1/gate-keys' })).json()
          .keys;
        expect(Object.keys(served)).toHaveLength(1);
        expect(served).not.toHaveProperty(INVENTED);
        expect(served).not.toHaveProperty(keyFromSecret(attackerSecret).keyId);
      },
      SLOW,
    );
  });

  it(
    'after a rotation in the key file, rows under the older key are checked: an edited one reads «SELLO ROTO»',
    async () => {
      const older = secretLine();
      const b = await bench(engine, older);
      const first = await learner(b.app, b, '82000001');
      // Rotation: a new first line, the older key kept below it; a new instance reads the file.
      writeFileSync(b.keyPath, `# clave actual primero\n${secretLine()}\n${older}`);
      const rotated = await openApp(b.t, b.keyPath);
      b.others.push(rotated);
      const second = await learner(rotated, b, '82000002');
      expect(await learnerPage(b, first, rotated)).toContain('sello íntegro');
      expect(await learnerPage(b, second, rotated)).toContain('sello íntegro');
      const served = (await rotated.inject({ method: 'GET', url: '/api/v1/gate-keys' })).json()
        .keys;
      expect(Object.keys(served)).toHaveLength(2);

      await asOwner(
        b.t.db,
        'acceptances',
        'acceptances_no_change',
        `UPDATE acceptances SET seconds_spent = 99999 WHERE user_id = ${first}`,
      );
      expect(await learnerPage(b, first, rotated)).toContain(
        'SELLO ROTO: el registro fue modificado después de sellarse',
      );
      expect(await learnerPage(b, second, rotated)).toContain(
        'sello íntegro, pero antes en la cadena hay un registro con fallo',
      );
      expect(await registro(b, rotated)).toContain('SELLO ROTO: el registro fue modificado');
    },
    SLOW,
  );

  it(
    'the newest acceptances deleted, then the table emptied, are reported with the period',
    async () => {
      const b = await bench(engine);
      const ids = [];
      for (const document of ['83000001', '83000002']) ids.push(await learner(b.app, b, document));
      const newest = await completed(b.app, b, '83000003');
      await newest.accept();
      const today = shortDate(new Date());
      await asOwner(
        b.t.db,
        'acceptances',
        'acceptances_no_change',
        `DELETE FROM acceptances WHERE user_id = ${newest.id}`,
      );
      const missing = `FALTAN ACEPTACIONES: la cadena tenía 3; hay 2. Afectado: desde ${today} hasta ${today}.`;
      expect(await learnerPage(b, newest.id)).toContain(`Sin aceptación — ${missing}`);
      expect(await registro(b)).toContain(missing);

      // The worker accepts again: the gap stays in the chain.
      await newest.accept();
      expect(await learnerPage(b, newest.id)).toContain(
        'SELLO ROTO: falta o cambió un registro anterior',
      );
      expect(await registro(b)).toContain('FALTAN ACEPTACIONES: la cadena tenía 4; hay 3.');

      await expect(b.t.db.query('TRUNCATE acceptances')).rejects.toThrow(/append-only/);
      await asOwner(b.t.db, 'acceptances', 'acceptances_no_truncate', 'TRUNCATE acceptances');
      const emptied = await registro(b);
      expect(emptied).toContain(
        `FALTAN ACEPTACIONES: la cadena tenía 4; hay 0. Afectado: desde ${today} hasta ${today}.`,
      );
      expect(await learnerPage(b, ids[0]!)).toContain('FALTAN ACEPTACIONES');

      // Removing the head as well is no way out.
      await asOwner(
        b.t.db,
        'acceptance_chain_head',
        'acceptance_chain_head_no_delete',
        'DELETE FROM acceptance_chain_head',
      );
      expect(await registro(b)).toContain('FALTA LA CABEZA SELLADA DE LA CADENA');
    },
    SLOW,
  );

  it(
    'an edited shown text reads «TEXTO ALTERADO» and is never printed as if genuine',
    async () => {
      const b = await bench(engine);
      const id = await learner(b.app, b, '84000001');
      const edit = 'NO recibí ninguna inducción y no acepto nada.';
      await asOwner(
        b.t.db,
        'shown_texts',
        'shown_texts_no_change',
        `UPDATE shown_texts SET body = '${edit}'`,
      );
      expect(await learnerPage(b, id)).toContain('TEXTO ALTERADO');
      expect(await registro(b)).toContain('TEXTO ALTERADO');
      const [row] = await b.t.db.query<{ shown_version: string }>(
        'SELECT shown_version FROM acceptances',
      );
      expect(await shownText(b.t.db, row!.shown_version)).toBeNull();
      const pack = await buildPack(b.t.db, await keyFromDatabase(b.t.db), {
        courseId: 'curso-sst',
        from: '2026-01-01',
        to: new Date().toISOString().slice(0, 10),
        workers: 1,
        actorId: 1,
      });
      const text = await pdfPagesText(
        await packPdf(pack, {
          companyName: 'Constructora Andina S.A.S.',
          nit: '901234567-7',
          from: '01/01/2026',
          to: '31/12/2026',
          verifyBase: 'https://sst.example.co',
          obraName: () => 'Torre Norte',
          sample: false,
          hours: 1.5,
        }),
      );
      expect(text).toContain('TEXTO ALTERADO');
      expect(text).not.toContain(edit);
    },
    SLOW,
  );
});

describe('the key file', () => {
  it('holds one base64 secret per line, the current one first; comments and blank lines are skipped', () => {
    const [a, b] = [randomBytes(32), randomBytes(32)];
    const keys = parseKeyFile(
      `# rotada el 2026-11-29\n${b.toString('base64')}\n\n${a.toString('base64')}\n`,
    );
    expect(keys.map((k) => k.keyId)).toEqual([keyFromSecret(b).keyId, keyFromSecret(a).keyId]);
    expect(() => parseKeyFile('no es una clave\n')).toThrow(/línea 1/);
    expect(() => parseKeyFile('# nada\n')).toThrow(/ninguna clave/);
  });
});
