// The tool's keys (record 0295) as a platform meets them: the key set at /lti/<slug>/jwks.json,
// a client assertion that verifies against it before and after a rotation, and a wrapped private
// key that only its own installation key (for its own company) opens.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createLocalJWKSet, decodeProtectedHeader, jwtVerify, type JWK } from 'jose';
import { ENGINES, openTestDb, testApp, type TestDb } from '../test-support.ts';
import { companyDb } from '../db/company-scope.ts';
import { createCompany, companyById } from '../db/company-store.ts';
import {
  keyFromDatabase,
  keyFromSecret,
  type InstallationKey,
} from '../acceptance/installation-key.ts';
import {
  currentToolKey,
  rotateToolKey,
  signClientAssertion,
  toolKeySet,
  unwrapToolKey,
} from './tool-keys.ts';

const registration = { clientId: 'cliente-42', tokenUrl: 'https://lms.example.co/token' };

function installationKey(secret = randomBytes(32), company = 1): InstallationKey {
  return { ...keyFromSecret(secret, company), source: 'database', fileKeys: [] };
}

describe.each(ENGINES)('LTI tool keys (%s)', (engine) => {
  let t: TestDb;
  let app: FastifyInstance;
  let slugB: string;
  beforeAll(async () => {
    t = await openTestDb(engine);
    app = await testApp(t.db);
    slugB = (await companyById(t.db, await createCompany(t.db, 'Empresa Llaves')))!.slug;
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await t?.cleanup();
  });

  /** The installation key the app itself holds for company 1 (database mode in tests). */
  const installationOf = () => keyFromDatabase(t.db);
  const keySet = async (slug = 'empresa-1') => {
    const answer = await app.inject({ method: 'GET', url: `/lti/${slug}/jwks.json` });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['cache-control']).toBe('no-cache');
    return answer.json<{ keys: JWK[] }>();
  };

  it('serves the company’s key set, public only, its current key in it; 404 for no company', async () => {
    const served = await keySet();
    expect(served.keys).toHaveLength(1);
    const [key] = served.keys;
    expect(key).toMatchObject({ kty: 'RSA', alg: 'RS256', use: 'sig', e: 'AQAB' });
    expect(key!.d).toBeUndefined();
    expect(key!.p).toBeUndefined();
    const [stored] = await companyDb(t.db)
      .forCompany(1)
      .query<{ kid: string; private_wrapped: string }>(
        'SELECT kid, private_wrapped FROM lti_tool_keys',
      );
    expect(key!.kid).toBe(stored!.kid);
    // The database holds the private key wrapped, never as PKCS#8 or a JWK.
    expect(stored!.private_wrapped).not.toMatch(/PRIVATE KEY|"d"/);
    // Asked again: the same key, not a new one.
    expect((await keySet()).keys.map((k) => k.kid)).toEqual([key!.kid]);
    const unknown = await app.inject({ method: 'GET', url: '/lti/no-existe/jwks.json' });
    expect(unknown.statusCode).toBe(404);
  });

  it('gives each company its own key', async () => {
    const a = (await keySet()).keys.map((k) => k.kid);
    const b = (await keySet(slugB)).keys.map((k) => k.kid);
    expect(b).toHaveLength(1);
    expect(a).not.toContain(b[0]);
  });

  it('rotation: the new key signs, the old one stays in the set, an earlier assertion still verifies', async () => {
    const db = companyDb(t.db).forCompany(1);
    const key = await app.inject({ method: 'GET', url: '/lti/empresa-1/jwks.json' });
    expect(key.statusCode).toBe(200);
    const installation = await installationOf();
    const before = await signClientAssertion(db, installation, registration);
    const oldKid = decodeProtectedHeader(before).kid;
    const newKid = await rotateToolKey(db, installation, { userId: null, name: 'Prueba' });
    expect(newKid).not.toBe(oldKid);

    const served = await keySet();
    expect(served.keys.map((k) => k.kid)).toEqual([newKid, oldKid]);
    const jwks = createLocalJWKSet(served);
    const verified = await jwtVerify(before, jwks, {
      issuer: registration.clientId,
      subject: registration.clientId,
      audience: registration.tokenUrl,
    });
    expect(verified.payload.jti).toBeTruthy();

    const after = await signClientAssertion(db, installation, registration);
    expect(decodeProtectedHeader(after)).toMatchObject({ alg: 'RS256', kid: newKid });
    const { payload } = await jwtVerify(after, jwks, { audience: registration.tokenUrl });
    expect(payload.exp! - payload.iat!).toBe(300);
    expect((await currentToolKey(db, installation)).kid).toBe(newKid);
    const [audited] = await db.query<{ details: { nueva: string; retiradas: string[] } }>(
      "SELECT details FROM audit_log WHERE action = 'lti-rotar-clave'",
    );
    expect(audited!.details).toEqual({ nueva: newKid, retiradas: [oldKid] });
  });

  it('leaves a key retired more than 30 days ago out of the set', async () => {
    const db = companyDb(t.db).forCompany(1);
    const installation = await installationOf();
    const set = await toolKeySet(db, installation, new Date(Date.now() + 31 * 24 * 3600 * 1000));
    expect(set.keys).toHaveLength(1);
    expect(set.keys[0]!.kid).toBe((await currentToolKey(db, installation)).kid);
  });

  it('a wrapped key opens with its own installation key only, for its own company', async () => {
    const db = companyDb(t.db).forCompany(1);
    const installation = await installationOf();
    const { kid } = await currentToolKey(db, installation);
    const [row] = await db.query<{ private_wrapped: string }>(
      'SELECT private_wrapped FROM lti_tool_keys WHERE kid = $1',
      [kid],
    );
    expect(
      unwrapToolKey(installation.ltiWrapKey, 1, kid, row!.private_wrapped).length,
    ).toBeGreaterThan(1000);
    const other = installationKey();
    expect(() => unwrapToolKey(other.ltiWrapKey, 1, kid, row!.private_wrapped)).toThrow();
    // The same secret's key for another company is another key.
    const forB = installation.forCompany(2);
    expect(forB.ltiWrapKey.equals(installation.ltiWrapKey)).toBe(false);
    expect(() => unwrapToolKey(forB.ltiWrapKey, 1, kid, row!.private_wrapped)).toThrow();
    // A row moved to another company does not open there.
    expect(() => unwrapToolKey(installation.ltiWrapKey, 2, kid, row!.private_wrapped)).toThrow();
    // A server whose key file holds another installation key signs nothing with this company's
    // key (in database mode the old secrets are rows, and a rotated installation still opens it).
    const fromFile: InstallationKey = {
      ...keyFromSecret(randomBytes(32)),
      source: 'file',
      fileKeys: [],
    };
    await expect(
      signClientAssertion(db, { ...fromFile, fileKeys: [fromFile] }, registration),
    ).rejects.toThrow(/not held/);
  });
});
