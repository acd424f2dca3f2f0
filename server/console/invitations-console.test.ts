// Invitations from the console (decision 0210): for one learner (card and fresh code) and for
// everyone an import created just now; the page shows each code once, the PDF holds one card
// per learner, and the WhatsApp link carries the link and never the document number.
import { importWorkerFor } from './import-jobs.ts';
import { invitationWorkerFor } from './invitation-jobs.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import {
  ENGINES,
  openTestDb,
  pdfPagesText,
  testApp,
  TestClient,
  type TestDb,
} from '../test-support.ts';
import { invitationCardsPdf } from './invitation-cards.ts';
import { esCards } from './strings/es-cards.ts';
import { createUser } from '../db/store.ts';
import { whatsAppLink, whatsAppText } from './pages-invitation-sheet.ts';

const hiddenXsrf = (html: string) => /name="_xsrf" value="([^"]+)"/.exec(html)?.[1] ?? '';
const decode = (html: string) =>
  html
    .replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'");

describe('the WhatsApp message', () => {
  it('holds the link and the code, never a document; wa.me gets the Colombian prefix', () => {
    const text = whatsAppText('Ana', 'Constructora', 'https://x.co/entrar#abc', '1234567890');
    expect(text).toContain('https://x.co/entrar#abc');
    expect(text).toContain('12345 67890');
    expect(whatsAppLink('3001234567', text)).toMatch(/^https:\/\/wa\.me\/573001234567\?text=/);
    expect(whatsAppLink(null, 'hola')).toBe('https://wa.me/?text=hola');
  });
});

describe('a company whose name ends in a full stop, and the address to type (record 0274)', () => {
  const link = 'https://curso.ejemplo.co/entrar#abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG';

  it('the WhatsApp message: one full stop, and the address of the code form', () => {
    const text = whatsAppText('Ana', 'Constructora Ejemplo S.A.S.', link, '1234567890');
    expect(text).toContain('Trabajo de Constructora Ejemplo S.A.S.\n');
    expect(text).not.toContain('..');
    expect(text).toContain('entra a curso.ejemplo.co/entrar y escribe');
  });

  it('the cards: the address printed whole, no step cut, no doubled stop', async () => {
    const pdf = await invitationCardsPdf(
      [
        {
          name: 'Ana María Pérez',
          obra: 'Torre Norte',
          link,
          code: '1234567890',
          expires: '06/12/2026',
        },
      ],
      { courseTitle: 'Inducción SST', companyName: 'Constructora Ejemplo S.A.S.' },
    );
    const text = await pdfPagesText(pdf);
    expect(text).toContain('curso.ejemplo.co/entrar');
    expect(text).not.toContain(link);
    for (const step of esCards.steps) expect(text).toContain(step);
    expect(text).not.toContain('…');
    expect(text).not.toContain('..');
  });
});

