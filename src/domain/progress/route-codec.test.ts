// The route string codec (decision 0003): modules joined by '-', indexes by ',', an empty module
// '{}'. Decoding never throws: it keeps what it can read and reports the rest.
import { describe, expect, it } from 'vitest';
import {
  decodeRoute,
  emptyViewed,
  encodeRoute,
  type DecodeMeter,
  type ModulesViewed,
} from './route-codec.ts';
import { mergeViewed } from './engine.ts';

/** Five modules; the index equal to a module's topic count marks its quiz done. */
const COUNTS = [3, 4, 2, 5, 3] as const;

/** A decoded route is well formed: one sorted, duplicate-free list of in-range integers per module. */
function expectWellFormed(viewed: ModulesViewed, counts: readonly number[] = COUNTS) {
  expect(viewed).toHaveLength(counts.length);
  viewed.forEach((indexes, m) => {
    for (const i of indexes) {
      expect(Number.isInteger(i)).toBe(true);
      expect(i).toBeGreaterThanOrEqual(0);
      expect(i).toBeLessThanOrEqual(counts[m]!);
    }
    expect(new Set(indexes).size).toBe(indexes.length);
    expect([...indexes].sort((a, b) => a - b)).toEqual(indexes);
  });
}

describe('emptyViewed', () => {
  it('has one empty list per module', () => {
    expect(emptyViewed(5)).toEqual([[], [], [], [], []]);
    expect(emptyViewed(0)).toEqual([]);
  });

  it('gives each module its own list', () => {
    const viewed = emptyViewed(2);
    viewed[0]!.push(1);
    expect(viewed[1]).toEqual([]);
  });
});

describe('encodeRoute', () => {
  it('writes the example route 0,1,2-0,1-{}-{}-{}', () => {
    expect(encodeRoute([[0, 1, 2], [0, 1], [], [], []])).toBe('0,1,2-0,1-{}-{}-{}');
  });

  it('writes an untouched course as five empty modules', () => {
    expect(encodeRoute(emptyViewed(5))).toBe('{}-{}-{}-{}-{}');
  });

  it('sorts indexes and writes each once', () => {
    expect(encodeRoute([[2, 0, 2, 1], [3, 3], [], [], []])).toBe('0,1,2-3-{}-{}-{}');
  });

  it('sorts numerically, not as text', () => {
    expect(encodeRoute([[10, 9, 2]])).toBe('2,9,10');
  });
});

