// The console's «LMS (LTI)» pages (record 0295) as a coordinator and an auditor use them: a
// manual registration and what its form says when a field is wrong, revocation, a one-time
// Dynamic Registration link shown once, the key's rotation, an LMS user confirmed as a worker,
// and an auditor who reads it all but changes nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES } from '../test-support.ts';
import { createUser } from '../db/store.ts';
import { consoleFixture, type ConsoleFixture } from './console-fixture.ts';
import { insertRegistration, listRegistrations } from '../lti/registrations.ts';
import { linkHash } from '../lti/dynamic-registration.ts';

const MANUAL = {
  platformName: 'Moodle de la obra',
  issuer: 'https://moodle.example.co',
  clientId: 'cliente-manual',
  deploymentId: 'd-1, d-2',
  jwksUrl: 'https://moodle.example.co/mod/lti/certs.php',
  authUrl: 'https://moodle.example.co/mod/lti/auth.php',
  tokenUrl: 'https://moodle.example.co/mod/lti/token.php',
  documentClaim: 'documento',
};

const decoded = (html: string) =>
  html.replace(/&#(\d+);/g, (_m, n: string) => String.fromCharCode(Number(n)));

describe.each(ENGINES)('the console’s LTI pages (%s)', (engine) => {
  let f: ConsoleFixture;
  let cookie: string;
  let auditor: string;
  beforeAll(async () => {
    f = await consoleFixture(engine);
    cookie = (await f.signIn())!;
    await createUser(f.t.db, {
      document: 'AU-77',
      name: 'Aurora Auditora',
      password: 'clave-auditora',
      role: 'auditor',
    });
    auditor = (await f.signIn('AU-77', 'clave-auditora'))!;
  }, 120_000);
  afterAll(() => f?.close());

  const page = async (who = cookie, url = '/consola/lti') => {
    const answer = await f.get(url, who);
    expect(answer.statusCode).toBe(200);
    return answer.body;
  };
  const submit = async (url: string, fields: Record<string, string>, who = cookie) =>
    f.post(url, who, fields, await page(who));
  const followed = async (sent: { headers: Record<string, unknown> }) =>
    decoded((await f.get(String(sent.headers.location), cookie)).body);
  const audited = (action: string) =>
    f.t.db.query<{
      actor_name: string;
      target_id: number | null;
      details: Record<string, unknown>;
    }>('SELECT actor_name, target_id, details FROM audit_log WHERE action = $1 ORDER BY id', [
      action,
    ]);

  it('is in the navigation and shows the tool’s own addresses to paste', async () => {
    const html = await page();
    expect(html).toContain('<a href="/consola/lti" aria-current="page">LMS (LTI)</a>');
    expect(html).toMatch(/http:\/\/localhost(:80)?\/lti\/empresa-1\/login/);
    expect(html).toContain('/lti/empresa-1/launch');
    expect(html).toContain('/lti/empresa-1/jwks.json');
    expect(html).toContain('documento=$User.username');
  });

  it('manual registration: each wrong field says why, nothing is stored; then it is stored', async () => {
    const refused = await submit('/consola/lti/registros', {
      ...MANUAL,
      platformName: '',
      issuer: 'http://moodle.example.co',
      jwksUrl: 'no es una url',
      documentClaim: 'doc umento',
    });
    expect(refused.statusCode).toBe(422);
    const html = decoded(refused.body);
    expect(html).toContain('No se registró: revisa los campos marcados.');
    expect(html).toMatch(/id="lti-platformName-error">Este campo es obligatorio/);
    expect(html).toMatch(/id="lti-issuer-error">Debe ser una dirección https/);
    expect(html).toMatch(/id="lti-jwksUrl-error">Debe ser una dirección https/);
    expect(html).toMatch(/id="lti-documentClaim-error">Solo letras/);
    expect(html).not.toContain('id="lti-clientId-error"');
    // What was typed stays in the form.
    expect(html).toContain('value="cliente-manual"');
    expect(await listRegistrations(f.t.db)).toHaveLength(0);

    // http on this machine is allowed (a platform under test).
    const local = await submit('/consola/lti/registros', {
      ...MANUAL,
      issuer: 'http://localhost:8080',
      clientId: 'local',
    });
    expect(local.statusCode).toBe(303);

    const sent = await submit('/consola/lti/registros', MANUAL);
    expect(sent.statusCode).toBe(303);
    expect(await followed(sent)).toContain('Se registró la plataforma Moodle de la obra.');
    const stored = (await listRegistrations(f.t.db)).find((r) => r.clientId === 'cliente-manual');
    expect(stored).toMatchObject({
      registeredVia: 'manual',
      deploymentIds: ['d-1', 'd-2'],
      createdByName: 'Carla Coordinadora',
    });
    const again = await submit('/consola/lti/registros', MANUAL);
    expect(again.statusCode).toBe(422);
    expect(decoded(again.body)).toContain(
      'Ya hay un registro activo con ese emisor y ese client ID.',
    );
    expect((await audited('lti-registrar')).map((a) => a.details.clientId)).toEqual([
      'local',
      'cliente-manual',
    ]);
    const listed = decoded(await page());
    expect(listed).toContain('Moodle de la obra');
    expect(listed).toContain('d-1<br>d-2');
  });

  it('revokes a registration once confirmed, and audits it', async () => {
    const [target] = (await listRegistrations(f.t.db)).filter((r) => r.clientId === 'local');
    const url = `/consola/lti/registros/${target!.id}/revocar`;
    const unconfirmed = await submit(url, {});
    expect(unconfirmed.statusCode).toBe(422);
    expect(decoded(unconfirmed.body)).toContain('Marca la casilla de confirmación');
    const revoked = await submit(url, { confirmar: 'si' });
    expect(revoked.statusCode).toBe(303);
    expect(await followed(revoked)).toContain('Se revocó el registro de Moodle de la obra.');
    const after = (await listRegistrations(f.t.db)).find((r) => r.id === target!.id)!;
    expect(after.revokedAt).not.toBeNull();
    expect(await followed(await submit(url, { confirmar: 'si' }))).toContain(
      'Ese registro ya estaba revocado.',
    );
    expect((await audited('lti-revocar')).map((a) => a.details.clientId)).toEqual(['local']);
    expect((await f.get('/consola/lti/registros/999999/revocar', cookie)).statusCode).toBe(404);
    expect(
      (await submit('/consola/lti/registros/999999/revocar', { confirmar: 'si' })).statusCode,
    ).toBe(404);
  });

  it('makes a one-time registration link, shown once and stored only as its hash', async () => {
    const sent = await submit('/consola/lti/enlaces', {});
    expect(sent.statusCode).toBe(303);
    const shown = await followed(sent);
    const link = /(http:\/\/\S+\/lti\/empresa-1\/registro\?enlace=([\w-]+))/.exec(shown);
    expect(link).toBeTruthy();
    expect(shown).toContain('se muestra <strong>una sola vez</strong>');
    // Reloading the page shows it no more.
    expect(await page(cookie, String(sent.headers.location))).not.toContain(link![2]);
    const [row] = await f.t.db.query<{ token_hash: string; expires_at: Date; created_at: Date }>(
      'SELECT token_hash, expires_at, created_at FROM lti_registration_links',
    );
    expect(row!.token_hash).toBe(linkHash(link![2]!));
    const days =
      (new Date(row!.expires_at).getTime() - new Date(row!.created_at).getTime()) / 864e5;
    expect(Math.round(days)).toBe(7);
    expect(JSON.stringify(await f.t.db.query('SELECT * FROM audit_log'))).not.toContain(link![2]);
    expect(await page()).toContain('Hay 1 enlace sin usar.');
  });

  it('rotates the tool key when confirmed', async () => {
    const before = await f.app.inject({ method: 'GET', url: '/lti/empresa-1/jwks.json' });
    const oldKid = before.json<{ keys: { kid: string }[] }>().keys[0]!.kid;
    expect(await page()).toContain(oldKid);
    expect((await submit('/consola/lti/clave', {})).statusCode).toBe(422);
    const rotated = await submit('/consola/lti/clave', { confirmar: 'si' });
    expect(rotated.statusCode).toBe(303);
    const after = await f.app.inject({ method: 'GET', url: '/lti/empresa-1/jwks.json' });
    const kids = after.json<{ keys: { kid: string }[] }>().keys.map((k) => k.kid);
    expect(kids).toHaveLength(2);
    expect(kids[1]).toBe(oldKid);
    expect(await followed(rotated)).toContain(`Nueva clave de la herramienta: ${kids[0]}.`);
    expect(await audited('lti-rotar-clave')).toHaveLength(1);
  });

  it('an LMS user awaiting confirmation is linked to the worker the coordinator names', async () => {
    const registration = await insertRegistration(f.t.db, {
      ...MANUAL,
      clientId: 'cliente-pendientes',
      registeredVia: 'manual',
      deploymentIds: ['d-9'],
      createdByName: 'Prueba',
    });
    const worker = await createUser(f.t.db, {
      document: '1020304050',
      name: 'Wilson Trabajador',
      password: 'clave-wilson-1',
    });
    const [lmsUser] = await f.t.db.query<{ id: number }>(
      `INSERT INTO lti_users (registration_id, issuer, sub, name, email)
       VALUES ($1, $2, 'sub-77', 'Wilson en Moodle', 'wilson@obra.co') RETURNING id`,
      [registration.id, registration.issuer],
    );
    expect(await page()).toContain('1 ingreso por LMS sin confirmar');
    const pending = await page(cookie, '/consola/lti/pendientes');
    expect(pending).toContain('Wilson en Moodle');
    const url = `/consola/lti/pendientes/${lmsUser!.id}`;
    const post = (fields: Record<string, string>) => f.post(url, cookie, fields, pending);
    const nobody = await post({ documento: '999888777' });
    expect(nobody.statusCode).toBe(422);
    expect(decoded(nobody.body)).toContain('No hay ningún trabajador con el documento 999888777');
    expect((await post({ documento: '<x>' })).statusCode).toBe(422);
    const confirmed = await post({ documento: '1.020.304.050' });
    expect(confirmed.statusCode).toBe(303);
    expect(await followed(confirmed)).toContain(
      'Wilson en Moodle quedó vinculado a Wilson Trabajador.',
    );
    const [row] = await f.t.db.query<Record<string, unknown>>(
      'SELECT user_id, linked_by, linked_by_name, linked_at FROM lti_users WHERE id = $1',
      [lmsUser!.id],
    );
    expect(row).toMatchObject({
      user_id: worker.id,
      linked_by: 'coordinador',
      linked_by_name: 'Carla Coordinadora',
    });
    expect(row!.linked_at).not.toBeNull();
    const [entry] = await audited('lti-confirmar-usuario');
    expect(entry).toMatchObject({ actor_name: 'Carla Coordinadora', target_id: worker.id });
    expect(decoded((await post({ documento: '1020304050' })).body)).toContain(
      'Ese ingreso ya estaba confirmado.',
    );
    expect(await page(cookie, '/consola/lti/pendientes')).toContain(
      'No hay ingresos por LMS sin confirmar.',
    );
    expect((await post({ documento: '1020304050' })).statusCode).toBe(422);
    expect(
      (await f.post('/consola/lti/pendientes/999999', cookie, { documento: '1020304050' }, pending))
        .statusCode,
    ).toBe(404);
  });

  it('an auditor reads the pages, with no form, and every change is refused', async () => {
    const html = await page(auditor);
    expect(html).toContain('Moodle de la obra');
    expect(html).not.toContain('action="/consola/lti/registros"');
    expect(html).not.toContain('action="/consola/lti/enlaces"');
    expect(html).not.toContain('action="/consola/lti/clave"');
    expect(html).not.toContain('/revocar"');
    expect(await page(auditor, '/consola/lti/pendientes')).not.toContain('name="documento"');
    const live = (await listRegistrations(f.t.db)).find((r) => !r.revokedAt)!;
    const count = async () =>
      (await f.t.db.query('SELECT 1 FROM lti_registrations')).length +
      (await f.t.db.query('SELECT 1 FROM lti_registration_links')).length * 100;
    const before = await count();
    for (const [url, fields] of [
      ['/consola/lti/registros', { ...MANUAL, clientId: 'del-auditor' }],
      [`/consola/lti/registros/${live.id}/revocar`, { confirmar: 'si' }],
      ['/consola/lti/enlaces', {}],
      ['/consola/lti/clave', { confirmar: 'si' }],
      ['/consola/lti/pendientes/1', { documento: '1020304050' }],
    ] as const) {
      const answer = await submit(url, fields, auditor);
      expect(answer.statusCode, url).toBe(403);
    }
    expect(await count()).toBe(before);
    expect((await listRegistrations(f.t.db)).find((r) => r.id === live.id)!.revokedAt).toBeNull();
  });
});
