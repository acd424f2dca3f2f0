// Decision 0217: the console sorts names and contratistas in Spanish order, in SQL, on PGlite and
// on PostgreSQL alike (both compare bytes under COLLATE "C"): «Édgar» before «Sergio», ñ after n,
// and pagination keeps that order across pages.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES, openTestDb, type TestDb } from '../test-support.ts';
import { contratistas, learnersPage, PAGE_SIZE, type Scope } from './queries.ts';

const scope: Scope = { courseId: 'curso-sst', defaultObra: 'obra-ejemplo', reinductionMonths: 12 };

const SPECIAL: [string, string | null][] = [
  ['Sergio Ruiz', 'Obras Nuevas'],
  ['Édgar Peña', 'Ñandú SAS'],
  ['edgar alba', 'Álvarez Ltda'],
  ['Ángela Díaz', 'Beta SAS'],
  ['Óscar Núñez', null],
  ['Ñuño Gil', null],
  ['Nuñez Ana', null],
  ['Nunez Ana', null],
  ['Zoe Ávila', null],
  ['Úrsula Mora', null],
  ['Ulises Paz', null],
];
// Enough others that the special names fall on both pages.
const FILLER = Array.from({ length: PAGE_SIZE }, (_, i) => `Bruno ${String(i).padStart(2, '0')}`);

describe.each(ENGINES)('Spanish order in SQL (%s)', (engine) => {
  let t: TestDb;
  beforeAll(async () => {
    t = await openTestDb(engine);
    const people: [string, string | null][] = [
      ...SPECIAL,
      ...FILLER.map((n) => [n, null] as [string, null]),
    ];
    await t.db.query(
      `INSERT INTO users (document, name, password_hash, contratista)
       SELECT 'S' || ord, name, 'x', contratista
         FROM unnest($1::text[], $2::text[]) WITH ORDINALITY AS p(name, contratista, ord)`,
      [people.map((p) => p[0]), people.map((p) => p[1])],
    );
  }, 60_000);
  afterAll(() => t.cleanup());

  const names = async (dir: 'asc' | 'desc') => {
    const all: string[] = [];
    for (let pagina = 1; pagina <= 2; pagina++) {
      const page = await learnersPage(t.db, scope, { orden: 'nombre', dir, pagina });
      all.push(...page.rows.map((r) => r.name));
    }
    return all;
  };

  it('sorts names as a Spanish reader expects, across pages', async () => {
    const asc = await names('asc');
    expect(asc).toHaveLength(SPECIAL.length + FILLER.length);
    expect(asc.slice(0, 1)).toEqual(['Ángela Díaz']);
    expect(asc.slice(1, 1 + FILLER.length)).toEqual(FILLER);
    expect(asc.slice(1 + FILLER.length)).toEqual([
      'edgar alba',
      'Édgar Peña',
      'Nunez Ana',
      'Nuñez Ana',
      'Ñuño Gil',
      'Óscar Núñez',
      'Sergio Ruiz',
      'Ulises Paz',
      'Úrsula Mora',
      'Zoe Ávila',
    ]);
    expect(asc.indexOf('Édgar Peña')).toBeLessThan(asc.indexOf('Sergio Ruiz'));
    // Page 1 ends inside the fillers: «Édgar» is on page 2, still before «Sergio».
    expect(await names('desc')).toEqual([...asc].reverse());
  });

  it('sorts the contratistas the same way', async () => {
    expect(await contratistas(t.db)).toEqual([
      'Álvarez Ltda',
      'Beta SAS',
      'Ñandú SAS',
      'Obras Nuevas',
    ]);
  });
});
