// LTI Dynamic Registration (record 0295) as the LMS administrator meets it: the coordinator's
// one-time link opened by the LMS with its configuration and token registers the tool once, with
// the client registration LTI asks for, and answers a page that closes itself; an expired or
// used link, an unreachable or failing platform and a bad answer each give a clear Spanish page
// and store nothing.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { ENGINES, openTestDb, testApp, type TestDb } from '../test-support.ts';
import { companyDb } from '../db/company-scope.ts';
import { createCompany } from '../db/company-store.ts';
import { RegistrationPlatform } from '../../test/lti-platform/registration.ts';
import { CLOSE_SCRIPT_PATH, createRegistrationLink } from './dynamic-registration.ts';
import { listRegistrations } from './registrations.ts';

describe.each(ENGINES)('LTI Dynamic Registration (%s)', (engine) => {
  let t: TestDb;
  let app: FastifyInstance;
  let platform: RegistrationPlatform;
  const db = () => companyDb(t.db).forCompany(1);
  const coordinator = { userId: null, name: 'Carla Coordinadora' };

  beforeAll(async () => {
    t = await openTestDb(engine);
    app = await testApp(t.db);
    platform = await new RegistrationPlatform().start();
  }, 120_000);
  afterAll(async () => {
    await platform?.stop();
    await app?.close();
    await t?.cleanup();
  });
  beforeEach(async () => {
    platform.registrations.length = 0;
    platform.issuerOverride = null;
    platform.productFamily = 'moodle';
    // Each test starts without registrations (revoked ones do not block a new one).
    await db().query('UPDATE lti_registrations SET revoked_at = now() WHERE revoked_at IS NULL');
  });

  const open = (link: string, extra: Record<string, string> = {}) =>
    app.inject({
      method: 'GET',
      url: `/lti/empresa-1/registro?${new URLSearchParams({
        enlace: link,
        openid_configuration: platform.configurationUrl,
        registration_token: platform.registrationToken,
        ...extra,
      }).toString()}`,
      headers: { host: 'curso.example.co' },
    });
  const newLink = async () => (await createRegistrationLink(db(), coordinator)).token;
  const live = async () => (await listRegistrations(db())).filter((r) => !r.revokedAt);

  it('registers the tool at the platform and stores the registration; the page closes itself', async () => {
    const answer = await open(await newLink());
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.body).toContain('Curso SST quedó registrado en tu LMS');
    expect(answer.body).toContain(`<script src="${CLOSE_SCRIPT_PATH}"></script>`);
    // The LMS frames this page.
    expect(answer.headers['x-frame-options']).toBeUndefined();
    expect(answer.headers['content-security-policy']).toContain('frame-ancestors *');

    const [sent] = platform.registrations;
    expect(sent!.authorization).toBe(`Bearer ${platform.registrationToken}`);
    const base = 'http://curso.example.co/lti/empresa-1';
    expect(sent!.body).toMatchObject({
      application_type: 'web',
      response_types: ['id_token'],
      grant_types: ['implicit', 'client_credentials'],
      initiate_login_uri: `${base}/login`,
      redirect_uris: [`${base}/launch`],
      jwks_uri: `${base}/jwks.json`,
      token_endpoint_auth_method: 'private_key_jwt',
      scope:
        'https://purl.imsglobal.org/spec/lti-ags/scope/score https://purl.imsglobal.org/spec/lti-ags/scope/lineitem.readonly',
      'https://purl.imsglobal.org/spec/lti-tool-configuration': {
        domain: 'curso.example.co',
        target_link_uri: `${base}/launch`,
        custom_parameters: { documento: '$User.username' },
        claims: ['iss', 'sub', 'name', 'given_name', 'family_name', 'email'],
        messages: [{ type: 'LtiResourceLinkRequest' }],
      },
    });
    expect(String(sent!.body.client_name)).toMatch(/^Curso SST — /);

    const [stored] = await live();
    expect(stored).toMatchObject({
      platformName: 'Moodle',
      productFamily: 'moodle',
      issuer: platform.origin,
      clientId: 'cliente-1',
      authUrl: `${platform.origin}/auth`,
      tokenUrl: `${platform.origin}/token`,
      jwksUrl: `${platform.origin}/jwks`,
      registeredVia: 'dinamico',
      createdByName: 'Carla Coordinadora',
      deploymentIds: ['despliegue-1'],
      documentClaim: 'documento',
    });
    const [audited] = await db().query<{ actor_name: string; details: Record<string, string> }>(
      "SELECT actor_name, details FROM audit_log WHERE action = 'lti-registrar'",
    );
    expect(audited).toMatchObject({
      actor_name: 'Carla Coordinadora',
      details: { via: 'dinamico', clientId: 'cliente-1' },
    });
    const script = await app.inject({ method: 'GET', url: CLOSE_SCRIPT_PATH });
    expect(script.headers['content-type']).toMatch(/^text\/javascript/);
    expect(script.body).toContain("subject: 'org.imsglobal.lti.close'");
    expect(script.body).toContain('window.opener');
  });

  it('names a platform that is neither Moodle nor Canvas by its issuer’s host', async () => {
    platform.productFamily = 'sakai';
    expect((await open(await newLink())).statusCode).toBe(200);
    expect((await live())[0]!.platformName).toBe(new URL(platform.origin).host);
  });

  it('refuses a link used once already, and asks the platform nothing', async () => {
    const link = await newLink();
    expect((await open(link)).statusCode).toBe(200);
    const again = await open(link);
    expect(again.statusCode).toBe(410);
    expect(again.body).toContain('Este enlace de registro ya se usó');
    expect(platform.registrations).toHaveLength(1);
    expect(await live()).toHaveLength(1);
  });

  it('refuses an expired link and an unknown one', async () => {
    const link = await newLink();
    await db().query(
      "UPDATE lti_registration_links SET expires_at = now() - interval '1 minute' WHERE used_at IS NULL",
    );
    const expired = await open(link);
    expect(expired.statusCode).toBe(410);
    expect(expired.body).toContain('Este enlace de registro venció');
    const unknown = await open('no-es-un-enlace');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toContain('Este enlace de registro no es válido');
    const missing = await app.inject({ method: 'GET', url: '/lti/empresa-1/registro' });
    expect(missing.statusCode).toBe(400);
    const noCompany = await app.inject({ method: 'GET', url: '/lti/no-existe/registro?enlace=x' });
    expect(noCompany.statusCode).toBe(404);
    expect(noCompany.body).toContain('no corresponde a ninguna empresa');
    expect(platform.registrations).toHaveLength(0);
    expect(await live()).toHaveLength(0);
  });

  it('a platform that fails, answers no JSON or no client id stores nothing, and the link works again', async () => {
    const link = await newLink();
    platform.answerNext('error');
    const failed = await open(link);
    expect(failed.statusCode).toBe(502);
    expect(failed.body).toContain('Tu LMS respondió con un error (500)');
    platform.answerNext('bad-json');
    const garbled = await open(link);
    expect(garbled.statusCode).toBe(502);
    expect(garbled.body).toContain('no es una configuración LTI válida');
    platform.answerNext('no-client-id');
    expect((await open(link)).body).toContain('no devolvió el client_id');
    const wrongToken = await open(link, { registration_token: 'otro' });
    expect(wrongToken.body).toContain('(401)');
    expect(await live()).toHaveLength(0);
    const [row] = await db().query<{ used_at: Date | null; registration_id: number | null }>(
      'SELECT used_at, registration_id FROM lti_registration_links WHERE used_at IS NULL AND registration_id IS NULL AND expires_at > now()',
    );
    expect(row).toBeTruthy();
    // The same link, once the platform answers well, registers.
    expect((await open(link)).statusCode).toBe(200);
    expect(await live()).toHaveLength(1);
  });

  it('an unreachable platform, a non-https configuration and an issuer that does not lead it', async () => {
    const link = await newLink();
    const down = await new RegistrationPlatform().start();
    const gone = down.configurationUrl;
    await down.stop();
    const unreachable = await open(link, { openid_configuration: gone });
    expect(unreachable.statusCode).toBe(502);
    expect(unreachable.body).toContain('No pudimos comunicarnos con tu LMS');
    const plain = await open(link, {
      openid_configuration: 'http://lms.example.co/.well-known/openid-configuration',
    });
    expect(plain.statusCode).toBe(400);
    expect(plain.body).toContain('debe ser https');
    platform.issuerOverride = 'https://otro-lms.example.co';
    const foreign = await open(link);
    expect(foreign.statusCode).toBe(422);
    expect(foreign.body).toContain('emisor (issuer)');
    expect(platform.registrations).toHaveLength(0);
    expect(await live()).toHaveLength(0);
  });

  it('registers in the company the address names, not in another', async () => {
    const b = await createCompany(t.db, 'Empresa Registro Beta');
    const inB = companyDb(t.db).forCompany(b);
    const { token } = await createRegistrationLink(inB, coordinator);
    // B's link at A's address is no link of A.
    expect((await open(token)).statusCode).toBe(404);
    expect(await live()).toHaveLength(0);
    expect(await listRegistrations(inB)).toHaveLength(0);
  });
});
