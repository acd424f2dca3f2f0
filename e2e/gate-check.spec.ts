// «Verificar en portería» (decisions 0242, 0243) against a real server started here, on an
// in-memory database: three certificates are issued by the server through download-certificate
// — one current, one whose reinducción date has passed (completed 14 months ago), one whose QR
// the test then edits to another name. The QR is read from each PDF (rendered, decoded like a
// camera reads paper); the gate page, loaded once with signal and then offline (the service
// worker serves the page and the cached public keys; localStorage cleared), is fed that QR
// through the camera (getUserMedia answers a canvas stream drawing it) and says «Válida — sin
// señal…», «Vencida» and «Firma no válida». With signal, a fourth certificate, whose worker the
// coordinator then deactivated, reads «Anulada» with why (record 0260).
import { join, resolve } from 'node:path';
import { writeFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import type { FastifyInstance } from 'fastify';
import { openPglite, type Db } from '../server/db/db.ts';
import { migrate } from '../server/db/migrate.ts';
import { buildApp } from '../server/app.ts';
import { createUser, updateProgress } from '../server/db/store.ts';
import { acceptDataNotice, publishDataNoticeVersion } from '../server/db/activity-store.ts';
import { dataNoticeVersion } from '../src/domain/config/index.ts';
import { readConfiguration, withEnv } from '../course-files/read-config.ts';
import { loadCourseShape } from '../server/course-shape.ts';
import { createCertificateIssuer } from '../server/certificates.ts';
import { qrMatrix } from '../src/domain/certificate/qr.ts';
import { gateUrl, readGateQr, statementBytes } from '../src/domain/gate/statement.ts';
import { certificateQr } from './support/pdf-qr.ts';
import { shotsDir } from './support/shots.ts';

process.env.CURSO_SST_SCRYPT_LOG2N ??= '12';
const ROOT = resolve(import.meta.dirname, '..');
const PASSWORD = 'Clave-Porteria-1';
const CURRENT = { document: '1000004201', name: 'Ana Portería Ruiz' };
const EXPIRED = { document: '1000004202', name: 'Beto Vencido Díaz' };
const FORGED = { document: '1000004203', name: 'Carla Cambiada Gil' };
const DEACTIVATED = { document: '1000004204', name: 'Darío Retirado Peña' };
/** A real company's configuration: under the demonstration one every certificate is an example. */
const CONFIG = { ...readConfiguration(withEnv({}), { firstObra: true }).config, ejemplo: false };

test.describe.configure({ mode: 'serial' });
test.use({ serviceWorkers: 'allow' });

let db: Db;
let app: FastifyInstance;
let base = '';
let shots = '';
const qrs: Record<'current' | 'expired' | 'forged' | 'deactivated', string> = {
  current: '',
  expired: '',
  forged: '',
  deactivated: '',
};

/** Signs in through the API, asks for the certificate, returns its PDF. */
async function issuedPdf(learner: { document: string }): Promise<Uint8Array> {
  const csrf = await fetch(`${base}/api/v1/csrf-cookie`);
  const xsrf = /XSRF-TOKEN=([^;]+)/.exec(csrf.headers.get('set-cookie') ?? '')![1]!;
  const login = await fetch(`${base}/api/v1/auth/login`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      cookie: `XSRF-TOKEN=${xsrf}`,
      'x-xsrf-token': xsrf,
    },
    body: JSON.stringify({ document: learner.document, password: PASSWORD }),
  });
  expect(login.status).toBe(200);
  const { token } = (await login.json()) as { token: string };
  const issued = await fetch(`${base}/api/v1/download-certificate`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const body = (await issued.json()) as { success: boolean; url_file: string };
  expect(body.success).toBe(true);
  const pdf = await fetch(body.url_file);
  expect(pdf.status).toBe(200);
  return new Uint8Array(await pdf.arrayBuffer());
}

