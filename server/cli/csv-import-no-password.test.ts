// No password where none is needed (record 0273): an import whose file has no password column, or
// a blank password cell, hashes nothing for those rows; the learners enter by invitation or code
// only, and a password sign-in finds nothing to match. Counted by spying on node:crypto's scrypt,
// never by timing.
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import * as crypto from 'node:crypto';
import { ENGINES, openTestDb, type TestDb } from '../test-support.ts';
import { importUsers } from './users.ts';
import { findCredentials } from '../db/store.ts';
import { verifyPassword } from '../security/passwords.ts';

vi.mock('node:crypto', async (importOriginal) => {
  const actual = await importOriginal<typeof crypto>();
  return { ...actual, scrypt: vi.fn(actual.scrypt) };
});

const scryptCalls = () => vi.mocked(crypto.scrypt).mock.calls.length;

function captureIo() {
  const out: string[] = [];
  const err: string[] = [];
  return { io: { out: (s: string) => out.push(s), err: (s: string) => err.push(s) }, out, err };
}

describe.each(ENGINES)('an import without passwords (%s)', (engine) => {
  let t: TestDb;
  beforeAll(async () => {
    t = await openTestDb(engine);
  }, 120_000);
  afterAll(async () => t?.cleanup());
  beforeEach(() => {
    vi.mocked(crypto.scrypt).mockClear();
  });

  it('1,000 rows without a password column: no hash computed, no password printed', async () => {
    const rows = Array.from({ length: 1000 }, (_, i) => `${5_100_000 + i};Obrero Número ${i}`);
    const { io, out, err } = captureIo();
    const summary = await importUsers(t.db, `documento;nombre\n${rows.join('\n')}\n`, io);
    expect(summary?.imported).toBe(1000);
    expect(err).toEqual([]);
    expect(scryptCalls()).toBe(0);
    expect(out.join('\n')).not.toMatch(/contraseña generada/);
    expect(out).toContain(
      'Sin contraseña: 1000 (entran con su invitación o un código; la consola las hace).',
    );
    const [stored] = await t.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM users WHERE document LIKE '51%' AND password_hash IS NULL`,
    );
    expect(stored!.n).toBe(1000);
  });

  it('a blank password cell hashes nothing for its row; a password the file brings is kept', async () => {
    const { io } = captureIo();
    await importUsers(
      t.db,
      'documento;nombre;contraseña\n5200001;Ana Sin Clave;\n5200002;Beto Con Clave;clave-de-beto\n',
      io,
    );
    expect(scryptCalls()).toBe(1);
    const ana = await findCredentials(t.db, { document: '5200001' });
    const beto = await findCredentials(t.db, { document: '5200002' });
    expect(ana!.password_hash).toBeNull();
    expect(await verifyPassword('clave-de-beto', beto!.password_hash)).toBe(true);
    // A password sign-in for Ana checks the dummy hash (one scrypt) and never matches.
    expect(await verifyPassword('', ana!.password_hash)).toBe(false);
  });
});
