// The standalone app for the browser tests: our real server (startServer) on a throwaway PGlite
// data folder, serving dist/web at / with the API, the certificate issuer and /verificar.
// Seeds the learners of api-server-config.ts first (the server holds the data-folder lock while
// it runs, so seeding happens before it starts, through the same store functions).
// CURSO_CONFIG: the configuration (default config/ejemplo.json); E2E_WEB_DIR: the web build
// (default dist/web) — e2e/obra-learner.spec.ts starts one on a two-obra configuration.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { openDatabase } from '../../server/db/open.ts';
import { createUser, updateProgress } from '../../server/db/store.ts';
import { acceptDataNotice, publishDataNoticeVersion } from '../../server/db/activity-store.ts';
import { dataNoticeVersion } from '../../src/domain/config/index.ts';
import { loadCourseShape } from '../../server/course-shape.ts';
import { startServer } from '../../server/server.ts';
import { serveThrowaway } from '../../scripts/lib/throwaway-server.ts';
import { createCertificateIssuer } from '../../server/certificates.ts';
import { readConfiguration, withEnv } from '../../course-files/read-config.ts';
import {
  API_PORT,
  API_URL,
  COORDINATOR,
  LEARNERS,
  OBRA_LEARNERS,
  PASSWORD,
} from './api-server-config.ts';

// Browser tests sign in many times on a shared 2-core machine: scrypt at N=2^12 instead of the
// production 2^17 (docs/decisions/0052-password-hashing-cost.md), like the unit tests.
process.env.CURSO_SST_SCRYPT_LOG2N ??= '12';

const ROOT = resolve(import.meta.dirname, '..', '..');
const seedConfig = readConfiguration(withEnv({}), { firstObra: true }).config;
const obraSlugs = seedConfig.obras.map((o) => o.slug);
/** The notice the build shows: a learner who accepted another version is asked again (0213). */
const NOTICE_VERSION = dataNoticeVersion(seedConfig);
const obraLearners = Object.values(OBRA_LEARNERS).filter((l) => obraSlugs.includes(l.obra));
const dataDir = mkdtempSync(join(tmpdir(), 'curso-sst-e2e-'));

async function seed() {
  const opened = await openDatabase({ dataDir, databaseUrl: '', role: 'cli' });
  try {
    const shape = loadCourseShape();
    for (const learner of Object.values(LEARNERS)) {
      await createUser(opened.db, { ...learner, email: null, password: PASSWORD });
    }
    for (const learner of obraLearners)
      await createUser(opened.db, { ...learner, email: null, password: PASSWORD });
    // The coordinator of e2e/console.spec.ts (decision 0110).
    await createUser(opened.db, {
      ...COORDINATOR,
      email: null,
      password: PASSWORD,
      role: 'coordinador',
    });
    const idOf = async (document: string) => {
      const [row] = await opened.db.query<{ id: number }>(
        'SELECT id FROM users WHERE document = $1',
        [document],
      );
      return row!.id;
    };
    // Every seeded learner has accepted the habeas-data notice but the one whose spec shows it
    // (docs/decisions/0127-data-notice-screen.md): the other specs open the course on sign-in.
    await publishDataNoticeVersion(opened.db, NOTICE_VERSION);
    for (const learner of [...Object.values(LEARNERS), ...obraLearners])
      if (learner !== LEARNERS.firstSignIn)
        await acceptDataNotice(opened.db, await idOf(learner.document), NOTICE_VERSION);
    // Every topic and every quiz of every module viewed: the route the course itself would send.
    const full = shape.topicCounts.map((topics) => Array.from({ length: topics + 1 }, (_, i) => i));
    const route = (modules: number[][]) => modules.map((m) => m.join(',') || '{}').join('-');
    // (reinduction: standalone-activity.spec.ts starts a new cycle while the page is open.)
    for (const learner of [LEARNERS.complete, LEARNERS.offline, LEARNERS.reinduction]) {
      await updateProgress(
        opened.db,
        await idOf(learner.document),
        { score: 100, route: route(full), finalTerms: true },
        shape,
      );
    }
    // «complete» finished 12 days before the server started (record 0263): its certificate
    // prints that day, not the day it is issued.
    await opened.db.query(
      `UPDATE progress SET completed_at = completed_at - interval '12 days' WHERE user_id = $1`,
      [await idOf(LEARNERS.complete.document)],
    );
    // The last module's topics viewed, its quiz (the last index) not yet: score 80.
    const almost = full.map((m, i) => (i === full.length - 1 ? m.slice(0, -1) : m));
    // Learners of two obras: modules 1–4 done, so module 5 (the obra's emergency plan) is open.
    const fourDone = full.map((m, i) => (i === full.length - 1 ? [] : m));
    for (const learner of obraLearners)
      await updateProgress(
        opened.db,
        await idOf(learner.document),
        { score: 80, route: route(fourDone), finalTerms: false },
        shape,
      );
    // Module 1 done (score 20): e2e/shared-phone.spec.ts studies module 2 from there.
    const oneDone = full.map((m, i) => (i === 0 ? m : []));
    await updateProgress(
      opened.db,
      await idOf(LEARNERS.sharedPhoneFirst.document),
      { score: 20, route: route(oneDone), finalTerms: false },
      shape,
    );
    await updateProgress(
      opened.db,
      await idOf(LEARNERS.almost.document),
      { score: 80, route: route(almost), finalTerms: false },
      shape,
    );
  } finally {
    await opened.close();
  }
}

await serveThrowaway(dataDir, async () => {
  await seed();
  return startServer({
    host: '127.0.0.1',
    port: API_PORT,
    dataDir,
    // PGlite here even when the shell has DATABASE_URL set: tests never touch a real database.
    databaseUrl: '',
    app: {
      webDir: process.env.E2E_WEB_DIR || join(ROOT, 'dist', 'web'),
      lmsPreviewDir: null,
      // Specs sign in many times from one address, and one of them on purpose with a wrong password.
      rateLimits: { loginPerIp: 0, failuresPerAccount: 1000 },
      certificateIssuer: createCertificateIssuer({ publicUrl: API_URL }),
    },
  });
});