test.beforeAll(async ({ browser }) => {
  test.setTimeout(120_000);
  db = await openPglite();
  await migrate(db);
  const shape = loadCourseShape();
  const route = shape.topicCounts
    .map((topics) => Array.from({ length: topics + 1 }, (_, i) => i).join(','))
    .join('-');
  const notice = dataNoticeVersion(CONFIG);
  await publishDataNoticeVersion(db, notice);
  const ids: Record<string, number> = {};
  for (const learner of [CURRENT, EXPIRED, FORGED, DEACTIVATED]) {
    const user = await createUser(db, { ...learner, email: null, password: PASSWORD });
    await acceptDataNotice(db, user.id, notice);
    await updateProgress(db, user.id, { score: 100, route, finalTerms: true }, shape);
    ids[learner.document] = user.id;
  }
  // Completed 14 months ago: with the default 12-month period its reinducción is overdue.
  await db.query(
    "UPDATE progress SET completed_at = now() - interval '14 months' WHERE user_id = $1",
    [ids[EXPIRED.document]],
  );
  app = await buildApp({
    db,
    webDir: join(ROOT, 'dist', 'web'),
    lmsPreviewDir: null,
    certificateIssuer: createCertificateIssuer({ publicUrl: null, config: CONFIG }),
    console: { config: CONFIG },
    rateLimits: { loginPerIp: 0, failuresPerAccount: 1000 },
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  shots = shotsDir();

  for (const [which, learner] of [
    ['current', CURRENT],
    ['expired', EXPIRED],
    ['forged', FORGED],
    ['deactivated', DEACTIVATED],
  ] as const) {
    const { text, png } = await certificateQr(browser, await issuedPdf(learner));
    expect(text, `${which}: the PDF's QR is readable`).toMatch(
      new RegExp(`^${base}/verificar/SST-[A-Z0-9-]+#[\\w-]+\\.[\\w-]+$`),
    );
    qrs[which] = text!;
    if (which === 'current') writeFileSync(`${shots}/gate-certificate.png`, png);
  }
  expect(readGateQr(qrs.current)!.statement.name).toBe(CURRENT.name);
  // Deactivated after the certificate was issued, as the console does (record 0113).
  await db.query('UPDATE users SET active = false, deactivated_at = now() WHERE id = $1', [
    ids[DEACTIVATED.document],
  ]);
  // The forged one: the printed statement with another name, the signature left as it was.
  const read = readGateQr(qrs.forged)!;
  qrs.forged = gateUrl(
    read.url,
    statementBytes({ ...read.statement, name: 'Otro Nombre Distinto' }),
    read.signature,
  );
});

test.afterAll(async () => {
  await app?.close();
  await db?.close();
});

/** The phone's camera: a canvas stream that draws the QR the test puts in window.__cameraQr. */
const FAKE_CAMERA = () => {
  const w = window as unknown as { __cameraQr?: boolean[][] };
  navigator.mediaDevices.getUserMedia = async () => {
    const canvas = document.createElement('canvas');
    canvas.width = 640;
    canvas.height = 480;
    const ctx = canvas.getContext('2d')!;
    const draw = () => {
      ctx.fillStyle = '#fff';
      ctx.fillRect(0, 0, canvas.width, canvas.height);
      const matrix = w.__cameraQr;
      if (matrix) {
        const n = matrix.length;
        const size = Math.floor(460 / (n + 8));
        const x0 = Math.floor((canvas.width - n * size) / 2);
        const y0 = Math.floor((canvas.height - n * size) / 2);
        ctx.fillStyle = '#000';
        matrix.forEach((row, r) =>
          row.forEach((dark, c) => {
            if (dark) ctx.fillRect(x0 + c * size, y0 + r * size, size, size);
          }),
        );
      }
      requestAnimationFrame(draw);
    };
    draw();
    return canvas.captureStream(15);
  };
};

async function showToCamera(page: Page, text: string, button: 'Abrir cámara' | 'Verificar otro') {
  await page.evaluate((m) => {
    (window as unknown as { __cameraQr?: boolean[][] }).__cameraQr = m;
  }, qrMatrix(text));
  await page.getByRole('button', { name: button }).click();
  const result = page.locator('.gate-result');
  await expect(result).toBeVisible();
  return result;
}

test('the gate page, offline, says válida, vencida and firma no válida for certificates the server issued', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  await page.addInitScript(FAKE_CAMERA);
  // The guard finds the page from the app's first screen.
  await page.goto(`${base}/`);
  await page.getByRole('link', { name: 'Verificar un certificado en portería' }).click();
  await expect(page).toHaveURL(`${base}/porteria`);
  await expect(page.getByRole('heading', { name: 'Verificar en portería' })).toBeVisible();
  await page.waitForFunction(() => navigator.serviceWorker.controller?.state === 'activated');
  // Opened again with the worker in control: its answer for the keys is now in its cache.
  await page.reload();
  await expect(page.getByText('Clave de verificación guardada en este teléfono')).toBeVisible();

  // With signal the page also asks the server.
  let result = await showToCamera(page, qrs.current, 'Abrir cámara');
  await expect(result).toHaveAttribute('data-verdict', 'valid');
  await expect(result).toContainText('Comprobada en línea');

  // At the gate: no signal, nothing in localStorage — the worker serves the page and the keys.
  await context.setOffline(true);
  await page.evaluate(() => localStorage.clear());
  await page.reload();
  await expect(page.getByText('Clave de verificación guardada en este teléfono')).toBeVisible();
  await page.setViewportSize({ width: 360, height: 740 });
  await page.screenshot({ path: `${shots}/gate-idle-360.png` });

  result = await showToCamera(page, qrs.current, 'Abrir cámara');
  await expect(result.locator('.gate-verdict')).toHaveText(
    /Válida — sin señal; no se pudo comprobar si fue anulada/,
  );
  await expect(result).toContainText(CURRENT.name);
  await expect(result).toContainText('***4201');
  for (const [label, size] of [
    ['360', { width: 360, height: 800 }],
    ['1366', { width: 1366, height: 768 }],
  ] as const) {
    await page.setViewportSize(size);
    await page.screenshot({ path: `${shots}/gate-valid-offline-${label}.png`, fullPage: true });
  }

  result = await showToCamera(page, qrs.expired, 'Verificar otro');
  await expect(result).toHaveAttribute('data-verdict', 'expired');
  await expect(result.locator('.gate-verdict')).toHaveText(/Vencida/);
  await expect(result).toContainText(EXPIRED.name);
  await page.screenshot({ path: `${shots}/gate-expired-1366.png`, fullPage: true });

  result = await showToCamera(page, qrs.forged, 'Verificar otro');
  await expect(result).toHaveAttribute('data-verdict', 'bad-signature');
  await expect(result.locator('.gate-verdict')).toHaveText(/Firma no válida/);
  await expect(result).not.toContainText('Otro Nombre Distinto');
  await page.setViewportSize({ width: 360, height: 800 });
  await page.screenshot({ path: `${shots}/gate-forged-360.png`, fullPage: true });
  await context.setOffline(false);
});

test('the gate page with signal says «Anulada», with why, for a deactivated worker’s certificate', async ({
  page,
}) => {
  await page.addInitScript(FAKE_CAMERA);
  await page.goto(`${base}/porteria`);
  await expect(page.getByText('Clave de verificación guardada en este teléfono')).toBeVisible();
  const result = await showToCamera(page, qrs.deactivated, 'Abrir cámara');
  // The signature is genuine; the server says the certificate no longer stands.
  await expect(result).toHaveAttribute('data-online', 'annulled');
  await expect(result.locator('.gate-verdict')).toHaveText(/^✕ Anulada$/);
  await expect(result).toContainText('El trabajador fue desactivado el');
  await expect(result).not.toContainText('Válida');
  await expect(result).toContainText(DEACTIVATED.name);
  for (const [label, size] of [
    ['360', { width: 360, height: 800 }],
    ['1280', { width: 1280, height: 800 }],
  ] as const) {
    await page.setViewportSize(size);
    await page.screenshot({ path: `${shots}/gate-annulled-online-${label}.png`, fullPage: true });
  }
});

test('a QR whose address is damaged reads «Código no válido», not «Comprobando…» for good', async ({
  page,
}) => {
  await page.addInitScript(FAKE_CAMERA);
  await page.goto(`${base}/porteria`);
  await expect(page.getByText('Clave de verificación guardada en este teléfono')).toBeVisible();
  // The signed statement behind an address whose code cannot be read (record 0267).
  const damaged = qrs.current.replace(/\/verificar\/[^#]+#/, '/verificar/%ZZ#');
  const result = await showToCamera(page, damaged, 'Abrir cámara');
  await expect(result).toHaveAttribute('data-verdict', 'invalid');
  await expect(result.locator('.gate-verdict')).toHaveText(/^✕ Código no válido$/);
  await expect(page.getByText('Comprobando…')).toHaveCount(0);
});
