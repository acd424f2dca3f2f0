// The Res. 0312 audit pack (decision 0222) as a coordinator produces it: learners seeded through
// the server's store (completed, with a certificate each), the pack generated from the console in
// the browser, its PDF read back. A company of 60 workers gets 6 records, with the rule, the seed
// and the population hash printed (the stored sample's), each record's certificate verifying at
// /verificar; a company of 40 gets all 40.
import { join, resolve } from 'node:path';
import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import type { FastifyInstance } from 'fastify';
import { openPglite, type Db } from '../server/db/db.ts';
import { migrate } from '../server/db/migrate.ts';
import { buildApp } from '../server/app.ts';
import { createUser, saveCertificateOnCycle, updateProgress } from '../server/db/store.ts';
import { readConfiguration, withEnv } from '../course-files/read-config.ts';
import { loadCourseShape } from '../server/course-shape.ts';
import { pdfPagesText } from '../server/test-support.ts';

process.env.CURSO_SST_SCRYPT_LOG2N ??= '10';
const ROOT = resolve(import.meta.dirname, '..');
const PASSWORD = 'Clave-Auditoria-1';
const COORDINATOR = { document: '1000005900', name: 'Laura Coordinadora' };

test.describe.configure({ mode: 'serial' });

interface Company {
  db: Db;
  app: FastifyInstance;
  base: string;
  codes: Map<string, string>;
}
const companies: Company[] = [];

/** A server for a company of `workers` workers, with that many learners who finished. */
async function company(workers: number, prefix: number): Promise<Company> {
  const db = await openPglite();
  await migrate(db);
  const shape = loadCourseShape();
  const route = shape.topicCounts
    .map((topics) => Array.from({ length: topics + 1 }, (_, i) => i).join(','))
    .join('-');
  const codes = new Map<string, string>();
  for (let i = 0; i < workers; i++) {
    const user = await createUser(db, {
      document: String(prefix + i),
      name: `Trabajador ${String(i).padStart(2, '0')} Empresa ${workers}`,
      email: null,
      password: PASSWORD,
    });
    await updateProgress(db, user.id, { score: 100, route, finalTerms: true }, shape);
    const code = `SST-${String(workers).padStart(2, '0')}${String(i).padStart(2, '0')}-CDEF-GHJK`;
    await saveCertificateOnCycle(
      db,
      user.id,
      1,
      {
        code,
        url_file: `/certificados/x${i}.pdf`,
        name: user.name,
        document: user.document,
        score: 100,
      },
      100,
    );
    codes.set(user.name, code);
  }
  await createUser(db, { ...COORDINATOR, email: null, password: PASSWORD, role: 'coordinador' });
  const config = readConfiguration(withEnv({}), { firstObra: true }).config;
  const app = await buildApp({
    db,
    webDir: join(ROOT, 'dist', 'web'),
    lmsPreviewDir: null,
    // A real company (ejemplo: false): under the demonstration configuration /verificar says
    // «Certificado de ejemplo — sin validez» (record 0260).
    console: {
      config: {
        ...config,
        ejemplo: false,
        empresa: { ...config.empresa, numeroTrabajadores: workers },
      },
    },
    rateLimits: { loginPerIp: 0, failuresPerAccount: 1000 },
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  return { db, app, base, codes };
}

test.beforeAll(async () => {
  test.setTimeout(180_000);
  companies.push(await company(60, 90000000), await company(40, 91000000));
});

test.afterAll(async () => {
  for (const c of companies) {
    await c.app.close();
    await c.db.close();
  }
});

/** Signs in to the console, opens the pack's form from the exports page, returns the PDF text. */
async function packFromConsole(page: Page, c: Company): Promise<string> {
  await page.goto(`${c.base}/consola/ingresar`);
  await page.getByLabel('Documento o correo').fill(COORDINATOR.document);
  await page.getByLabel('Contraseña').fill(PASSWORD);
  await page.getByRole('button', { name: 'Ingresar' }).click();
  await expect(page).toHaveURL(/\/consola/);
  await page.goto(`${c.base}/consola/auditoria-0312`);
  await expect(
    page.getByRole('heading', { name: 'Paquete de auditoría (Res. 0312, estándar 1.2.2)' }),
  ).toBeVisible();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Generar paquete PDF' }).click(),
  ]);
  return pdfPagesText(new Uint8Array(readFileSync((await download.path())!)));
}

/** The workers with a record in the pack, by the line that opens each record. */
const recordsIn = (text: string, workers: number) =>
  new Set(
    [
      ...text.matchAll(new RegExp(`Trabajador \\d{2} Empresa ${workers} — documento \\d+`, 'g')),
    ].map((m) => m[0]),
  );

test('a company of 60 workers: 6 records with rule, seed and population hash; each certificate verifies', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const c = companies[0]!;
  const text = await packFromConsole(page, c);
  const [sample] = await c.db.query<{
    seed: string;
    population_hash: string;
    sampled_ids: number[];
  }>('SELECT seed, population_hash, sampled_ids FROM audit_samples ORDER BY id DESC LIMIT 1');
  expect(sample!.sampled_ids).toHaveLength(6);
  expect(text).toContain('Regla: De 51 a 200 trabajadores (60): el 10 %, 6 trabajadores.');
  expect(text).toContain(`Semilla: ${sample!.seed}`);
  expect(text).toContain(sample!.population_hash);
  const records = recordsIn(text, 60);
  expect(records.size).toBe(6);
  for (const record of records) {
    const name = record.split(' — ')[0]!;
    const code = c.codes.get(name)!;
    expect(text).toContain(`verificable en ${c.base}/verificar/${code}`);
    await page.goto(`${c.base}/verificar/${code}`);
    await expect(page.getByRole('heading', { name: 'Certificado válido' })).toBeVisible();
    await expect(page.getByText(name)).toBeVisible();
  }
});

test('a company of 40 workers: every worker', async ({ page }) => {
  test.setTimeout(120_000);
  const c = companies[1]!;
  const text = await packFromConsole(page, c);
  expect(text).toContain('50 o menos trabajadores (40): todos los trabajadores');
  expect(recordsIn(text, 40).size).toBe(40);
});
