// Certificates issued by the server (decision 0020): one per learner, stored with its PDF, served at a
// short-lived link bound to the learner's session (decision 0230), and confirmed at /verificar/:code — name, course, dates, obra and
// the document masked as the gate shows it (record 0260), and nothing more.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { TextItem } from 'pdfjs-dist/types/src/display/api';
import {
  ENGINES,
  openTestDb,
  signedInLearner,
  testApp,
  type TestClient,
  type TestDb,
} from './test-support.ts';
import { MESSAGES } from './messages.ts';
import { createCertificateIssuer, normalisePublicUrl, readCourseFacts } from './certificates.ts';
import { normaliseCode } from './routes/verify.ts';
import { formatSpanishDate } from '../src/domain/certificate/index.ts';
import { ANDINA } from './console/console-fixture.ts';

const HOOK_TIMEOUT = 120_000;
const PUBLIC_URL = 'https://sst.example.co';
const COURSE = { title: 'Inducción — Seguridad y Salud en el Trabajo', hours: 4 };
/** The made-up company of test/fixtures/config (decision 0070). */

async function pdfText(bytes: Uint8Array): Promise<string> {
  const pdf = await getDocument({ data: bytes.slice(), verbosity: 0 }).promise;
  const page = await pdf.getPage(1);
  const content = await page.getTextContent();
  const text = content.items
    .filter((item): item is TextItem => 'str' in item)
    .map((item) => item.str)
    .join(' ');
  await pdf.destroy();
  return text.replace(/\s+/g, ' ');
}

describe('issuer configuration', () => {
  it('accepts only http(s) public URLs, without a trailing slash', () => {
    expect(normalisePublicUrl('https://sst.example.co/')).toBe('https://sst.example.co');
    expect(normalisePublicUrl(' https://x.co/curso/ ')).toBe('https://x.co/curso');
    expect(normalisePublicUrl('javascript:alert(1)')).toBeNull();
    expect(normalisePublicUrl('')).toBeNull();
    expect(() =>
      createCertificateIssuer({ env: { PUBLIC_URL: 'ftp://x' }, course: COURSE }),
    ).toThrow(/PUBLIC_URL/);
  });

  it('names the learner’s own obra (users.obra), else the configuration’s first (decision 0078)', async () => {
    const issue = createCertificateIssuer({
      config: ANDINA,
      course: COURSE,
      publicUrl: PUBLIC_URL,
    });
    const user = (obra: string | null) => ({
      id: 1,
      name: 'Ana Ruiz',
      document: '1020304050',
      email: null,
      obra,
      score: 100,
      route: '',
      current_location: null,
      final_terms: true,
      completed_at: null,
      url_certificate: null,
      cycle: 1,
      dataNoticeAcceptedAt: null,
      dataNoticeVersion: null,
    });
    const printed = async (obra: string | null) => {
      const when = new Date('2026-11-23T12:00:00Z');
      const issued = await issue({
        user: user(obra),
        code: 'SST-AAAA-BBBB-CCCC',
        issuedAt: when,
        completedAt: when,
        origin: PUBLIC_URL,
      });
      return pdfText(issued.file!.pdf);
    };
    expect(await printed('puente-sur')).toContain('para la obra Puente Sur,');
    expect(await printed(null)).toContain('para la obra Torre Norte,');
  });

  it('takes the course title and hours from the content', () => {
    const facts = readCourseFacts();
    expect(facts.title).toBe('Inducción — Seguridad y Salud en el Trabajo');
    expect(facts.hours).toBeGreaterThan(0);
  });

  it('normalises codes typed from paper and rejects what cannot be one', () => {
    expect(normaliseCode('sst k7qm 2xpa 9rtw')).toBe('SST-K7QM-2XPA-9RTW');
    expect(normaliseCode('SSTK7QM2XPA9RTW')).toBe('SST-K7QM-2XPA-9RTW');
    expect(normaliseCode("'; DROP TABLE certificates; --")).toBeNull();
    expect(normaliseCode('<script>')).toBeNull();
    expect(normaliseCode('x'.repeat(41))).toBeNull();
  });
});

