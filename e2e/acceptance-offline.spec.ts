// An «Acepto» given with no signal is kept until the server has it (record 0261). A worker on a
// 360×740 phone finishes the course with the network cut — the browser offline and the server
// itself dropping every API request, so the service worker cannot reach it either — and taps
// «Acepto». When the signal returns the first progress request is dropped again (a weak signal
// right after reconnecting), so the acceptance would reach the server before the progress that
// completes the course: it must wait for that progress, never be lost to the server's «not
// completed yet». Then the server has it and the phone keeps nothing pending; the registro's text
// prints the tap on the phone (before the signal returned) and the server's receipt (record 0264).
// On a shared phone with no signal, two workers tap «Acepto» one after the other, the first
// leaving through «No soy yo» (record 0211): each acceptance waits on the phone for its own
// worker and reaches the server as theirs — his when the signal returns, hers when she signs in
// there again. The spec runs its own server in this process, on an in-memory PGlite.
import { expect, test, type Page } from '@playwright/test';
import type { FastifyInstance } from 'fastify';
import { type Db } from '../server/db/db.ts';
import { pagePath } from '../src/domain/progress/navigation.ts';
import { issueInvitations } from '../server/invitations.ts';
import { course } from './support/content.ts';
import { startSeededServer } from './support/seeded-server.ts';
import { answerQuiz, takeModule } from './support/learner.ts';
import { onToMenu, signIn } from './support/standalone.ts';
import { pdfText } from './support/pdf-text.ts';

process.env.CURSO_SST_SCRYPT_LOG2N ??= '12';
const PASSWORD = 'Clave-Sin-Senal-1';
const WORKER = { document: '1000000951', name: 'Dora Sin Señal Ríos' };
const COORDINATOR = { document: '1000000959', name: 'Laura Coordinadora' };
/** Two workers on one shared phone, each with only the last quiz left. */
const FIRST = { document: '1000000952', name: 'Ana Compartida Ruiz' };
const NEXT = { document: '1000000953', name: 'Beto Compartido Gil' };

// The service worker is on, as on a worker's phone: the course is precached and keeps working.
test.use({ serviceWorkers: 'allow', viewport: { width: 360, height: 740 } });

let db: Db;
let app: FastifyInstance;
let base = '';
/** While true the server drops every API request unanswered: no signal at all. */
let cut = false;
/** How many update-user requests the server still drops after the signal returns. */
let dropUpdates = 0;
let firstId = 0;
let coordinatorId = 0;

test.beforeAll(async () => {
  let ids: Map<string, number>;
  ({ db, app, base, ids } = await startSeededServer({
    learners: [
      { person: WORKER, stage: 'last-module' },
      { person: FIRST, stage: 'last-quiz' },
      { person: NEXT, stage: 'last-quiz' },
    ],
    coordinator: COORDINATOR,
    password: PASSWORD,
    onApp: (app) =>
      app.addHook('onRequest', async (request, reply) => {
        if (!request.url.startsWith('/api/')) return;
        const dropped = cut || (request.url.endsWith('/update-user') && dropUpdates > 0);
        if (!dropped) return;
        if (!cut) dropUpdates--;
        reply.hijack();
        request.raw.socket.destroy();
      }),
  }));
  firstId = ids.get(FIRST.document)!;
  coordinatorId = ids.get(COORDINATOR.document)!;
});

test.afterAll(async () => {
  await app?.close();
  await db?.close();
});

/**
 * What the phone still keeps to send: no acceptance, no progress, no answers or time (the
 * activity record also remembers what was sent; only its queues count).
 */
const waiting = (page: Page) =>
  page.evaluate(() =>
    Object.keys(localStorage).filter((key) => {
      if (key === 'curso-sst:acceptances' || key === 'curso-sst:parked') return true;
      if (!key.startsWith('curso-sst:pending')) return false;
      const r = JSON.parse(localStorage.getItem(key) ?? 'null') as {
        answers?: unknown[];
        sessions?: unknown[];
      } | null;
      if (key !== 'curso-sst:pending-activity') return r !== null;
      return (r?.answers?.length ?? 0) + (r?.sessions?.length ?? 0) > 0;
    }),
  );

