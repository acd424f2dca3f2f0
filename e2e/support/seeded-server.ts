// A real server started inside a spec's own process, on an in-memory PGlite the spec can read
// and change, serving the built web app: learners seeded near the end of the course (the data
// notice accepted, progress stored), so a spec reaches the end without walking the course.
import { join, resolve } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { openPglite, type Db } from '../../server/db/db.ts';
import { migrate } from '../../server/db/migrate.ts';
import { buildApp, type AppOptions } from '../../server/app.ts';
import { createUser, updateProgress } from '../../server/db/store.ts';
import { acceptDataNotice, publishDataNoticeVersion } from '../../server/db/activity-store.ts';
import { dataNoticeVersion } from '../../src/domain/config/index.ts';
import { readConfiguration, withEnv } from '../../course-files/read-config.ts';
import { loadCourseShape } from '../../server/course-shape.ts';
import { createCertificateIssuer } from '../../server/certificates.ts';

process.env.CURSO_SST_SCRYPT_LOG2N ??= '12';
const ROOT = resolve(import.meta.dirname, '..', '..');

/** Where a seeded learner stands: only the last module left, or only the last quiz left. */
export type SeededStage = 'last-module' | 'last-quiz';

export interface SeededPerson {
  document: string;
  name: string;
}

export interface SeededServer {
  db: Db;
  app: FastifyInstance;
  base: string;
  /** The user id of each seeded learner and of the coordinator, by document. */
  ids: Map<string, number>;
}

/** The stored route of a learner at `stage`, for the shipped course's shape. */
function routeAt(stage: SeededStage): string {
  const counts = loadCourseShape().topicCounts;
  const last = counts.length - 1;
  return counts
    .map((topics, m) => {
      if (m < last) return Array.from({ length: topics + 1 }, (_, i) => i).join(',');
      // Every topic of the last module seen, its quiz not done; or nothing of it yet.
      return stage === 'last-quiz' ? Array.from({ length: topics }, (_, i) => i).join(',') : '{}';
    })
    .join('-');
}

/**
 * Seeds each learner at their stage (password `password`, the build's data notice accepted) and
 * a coordinator, then serves the app on a free port. `onApp` may add hooks before it listens.
 */
export async function startSeededServer(options: {
  learners: { person: SeededPerson; stage: SeededStage }[];
  coordinator: SeededPerson;
  password: string;
  onApp?: (app: FastifyInstance) => void;
  /** The port to listen on (default any free one). */
  port?: number;
  /** More buildApp options (an LMS grade sender…). */
  app?: Partial<AppOptions>;
}): Promise<SeededServer> {
  const db = await openPglite();
  await migrate(db);
  const shape = loadCourseShape();
  const notice = dataNoticeVersion(readConfiguration(withEnv({}), { firstObra: true }).config);
  await publishDataNoticeVersion(db, notice);
  const ids = new Map<string, number>();
  for (const { person, stage } of options.learners) {
    const user = await createUser(db, { ...person, email: null, password: options.password });
    await acceptDataNotice(db, user.id, notice);
    await updateProgress(
      db,
      user.id,
      { score: 80, route: routeAt(stage), finalTerms: false },
      shape,
    );
    ids.set(person.document, user.id);
  }
  const coordinator = await createUser(db, {
    ...options.coordinator,
    email: null,
    password: options.password,
    role: 'coordinador',
  });
  ids.set(options.coordinator.document, coordinator.id);
  const app = await buildApp({
    db,
    webDir: join(ROOT, 'dist', 'web'),
    lmsPreviewDir: null,
    certificateIssuer: createCertificateIssuer({ publicUrl: null }),
    rateLimits: { loginPerIp: 0, failuresPerAccount: 1000 },
    ...options.app,
  });
  options.onApp?.(app);
  await app.listen({ host: '127.0.0.1', port: options.port ?? 0 });
  const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  return { db, app, base, ids };
}
