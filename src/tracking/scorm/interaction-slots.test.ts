import { describe, expect, it } from 'vitest';
import { InteractionSlots } from './interaction-slots.ts';

const QUESTIONS = ['m1-q1', 'm1-q2', 'm2-q1', 'm2-q2'];
/** Every question answered, its record in the LMS or queued. */
const ALL_ANSWERED = () => true;

describe('InteractionSlots', () => {
  it('puts each question at its place in the course, whatever the answering order', () => {
    const slots = new InteractionSlots(QUESTIONS, ALL_ANSWERED);
    slots.adopt([], 0);
    expect(slots.indexFor('m2-q1')).toBe(2);
    expect(slots.indexFor('m1-q1')).toBe(0);
  });

  it('sends a question whose place holds another record (2004) after every fixed place', () => {
    const slots = new InteractionSlots(QUESTIONS, ALL_ANSWERED);
    slots.adopt(['m1-q1', 'other-course-q'], 2);
    expect(slots.indexFor('m1-q2')).toBe(4);
    expect(slots.indexFor('unknown-q')).toBe(5);
    expect(slots.indexFor('m1-q1')).toBe(0);
  });

  it('spares start after the LMS count when it already holds more records than the course', () => {
    const slots = new InteractionSlots(QUESTIONS, ALL_ANSWERED);
    slots.adopt(null, 7);
    expect(slots.indexFor('not-in-course')).toBe(7);
  });

  it('claiming a place past the LMS count returns the ids in between, once', () => {
    const slots = new InteractionSlots(QUESTIONS, ALL_ANSWERED);
    slots.adopt(null, 1);
    expect(slots.claim(3)).toEqual([
      { position: 1, id: 'm1-q2' },
      { position: 2, id: 'm2-q1' },
    ]);
    expect(slots.claim(2)).toEqual([]);
    expect(slots.claim(3)).toEqual([]);
  });

  it('rewrites the stored ids (2004), not the course ids, when filling in', () => {
    const slots = new InteractionSlots(QUESTIONS, ALL_ANSWERED);
    slots.adopt(['m1-q1', 'kept-by-lms'], 0);
    expect(slots.claim(2)?.map((s) => s.id)).toEqual(['m1-q1', 'kept-by-lms']);
  });

  it('advances a refused count only when every position in between has a known id', () => {
    const slots = new InteractionSlots(QUESTIONS, ALL_ANSWERED);
    slots.adopt(null, 0);
    expect(slots.advance(1, 3)).toEqual([
      { position: 1, id: 'm1-q2' },
      { position: 2, id: 'm2-q1' },
    ]);
    expect(slots.advance(3, 3)).toBeNull();
    expect(slots.advance(3, 6)).toBeNull();
  });

  it('never fills a position whose question has no answer: the record waits (record 0278)', () => {
    const answered = new Set(['m1-q1']);
    const slots = new InteractionSlots(QUESTIONS, (id) => answered.has(id));
    slots.adopt(null, 1);
    // m2-q2 (position 3) answered while m1-q2 and m2-q1 have none: no index, nothing counted.
    expect(slots.claim(3)).toBeNull();
    expect(slots.advance(1, 3)).toBeNull();
    answered.add('m1-q2');
    expect(slots.claim(1)).toEqual([]);
    expect(slots.claim(3)).toBeNull();
    answered.add('m2-q1');
    expect(slots.claim(2)).toEqual([]);
    expect(slots.claim(3)).toEqual([]);
  });

  it('waits past an unanswered question even when the LMS counts more records than it holds', () => {
    const answered = new Set(['m1-q1', 'm1-q2']);
    const slots = new InteractionSlots(QUESTIONS, (id) => answered.has(id));
    slots.adopt(null, 5);
    expect(slots.claim(3)).toBeNull();
    expect(slots.claim(2)).toEqual([]);
  });

  it('fills a short count with answered questions and ids the LMS shows (2004)', () => {
    const slots = new InteractionSlots(QUESTIONS, (id) => id === 'm1-q2');
    slots.adopt(['m1-q1', 'kept-by-lms'], 0);
    expect(slots.claim(2)).toEqual([
      { position: 0, id: 'm1-q1' },
      { position: 1, id: 'kept-by-lms' },
    ]);
    expect(slots.claim(4)).toBeNull();
  });

  it('orders unknown ids last', () => {
    const slots = new InteractionSlots(QUESTIONS, ALL_ANSWERED);
    expect(slots.positionOf('m2-q2')).toBe(3);
    expect(slots.positionOf('x')).toBe(Infinity);
  });
});