/**
 * Nothing waits on the phone once it is put away: the page going out of sight sends what is
 * pending (a bookmark alone waits for that by design, one request per screen, record 0004).
 */
async function putAway(page: Page): Promise<void> {
  await page.evaluate(() => window.dispatchEvent(new PageTransitionEvent('pagehide')));
  await expect.poll(() => waiting(page)).toEqual([]);
}

/** The coordinator signs in on `page` and downloads the registro: its text. */
async function registroText(page: Page): Promise<string> {
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
  return pdfText(await response.body());
}

/** A time as the registro prints it («dd/mm/aaaa, hh:mm», Colombia's time): epoch ms. */
const printedTime = (date: string, time: string) => {
  const [d, m, y] = date.split('/');
  return Date.parse(`${y}-${m}-${d}T${time.replace(/^24:/, '00:')}:00-05:00`);
};
const toMinute = (ms: number) => ms - (ms % 60_000);

/** The acceptance of a registro row: the tap on the device and the server's receipt. */
function printedAcceptance(row: string) {
  const at = String.raw`(\d{2}/\d{2}/\d{4}), (\d{2}:\d{2})`;
  const found = new RegExp(
    `aceptó ${at} en su dispositivo, recibida por el servidor ${at}, sello`,
  ).exec(row);
  expect(found, `the row prints tap and receipt: ${row}`).not.toBeNull();
  const [, tapDate, tapTime, receiptDate, receiptTime] = found!;
  return {
    tap: printedTime(tapDate!, tapTime!),
    receipt: printedTime(receiptDate!, receiptTime!),
  };
}

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
  const beforeTap = Date.now();
  await congrats.getByRole('button', { name: 'Acepto' }).click();
  await expect(congrats.getByRole('status')).toContainText('pendiente de envío');
  const [before] = await db.query<{ n: number }>(
    'SELECT count(*)::integer AS n FROM acceptances WHERE name = $1',
    [WORKER.name],
  );
  expect(before?.n).toBe(0);

  // The signal returns, weak: the first progress request is lost again.
  const signalBack = Date.now();
  dropUpdates = 1;
  cut = false;
  await context.setOffline(false);
  await expect(congrats.getByRole('status')).toHaveText('Tu aceptación quedó registrada.');
  const rows = await db.query<{ name: string }>('SELECT name FROM acceptances WHERE name = $1', [
    WORKER.name,
  ]);
  expect(rows).toHaveLength(1);
  await putAway(page);

  // The coordinator's registro shows the acceptance.
  const text = await registroText(page);
  const row = text.slice(text.indexOf(WORKER.name), text.indexOf('Totales:'));
  expect(row).toMatch(/aceptó \d{2}\/\d{2}\/\d{4}/);
  // It prints the tap (the phone's time, before the signal returned) and the server's receipt
  // (after): to the minute, as printed, each within its own stretch of this test.
  const { tap, receipt } = printedAcceptance(row);
  expect(tap).toBeGreaterThanOrEqual(toMinute(beforeTap));
  expect(tap).toBeLessThanOrEqual(signalBack);
  expect(receipt).toBeGreaterThanOrEqual(toMinute(signalBack));
  expect(receipt).toBeLessThanOrEqual(Date.now());
  expect(tap).toBeLessThanOrEqual(receipt);
  // What was printed to the minute, stored to the millisecond: the tap, not the sending.
  const [kept] = await db.query<{ device_time: Date; received_at: Date }>(
    'SELECT device_time, received_at FROM acceptances WHERE name = $1',
    [WORKER.name],
  );
  expect(kept!.device_time.getTime()).toBeGreaterThanOrEqual(beforeTap);
  expect(kept!.device_time.getTime()).toBeLessThanOrEqual(signalBack);
  expect(kept!.received_at.getTime()).toBeGreaterThanOrEqual(signalBack);
  expect(errors).toEqual([]);
});

