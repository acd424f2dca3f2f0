// The `local` adapter: its keys in a key-value store, namespaced by package (decision 0001).
import { describe, expect, it, vi } from 'vitest';
import type { Interaction } from '../port.ts';
import {
  LOCAL_KEYS,
  createLocalTracking,
  memoryStore,
  type KeyValueStore,
} from './local-tracking.ts';
import { decodeRouteLenient } from '../../domain/progress/route-codec.ts';

const viewedOf = (route: string) => decodeRouteLenient(route).viewed;

/** A memory store that also lets the test look at every key written. */
function spyStore(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  const store: KeyValueStore = {
    getItem: (k) => data.get(k) ?? null,
    setItem: (k, v) => void data.set(k, v),
    removeItem: (k) => void data.delete(k),
  };
  return { store, data };
}

const answer = (id: string, response: number, correct = response === 0): Interaction => ({
  id,
  moduleId: 'modulo1',
  description: `Pregunta ${id}`,
  type: 'choice',
  response: [response],
  correctResponse: [0],
  correct,
  latencyMs: 900,
  timestamp: new Date('2025-01-01T00:00:00Z'),
});

describe('memoryStore', () => {
  it('reads, writes and removes values, starting from the initial ones', () => {
    const store = memoryStore({ a: '1' });
    expect(store.getItem('a')).toBe('1');
    expect(store.getItem('b')).toBeNull();
    store.setItem('b', '2');
    expect(store.getItem('b')).toBe('2');
    store.removeItem('a');
    expect(store.getItem('a')).toBeNull();
  });
});

