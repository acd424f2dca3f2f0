import { describe, expect, it } from 'vitest';
import {
  addMonths,
  colombiaDay,
  gateUrl,
  maskDocument,
  parseStatement,
  readGateQr,
  statementBytes,
  type GateStatement,
} from './statement.ts';

const STATEMENT: GateStatement = {
  code: 'SST-K7QM-2XPA-9RTW',
  keyId: '0a1b2c3d',
  completedOn: '2026-01-31',
  dueOn: '2027-01-31',
  name: 'Ñusta Peña',
  document: '***6789',
  obra: 'Torre Norte',
};

describe('gate statement', () => {
  it('round-trips through the QR text', () => {
    const signature = new Uint8Array(64).fill(7);
    const text = gateUrl(
      'https://sst.example.co/verificar/SST-K7QM-2XPA-9RTW',
      statementBytes(STATEMENT),
      signature,
    );
    expect(text).toMatch(
      /^https:\/\/sst\.example\.co\/verificar\/SST-K7QM-2XPA-9RTW#[\w-]+\.[\w-]+$/,
    );
    const read = readGateQr(text)!;
    expect(read.statement).toEqual(STATEMENT);
    expect([...read.signature]).toEqual([...signature]);
  });

  it('refuses what is not a statement', () => {
    expect(readGateQr('https://sst.example.co/verificar/SST-K7QM-2XPA-9RTW')).toBeNull();
    expect(readGateQr('https://otra.co/x#abc.def')).toBeNull();
    expect(readGateQr('https://sst.example.co/verificar/X#%%%.abc')).toBeNull();
    expect(parseStatement(new TextEncoder().encode('c2\nx'))).toBeNull();
    expect(() => statementBytes({ ...STATEMENT, name: 'A\nB' })).toThrow();
  });

  it('masks the document and counts months like a calendar', () => {
    expect(maskDocument('1032 456789')).toBe('***6789');
    expect(maskDocument('123')).toBe('***');
    expect(addMonths('2026-01-31', 1)).toBe('2026-02-28');
    expect(addMonths('2027-11-30', 3)).toBe('2028-02-29');
    expect(addMonths('2026-11-26', 12)).toBe('2027-11-26');
    // 23:30 in Bogotá is already the next day in UTC.
    expect(colombiaDay(new Date('2026-11-27T04:30:00Z'))).toBe('2026-11-26');
  });
});
