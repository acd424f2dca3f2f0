// The gate page's verdict with signal (record 0260): what /verificar answers now decides between
// «Válida — Comprobada en línea», «Anulada» with why, and «Certificado de ejemplo — sin validez»;
// without signal the offline verdicts of decision 0243 stand.
import { describe, expect, it } from 'vitest';
import type { GateStatement } from '../../domain/gate/statement.ts';
import type { GateVerdict } from '../../domain/gate/verify.ts';
import { onlineState } from './gate-keys.ts';
import { gateOutcome } from './gate-outcome.ts';

const STATEMENT: GateStatement = {
  code: 'SST-K7QM-2XPA-9RTW',
  keyId: '0a1b2c3d',
  completedOn: '2026-11-26',
  dueOn: '2027-11-26',
  name: 'Ana Ruiz',
  document: '***6789',
  obra: 'Torre Norte',
};
const VALID: GateVerdict = { status: 'valid', statement: STATEMENT, url: 'https://x/verificar/c' };

/** A fetch that answers /verificar as the server does, and records what it was asked. */
function server(status: number, body: unknown) {
  const asked: { url: string; accept: string | null }[] = [];
  const fetcher = (async (url: string, init?: RequestInit) => {
    asked.push({ url, accept: new Headers(init?.headers).get('accept') });
    return new Response(JSON.stringify(body), {
      status,
      headers: { 'content-type': 'application/json' },
    });
  }) as typeof fetch;
  return { fetcher, asked };
}

async function online(status: number, body: unknown) {
  return gateOutcome(VALID, await onlineState(STATEMENT.code, server(status, body).fetcher), false);
}

describe('the gate page with signal', () => {
  it('asks /verificar for the standing as JSON', async () => {
    const { fetcher, asked } = server(200, { state: 'valid' });
    await onlineState(STATEMENT.code, fetcher);
    expect(asked).toEqual([{ url: '/verificar/SST-K7QM-2XPA-9RTW', accept: 'application/json' }]);
  });

  it('a deactivated worker’s certificate: «Anulada» with why, never «Válida»', async () => {
    const outcome = await online(410, {
      state: 'annulled',
      reasons: [{ kind: 'deactivated', on: '2026-11-20' }],
    });
    expect(outcome).toEqual({
      tone: 'bad',
      heading: 'Anulada',
      text: 'La firma es auténtica, pero el certificado fue anulado. El trabajador fue desactivado el 20 de noviembre de 2026.',
    });
  });

  it('a certificate replaced by a reinducción: «Anulada» with its date', async () => {
    const outcome = await online(410, {
      state: 'annulled',
      reasons: [{ kind: 'reinduction', on: '2027-01-05' }],
    });
    expect(outcome.heading).toBe('Anulada');
    expect(outcome.text).toContain(
      'Se inició una reinducción el 5 de enero de 2027: este certificado fue reemplazado.',
    );
  });

  it('a demonstration certificate: «Certificado de ejemplo — sin validez»', async () => {
    const outcome = await online(200, { state: 'sample' });
    expect(outcome.heading).toBe('Certificado de ejemplo — sin validez');
    expect(outcome.tone).toBe('bad');
  });

  it('a standing certificate: «Válida», comprobada en línea; a 404 still reads «Anulada»', async () => {
    expect(await online(200, { state: 'valid' })).toMatchObject({
      tone: 'ok',
      heading: 'Válida',
      text: 'Comprobada en línea: el certificado sigue registrado.',
    });
    expect(await online(404, { state: 'unknown' })).toEqual({
      tone: 'bad',
      heading: 'Anulada',
      text: 'La firma es auténtica, pero el servidor ya no reconoce este certificado.',
    });
  });

  it('without an answer the offline verdicts stand (decision 0243)', async () => {
    const failing = (async () => {
      throw new TypeError('Failed to fetch');
    }) as typeof fetch;
    const state = await onlineState(STATEMENT.code, failing);
    expect(gateOutcome(VALID, state, true).heading).toBe(
      'Válida — sin señal; no se pudo comprobar si fue anulada',
    );
    expect(gateOutcome({ ...VALID, status: 'expired' }, state, true).heading).toBe('Vencida');
  });
});

describe('a QR whose address is damaged (record 0267)', () => {
  it('reads «Código no válido»', () => {
    const outcome = gateOutcome({ status: 'invalid', url: null }, { kind: 'unknown' }, false);
    expect(outcome).toEqual({
      tone: 'bad',
      heading: 'Código no válido',
      text: 'La dirección de este código QR está dañada o fue cambiada: no es un certificado que se pueda comprobar.',
    });
  });
});

describe('the gate of a company’s address (record 0288)', () => {
  const OTHER: GateVerdict = { ...VALID, status: 'unknown-key' };

  it('another company’s certificate (a key its list lacks) is not valid for this company', () => {
    expect(gateOutcome(OTHER, { kind: 'unknown' }, false, 'Constructora Beta')).toEqual({
      tone: 'bad',
      heading: 'No válida para esta empresa',
      text: 'Este certificado no fue firmado por Constructora Beta. Si el trabajador es de otra empresa, no sirve en esta portería.',
    });
  });

  it('at the plain address an unknown key reads as before', () => {
    expect(gateOutcome(OTHER, { kind: 'unknown' }, false)).toMatchObject({
      heading: 'Firma no válida',
      text: 'El código está firmado con una clave que este teléfono no conoce. Con señal, abra la página en línea.',
    });
  });
});
