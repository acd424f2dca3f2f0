// An «Acepto» given with no signal is kept until the server has it (record 0261). A worker on a
// 360×740 phone finishes the course with the network cut — the browser offline and the server
// itself dropping every API request, so the service worker cannot reach it either — and taps
// «Acepto». When the signal returns the first progress request is dropped again (a weak signal
// right after reconnecting), so the acceptance would reach the server before the progress that
// completes the course: it must wait for that progress, never be lost to the server's «not
// completed yet». Then the server has it (the registro's text says «aceptó») and the phone keeps
// nothing pending. The spec runs its own server in this process, on an in-memory PGlite.
import { join, resolve } from 'node:path';
import { expect, test } from '@playwright/test';
import type { FastifyInstance } from 'fastify';
import { openPglite, type Db } from '../server/db/db.ts';
import { migrate } from '../server/db/migrate.ts';
import { buildApp } from '../server/app.ts';
import { createUser, updateProgress } from '../server/db/store.ts';
import { acceptDataNotice, publishDataNoticeVersion } from '../server/db/activity-store.ts';
import { dataNoticeVersion } from '../src/domain/config/index.ts';
import { readConfiguration, withEnv } from '../course-files/read-config.ts';
import { loadCourseShape } from '../server/course-shape.ts';
import { course } from './support/content.ts';
import { takeModule } from './support/learner.ts';
import { pdfText } from './support/pdf-text.ts';

process.env.CURSO_SST_SCRYPT_LOG2N ??= '12';
const ROOT = resolve(import.meta.dirname, '..');
const PASSWORD = 'Clave-Sin-Senal-1';
const WORKER = { document: '1000000951', name: 'Dora Sin Señal Ríos' };
const COORDINATOR = { document: '1000000959', name: 'Laura Coordinadora' };

// The service worker is on, as on a worker's phone: the course is precached and keeps working.
test.use({ serviceWorkers: 'allow', viewport: { width: 360, height: 740 } });

let db: Db;
let app: FastifyInstance;
let base = '';
/** While true the server drops every API request unanswered: no signal at all. */
let cut = false;
/** How many update-user requests the server still drops after the signal returns. */
let dropUpdates = 0;

test.beforeAll(async () => {
  db = await openPglite();
  await migrate(db);
  const shape = loadCourseShape();
  // Four modules done: the worker has only the last one left (no whole-course walk).
  const route = shape.topicCounts
    .map((topics, i) =>
      i === shape.topicCounts.length - 1
        ? '{}'
        : Array.from({ length: topics + 1 }, (_, k) => k).join(','),
    )
    .join('-');
  const notice = dataNoticeVersion(readConfiguration(withEnv({}), { firstObra: true }).config);
  await publishDataNoticeVersion(db, notice);
  const user = await createUser(db, { ...WORKER, email: null, password: PASSWORD });
  await acceptDataNotice(db, user.id, notice);
  await updateProgress(db, user.id, { score: 80, route, finalTerms: false }, shape);
  await createUser(db, { ...COORDINATOR, email: null, password: PASSWORD, role: 'coordinador' });
  app = await buildApp({
    db,
    webDir: join(ROOT, 'dist', 'web'),
    lmsPreviewDir: null,
    rateLimits: { loginPerIp: 0, failuresPerAccount: 1000 },
  });
  app.addHook('onRequest', async (request, reply) => {
    if (!request.url.startsWith('/api/')) return;
    const dropped = cut || (request.url.endsWith('/update-user') && dropUpdates > 0);
    if (!dropped) return;
    if (!cut) dropUpdates--;
    reply.hijack();
    request.raw.socket.destroy();
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
});

test.afterAll(async () => {
  await app?.close();
  await db?.close();
});

test('an «Acepto» given offline waits for the completing progress, then reaches the server; nothing stays pending', async ({
  page,
  context,
}) => {
  test.setTimeout(180_000);
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(`${base}/`);
  await page.getByLabel('Número de documento o correo').fill(WORKER.document);
  await page.getByLabel('Contraseña').fill(PASSWORD);
  await page.getByRole('button', { name: 'Ingresar' }).click();
  await expect(page).not.toHaveURL(`${base}/`);
  await page.goto(`${base}/menu`);
  await page.waitForFunction(() => navigator.serviceWorker.controller?.state === 'activated');

  // No signal: the last module and «Acepto» stay on the phone.
  cut = true;
  await context.setOffline(true);
  await takeModule(page, course().modules.length);
  const congrats = page.getByRole('dialog', { name: 'FELICITACIONES' });
  await congrats.getByRole('button', { name: 'Acepto' }).click();
  await expect(congrats.getByRole('status')).toContainText('pendiente de envío');
  const [before] = await db.query<{ n: number }>('SELECT count(*)::integer AS n FROM acceptances');
  expect(before?.n).toBe(0);

  // The signal returns, weak: the first progress request is lost again.
  dropUpdates = 1;
  cut = false;
  await context.setOffline(false);
  await expect(congrats.getByRole('status')).toHaveText('Tu aceptación quedó registrada.');
  const rows = await db.query<{ name: string }>('SELECT name FROM acceptances');
  expect(rows.map((r) => r.name)).toEqual([WORKER.name]);
  // Nothing left waiting on the phone: no acceptance, no progress, no answers or time to send
  // (the activity record also remembers what was sent; only its queues count).
  const waiting = () =>
    page.evaluate(() =>
      Object.keys(localStorage).filter((key) => {
        if (key === 'curso-sst:acceptances') return true;
        if (!key.startsWith('curso-sst:pending')) return false;
        const r = JSON.parse(localStorage.getItem(key) ?? 'null') as {
          answers?: unknown[];
          sessions?: unknown[];
        } | null;
        if (key !== 'curso-sst:pending-activity') return r !== null;
        return (r?.answers?.length ?? 0) + (r?.sessions?.length ?? 0) > 0;
      }),
    );
  await expect.poll(waiting).toEqual([]);

  // The coordinator's registro shows the acceptance.
  await page.goto(`${base}/consola/ingresar`);
  await page.getByLabel('Documento o correo').fill(COORDINATOR.document);
  await page.getByLabel('Contraseña').fill(PASSWORD);
  await page.getByRole('button', { name: 'Ingresar' }).click();
  await expect(page).toHaveURL(/\/consola/);
  const today = new Date().toISOString().slice(0, 10);
  const response = await page.request.get(
    `${base}/consola/registro.pdf?obra=obra-ejemplo&desde=2026-01-01&hasta=${today}`,
  );
  expect(response.status()).toBe(200);
  const text = await pdfText(await response.body());
  const row = text.slice(text.indexOf(WORKER.name), text.indexOf('Totales:'));
  expect(row).toMatch(/aceptó \d{2}\/\d{2}\/\d{4}/);
  expect(errors).toEqual([]);
});