describe('createLocalTracking', () => {
  it('runs in local mode', () => {
    expect(createLocalTracking('pkg', memoryStore()).mode).toBe('local');
  });

  it('starts empty when nothing was stored', async () => {
    const snapshot = await createLocalTracking('pkg', memoryStore()).start();
    expect(snapshot).toEqual({
      learner: { id: null, name: null },
      score: null,
      viewed: null,
      bookmark: null,
    });
  });

  it('writes the local-mode keys under the package namespace only', () => {
    const { store, data } = spyStore();
    createLocalTracking('curso-sst-12', store).save({
      score: 20,
      viewed: viewedOf('0,1,2-{}-{}-{}-{}'),
      bookmark: 'menu',
    });
    expect([...data.keys()].sort()).toEqual(
      [LOCAL_KEYS.score, LOCAL_KEYS.route, LOCAL_KEYS.location]
        .map((k) => `curso-sst-12:${k}`)
        .sort(),
    );
    expect(LOCAL_KEYS.score).toBe('score');
    expect(LOCAL_KEYS.location).toBe('current_location');
    expect(LOCAL_KEYS.user).toBe('user');
  });

  it('returns what was saved on the next start', async () => {
    const store = memoryStore();
    createLocalTracking('pkg', store).save({
      score: 40,
      viewed: viewedOf('0,1,2-0,1-{}-{}-{}'),
      bookmark: 'modulo3-tema1',
    });
    const snapshot = await createLocalTracking('pkg', store).start();
    expect(snapshot).toMatchObject({
      score: 40,
      viewed: viewedOf('0,1,2-0,1-{}-{}-{}'),
      bookmark: 'modulo3-tema1',
    });
  });

  it('writes only what a change carries', async () => {
    const store = memoryStore();
    const tracking = createLocalTracking('pkg', store);
    tracking.save({ score: 60, viewed: viewedOf('0-0-0-0-0'), bookmark: 'modulo1-tema1' });
    tracking.save({ bookmark: 'menu' });
    expect(await tracking.start()).toMatchObject({
      score: 60,
      viewed: viewedOf('0-0-0-0-0'),
      bookmark: 'menu',
    });
  });

  it('keeps two packages on one origin apart', async () => {
    const store = memoryStore();
    createLocalTracking('curso-a', store).save({
      score: 80,
      viewed: viewedOf('0-0-0-0-{}'),
      bookmark: 'menu',
    });
    const other = await createLocalTracking('curso-b', store).start();
    expect(other).toEqual({
      learner: { id: null, name: null },
      score: null,
      viewed: null,
      bookmark: null,
    });
    createLocalTracking('curso-b', store).save({ score: 20 });
    expect((await createLocalTracking('curso-a', store).start()).score).toBe(80);
  });

  it('reads values stored by the package and the stored user name', async () => {
    const store = memoryStore({
      'pkg:score': '20',
      'pkg:modules_viewed': '0,1-{}-{}-{}-{}',
      'pkg:current_location': JSON.stringify({ page: 'modulo1-tema2' }),
      'pkg:user': JSON.stringify({ id: 3, name: 'Ana Pérez' }),
      score: '99',
    });
    expect(await createLocalTracking('pkg', store).start()).toEqual({
      learner: { id: null, name: 'Ana Pérez' },
      score: 20,
      viewed: viewedOf('0,1-{}-{}-{}-{}'),
      bookmark: 'modulo1-tema2',
    });
  });

  it.each(['abc', 'NaN', '-5', '101', 'Infinity', '{"score":20}'])(
    'ignores a garbage stored score %j',
    async (raw) => {
      const store = memoryStore({ 'pkg:score': raw });
      expect((await createLocalTracking('pkg', store).start()).score).toBeNull();
    },
  );

  it('accepts the stored score at both ends of 0–100', async () => {
    for (const raw of ['0', '100', '33.33']) {
      const store = memoryStore({ 'pkg:score': raw });
      expect((await createLocalTracking('pkg', store).start()).score).toBe(Number(raw));
    }
  });

  it('ignores a damaged location or user', async () => {
    const store = memoryStore({
      'pkg:current_location': '{not json',
      'pkg:user': '"just a string"',
    });
    const snapshot = await createLocalTracking('pkg', store).start();
    expect(snapshot.bookmark).toBeNull();
    expect(snapshot.learner.name).toBeNull();
  });

  it('ignores a location whose page is not a string', async () => {
    const store = memoryStore({ 'pkg:current_location': JSON.stringify({ page: 7 }) });
    expect((await createLocalTracking('pkg', store).start()).bookmark).toBeNull();
  });

  it('keeps the first answer per question and stores it', () => {
    const store = memoryStore();
    const tracking = createLocalTracking('pkg', store);
    tracking.recordAnswer(answer('m1-q1', 2));
    tracking.recordAnswer(answer('m1-q1', 0));
    tracking.recordAnswer(answer('m1-q2', 0));
    expect([...tracking.interactions.keys()]).toEqual(['m1-q1', 'm1-q2']);
    expect(tracking.interactions.get('m1-q1')?.response).toEqual([2]);
    expect(tracking.interactions.get('m1-q1')?.correct).toBe(false);
  });

  it('remembers answers across sessions, still keeping the first one', () => {
    const store = memoryStore();
    createLocalTracking('pkg', store).recordAnswer(answer('m2-q1', 1));
    const later = createLocalTracking('pkg', store);
    expect(later.interactions.get('m2-q1')?.response).toEqual([1]);
    later.recordAnswer(answer('m2-q1', 0));
    expect(later.interactions.get('m2-q1')?.response).toEqual([1]);
    expect(createLocalTracking('other', store).interactions.size).toBe(0);
  });

  it('ignores a damaged answers record', () => {
    const store = memoryStore({ 'pkg:interactions': '[{"id":' });
    const tracking = createLocalTracking('pkg', store);
    expect(tracking.interactions.size).toBe(0);
    tracking.recordAnswer(answer('m1-q1', 0));
    expect(tracking.interactions.size).toBe(1);
  });

  it('keeps working when the store refuses to read or write', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const broken: KeyValueStore = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
      removeItem: () => {},
    };
    const tracking = createLocalTracking('pkg', broken);
    expect(() =>
      tracking.save({ score: 20, viewed: viewedOf('0'), bookmark: 'menu' }),
    ).not.toThrow();
    expect(() => tracking.recordAnswer(answer('m1-q1', 0))).not.toThrow();
    await expect(tracking.start()).resolves.toEqual({
      learner: { id: null, name: null },
      score: null,
      viewed: null,
      bookmark: null,
    });
    expect(warn).toHaveBeenCalled();
    warn.mockRestore();
  });

  it('has nothing to flush or finish, and calling them is harmless', () => {
    const tracking = createLocalTracking('pkg', memoryStore());
    expect(() => {
      tracking.flush();
      tracking.finish();
      tracking.finish();
      tracking.onHealth(() => {})();
    }).not.toThrow();
  });
});
