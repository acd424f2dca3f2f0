// Each learner sees their own obra (decision 0078): the standalone app of a company
// with two obras (test/fixtures/config/constructora-andina.json: Torre Norte with a meeting point,
// Puente Sur without one), built and served here on its own (the shared test server keeps the
// demo configuration), shows two signed-in learners the same screen with their obra's facts.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { expect, test, type Browser } from '@playwright/test';
import { course } from './support/content.ts';
import { OBRA_LEARNERS, PASSWORD } from './support/api-server-config.ts';
import { pagePath } from '../src/domain/progress/navigation.ts';

const ROOT = resolve(import.meta.dirname, '..');
const ANDINA = join(ROOT, 'test', 'fixtures', 'config', 'constructora-andina.json');
const TSX = join(ROOT, 'node_modules', '.bin', 'tsx');

test.describe.configure({ mode: 'serial' });

let dist = '';
let server: ChildProcess | null = null;
let baseURL = '';

const freePort = () =>
  new Promise<number>((done, fail) => {
    const s = createServer();
    s.once('error', fail);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => done(port));
    });
  });

/** Up to 180 s, like the shared test servers (playwright.config.ts): a busy machine starts slowly. */
async function waitForServer(url: string, child: ChildProcess, output: () => string) {
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`el servidor terminó:\n${output()}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`el servidor no respondió en 180 s:\n${output()}`);
}

test.beforeAll(async () => {
  // A build of its own, then a server start of up to 180 s.
  test.setTimeout(420_000);
  dist = mkdtempSync(join(tmpdir(), 'curso-sst-obras-'));
  const build = spawnSync(TSX, ['scripts/build.ts', '--config', ANDINA, 'web'], {
    cwd: ROOT,
    env: { ...process.env, CURSO_DIST_DIR: dist },
    encoding: 'utf8',
  });
  if (build.status !== 0) throw new Error(`build falló:\n${build.stdout}\n${build.stderr}`);
  const port = await freePort();
  baseURL = `http://127.0.0.1:${port}`;
  let log = '';
  server = spawn(TSX, ['e2e/support/api-server.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      CURSO_CONFIG: ANDINA,
      E2E_WEB_DIR: join(dist, 'web'),
      E2E_API_PORT: String(port),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout!.on('data', (d) => (log += String(d)));
  server.stderr!.on('data', (d) => (log += String(d)));
  await waitForServer(`${baseURL}/api/v1/csrf-cookie`, server, () => log);
});

test.afterAll(async () => {
  if (server && server.exitCode === null) {
    const exited = new Promise((r) => server!.once('exit', r));
    server.kill('SIGTERM');
    await exited;
  }
  if (dist) rmSync(dist, { recursive: true, force: true });
});

/** Signs a learner in, in a browser of their own, and opens the given screen. */
async function openAs(browser: Browser, learner: { document: string; obra: string }, path: string) {
  const context = await browser.newContext({ baseURL, locale: 'es-CO' });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto('/');
  await page.getByLabel('Número de documento o correo').fill(learner.document);
  await page.getByLabel('Contraseña').fill(PASSWORD);
  const login = page.waitForResponse((r) => r.url().endsWith('/api/v1/auth/login'));
  await page.getByRole('button', { name: 'Ingresar' }).click();
  // The API's user carries the learner's obra.
  expect((await (await login).json()).user.obra).toBe(learner.obra);
  await expect(page).not.toHaveURL(`${baseURL}/`);
  await page.goto(path);
  return { context, page, errors };
}

test('two learners of two obras see their own obra on the same screen', async ({ browser }) => {
  test.setTimeout(120_000);
  // The module-5 screen that says where the meeting point is (or asks the learner to find out).
  const m5 = course().modules[4]!;
  const screen = m5.topics.find((t) => JSON.stringify(t).includes('{{#obra.puntoEncuentro}}'))!;
  expect(screen, 'una pantalla del módulo 5 usa obra.puntoEncuentro').toBeTruthy();
  const path = pagePath(screen);

  const norte = await openAs(browser, OBRA_LEARNERS.torreNorte, path);
  const sur = await openAs(browser, OBRA_LEARNERS.puenteSur, path);
  try {
    const main = (p: typeof norte) => p.page.getByRole('main');
    await expect(main(norte)).toContainText(
      'Punto de encuentro: la plazoleta frente a la portería.',
    );
    await expect(main(norte)).toContainText('Alarma de tu obra: tres toques largos de sirena.');
    await expect(main(norte)).toContainText('Camilo Vélez, Rosa Arango y Iván Giraldo');

    // Puente Sur has no meeting point, alarm or brigade: the whole fallback sentences.
    await expect(main(sur)).toContainText('Pregúntale dónde queda el punto de encuentro.');
    await expect(main(sur)).toContainText('Pregúntale cómo suena la alarma de tu obra.');
    await expect(main(sur)).not.toContainText('plazoleta');
    await expect(main(sur)).not.toContainText('Camilo Vélez');

    for (const p of [norte, sur]) {
      await expect(main(p)).not.toContainText('{{');
      expect(p.errors).toEqual([]);
    }
  } finally {
    await norte.context.close();
    await sur.context.close();
  }
});
