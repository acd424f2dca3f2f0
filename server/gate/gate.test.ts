// The signed gate statement (decision 0242) end to end on the server: a certificate issued through
// download-certificate carries a statement signed with the installation key, the public keys are
// served at gate-keys, and the offline check (src/domain/gate/verify.ts, WebCrypto as in the
// browser) accepts it, and refuses a changed name or a changed key id.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { randomBytes } from 'node:crypto';
import {
  ENGINES,
  FULL_ROUTE,
  openTestDb,
  seedUser,
  signedInLearner,
  testApp,
  type TestDb,
  sessionClient,
  printedGateQr,
} from '../test-support.ts';
import { companyDb } from '../db/company-scope.ts';
import { createCompany } from '../db/company-store.ts';
import { createCertificateIssuer } from '../certificates.ts';
import type { CertificateRequest } from '../context.ts';
import { keyFromSecret } from '../acceptance/installation-key.ts';
import { signedGateUrl } from './sign.ts';
import { verifyGateQr, type GateKeys } from '../../src/domain/gate/verify.ts';
import {
  addMonths,
  colombiaDay,
  gateUrl,
  readGateQr,
  statementBytes,
  toBase64url,
} from '../../src/domain/gate/statement.ts';
import { readConfiguration, withEnv } from '../../course-files/read-config.ts';

const BASE = 'https://sst.example.co';

