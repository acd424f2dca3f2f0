// Import jobs (decision 0216): each job claimed exactly once, whoever asks; a re-import reports
// the registered apart and updates their changed cargo on request, once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES, openTestDb, type TestDb } from '../test-support.ts';
import { importUsers } from '../cli/users.ts';
import {
  applyChanges,
  claimJob,
  getJob,
  ImportWorker,
  LEASE_MS,
  MAX_ATTEMPTS,
  POLL_MS,
  releaseJob,
  renewLease,
  runJob,
  submitImport,
  type JobClock,
} from './import-jobs.ts';

/** A clock the test moves by hand: due timers fire in time order and are awaited. */
class ManualClock implements JobClock {
  private t = Date.now();
  private readonly timers: { ms: number; next: number; fn: () => unknown; live: boolean }[] = [];
  now() {
    return this.t;
  }
  every(ms: number, fn: () => unknown) {
    const timer = { ms, next: this.t + ms, fn, live: true };
    this.timers.push(timer);
    return () => void (timer.live = false);
  }
  async advance(ms: number) {
    const end = this.t + ms;
    for (;;) {
      const due = this.timers
        .filter((x) => x.live && x.next <= end)
        .sort((a, b) => a.next - b.next)[0];
      if (!due) break;
      this.t = due.next;
      due.next += due.ms;
      await due.fn();
    }
    this.t = end;
  }
}

const actor = { userId: null, name: 'Prueba' };
const obras = async () => ({ slugs: ['obra-ejemplo'], file: 'prueba' });
const csv = (cargo: string) =>
  Buffer.from(`documento,nombre,correo,contraseña,cargo\n5100001,Ana Uno,,clave-ana-1,${cargo}\n`);

