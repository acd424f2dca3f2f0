// The learner's celular (decision 0158): read in every way a learner is created (CLI, CSV, console
// form), edited on the learner page, shown masked, and never written to the audit log.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES } from '../test-support.ts';
import { celularForWhatsApp, maskCelular, normalizeCelular } from '../identity.ts';
import { createUser, learnerCelular } from '../db/store.ts';
import { importUsers, runUsers } from '../cli/users.ts';
import { consoleFixture, type ConsoleFixture } from './console-fixture.ts';

describe('normalizeCelular', () => {
  it('reads a Colombian mobile however it is written, and refuses the rest', () => {
    for (const typed of [
      '3001234567',
      '300 123 4567',
      '+57 300 123 4567',
      '57-300-123-4567',
      '(300) 123.4567',
    ])
      expect(normalizeCelular(typed), typed).toBe('3001234567');
    expect(normalizeCelular('  ')).toBeNull();
    for (const bad of [
      '6012345678',
      '300123456',
      '30012345678',
      '+1 300 123 4567',
      '300-ABC-4567',
      '3001234567; DROP',
    ])
      expect(normalizeCelular(bad), bad).toBeUndefined();
  });

  it('builds the wa.me number and a mask that hides the middle', () => {
    expect(celularForWhatsApp('3001234567')).toBe('573001234567');
    expect(maskCelular('3001234567')).toBe('300 ••• 4567');
  });
});

describe.each(ENGINES)('the celular field (%s)', (engine) => {
  let f: ConsoleFixture;
  beforeAll(async () => {
    f = await consoleFixture(engine);
  }, 120_000);
  afterAll(async () => f?.close());

  const quiet = { out: () => {}, err: () => {} };

  it('imports the celular column and rejects a row with a bad one, naming it', async () => {
    const errors: string[] = [];
    const summary = await importUsers(
      f.t.db,
      'documento,nombre,celular\nCEL-1,Ana Celu,+57 311 222 3344\nCEL-2,Beto Celu,\nCEL-3,Caro Celu,12345\n',
      { out: () => {}, err: (l) => errors.push(l) },
    );
    expect(summary).toMatchObject({ imported: 2, rejected: 1 });
    expect(errors.join('\n')).toContain('Línea 4: celular no válido «12345»');
    const rows = await f.t.db.query<{ document: string; celular: string | null }>(
      "SELECT document, celular FROM users WHERE document LIKE 'CEL-%' ORDER BY document",
    );
    expect(rows).toEqual([
      { document: 'CEL-1', celular: '3112223344' },
      { document: 'CEL-2', celular: null },
    ]);
  });

  it('takes --celular on users add', async () => {
    const args = ['add', '--document', 'CEL-9', '--name', 'Dora Celu', '--password', 'clave-123'];
    expect(await runUsers([...args, '--celular', '320 555 0000'], quiet, f.t.db)).toBe(0);
    const [row] = await f.t.db.query<{ id: number }>(
      "SELECT id FROM users WHERE document = 'CEL-9'",
    );
    expect(await learnerCelular(f.t.db, Number(row!.id))).toBe('3205550000');
  });

  it('is edited on the learner page, shown masked, and kept out of the audit log', async () => {
    const learner = await createUser(f.t.db, {
      document: 'CEL-20',
      name: 'Eva Celu',
      password: 'x-123456',
    });
    const cookie = (await f.signIn())!;
    const url = `/consola/aprendices/${learner.id}`;
    const page = await f.get(url, cookie);
    expect(page.body).toContain('Celular para la invitación por WhatsApp');

    const bad = await f.post(`${url}/celular`, cookie, { celular: '601 234 5678' }, page.body);
    expect(bad.statusCode).toBe(422);
    expect(bad.body).toContain('celular colombiano de 10 dígitos');
    expect(await learnerCelular(f.t.db, learner.id)).toBeNull();

    const saved = await f.post(`${url}/celular`, cookie, { celular: '315 987 6543' }, page.body);
    expect(saved.statusCode).toBe(200);
    expect(saved.body).toContain('Celular guardado.');
    expect(saved.body).toContain('315 ••• 6543');
    expect(saved.body).not.toContain('3159876543');
    expect(await learnerCelular(f.t.db, learner.id)).toBe('3159876543');

    const cleared = await f.post(`${url}/celular`, cookie, { celular: '' }, page.body);
    expect(cleared.body).toContain('Celular borrado.');
    expect(await learnerCelular(f.t.db, learner.id)).toBeNull();

    const log = JSON.stringify(await f.t.db.query('SELECT * FROM audit_log'));
    expect(log).toContain('cambiar-celular');
    expect(log).toContain('borrar-celular');
    expect(log).not.toMatch(/315\D?987|3159876543|3112223344/);
  });
});