describe.each(ENGINES)('certificates (%s)', (engine) => {
  let t: TestDb;
  let app: FastifyInstance;
  let issued = 0;

  beforeAll(async () => {
    t = await openTestDb(engine);
    const issuer = createCertificateIssuer({
      publicUrl: PUBLIC_URL,
      env: {},
      course: COURSE,
      config: ANDINA,
    });
    app = await testApp(t.db, {
      certificateIssuer: async (request) => {
        issued++;
        return issuer(request);
      },
      // /verificar reads the same company configuration as the issuer (record 0260).
      console: { config: ANDINA },
    });
  }, HOOK_TIMEOUT);

  afterAll(async () => {
    await app?.close();
    await t?.cleanup();
  });

  const learner = (document: string, name: string, complete: boolean) =>
    signedInLearner(app, t.db, { document, name }, { complete });

  const download = (client: TestClient) =>
    app.inject({
      method: 'GET',
      url: '/api/v1/download-certificate',
      headers: client.headers(),
    });

  /** The path part of an absolute url_file, for inject(). */
  const pathOf = (url: string) => new URL(url).pathname;

  it.each([
    ['4040404040', '王小明', '???'],
    ['4040404041', '👷‍♀️ Ana Ruiz', '? Ana Ruiz'],
    ['4040404042', 'Ana\u200f Łęcka', 'Ana Łęcka'],
  ])(
    'issues a certificate for any name (%s: %s), printed with its fallback, exact on /verificar',
    async (document, name, printed) => {
      // Names with bidi marks are refused on entry now (decision 0183): this one stands for a
      // name stored before that rule.
      const { client } = await learner(document, name.replace(/\u200f/g, ''), true);
      await t.db.query('UPDATE users SET name = $1 WHERE document = $2', [name, document]);
      const answer = (await download(client)).json();
      expect(answer.success).toBe(true);
      const pdf = await app.inject({ method: 'GET', url: pathOf(answer.url_file) });
      expect(await pdfText(new Uint8Array(pdf.rawPayload))).toContain(printed);
      const [row] = await t.db.query<{ code: string }>(
        `SELECT code FROM certificates c JOIN users u ON u.id = c.user_id WHERE u.document = $1`,
        [document],
      );
      const page = await app.inject({ method: 'GET', url: `/verificar/${row!.code}` });
      expect(page.statusCode).toBe(200);
      // The page shows the stored name as given (HTML-escaped), less bidi controls.
      expect(page.body).toContain(name.replace(/\u200f/g, ''));
    },
    HOOK_TIMEOUT,
  );

  describe('a learner who completed the course', () => {
    let first: {
      success: boolean;
      url_file: string;
      user: { url_certificate: string; completed_at: string };
    };
    let code: string;
    let client: TestClient;
    let issuedBefore: number;

    beforeAll(async () => {
      ({ client } = await learner('1098765432', 'María José Ñúñez Peña', true));
      issuedBefore = issued;
      first = (await download(client)).json();
      const [row] = await t.db.query<{ code: string }>(
        `SELECT code FROM certificates c JOIN users u ON u.id = c.user_id WHERE u.document = '1098765432'`,
      );
      code = row!.code;
    }, HOOK_TIMEOUT);

    it('gets one certificate, stored with its PDF, at a capability URL on PUBLIC_URL', async () => {
      expect(first.success).toBe(true);
      expect(first.url_file).toMatch(
        /^https:\/\/sst\.example\.co\/certificados\/[A-Za-z0-9_-]{22}\.pdf$/,
      );
      // The printed code is not part of the file's URL: knowing it must not give the PDF.
      expect(first.url_file).not.toContain(code);
      expect(first.user.url_certificate).toBe(first.url_file);
      expect(code).toMatch(/^SST-[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}$/);
      const rows = await t.db.query<{ n: number }>(
        `SELECT octet_length(pdf)::integer AS n FROM certificates c JOIN users u ON u.id = c.user_id WHERE u.document = '1098765432'`,
      );
      expect(rows).toHaveLength(1);
      expect(rows[0]!.n).toBeGreaterThan(1000);
      expect(issued - issuedBefore).toBe(1);
    });

    it('asking again issues nothing new: a fresh link to the same stored PDF', async () => {
      const again = (await download(client)).json();
      expect(again.success).toBe(true);
      // Each answer is a new short-lived link (decision 0230), to the same file.
      expect(again.url_file).not.toBe(first.url_file);
      const [a, b] = await Promise.all(
        [first.url_file, again.url_file].map((u) => app.inject({ method: 'GET', url: pathOf(u) })),
      );
      expect(a!.statusCode).toBe(200);
      expect(b!.rawPayload.equals(a!.rawPayload)).toBe(true);
      expect(issued - issuedBefore).toBe(1);
      const [row] = await t.db.query<{ n: number }>(
        `SELECT count(*)::integer AS n FROM certificates c JOIN users u ON u.id = c.user_id WHERE u.document = '1098765432'`,
      );
      expect(row!.n).toBe(1);
    });

    it('serves the PDF without a token: name with accents, document, course, date, code, QR link', async () => {
      const response = await app.inject({ method: 'GET', url: pathOf(first.url_file) });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('application/pdf');
      expect(response.headers['content-disposition']).toMatch(
        /^inline; filename="certificado-sst-maria-jose-nunez-pena-\d{4}-\d{2}-\d{2}\.pdf"$/,
      );
      expect(response.headers['cache-control']).toBe('no-store');
      // Chrome's PDF viewer breaks under the app's CSP.
      expect(response.headers['content-security-policy']).toBeUndefined();
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      const bytes = response.rawPayload;
      expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      const text = await pdfText(new Uint8Array(bytes));
      expect(text).toContain('María José Ñúñez Peña');
      expect(text).toContain('1098765432');
      expect(text).toContain('Inducción — Seguridad y Salud en el Trabajo');
      expect(text).toContain(formatSpanishDate(new Date(first.user.completed_at)));
      expect(text).toContain(code);
      expect(text).toContain('4 horas');
      // From the configuration (decision 0077): company and NIT, signatory, licence, obra; no mark.
      expect(text.replace(/ /g, '')).toContain('CONSTRUCTORAANDINAS.A.S.·NIT901234567-7');
      expect(text).toContain('Hernán Ospina');
      expect(text).toContain('Representante legal');
      expect(text).toContain('Licencia SST 67890 de 2022');
      expect(text).toContain('para la obra Torre Norte,');
      expect(text).not.toContain('EJEMPLO');
      expect(text.replace(/ /g, '')).toContain(`${PUBLIC_URL}/verificar/${code}`);
    });

    it('confirms name, course, dates, obra and masked document at /verificar/:code, and nothing more', async () => {
      const response = await app.inject({ method: 'GET', url: `/verificar/${code}` });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(response.headers['x-robots-tag']).toBe('noindex, nofollow');
      expect(response.headers['content-security-policy']).toContain("script-src 'self'");
      expect(response.headers['x-frame-options']).toBeDefined();
      const html = response.body;
      expect(html).toContain('<html lang="es">');
      expect(html).toContain('Certificado válido');
      expect(html).toContain('María José Ñúñez Peña');
      expect(html).toContain('Inducción — Seguridad y Salud en el Trabajo');
      expect(html).toContain(formatSpanishDate(new Date(first.user.completed_at)));
      expect(html).toContain(code);
      expect(html).toContain('Torre Norte');
      // Masked as on the gate statement (record 0260): the last four characters only.
      expect(html).toContain('***5432');
      expect(html).not.toContain('1098765432');
      expect(html).not.toContain('98765432');
      expect(html).not.toMatch(/puntaje|score|100/i);
      // Self-contained: no script, no external resource.
      expect(html).not.toMatch(/<script|<link|src=|https?:\/\//i);
    });

    it('finds the certificate however the code is typed', async () => {
      const typed = code.toLowerCase().replace(/-/g, ' ');
      const form = await app.inject({
        method: 'GET',
        url: `/verificar?codigo=${encodeURIComponent(typed)}`,
      });
      expect(form.statusCode).toBe(303);
      expect(form.headers.location).toBe(`/verificar/${code}`);
      const lower = await app.inject({ method: 'GET', url: `/verificar/${code.toLowerCase()}` });
      expect(lower.statusCode).toBe(200);
    });
  });

  // Decision 0230: the address left in the browser's history must not open the PDF once the
  // learner's session is over; while it lasts, it opens with no token at all (a new tab, a
  // phone's download manager).
  describe('the link to the PDF lives with the session that asked for it', () => {
    const open = (url: string) => app.inject({ method: 'GET', url: pathOf(url) });
    const refused = (response: { statusCode: number; body: string }) => {
      expect(response.statusCode).toBe(404);
      expect(response.body).toContain('Certificado no encontrado');
      expect(response.body).toContain('ya venció');
      expect(response.body).not.toContain('%PDF');
    };

    it('opens while signed in, twice (a phone fetches again), and never after sign-out', async () => {
      const { client } = await learner('3131313130', 'Lucía Salida', true);
      const { url_file } = (await download(client)).json();
      expect((await open(url_file)).statusCode).toBe(200);
      const again = await open(url_file);
      expect(again.statusCode).toBe(200);
      expect(again.headers['content-type']).toBe('application/pdf');
      const out = await client.post('logout');
      expect(out.statusCode).toBe(200);
      refused(await open(url_file));
    });

    it('stops at its expiry; signing in again gives a new link that opens', async () => {
      const { client } = await learner('3131313131', 'Mario Vence', true);
      const { url_file } = (await download(client)).json();
      await t.db.query(
        "UPDATE certificate_links SET expires_at = now() - interval '1 second' WHERE created_at > now() - interval '1 minute'",
      );
      refused(await open(url_file));
      const fresh = (await download(client)).json();
      expect((await open(fresh.url_file)).statusCode).toBe(200);
    });

    it('stops when the password is reset or the account deactivated', async () => {
      const { client, user } = await learner('3131313132', 'Rosa Cambio', true);
      const { url_file } = (await download(client)).json();
      await t.db.query(
        "UPDATE tokens SET revoked_at = now(), revoked_reason = 'contrasena' WHERE user_id = $1",
        [user.id],
      );
      refused(await open(url_file));
      const other = await learner('3131313133', 'Raúl Baja', true);
      const link = (await download(other.client)).json().url_file;
      await t.db.query('UPDATE users SET active = false WHERE id = $1', [other.user.id]);
      refused(await open(link));
    });

    it('the stored permanent address of the file opens nothing', async () => {
      const { client, user } = await learner('3131313134', 'Inés Historial', true);
      const { url_file } = (await download(client)).json();
      expect((await open(url_file)).statusCode).toBe(200);
      const [row] = await t.db.query<{ url_file: string; file_token: string }>(
        'SELECT url_file, file_token FROM certificates WHERE user_id = $1',
        [user.id],
      );
      expect(row!.url_file).toContain(row!.file_token);
      expect(url_file).not.toContain(row!.file_token);
      refused(await open(row!.url_file));
    });
  });

  it('refuses below 100 with success:false and the Spanish message, and issues nothing', async () => {
    const { client } = await learner('2020202020', 'Pedro Páez', false);
    const before = issued;
    const response = await download(client);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      success: false,
      message: MESSAGES.certificateNeedsCompletion,
    });
    expect(issued).toBe(before);
    const [row] = await t.db.query<{ n: number }>(
      `SELECT count(*)::integer AS n FROM certificates c JOIN users u ON u.id = c.user_id WHERE u.document = '2020202020'`,
    );
    expect(row!.n).toBe(0);
  });

  it('uses the request origin for the QR code and url_file when no public URL is set', async () => {
    const local = await testApp(t.db, {
      certificateIssuer: createCertificateIssuer({ publicUrl: null, env: {}, course: COURSE }),
    });
    try {
      const { client } = await signedInLearner(
        local,
        t.db,
        { document: '3030303030', name: 'Luz Ángela Ortiz' },
        { complete: true },
      );
      const body = (
        await local.inject({
          method: 'GET',
          url: '/api/v1/download-certificate',
          headers: client.headers({ host: 'curso.local:3000' }),
        })
      ).json();
      expect(body.url_file).toMatch(/^http:\/\/curso\.local:3000\/certificados\/[\w-]{22}\.pdf$/);
      const pdf = await local.inject({ method: 'GET', url: pathOf(body.url_file) });
      const text = (await pdfText(new Uint8Array(pdf.rawPayload))).replace(/ /g, '');
      expect(text).toContain('http://curso.local:3000/verificar/SST-');
      // Defaults fill in who issues it.
      expect(text).toContain('ResponsabledelSG-SST');
    } finally {
      await local.close();
    }
  });

  it.each([
    ['an unknown code', '/verificar/SST-ZZZZ-ZZZZ-ZZZZ'],
    ['an invented word', '/verificar/INVENTADO'],
    ['a malformed code', '/verificar/%3Cscript%3Ealert(1)%3C%2Fscript%3E'],
    ['SQL-looking text', "/verificar/'%20OR%201=1--"],
    ['a very long code', `/verificar/${'A'.repeat(500)}`],
    ['a deeper path', '/verificar/SST-ZZZZ-ZZZZ-ZZZZ/otra'],
    ['a file-like path', '/verificar/codigo.pdf'],
    ['a code that is too long for the form', `/verificar?codigo=${'B'.repeat(80)}`],
  ])('answers %s with a Spanish 404 page, never a 500', async (_label, url) => {
    const response = await app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.body).toContain('<html lang="es">');
    expect(response.body).toContain('Certificado no encontrado');
    expect(response.body).not.toContain('<script>');
  });

  it('answers a URL with a broken escape with 400 (Fastify cannot read it), never a 500', async () => {
    const response = await app.inject({ method: 'GET', url: '/verificar/%E0%A4%A' });
    expect(response.statusCode).toBe(400);
  });

  it('shows a lookup form at /verificar', async () => {
    const response = await app.inject({ method: 'GET', url: '/verificar' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<label for="codigo">Código del certificado</label>');
  });

  it.each([
    ['an unknown token', '/certificados/AAAAAAAAAAAAAAAAAAAAAA.pdf'],
    ['a malformed token', '/certificados/..%2F..%2Fetc%2Fpasswd.pdf'],
    ['no extension', '/certificados/AAAAAAAAAAAAAAAAAAAAAA'],
    ['the verification code', '/certificados/SST-ZZZZ-ZZZZ-ZZZZ.pdf'],
  ])('answers a certificate file with %s with 404', async (_label, url) => {
    const response = await app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.body).toContain('Certificado no encontrado');
  });
});