test("a shared phone with no signal: two workers' «Acepto» both reach the server, each as its own worker", async ({
  page,
  context,
}) => {
  test.setTimeout(180_000);
  const errors: string[] = [];
  const watch = (p: Page) => p.on('pageerror', (e) => errors.push(e.message));
  watch(page);
  const last = course().modules.length;
  const lastQuiz = `${base}${pagePath(course().modules[last - 1]!.activity)}`;
  const accepted = (worker: { name: string }) =>
    db.query<{ device_time: Date; received_at: Date; document: string }>(
      `SELECT a.device_time, a.received_at, u.document
         FROM acceptances a JOIN users u ON u.id = a.user_id WHERE a.name = $1`,
      [worker.name],
    );

  // The first worker comes in with her invitation, a long-lived session on this phone (record
  // 0211), and finishes with no signal: the last quiz and «Acepto» stay on the phone.
  const [invitation] = await issueInvitations(
    db,
    { userId: coordinatorId, name: COORDINATOR.name },
    [firstId],
    'tarjeta',
  );
  await page.goto(`${base}/entrar#${invitation!.token}`);
  await page.getByLabel('Número de documento').fill(FIRST.document);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await onToMenu(page);
  await page.waitForFunction(() => navigator.serviceWorker.controller?.state === 'activated');
  await page.goto(lastQuiz);
  cut = true;
  await context.setOffline(true);
  await answerQuiz(page, last);
  const congrats = page.getByRole('dialog', { name: 'FELICITACIONES' });
  await congrats.getByRole('button', { name: 'Acepto' }).click();
  await expect(congrats.getByRole('status')).toContainText('pendiente de envío');
  await page.close();

  // The next launch, still with no signal: the phone asks who holds it; «No soy yo».
  const phone = await context.newPage();
  watch(phone);
  await phone.goto(`${base}/`);
  await expect(
    phone.getByRole('heading', { name: `¿Eres ${FIRST.name.split(' ')[0]}?` }),
  ).toBeVisible();
  await phone.getByRole('button', { name: 'No soy yo' }).click();
  await expect(phone.getByRole('heading', { name: 'Entrar con tu código' })).toBeVisible();

  // A moment of signal: the next worker signs in (with his password, the path below the code
  // form, record 0274). Her acceptance is not sent as his.
  cut = false;
  await context.setOffline(false);
  await phone.getByRole('link', { name: 'Tengo contraseña' }).click();
  await signIn(phone, NEXT.document, PASSWORD);
  await onToMenu(phone);
  await phone.goto(lastQuiz);
  expect(await accepted(FIRST)).toEqual([]);

  // No signal again: he finishes and taps «Acepto» too. Two acceptances wait on the phone.
  cut = true;
  await context.setOffline(true);
  await answerQuiz(phone, last);
  const his = phone.getByRole('dialog', { name: 'FELICITACIONES' });
  await his.getByRole('button', { name: 'Acepto' }).click();
  await expect(his.getByRole('status')).toContainText('pendiente de envío');

  // The signal returns: his arrives, as his; hers waits for her.
  cut = false;
  await context.setOffline(false);
  await expect(his.getByRole('status')).toHaveText('Tu aceptación quedó registrada.');
  expect((await accepted(NEXT)).map((r) => r.document)).toEqual([NEXT.document]);
  expect(await accepted(FIRST)).toEqual([]);
  await his.getByRole('button', { name: 'Cerrar' }).click();
  await phone.getByRole('contentinfo').getByRole('link', { name: 'Menú' }).click();
  await phone.getByRole('button', { name: 'Cerrar sesión' }).click();
  await expect(phone).toHaveURL(/\/($|auth\/login$)/);
  if (!/auth\/login$/.test(phone.url())) await phone.goto(`${base}/auth/login`);

  // She comes back to the phone: her completion, then her acceptance, reach the server as hers,
  // with the time she tapped it (before his), received after his.
  await signIn(phone, FIRST.document, PASSWORD);
  await expect.poll(async () => (await accepted(FIRST)).length).toBe(1);
  const [hers] = await accepted(FIRST);
  const [him] = await accepted(NEXT);
  expect(hers!.document).toBe(FIRST.document);
  expect(hers!.device_time.getTime()).toBeLessThan(him!.device_time.getTime());
  expect(hers!.received_at.getTime()).toBeGreaterThan(him!.received_at.getTime());
  await putAway(phone);
  expect(errors).toEqual([]);
});
