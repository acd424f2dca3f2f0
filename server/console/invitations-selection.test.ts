// Invitations for a hand-picked selection (decision 0235): the coordinator ticks learners in the
// learners table and gets cards for exactly those; an auditor sees no checkboxes; a deactivated
// learner has none to tick. The invitations page offers the phone's share sheet (decision 0236).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES } from '../test-support.ts';
import { consoleFixture, hiddenXsrf, type ConsoleFixture } from './console-fixture.ts';
import { createUser } from '../db/store.ts';
import { invitationWorkerFor } from './invitation-jobs.ts';

describe.each(ENGINES)('invitations for a selection (%s)', (engine) => {
  let f: ConsoleFixture;
  let cookie = '';
  const ids: number[] = [];

  beforeAll(async () => {
    f = await consoleFixture(engine);
    cookie = (await f.signIn())!;
    for (const [document, name] of [
      ['5550701', 'Ana Ríos'],
      ['5550702', 'Beto Mejía'],
      ['5550703', 'Carla Ruiz'],
      ['5550704', 'Dora Vélez'],
    ] as const)
      ids.push((await createUser(f.t.db, { document, name, password: 'secreto123' })).id);
    await f.t.db.query('UPDATE users SET active = false, deactivated_at = now() WHERE id = $1', [
      ids[3],
    ]);
  }, 120_000);

  afterAll(async () => f?.close());

  it('offers a checkbox per active learner, tied to the invitation form', async () => {
    const html = (await f.get('/consola/aprendices', cookie)).body;
    for (const id of ids.slice(0, 3))
      expect(html).toContain(`name="ids" value="${id}" form="invitar-elegidos"`);
    expect(html).not.toContain(`value="${ids[3]}" form="invitar-elegidos"`);
    expect(html).toContain('aria-label="Elegir a Ana Ríos"');
    expect(html).toMatch(/<form id="invitar-elegidos"[^>]*action="\/consola\/invitaciones"/);
  });

  it('makes cards for exactly the learners ticked', async () => {
    const list = (await f.get('/consola/aprendices', cookie)).body;
    // As the browser sends two ticked boxes: ids repeated.
    const body = new URLSearchParams({ _xsrf: hiddenXsrf(list), tipo: 'tarjeta' });
    body.append('ids', String(ids[0]));
    body.append('ids', String(ids[2]));
    const sent = await f.app.inject({
      method: 'POST',
      url: '/consola/invitaciones',
      headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
      payload: body.toString(),
    });
    // POST-redirect-GET (decision 0245): the page comes from the GET, with the sheet's key cookie.
    expect(sent.statusCode).toBe(303);
    const key = sent.cookies.find((c) => c.name.startsWith('consola_hoja_'))!;
    await invitationWorkerFor(f.t.db)!.wake(); // a job (record 0273)
    const answer = await f.get(
      String(sent.headers.location),
      `${cookie}; ${key.name}=${key.value}`,
    );
    expect(answer.statusCode).toBe(200);
    expect(answer.body).toContain('Invitaciones listas: 2');
    expect(answer.body).toContain('Ana Ríos');
    expect(answer.body).toContain('Carla Ruiz');
    expect(answer.body).not.toContain('Beto Mejía');
    const stored = await f.t.db.query<{ user_id: number }>(
      'SELECT DISTINCT user_id FROM invitations ORDER BY user_id',
    );
    expect(stored.map((r) => Number(r.user_id))).toEqual([ids[0], ids[2]]);

    // «Compartir» (decision 0236): hidden until the script finds the phone's share sheet; its
    // text is the WhatsApp message, never the document number.
    const shares = [...answer.body.matchAll(/<button[^>]*hidden data-share-text="([^"]+)"/g)];
    expect(shares).toHaveLength(2);
    for (const [, text] of shares) {
      expect(text).toContain('/entrar#');
      expect(text).not.toContain('5550701');
      expect(text).not.toContain('5550703');
    }
    expect(answer.body).toContain('<script src="/consola/compartir.js" defer></script>');
    const script = await f.app.inject({ method: 'GET', url: '/consola/compartir.js' });
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-type']).toMatch(/^text\/javascript/);
    expect(script.body).toContain('navigator.share');
  });

  it('shows an auditor the table without checkboxes', async () => {
    await createUser(f.t.db, {
      document: 'AUD-1',
      name: 'Aurora Auditora',
      password: 'clave-aud',
      role: 'auditor',
    });
    const auditor = (await f.signIn('AUD-1', 'clave-aud'))!;
    const html = (await f.get('/consola/aprendices', auditor)).body;
    expect(html).toContain('Ana Ríos');
    expect(html).not.toContain('invitar-elegidos');
  });
});
