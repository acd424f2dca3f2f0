import { describe, expect, it } from 'vitest';
import { generateKeyPairSync, sign, webcrypto } from 'node:crypto';
import { gateUrl, statementBytes, toBase64url, type GateStatement } from './statement.ts';
import { ed25519Available, verifyGateQr } from './verify.ts';

const subtle = webcrypto.subtle as unknown as SubtleCrypto;
const { privateKey, publicKey } = generateKeyPairSync('ed25519');
const raw = publicKey.export({ format: 'der', type: 'spki' }).subarray(-32);
const KEYS = { '0a1b2c3d': toBase64url(new Uint8Array(raw)) };
const URL = 'https://sst.example.co/verificar/SST-K7QM-2XPA-9RTW';
const STATEMENT: GateStatement = {
  code: 'SST-K7QM-2XPA-9RTW',
  keyId: '0a1b2c3d',
  completedOn: '2026-11-26',
  dueOn: '2027-11-26',
  name: 'Ana Ruiz',
  document: '***6789',
  obra: 'Torre Norte',
};
const qr = (s: GateStatement, signed: GateStatement = s) =>
  gateUrl(URL, statementBytes(s), sign(null, statementBytes(signed), privateKey));

describe('verifyGateQr', () => {
  it('says valid, expired after the due day, and bad signature for a changed field', async () => {
    expect(await ed25519Available(subtle)).toBe(true);
    expect((await verifyGateQr(qr(STATEMENT), KEYS, '2027-11-26', subtle)).status).toBe('valid');
    expect((await verifyGateQr(qr(STATEMENT), KEYS, '2027-11-27', subtle)).status).toBe('expired');
    const renamed = { ...STATEMENT, name: 'Otro Nombre' };
    expect((await verifyGateQr(qr(renamed, STATEMENT), KEYS, '2027-01-01', subtle)).status).toBe(
      'bad-signature',
    );
    const later = { ...STATEMENT, dueOn: '2030-01-01' };
    expect((await verifyGateQr(qr(later, STATEMENT), KEYS, '2027-01-01', subtle)).status).toBe(
      'bad-signature',
    );
    expect((await verifyGateQr(qr(STATEMENT), {}, '2027-01-01', subtle)).status).toBe(
      'unknown-key',
    );
    expect((await verifyGateQr('hola', KEYS, '2027-01-01', subtle)).status).toBe('no-statement');
  });
});

describe('a QR whose address is damaged (record 0267)', () => {
  it('is «invalid», not a throw that leaves the page on «Comprobando…»', async () => {
    const signed = qr(STATEMENT);
    const broken = signed.replace('/verificar/SST-K7QM-2XPA-9RTW', '/verificar/%ZZ');
    expect(broken).toContain('/verificar/%ZZ#');
    expect(await verifyGateQr(broken, KEYS, '2027-01-01', subtle)).toEqual({
      status: 'invalid',
      url: null,
    });
    // Without a statement too: no link to a page that cannot be opened.
    const bare = 'https://sst.example.co/verificar/%E0%A4%A';
    expect(await verifyGateQr(bare, KEYS, '2027-01-01', subtle)).toEqual({
      status: 'invalid',
      url: null,
    });
  });
});