describe('decodeRoute', () => {
  it('round-trips the example route', () => {
    const route = '0,1,2-0,1-{}-{}-{}';
    const { viewed, dropped } = decodeRoute(route, COUNTS);
    expect(viewed).toEqual([[0, 1, 2], [0, 1], [], [], []]);
    expect(dropped).toEqual([]);
    expect(encodeRoute(viewed)).toBe(route);
  });

  it('round-trips any well-formed progress, quiz indexes included', () => {
    const samples: ModulesViewed[] = [
      emptyViewed(5),
      [
        [0, 1, 2, 3],
        [0, 1, 2, 3, 4],
        [0, 1, 2],
        [0, 1, 2, 3, 4, 5],
        [0, 1, 2, 3],
      ],
      [[3], [], [1], [], [0, 3]],
    ];
    for (const viewed of samples) {
      const decoded = decodeRoute(encodeRoute(viewed), COUNTS);
      expect(decoded.viewed).toEqual(viewed);
      expect(decoded.dropped).toEqual([]);
    }
  });

  it('reads a missing route as no progress, with nothing to report', () => {
    for (const input of ['', null, undefined]) {
      const { viewed, dropped } = decodeRoute(input, COUNTS);
      expect(viewed).toEqual(emptyViewed(5));
      expect(dropped).toEqual([]);
    }
  });

  it.each([
    ['a number', 42],
    ['an object', { modules: [[0, 1]] }],
    ['an array', [[0, 1], [0]]],
    ['a boolean', true],
  ])('drops %s and reports it without throwing', (_what, input) => {
    const { viewed, dropped } = decodeRoute(input, COUNTS);
    expect(viewed).toEqual(emptyViewed(5));
    expect(dropped.length).toBeGreaterThan(0);
  });

  it('reads fewer modules than the course has, leaving the rest empty', () => {
    const { viewed, dropped } = decodeRoute('0,1-2', COUNTS);
    expect(viewed).toEqual([[0, 1], [2], [], [], []]);
    expect(dropped).toEqual([]);
  });

  it('drops extra modules and reports the ones that held indexes', () => {
    const { viewed, dropped } = decodeRoute('0-0-0-0-0-1,2-{}', COUNTS);
    expect(viewed).toEqual([[0], [0], [0], [0], [0]]);
    expect(dropped).toHaveLength(1);
    expect(dropped[0]).toContain('1,2');
  });

  it('does not report extra modules that are empty', () => {
    const { viewed, dropped } = decodeRoute('0-{}-{}-{}-{}-{}-{}', COUNTS);
    expect(viewed).toEqual([[0], [], [], [], []]);
    expect(dropped).toEqual([]);
  });

  it('drops an index above the topic count and keeps the rest of the module', () => {
    // module 1 has 3 topics: 3 is its quiz, 4 does not exist.
    const { viewed, dropped } = decodeRoute('0,3,4-{}-{}-{}-{}', COUNTS);
    expect(viewed[0]).toEqual([0, 3]);
    expect(dropped).toHaveLength(1);
    expect(dropped[0]).toContain('4');
  });

  it('accepts the quiz index, which equals the topic count', () => {
    const { viewed, dropped } = decodeRoute(COUNTS.map((c) => String(c)).join('-'), COUNTS);
    expect(viewed).toEqual(COUNTS.map((c) => [c]));
    expect(dropped).toEqual([]);
  });

  it('drops non-numeric tokens and keeps the numeric ones', () => {
    const { viewed, dropped } = decodeRoute('0,x,2-1.5,1-abc-{}-{}', COUNTS);
    expect(viewed).toEqual([[0, 2], [1], [], [], []]);
    expect(dropped).toHaveLength(3);
    expect(dropped.join(' ')).toMatch(/x/);
    expect(dropped.join(' ')).toMatch(/1\.5/);
    expect(dropped.join(' ')).toMatch(/abc/);
  });

  it('never yields a negative index (a minus sign is the module separator)', () => {
    const { viewed, dropped } = decodeRoute('0,-1-{}-{}-{}', COUNTS);
    expectWellFormed(viewed);
    expect(dropped.length).toBeGreaterThan(0);
    expect(viewed[0]).toEqual([0]);
  });

  it('drops huge indexes without overflowing', () => {
    const { viewed, dropped } = decodeRoute(
      `0,99999999999999999999999,${Number.MAX_SAFE_INTEGER},1e3,Infinity-1-{}-{}-{}`,
      COUNTS,
    );
    expect(viewed).toEqual([[0], [1], [], [], []]);
    expect(dropped).toHaveLength(4);
  });

  it('sorts unsorted indexes and keeps duplicates once', () => {
    const { viewed, dropped } = decodeRoute('2,0,2,1,0-4,4,3-{}-{}-{}', COUNTS);
    expect(viewed).toEqual([[0, 1, 2], [3, 4], [], [], []]);
    expect(dropped).toEqual([]);
  });

  it('tolerates whitespace around the route, modules and indexes', () => {
    const { viewed, dropped } = decodeRoute('  0 , 1 - 2 -{} - {}-{}\n', COUNTS);
    expect(viewed).toEqual([[0, 1], [2], [], [], []]);
    expect(dropped).toEqual([]);
  });

  it('reads a whitespace-only route as no progress', () => {
    const { viewed } = decodeRoute('   \t ', COUNTS);
    expect(viewed).toEqual(emptyViewed(5));
  });

  it.each([
    ['JSON', '{"modules_viewed":[[0,1,2],[0]]}'],
    ['a query string', 'a=b&c=d'],
    ['SCORM-like text', 'cmi.suspend_data=lesson:3;page:7'],
    ['binary noise', '\u0000\u0001\uFFFF-\u00e9\u00e8'],
  ])('reads %s without throwing and reports it', (_what, input) => {
    const { viewed, dropped } = decodeRoute(input, COUNTS);
    expectWellFormed(viewed);
    expect(dropped.length).toBeGreaterThan(0);
  });

  it('does not read the numbers of a JSON array as progress', () => {
    // '{"a":[0,1]}' splits into tokens '{"a":[0' and '1]}': neither is a plain index.
    const { viewed } = decodeRoute('{"a":[0,1]}', COUNTS);
    expect(viewed).toEqual(emptyViewed(5));
  });

  it('reads a 100 kB string in work linear in its length, with a bounded report', () => {
    const garbage = 'x9,'.repeat(34_000); // ~100 kB in one module
    const meter: DecodeMeter = { examined: 0 };
    const input = `0,1,${garbage}-2`;
    const { viewed, dropped } = decodeRoute(input, COUNTS, meter);
    expect(viewed).toEqual([[0, 1], [2], [], [], []]);
    expect(dropped.length).toBeGreaterThan(0);
    expect(dropped.length).toBeLessThanOrEqual(100);
    expect(dropped.join('').length).toBeLessThan(10_000);
    // Work, not time (decision 0255): each character is examined a few times at most.
    expect(meter.examined).toBeLessThanOrEqual(4 * input.length);
  });

  it.each([
    ['unreadable tokens', (n: number) => `0,1,${'x9,'.repeat(n)}-2`],
    ['repeated valid indexes', (n: number) => `${'1,'.repeat(n)}0-${'3,2,'.repeat(n)}1`],
    ['separators', (n: number) => '-'.repeat(n)],
    ['out-of-range indexes', (n: number) => `${'9,'.repeat(n)}0`],
  ])(
    'does work linear in the input for %s: twice the input, at most ~twice the work',
    (_w, make) => {
      const examined = (input: string) => {
        const meter: DecodeMeter = { examined: 0 };
        decodeRoute(input, COUNTS, meter);
        return meter.examined;
      };
      const small = make(20_000);
      const large = make(40_000);
      expect(examined(small)).toBeLessThanOrEqual(4 * small.length);
      expect(examined(large)).toBeLessThanOrEqual(4 * large.length);
      expect(examined(large) / examined(small)).toBeLessThan(2.2);
    },
  );

  it('handles a 100 kB string of separators and of repeated valid indexes', () => {
    const dashes = decodeRoute('-'.repeat(100_000), COUNTS);
    expectWellFormed(dashes.viewed);
    expect(dashes.viewed).toEqual(emptyViewed(5));

    const repeated = decodeRoute('1,'.repeat(50_000) + '0', COUNTS);
    expect(repeated.viewed).toEqual([[0, 1], [], [], [], []]);
  });

  it('shortens a long unreadable part in the report', () => {
    const long = 'z'.repeat(5000);
    const { dropped } = decodeRoute(long, COUNTS);
    expect(dropped).toHaveLength(1);
    expect(dropped[0]!.length).toBeLessThan(200);
  });

  it('never throws and always yields well-formed progress for random input', () => {
    const alphabet = '0123456789,-{} x.e\n';
    let seed = 12345;
    const rand = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    for (let n = 0; n < 500; n++) {
      const length = Math.floor(rand() * 40);
      let input = '';
      for (let i = 0; i < length; i++) input += alphabet[Math.floor(rand() * alphabet.length)];
      const { viewed } = decodeRoute(input, COUNTS);
      expectWellFormed(viewed);
    }
  });

  it('sizes the result by the course, not by the input', () => {
    expect(decodeRoute('0-0-0', [1, 1]).viewed).toEqual([[0], [0]]);
    expect(decodeRoute('0', [1, 1, 1]).viewed).toEqual([[0], [], []]);
  });
});

describe('mergeViewed', () => {
  it('keeps every index viewed in either record, sorted, once', () => {
    expect(mergeViewed([[0, 2], [1], [], [], []], [[1, 2], [], [0], [], []])).toEqual([
      [0, 1, 2],
      [1],
      [0],
      [],
      [],
    ]);
  });

  it('never loses an index (a viewed topic stays viewed)', () => {
    const a: ModulesViewed = [[0, 1, 2, 3], [0], [], [], []];
    const b: ModulesViewed = emptyViewed(5);
    expect(mergeViewed(a, b)).toEqual(a);
    expect(mergeViewed(b, a)).toEqual(a);
  });

  it('covers the longer of two records', () => {
    expect(mergeViewed([[0]], [[], [1], [2]])).toEqual([[0], [1], [2]]);
  });

  it('does not change its inputs', () => {
    const a: ModulesViewed = [[2, 0]];
    const b: ModulesViewed = [[1]];
    mergeViewed(a, b);
    expect(a).toEqual([[2, 0]]);
    expect(b).toEqual([[1]]);
  });
});
