// A reactivated worker needs a new card (record 0267): the card they had before the deactivation
// stays refused after «Reactivar», the coordinator is told to make a new one, and a new one works.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES, TestClient } from '../test-support.ts';
import { createUser } from '../db/store.ts';
import { issueInvitations, redeemCode, redeemLink } from '../invitations.ts';
import { MESSAGES } from '../messages.ts';
import { consoleFixture, type ConsoleFixture } from './console-fixture.ts';

const decode = (html: string) =>
  html.replace(/&#(\d+);/g, (_m, n) => String.fromCharCode(Number(n))).replace(/&amp;/g, '&');

describe.each(ENGINES)('reactivating a worker (%s)', (engine) => {
  let f: ConsoleFixture;
  let cookie: string;

  beforeAll(async () => {
    f = await consoleFixture(engine);
    cookie = (await f.signIn())!;
  }, 120_000);
  afterAll(() => f.close());

  const act = async (id: number, action: string) => {
    const page = await f.get(`/consola/aprendices/${id}`, cookie);
    const sent = await f.post(`/consola/aprendices/${id}/${action}`, cookie, {}, page.body);
    expect(sent.statusCode).toBe(303);
    return decode((await f.get(String(sent.headers.location), cookie)).body);
  };

  it('does not revive the card issued before the deactivation', async () => {
    const ana = await createUser(f.t.db, {
      document: '6006006006',
      name: 'Ana Reactivada',
      password: 'secreto123',
    });
    const coordinator = { userId: f.coordinatorId, name: 'Carla Coordinadora' };
    const [card] = await issueInvitations(f.t.db, coordinator, [ana.id], 'tarjeta');
    await act(ana.id, 'desactivar');
    const page = await act(ana.id, 'reactivar');
    expect(page).toContain('Cuenta reactivada.');
    expect(page).toContain('Su tarjeta o código anterior ya no sirve');

    // The old link and code, with the right document: refused with «ya no sirve».
    const client = await new TestClient(f.app).init();
    const link = await client.post('auth/invitation', {
      token: card!.token,
      document: ana.document,
    });
    expect(link.statusCode).toBe(410);
    expect(link.json().message).toBe(MESSAGES.invitation.revoked);
    expect(await redeemCode(f.t.db, ana.document, card!.code)).toEqual({
      ok: false,
      reason: 'revoked',
    });

    // A new card works.
    const [fresh] = await issueInvitations(f.t.db, coordinator, [ana.id], 'tarjeta');
    expect(await redeemLink(f.t.db, fresh!.token, ana.document)).toEqual({
      ok: true,
      userId: ana.id,
    });
  });

  it('a staff account reactivated is told nothing about cards', async () => {
    const { id } = await createUser(f.t.db, {
      document: 'A-700',
      name: 'Aurelio Auditor',
      password: 'clave-auditor-1',
      role: 'auditor',
    });
    await act(id, 'desactivar');
    const page = await act(id, 'reactivar');
    expect(page).toContain('Cuenta reactivada.');
    expect(page).not.toContain('tarjeta o código anterior');
  });
});
