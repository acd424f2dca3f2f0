// Import jobs (decision 0216): each job claimed exactly once, whoever asks; a re-import reports
// the registered apart and updates their changed cargo on request, once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES, openTestDb, type TestDb } from '../test-support.ts';
import { applyChanges, claimJob, getJob, runJob, submitImport } from './import-jobs.ts';

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
});
