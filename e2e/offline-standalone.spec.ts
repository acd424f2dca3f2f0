// The standalone app with no signal (docs/decisions/0140, 0141): sign in online, lose
// the network — the server itself stops, so nothing answers, the service worker's requests
// included — reload, take two modules, try to sign out (refused, progress not sent), come back
// online: the progress reaches the server exactly once; the app is installable (valid manifest,
// service worker active). The spec runs its own server, in this process, on an in-memory PGlite,
// so it can stop it and start it again on the same address (same origin: same worker, same
// localStorage) and count the progress requests it receives.
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../server/app.ts';
import { openPglite, type Db } from '../server/db/db.ts';
import { migrate } from '../server/db/migrate.ts';
import { createUser, getUser } from '../server/db/store.ts';
import { takeModule } from './support/learner.ts';
import { course } from './support/content.ts';

// Requests intercepted by nobody: the worker must be free to serve the cached course.
test.use({ serviceWorkers: 'allow' });

const ROOT = resolve(import.meta.dirname, '..');
const LEARNER = {
  document: '1000000301',
  name: 'Yeison Arley Mosquera',
  password: 'Clave-Obra-2026',
};
const OFFLINE_NOTICE =
  'Sin conexión. Tu avance está guardado en este teléfono y se enviará cuando vuelva la señal.';

/** Our server on a fixed port, counting the progress saves it accepted. */
class OwnServer {
  updates = 0;
  port = 0;
  private app: FastifyInstance | null = null;
  constructor(private readonly db: Db) {}

  async start() {
    const app = await buildApp({
      db: this.db,
      webDir: join(ROOT, 'dist', 'web'),
      lmsPreviewDir: null,
      rateLimits: { loginPerIp: 0 },
    });
    app.addHook('onResponse', async (request, reply) => {
      if (request.url.endsWith('/update-user') && reply.statusCode === 200) this.updates++;
    });
    await app.listen({ host: '127.0.0.1', port: this.port });
    this.port = (app.server.address() as AddressInfo).port;
    this.app = app;
  }

  async stop() {
    await this.app?.close();
    this.app = null;
  }

  get url() {
    return `http://127.0.0.1:${this.port}`;
  }
}

const notice = (page: Page) => page.getByRole('status').filter({ hasText: OFFLINE_NOTICE });

test('offline: the cached app starts signed in, two modules are taken, the progress arrives once when the signal returns', async ({
  page,
  context,
}) => {
  test.setTimeout(180_000);
  process.env.CURSO_SST_SCRYPT_LOG2N ??= '12';
  const db = await openPglite();
  await migrate(db);
  const { id } = await createUser(db, { ...LEARNER, email: null });
  const server = new OwnServer(db);
  await server.start();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));

  try {
    // Online: sign in; the service worker installs and precaches the course.
    await page.goto(`${server.url}/`);
    await page.getByLabel('Número de documento o correo').fill(LEARNER.document);
    await page.getByLabel('Contraseña').fill(LEARNER.password);
    await page.getByRole('button', { name: 'Ingresar' }).click();
    // A new learner accepts the data-processing notice first (online, once).
    await page.getByRole('button', { name: 'Acepto' }).click();
    await expect(page.getByRole('link', { name: 'Siguiente' })).toBeVisible();
    await expect(page).toHaveURL(/\/introduccion$/);
    await page.waitForFunction(() => navigator.serviceWorker.controller?.state === 'activated');

    // Installable: Chromium parses the manifest without errors and finds nothing missing —
    // besides the test browser's own private profile ('in-incognito'), which no learner has.
    const cdp = await context.newCDPSession(page);
    const parsed = await cdp.send('Page.getAppManifest');
    expect(parsed.errors).toEqual([]);
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    expect(
      installabilityErrors.map((e) => e.errorId).filter((id) => id !== 'in-incognito'),
    ).toEqual([]);
    const manifest = await (await page.request.get(`${server.url}/manifest.webmanifest`)).json();
    expect(manifest).toMatchObject({
      name: 'Inducción — Seguridad y Salud en el Trabajo',
      lang: 'es',
      display: 'standalone',
      start_url: '/',
    });

    // No signal: nothing answers any more, the worker's fetches included. The page reloads from
    // the cache; then the browser reports the lost signal too (navigator.onLine false — set after
    // the reload, as Chromium's emulation does not carry it into a reloaded document).
    await server.stop();
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await context.setOffline(true);
    await page.getByRole('link', { name: 'Siguiente' }).click();
    await expect(page).toHaveURL(/\/menu$/);

    await takeModule(page, 1, 'mouse');
    await expect(notice(page)).toBeVisible();
    await takeModule(page, 2, 'mouse');
    await expect(page.getByText('Módulos terminados: 2 de 5')).toBeVisible();
    await expect(notice(page)).toBeVisible();

    // Signing out now would lose that progress: refused, in plain words.
    await page.getByRole('button', { name: 'Cerrar sesión' }).click();
    const refusal = page.getByRole('dialog').filter({ hasText: 'Todavía no puedes cerrar sesión' });
    await expect(refusal).toContainText('Tu avance aún no se ha enviado');
    await refusal.getByRole('button', { name: 'ACEPTAR' }).click();
    await expect(page).toHaveURL(/\/menu$/);
    expect(server.updates).toBe(0);

    // The notice floats in view, over the page: it takes no place in it (record 0152).
    await expect(notice(page)).toBeInViewport();
    const firstCard = page.getByRole('button', { name: /Módulo 1\b/ });
    const before = await firstCard.boundingBox();

    // The signal returns: everything goes, once, and the notice leaves — moving nothing.
    await server.start();
    await context.setOffline(false);
    await expect(notice(page)).toBeHidden();
    expect(await firstCard.boundingBox()).toEqual(before);
    await expect.poll(() => server.updates).toBe(1);
    const stored = await getUser(db, id);
    expect(stored?.score).toBe(40);
    const viewed = (stored?.route ?? '').split('-').slice(0, 2);
    const full = (n: number) =>
      Array.from({ length: course().modules[n]!.topics.length + 1 }, (_, k) => k).join(',');
    expect(viewed).toEqual([full(0), full(1)]);

    // Nothing left to send: signing out now works, and leaves nothing of the learner behind.
    await page.getByRole('button', { name: 'Cerrar sesión' }).click();
    await expect(page.getByRole('heading', { name: 'Ingreso al curso' })).toBeVisible();
    expect(await page.evaluate(() => Object.keys(localStorage))).toEqual([]);
    expect(server.updates).toBe(1);
    expect(errors).toEqual([]);
  } finally {
    await context.setOffline(false);
    await server.stop();
    await db.close();
  }
});