describe.each(ENGINES)('gate statement (%s)', (engine) => {
  let t: TestDb;
  let app: FastifyInstance;
  let issued: CertificateRequest | null = null;
  const config = readConfiguration(withEnv({}), { firstObra: true }).config;
  const real = createCertificateIssuer({ publicUrl: BASE, config });

  beforeAll(async () => {
    t = await openTestDb(engine);
    app = await testApp(t.db, {
      certificateIssuer: async (request) => {
        issued = request;
        return real(request);
      },
    });
  }, 120_000);
  afterAll(async () => {
    await app.close();
    await t.cleanup();
  });

  const keys = async (): Promise<GateKeys> => {
    const response = await app.inject({ method: 'GET', url: '/api/v1/gate-keys' });
    expect(response.statusCode).toBe(200);
    expect(response.json().algorithm).toBe('Ed25519');
    return response.json().keys;
  };

  /** A certificate issued by the server, and the QR text its issuer printed. */
  const certificate = async (document: string, name: string) => {
    const { client } = await signedInLearner(app, t.db, { document, name }, { complete: true });
    const response = await app.inject({
      method: 'GET',
      url: '/api/v1/download-certificate',
      headers: client.headers(),
    });
    expect(response.json().success).toBe(true);
    const request = issued!;
    expect(request.installationKey).toBeDefined();
    const code = request.code;
    const qr = printedGateQr(request, config, BASE);
    return { code, qr };
  };

  it('round trip: the statement of an issued certificate verifies with the served key', async () => {
    const { code, qr } = await certificate('81000001', 'Ana  Portería\nRuiz');
    expect(qr.startsWith(`${BASE}/verificar/${code}#`)).toBe(true);
    const today = colombiaDay(new Date());
    const verdict = await verifyGateQr(qr, await keys(), today);
    expect(verdict.status).toBe('valid');
    if (verdict.status !== 'valid') return;
    expect(verdict.statement).toMatchObject({
      code,
      name: 'Ana Portería Ruiz',
      document: '***0001',
      obra: config.obras[0]!.nombre,
      completedOn: today,
      dueOn: addMonths(today, config.reinduccion.periodoMeses),
    });
    // The day after the due day it is «vencida»; the due day itself still counts.
    const due = verdict.statement.dueOn;
    expect((await verifyGateQr(qr, await keys(), due)).status).toBe('valid');
    expect((await verifyGateQr(qr, await keys(), addMonths(due, 1))).status).toBe('expired');
    // The online page still answers for the code (the fragment never reaches the server).
    const page = await app.inject({ method: 'GET', url: `/verificar/${code}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Ana');
  });

  it('a changed name no longer matches the signature', async () => {
    const { qr } = await certificate('81000002', 'Beto Gate');
    const read = readGateQr(qr)!;
    const forged = statementBytes({ ...read.statement, name: 'Carlos Otro' });
    const text = gateUrl(read.url, forged, read.signature);
    const verdict = await verifyGateQr(text, await keys(), colombiaDay(new Date()));
    expect(verdict.status).toBe('bad-signature');
  });

  it('a statement under another key id, or signed by another key, is not valid', async () => {
    const { qr } = await certificate('81000003', 'Dora Clave');
    const served = await keys();
    const read = readGateQr(qr)!;
    const other = keyFromSecret(randomBytes(32));
    const today = colombiaDay(new Date());
    // The key id changed to one the phone knows: the signature no longer matches.
    const relabelled = gateUrl(
      read.url,
      statementBytes({ ...read.statement, keyId: other.keyId }),
      read.signature,
    );
    const both = { ...served, [other.keyId]: other.publicKey };
    expect((await verifyGateQr(relabelled, both, today)).status).toBe('bad-signature');
    // A key id nobody served: not valid either.
    expect((await verifyGateQr(relabelled, served, today)).status).toBe('unknown-key');
    // Signed by another installation's key but naming this one's id.
    const { keyId: _ignored, ...facts } = read.statement;
    const foreign = signedGateUrl(other, read.url, facts);
    const renamed = readGateQr(foreign)!;
    const claimed = gateUrl(
      read.url,
      statementBytes({ ...renamed.statement, keyId: read.statement.keyId }),
      renamed.signature,
    );
    expect((await verifyGateQr(claimed, served, today)).status).toBe('bad-signature');
    // A valid statement behind another certificate's address is refused too.
    const moved = qr.replace(/\/verificar\/[^#]+#/, '/verificar/SST-AAAA-BBBB-CCCC#');
    expect((await verifyGateQr(moved, served, today)).status).toBe('bad-signature');
  });

  it('serves older keys of the database beside the current one', async () => {
    const older = randomBytes(32);
    const key = keyFromSecret(older);
    await t.db.query(
      "INSERT INTO installation_keys (key_id, secret, created_at) VALUES ($1, $2, now() - interval '2 years')",
      [key.keyId, older.toString('base64')],
    );
    const served = await keys();
    expect(served[key.keyId]).toBe(key.publicKey);
    expect(Object.keys(served).length).toBe(2);
  });

  it("a company-2 certificate is signed with company 2's key: it verifies with company 2's keys, never with company 1's", async () => {
    const second = await createCompany(t.db, 'Constructora Segunda S.A.S.');
    const db = companyDb(t.db).forCompany(second);
    const user = await seedUser(db, {
      document: '81000009',
      name: 'Eva Segunda',
      email: 'eva@example.co',
    });
    const client = await sessionClient(app, db, user.id);
    const saved = await client.updateUser({ id: String(user.id), score: '100', route: FULL_ROUTE });
    expect(saved.json().user?.score).toBe(100);
    const response = await app.inject({
      method: 'GET',
      url: '/api/v1/download-certificate',
      headers: client.headers(),
    });
    expect(response.json().success).toBe(true);
    const request = issued!;
    const qr = printedGateQr(request, config, BASE);
    const today = colombiaDay(new Date());
    const first = await keys();
    const served = await app.inject({ method: 'GET', url: `/api/v1/gate-keys?empresa=${second}` });
    expect(served.statusCode).toBe(200);
    const own: GateKeys = served.json().keys;
    expect((await verifyGateQr(qr, own, today)).status).toBe('valid');
    // Company 1's gate does not know company 2's key; relabelled to company 1's id, it is forged.
    expect((await verifyGateQr(qr, first, today)).status).toBe('unknown-key');
    const read = readGateQr(qr)!;
    for (const firstId of Object.keys(first)) {
      const relabelled = gateUrl(
        read.url,
        statementBytes({ ...read.statement, keyId: firstId }),
        read.signature,
      );
      expect((await verifyGateQr(relabelled, first, today)).status).toBe('bad-signature');
    }
    // A company that does not exist has no keys to serve.
    const none = await app.inject({ method: 'GET', url: '/api/v1/gate-keys?empresa=999' });
    expect(none.statusCode).toBe(404);
  });

  it('an address without a statement (certificates issued before) is reported as such', async () => {
    const verdict = await verifyGateQr(
      `${BASE}/verificar/SST-AAAA-BBBB-CCCC`,
      await keys(),
      '2026-01-01',
    );
    expect(verdict).toEqual({
      status: 'no-statement',
      url: `${BASE}/verificar/SST-AAAA-BBBB-CCCC`,
    });
    expect(toBase64url(new Uint8Array([251, 255]))).toBe('-_8');
  });
});
