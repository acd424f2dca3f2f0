// The ledger keeps an answer of any shape (decision records 0190, 0200): a one-option answer is
// written exactly as before answers had shapes, an order or a set as indexes joined by «.».
import { describe, expect, it } from 'vitest';
import { joinSuspendData, splitSuspendData, type LedgerAnswer } from './answer-ledger.ts';

const base: LedgerAnswer = {
  id: 'm1-q2',
  moduleId: 'modulo1',
  type: 'matching',
  response: [2],
  correctResponse: [1],
  correct: false,
  latencyMs: 61_230,
  timestamp: new Date(1_700_000_000_000),
};

describe('answer ledger', () => {
  it('writes a one-option answer as before', () => {
    expect(joinSuspendData('0,1-{}', [base])).toBe('0,1-{}-~1;m1_q2,m,2,1,0,4q3,s44we8');
  });

  it('keeps an order and reads it back', () => {
    const order: LedgerAnswer = {
      ...base,
      type: 'sequencing',
      response: [0, 2, 1],
      correctResponse: [0, 1, 2],
    };
    const stored = joinSuspendData('0,1-{}', [order]);
    expect(stored).toBe('0,1-{}-~1;m1_q2,s,0.2.1,0.1.2,0,4q3,s44we8');
    expect(splitSuspendData(stored)).toEqual({ route: '0,1-{}', answers: [order], dropped: [] });
  });
});
