// Two companies on one server (record 0291), started in the test's own process on an in-memory
// database against the built web app (dist/web, built from the installation's file): company 1
// on that file, company 2 («Constructora Beta») with its own configuration imported as the
// console and the platform import it. Each has a learner with modules 1–4 done (module 5, the
// obra's emergency plan, is open) who accepted their company's notice; company 2 also has one who
// has not (their first sign-in shows the notice). Sign-in for company 2 is at `/?empresa=<slug>`.
import { join, resolve } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { openPglite, type Db } from '../../server/db/db.ts';
import { migrate } from '../../server/db/migrate.ts';
import { buildApp } from '../../server/app.ts';
import { createUser, updateProgress } from '../../server/db/store.ts';
import { acceptDataNotice, publishDataNoticeVersion } from '../../server/db/activity-store.ts';
import { companyDb } from '../../server/db/company-scope.ts';
import { createCompany, FIRST_COMPANY_ID } from '../../server/db/company-store.ts';
import { importCompanyConfig } from '../../server/company-config/import.ts';
import { dataNoticeVersion, type CompanyConfig } from '../../src/domain/config/index.ts';
import { readConfiguration, withEnv } from '../../course-files/read-config.ts';
import { loadCourseShape } from '../../server/course-shape.ts';

process.env.CURSO_SST_SCRYPT_LOG2N ??= '12';
const ROOT = resolve(import.meta.dirname, '..', '..');

export const PASSWORD = 'clave-de-prueba-larga';

/** Company 2's configuration: the installation's file with another company, obra and facts. */
export const BETA = {
  slug: 'constructora-beta',
  name: 'Constructora Beta S.A.S.',
  obra: 'torre-beta',
  obraName: 'Torre Beta',
  meetingPoint: 'la cancha de fútbol detrás de la Torre Beta',
} as const;

export const WORKERS = {
  /** Company 1, modules 1–4 done. */
  first: { document: '1000029101', name: 'Ana Primera Ruiz' },
  /** Company 2, modules 1–4 done, notice accepted. */
  beta: { document: '1000029102', name: 'Beto Segundo Gil' },
  /** Company 2, nothing done, notice not accepted. */
  betaNew: { document: '1000029103', name: 'Berta Nueva Díaz' },
} as const;

export interface TwoCompanies {
  base: string;
  /** The installation's configuration (company 1's). */
  installation: CompanyConfig;
  close(): Promise<void>;
}

/** Another company's file: the installation's, renamed, one obra of its own, no logo. */
export function companyFile(
  installation: CompanyConfig,
  company: { name: string; obra: string; obraName: string; meetingPoint: string },
): string {
  const raw = JSON.parse(JSON.stringify(installation)) as Record<string, unknown> & {
    empresa: Record<string, unknown>;
    obras: Record<string, unknown>[];
  };
  delete raw.empresa.logo;
  return JSON.stringify({
    ...raw,
    ejemplo: false,
    empresa: { ...raw.empresa, nombre: company.name },
    obras: [
      {
        ...raw.obras[0],
        slug: company.obra,
        nombre: company.obraName,
        puntoEncuentro: company.meetingPoint,
      },
    ],
  });
}

export async function startTwoCompanies(webDir = join(ROOT, 'dist', 'web')): Promise<TwoCompanies> {
  const installation = readConfiguration(withEnv({}), { firstObra: true }).config;
  const db: Db = await openPglite();
  await migrate(db);
  const wall = companyDb(db);
  const beta = await createCompany(db, BETA.name, BETA.slug);
  const imported = await importCompanyConfig(wall, beta, companyFile(installation, BETA), {
    platform: 'e2e',
  });
  if (!imported.ok) throw new Error(imported.errors.join('\n'));
  const shape = loadCourseShape();
  const full = shape.topicCounts.map((topics) => Array.from({ length: topics + 1 }, (_, i) => i));
  const fourDone = full.map((m, i) => (i === full.length - 1 ? '{}' : m.join(','))).join('-');
  const seed = async (
    company: number,
    worker: { document: string; name: string },
    notice: string | null,
    obra: string | null,
  ) => {
    const scoped = wall.forCompany(company);
    const user = await createUser(scoped, { ...worker, email: null, password: PASSWORD, obra });
    if (!notice) return;
    await publishDataNoticeVersion(scoped, notice);
    await acceptDataNotice(scoped, user.id, notice);
    await updateProgress(scoped, user.id, { score: 80, route: fourDone, finalTerms: false }, shape);
  };
  await seed(FIRST_COMPANY_ID, WORKERS.first, dataNoticeVersion(installation), null);
  await seed(beta, WORKERS.beta, imported.noticeVersion, BETA.obra);
  await seed(beta, WORKERS.betaNew, null, BETA.obra);
  const app: FastifyInstance = await buildApp({
    db,
    webDir,
    lmsPreviewDir: null,
    console: { config: installation },
    rateLimits: { loginPerIp: 0, failuresPerAccount: 1000 },
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  return {
    base: `http://127.0.0.1:${(app.server.address() as { port: number }).port}`,
    installation,
    async close() {
      await app.close();
      await db.close();
    },
  };
}