describe.each(ENGINES)('console invitations (%s)', (engine) => {
  let t: TestDb;
  let app: FastifyInstance;
  let cookie = '';
  let ana: { id: number; document: string };
  // The jobs' clock (record 0273): moved by hand to reach the end of a sheet's window.
  let offsetMs = 0;
  const clock = { now: () => Date.now() + offsetMs, every: () => () => {} };

  beforeAll(async () => {
    t = await openTestDb(engine);
    app = await testApp(t.db, {
      console: { course: { title: 'Inducción SST', hours: 4 }, clock },
    });
    await createUser(t.db, {
      document: 'C-500',
      name: 'Carla Coordinadora',
      password: 'clave-coord',
      role: 'coordinador',
    });
    ana = await createUser(t.db, {
      document: '5005005005',
      name: 'Ana María Pérez',
      password: 'secreto123',
    });
    const form = await app.inject({ method: 'GET', url: '/consola/ingresar' });
    const xsrf = form.cookies.find((c) => c.name === 'consola_xsrf')!;
    const ok = await app.inject({
      method: 'POST',
      url: '/consola/ingresar',
      headers: {
        cookie: `consola_xsrf=${xsrf.value}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      payload: new URLSearchParams({
        _xsrf: hiddenXsrf(form.body),
        documento: 'C-500',
        clave: 'clave-coord',
      }).toString(),
    });
    cookie = `consola_sesion=${ok.cookies.find((c) => c.name === 'consola_sesion')!.value}`;
  }, 120_000);

  afterAll(async () => {
    await app?.close();
    await t?.cleanup();
  });

  const page = (url: string) => app.inject({ method: 'GET', url, headers: { cookie } });
  const submit = (url: string, html: string, fields: Record<string, string>) =>
    app.inject({
      method: 'POST',
      url,
      headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ _xsrf: hiddenXsrf(html), ...fields }).toString(),
    });
  /** Issues invitations as the browser does: the POST's 303, then its GET with the key cookie. */
  const invite = async (html: string, fields: Record<string, string>) => {
    const sent = await submit('/consola/invitaciones', html, fields);
    if (sent.statusCode !== 303) return sent;
    const key = sent.cookies.find((c) => c.name.startsWith('consola_hoja_'))!;
    // The invitations are a job (record 0273): its page shows the sheet once the worker ran it.
    await invitationWorkerFor(t.db)!.wake();
    return app.inject({
      method: 'GET',
      url: String(sent.headers.location),
      headers: { cookie: `${cookie}; ${key.name}=${key.value}` },
    });
  };

  it('a card for one learner: code shown once, PDF, WhatsApp without the document; it signs in', async () => {
    const learnerPage = await page(`/consola/aprendices/${ana.id}`);
    expect(learnerPage.body).toContain('Invitación: tarjeta y WhatsApp');
    const result = await invite(learnerPage.body, { ids: String(ana.id), tipo: 'tarjeta' });
    expect(result.statusCode).toBe(200);
    const html = decode(result.body);
    expect(html).toContain('Invitaciones listas: 1');
    const code = /class="code secret">(\d{5} \d{5})</.exec(html)![1]!.replace(' ', '');
    const link = /href="(http[^"]+\/entrar#[A-Za-z0-9_-]{22})"/.exec(html)![1]!;
    const pdf = /href="data:application\/pdf;base64,([^"]+)"/.exec(html)![1]!;
    expect(Buffer.from(pdf, 'base64').subarray(0, 5).toString()).toBe('%PDF-');
    const wa = /href="(https:\/\/wa\.me\/[^"]*)"/.exec(html)![1]!;
    const message = decodeURIComponent(wa.split('?text=')[1]!);
    expect(message).toContain(link);
    expect(message).not.toContain(ana.document);
    expect(message).toContain('Hola Ana.');

    // The link works once, with the document.
    const client = await new TestClient(app).init();
    const token = link.split('#')[1]!;
    const used = await client.post('auth/invitation', { token, document: ana.document });
    expect(used.statusCode).toBe(200);
    const again = await client.post('auth/invitation', { code, document: ana.document });
    expect(again.statusCode).toBe(410);
    const audit = JSON.stringify(await t.db.query('SELECT * FROM audit_log'));
    expect(audit).not.toContain(code);
    expect(audit).not.toContain(token);
  });

  it('one batch per form however often it is sent; the sheet opens again with its key only, until its window ends', async () => {
    const issued = async () =>
      Number(
        (
          await t.db.query<{ n: number }>(
            `SELECT count(*)::int AS n FROM audit_log WHERE action = 'invitacion-emitida'`,
          )
        )[0]!.n,
      );
    const before = await issued();
    const learnerPage = await page(`/consola/aprendices/${ana.id}`);
    // A double press: the same form (the same sheet key) sent twice names one job.
    const hoja = /name="hoja" value="([^"]+)"/.exec(learnerPage.body)![1]!;
    const form = { ids: String(ana.id), hoja };
    const sent = await submit('/consola/invitaciones', learnerPage.body, form);
    const again = await submit('/consola/invitaciones', learnerPage.body, form);
    expect(sent.statusCode).toBe(303);
    expect(again.headers.location).toBe(sent.headers.location);
    await invitationWorkerFor(t.db)!.wake();
    expect(await issued()).toBe(before + 1);
    const key = sent.cookies.find((c) => c.name.startsWith('consola_hoja_'))!;
    expect(key.path).toBe('/consola');
    const withKey = () =>
      app.inject({
        method: 'GET',
        url: String(sent.headers.location),
        headers: { cookie: `${cookie}; ${key.name}=${key.value}` },
      });
    // Without the key (another session, a copied address): refused, and nothing deleted.
    const withoutKey = await page(String(sent.headers.location));
    expect(withoutKey.statusCode).toBe(403);
    expect(withoutKey.body).not.toContain('class="code secret"');
    // With it: as often as asked (a reload), the same code; and the learners table offers it.
    const first = await withKey();
    const second = await withKey();
    const code = /class="code secret">(\d{5} \d{5})</.exec(first.body)![1]!;
    expect(second.body).toContain(code);
    const table = await app.inject({
      method: 'GET',
      url: '/consola/aprendices',
      headers: { cookie: `${cookie}; ${key.name}=${key.value}` },
    });
    expect(table.body).toContain(String(sent.headers.location).replace('/consola', ''));
    expect((await page('/consola/aprendices')).body).not.toContain('Abrir la hoja de invitaciones');
    // The form sent once more after the sheet is ready: still that one batch.
    await submit('/consola/invitaciones', learnerPage.body, form);
    await invitationWorkerFor(t.db)!.wake();
    expect(await issued()).toBe(before + 1);
    // Ten minutes after it was ready, the key opens nothing and the row is gone.
    offsetMs += 10 * 60_000 + 1_000;
    try {
      const late = await withKey();
      expect(late.body).not.toContain('class="code secret"');
      expect(late.body).toContain('Pasaron los 10 minutos');
      const rows = await t.db.query('SELECT id FROM console_invitation_sheets');
      expect(rows).toHaveLength(0);
    } finally {
      offsetMs = 0;
    }
  });

  it('a fresh code lasts a day; deactivated learners get none', async () => {
    const learnerPage = await page(`/consola/aprendices/${ana.id}`);
    const result = await invite(learnerPage.body, { ids: String(ana.id), tipo: 'codigo' });
    expect(result.body).toContain('(24 horas)');
    await t.db.query('UPDATE users SET active = false WHERE id = $1', [ana.id]);
    const refused = await invite(learnerPage.body, { ids: String(ana.id) });
    expect(refused.statusCode).toBe(422);
    await t.db.query('UPDATE users SET active = true WHERE id = $1', [ana.id]);
  });

  it('the import result offers invitations for everyone it created, and only them', async () => {
    const form = await page('/consola/importar');
    const csv = 'documento,nombre\n6006006001,Beto Uno\n6006006002,Carlos Dos\n';
    const boundary = '----inv';
    const body =
      `--${boundary}\r\nContent-Disposition: form-data; name="_xsrf"\r\n\r\n${hiddenXsrf(form.body)}\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="archivo"; filename="a.csv"\r\nContent-Type: text/csv\r\n\r\n${csv}\r\n--${boundary}--\r\n`;
    const imported = await app.inject({
      method: 'POST',
      url: '/consola/importar',
      headers: { cookie, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: body,
    });
    // The import is a job (record 0216): its page shows the result once the worker has run it.
    expect(imported.statusCode).toBe(303);
    await importWorkerFor(t.db)!.wake();
    const done = await app.inject({
      method: 'GET',
      url: String(imported.headers.location),
      headers: { cookie },
    });
    expect(done.body).toContain('Hacer las invitaciones de los 2 importados');
    const ids = /name="ids" value="([^"]+)"/.exec(done.body)![1]!;
    const result = await invite(done.body, { ids });
    const html = decode(result.body);
    expect(html).toContain('Invitaciones listas: 2');
    expect(html).toContain('Beto Uno');
    expect(html).toContain('Carlos Dos');
    expect(html).not.toContain('Ana María Pérez');
  });
});
