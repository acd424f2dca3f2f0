import { describe, expect, it } from 'vitest';
import { drawSample, populationHash, sampleRule } from './sample.ts';

const people = (n: number) =>
  Array.from({ length: n }, (_, i) => ({ id: i + 1, document: String(1000 + i) }));

describe('Res. 0312 sample', () => {
  it('takes everyone up to 50, 10 % from 51 to 200, 30 from 201', () => {
    expect(sampleRule(40).size).toBe(40);
    expect(sampleRule(50).size).toBe(50);
    expect(sampleRule(60)).toEqual({
      size: 6,
      text: 'De 51 a 200 trabajadores (60): el 10 %, 6 trabajadores',
    });
    expect(sampleRule(51).size).toBe(6);
    expect(sampleRule(200).size).toBe(20);
    expect(sampleRule(201).size).toBe(30);
  });

  it('draws the same sample from the same seed, another from another seed', () => {
    const a = drawSample(people(60), 6, 'a1b2c3d4');
    expect(a).toHaveLength(6);
    expect(new Set(a).size).toBe(6);
    expect(drawSample([...people(60)].reverse(), 6, 'a1b2c3d4')).toEqual(a);
    expect(drawSample(people(60), 6, '00000000')).not.toEqual(a);
    expect(drawSample(people(4), 6, 'a1b2c3d4')).toHaveLength(4);
  });

  it('hashes the population independently of order, and notices a change', () => {
    expect(populationHash(people(3))).toBe(populationHash([...people(3)].reverse()));
    expect(populationHash(people(3))).not.toBe(populationHash(people(4)));
  });
});