describe.each(ENGINES)('import jobs (%s)', (engine) => {
  let t: TestDb;
  beforeAll(async () => {
    t = await openTestDb(engine);
  }, 60_000);
  afterAll(() => t.cleanup());

  it('gives each pending job to exactly one of several claimers', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 4; i++) {
      const made = await submitImport(t.db, actor, `f${i}.csv`, csv('Oficial'), []);
      if ('id' in made) ids.push(made.id);
    }
    expect(ids).toHaveLength(4); // else the claims below would compare two empty lists
    const claims = await Promise.all(
      Array.from({ length: 8 }, (_, i) => claimJob(t.db, `w${i % 2}`)),
    );
    const claimed = claims.filter((c) => c !== null).map((c) => c!.id);
    expect([...claimed].sort((a, b) => a - b)).toEqual(ids);
    expect(await claimJob(t.db, 'late')).toBeNull();
  });

  it('reports a re-imported learner as «ya inscrito» and updates the changed cargo on request', async () => {
    const run = async (cargo: string) => {
      const made = await submitImport(t.db, actor, 'r.csv', csv(cargo), []);
      const job = await claimJob(t.db, 'w');
      expect(job?.id).toBe('id' in made ? made.id : -1);
      await runJob(t.db, job!, obras, 'obra-ejemplo');
      return (await getJob(t.db, job!.id))!;
    };
    expect((await run('Oficial')).result).toMatchObject({ imported: 1, rejected: 0 });
    const again = await run('Maestro');
    expect(again.result).toMatchObject({ imported: 0, rejected: 0 });
    expect(again.result!.registered[0]!.changes).toEqual([
      { field: 'cargo', from: 'Oficial', to: 'Maestro' },
    ]);
    expect(await applyChanges(t.db, again.id, actor)).toBe(1);
    expect(await applyChanges(t.db, again.id, actor)).toBeNull();
    const [row] = await t.db.query<{ cargo: string }>(
      "SELECT cargo FROM users WHERE document = '5100001'",
    );
    expect(row!.cargo).toBe('Maestro');
  });

  // Decision 0238: a job whose worker died is claimed again once its lease expires, by one
  // worker only, and rows the dead worker had saved are not saved twice.
  const expire = (id: number) =>
    t.db.query(
      `UPDATE import_jobs SET heartbeat_at = now() - interval '10 minutes' WHERE id = $1`,
      [id],
    );
  const docs = (document: string) =>
    t.db.query('SELECT id FROM users WHERE document = $1', [document]);
  const file = (document: string) =>
    Buffer.from(`documento,nombre,correo,contraseña\n${document},Eva Lease,,clave-eva-1\n`);

  it('reclaims a job whose worker died, once, and the dead worker cannot finish it', async () => {
    const made = await submitImport(t.db, actor, 'l.csv', file('5200001'), []);
    const id = 'id' in made ? made.id : -1;
    const dead = await claimJob(t.db, 'muerto');
    expect(dead?.id).toBe(id);
    // While its lease is fresh nobody else gets it.
    expect(await claimJob(t.db, 'vivo')).toBeNull();
    await expire(id);
    const claims = await Promise.all([claimJob(t.db, 'vivo-1'), claimJob(t.db, 'vivo-2')]);
    const taken = claims.filter((c) => c !== null);
    expect(taken.map((c) => c!.id)).toEqual([id]);
    expect(taken[0]!.attempts).toBe(2);
    expect((await getJob(t.db, id))!.stage).toBe('Retomada tras detenerse el servidor');
    // The dead worker has lost its lease: it can neither renew it nor end the job.
    expect(await renewLease(t.db, dead!)).toBe(false);
    await runJob(t.db, dead!, obras, 'obra-ejemplo');
    expect((await getJob(t.db, id))!.state).toBe('en-curso');
    await runJob(t.db, taken[0]!, obras, 'obra-ejemplo');
    const done = (await getJob(t.db, id))!;
    expect(done.state).toBe('terminado');
    expect(await docs('5200001')).toHaveLength(1);
  });

  it('does not duplicate the rows a worker saved before dying', async () => {
    const made = await submitImport(t.db, actor, 'm.csv', file('5200002'), []);
    const id = 'id' in made ? made.id : -1;
    const dead = await claimJob(t.db, 'muerto');
    // The dead worker committed its rows, then its server was killed before ending the job.
    await importUsers(t.db, dead!.csv, { out: () => {}, err: () => {} });
    await expire(id);
    const again = await claimJob(t.db, 'vivo');
    expect(again?.id).toBe(id);
    await runJob(t.db, again!, obras, 'obra-ejemplo');
    const done = (await getJob(t.db, id))!;
    expect(done.result).toMatchObject({ imported: 0, rejected: 0 });
    expect(done.result!.registered.map((r) => r.document)).toEqual(['5200002']);
    expect(await docs('5200002')).toHaveLength(1);
  });

  it('fails a job that stopped its server MAX_ATTEMPTS times instead of retrying it forever', async () => {
    const made = await submitImport(t.db, actor, 'n.csv', file('5200003'), []);
    const id = 'id' in made ? made.id : -1;
    for (let i = 0; i < MAX_ATTEMPTS; i++) {
      expect((await claimJob(t.db, `w${i}`))?.id).toBe(id);
      await expire(id);
    }
    expect(await claimJob(t.db, 'otro')).toBeNull();
    const failed = (await getJob(t.db, id))!;
    expect(failed.state).toBe('fallido');
    expect(failed.stage).toMatch(/se detuvo 3 veces/);
    expect(await docs('5200003')).toHaveLength(0);
  });

  // Record 0266: an instance busy with a long import still picks up, within a minute, a job
  // another instance left «en curso» when it was killed.
  it('picks up an orphaned job within a minute while it runs another one', async () => {
    const clock = new ManualClock();
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let started!: () => void;
    const longJobStarted = new Promise<void>((resolve) => (started = resolve));
    let calls = 0;
    // The first job (it has an obra column) waits here: a long import on the survivor.
    const slowObras = async () => {
      if (calls++ === 0) {
        started();
        await gate;
      }
      return { slugs: ['obra-ejemplo'], file: 'prueba' };
    };
    const survivor = new ImportWorker(t.db, slowObras, 'obra-ejemplo', () => {}, { clock });
    const long = await submitImport(
      t.db,
      actor,
      'largo.csv',
      Buffer.from('documento,nombre,obra\n5300001,Ana Larga,obra-ejemplo\n'),
      [],
    );
    const longId = 'id' in long ? long.id : -1;
    await releaseJob(t.db, longId); // its obra is known to the worker, not to this call
    const running = survivor.wake();
    await longJobStarted;
    // The other instance claimed a job and was killed (kill -9): its lease is never renewed.
    const orphan = await submitImport(t.db, actor, 'huerfano.csv', file('5300002'), []);
    const orphanId = 'id' in orphan ? orphan.id : -1;
    expect((await claimJob(t.db, 'instancia-muerta', { clock }))?.id).toBe(orphanId);
    const holder = async (id: number) =>
      (
        await t.db.query<{ claimed_by: string; state: string }>(
          'SELECT claimed_by, state FROM import_jobs WHERE id = $1',
          [id],
        )
      )[0]!;
    // While the dead instance's lease could still be a live one, the job is left to it.
    await clock.advance(LEASE_MS - POLL_MS);
    expect(await holder(orphanId)).toEqual({ claimed_by: 'instancia-muerta', state: 'en-curso' });
    // Within a minute of the kill the survivor has taken it and finished it, beside the long job.
    await clock.advance(60_000 - (LEASE_MS - POLL_MS));
    expect(await holder(orphanId)).toEqual({ claimed_by: survivor.id, state: 'terminado' });
    const done = (await getJob(t.db, orphanId))!;
    expect(done.result).toMatchObject({ imported: 1, rejected: 0 });
    expect(await docs('5300002')).toHaveLength(1);
    // The long job is still the survivor's, its lease kept alive by its heartbeat all along.
    expect(await holder(longId)).toEqual({ claimed_by: survivor.id, state: 'en-curso' });
    release();
    await running;
    expect((await getJob(t.db, longId))!.state).toBe('terminado');
    await survivor.stop();
  });
});
