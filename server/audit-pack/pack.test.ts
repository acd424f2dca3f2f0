// The audit pack (decision 0222): 60 workers → 6 records with rule, seed and population hash
// printed, each record's certificate verifying at /verificar; 40 workers → all 40.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import {
  ENGINES,
  FULL_ROUTE,
  openTestDb,
  pdfPagesText,
  SHAPE,
  testApp,
  type TestDb,
} from '../test-support.ts';
import { createUser, saveCertificateOnCycle, updateProgress } from '../db/store.ts';
import { keyFromDatabase } from '../acceptance/installation-key.ts';
import { buildPack, packPdf } from './pack.ts';
import { readConfiguration, withEnv } from '../../course-files/read-config.ts';

const DEMO_CONFIG = readConfiguration(withEnv({}), { firstObra: true }).config;

describe.each(ENGINES)('audit pack (%s)', (engine) => {
  let t: TestDb;
  let app: FastifyInstance;
  const codes = new Map<number, string>();
  const today = new Date().toISOString().slice(0, 10);

  beforeAll(async () => {
    process.env.CURSO_SST_SCRYPT_LOG2N ??= '10';
    t = await openTestDb(engine);
    // A real company's configuration: under the demonstration one /verificar says «Certificado
    // de ejemplo — sin validez» (record 0260).
    app = await testApp(t.db, { console: { config: { ...DEMO_CONFIG, ejemplo: false } } });
    for (let i = 0; i < 60; i++) {
      const user = await createUser(t.db, {
        document: String(80000000 + i),
        name: `Trabajador ${i}`,
        password: 'secreto123',
      });
      await updateProgress(
        t.db,
        user.id,
        { score: 100, route: FULL_ROUTE, finalTerms: true },
        SHAPE,
      );
      const code = `SST-AB${String(i).padStart(2, '0')}-CDEF-GHJK`;
      await saveCertificateOnCycle(
        t.db,
        user.id,
        1,
        { code, url_file: `/c/${i}.pdf`, name: user.name, document: user.document, score: 100 },
        100,
      );
      codes.set(user.id, code);
    }
  }, 300_000);
  afterAll(async () => {
    await app.close();
    await t.cleanup();
  });

  const header = {
    companyName: 'Constructora Andina S.A.S.',
    nit: '901234567-7',
    from: '01/01/2026',
    to: '31/12/2026',
    verifyBase: 'https://sst.example.co',
    obraName: () => 'Torre Norte',
    sample: false,
    hours: 1.5,
  };

  it('a company of 60 workers: 6 records, rule, seed and population hash printed, certificates verify', async () => {
    const key = await keyFromDatabase(t.db);
    const pack = await buildPack(t.db, key, {
      courseId: 'curso-sst',
      from: '2026-01-01',
      to: today,
      workers: 60,
      actorId: 1,
      seed: 'a1b2c3d4',
    });
    expect(pack.workers).toHaveLength(6);
    expect(pack.populationSize).toBe(60);
    const text = await pdfPagesText(await packPdf(pack, header));
    expect(text).toContain('Regla: De 51 a 200 trabajadores (60): el 10 %, 6 trabajadores.');
    expect(text).toContain('Semilla: a1b2c3d4');
    expect(text).toContain(pack.populationHash);
    for (const w of pack.workers) {
      expect(text).toContain(`${w.name} — documento ${w.document}`);
      const code = codes.get(w.id)!;
      expect(text).toContain(`verificable en https://sst.example.co/verificar/${code}`);
      const page = await app.inject({ method: 'GET', url: `/verificar/${code}` });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('Certificado válido');
    }
    const [stored] = await t.db.query<{ sampled_ids: number[]; seed: string }>(
      'SELECT sampled_ids, seed FROM audit_samples WHERE id = $1',
      [pack.sampleId],
    );
    expect(stored!.sampled_ids.map(Number)).toEqual(pack.workers.map((w) => w.id));
    expect(stored!.seed).toBe('a1b2c3d4');
  });

  it('a company of 40 workers: every worker', async () => {
    const key = await keyFromDatabase(t.db);
    const pack = await buildPack(t.db, key, {
      courseId: 'curso-sst',
      from: '2026-01-01',
      to: today,
      workers: 40,
      actorId: 1,
    });
    expect(pack.rule.text).toBe('50 o menos trabajadores (40): todos los trabajadores');
    expect(pack.workers).toHaveLength(40);
  });
});
