// Whether a certificate still stands (record 0260): the one rule /verificar/<código> and the gate
// page with signal share. A certificate is annulled when its worker was deactivated or a
// reinducción archived its cycle (record 0111); a certificate of the demonstration installation
// is an example, never valid. Pure: the server hands in the facts, the gate page reads the answer.
import { formatSpanishDate } from '../certificate/spanish-date.ts';

/** Why a certificate is annulled, with the Colombian day it happened (YYYY-MM-DD) when known. */
export interface AnnulmentReason {
  kind: 'reinduction' | 'deactivated';
  on: string | null;
}

export type CertificateStanding =
  | { state: 'valid' }
  /** Issued by the demonstration configuration: «EJEMPLO — SIN VALIDEZ» on the PDF. */
  | { state: 'sample' }
  | { state: 'annulled'; reasons: AnnulmentReason[] };

export interface StandingFacts {
  /** The installation runs the demonstration configuration. */
  sample: boolean;
  /** The worker's account is active. */
  active: boolean;
  /** YYYY-MM-DD (Colombia) of the deactivation, when recorded. */
  deactivatedOn: string | null;
  /** The certificate's cycle and the worker's current one. */
  cycle: number;
  currentCycle: number;
  /** YYYY-MM-DD (Colombia) when a reinducción archived the certificate's cycle, when recorded. */
  archivedOn: string | null;
}

export function certificateStanding(facts: StandingFacts): CertificateStanding {
  if (facts.sample) return { state: 'sample' };
  const reasons: AnnulmentReason[] = [];
  if (facts.archivedOn || facts.cycle < facts.currentCycle)
    reasons.push({ kind: 'reinduction', on: facts.archivedOn });
  if (!facts.active) reasons.push({ kind: 'deactivated', on: facts.deactivatedOn });
  return reasons.length ? { state: 'annulled', reasons } : { state: 'valid' };
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The JSON /verificar answers (Accept: application/json), checked; null when it is not one. */
export function readStanding(body: unknown): CertificateStanding | null {
  if (!body || typeof body !== 'object') return null;
  const { state, reasons } = body as { state?: unknown; reasons?: unknown };
  if (state === 'valid' || state === 'sample') return { state };
  if (state !== 'annulled' || !Array.isArray(reasons)) return null;
  const read: AnnulmentReason[] = [];
  for (const r of reasons as unknown[]) {
    const { kind, on } = (r ?? {}) as { kind?: unknown; on?: unknown };
    if (kind !== 'reinduction' && kind !== 'deactivated') continue;
    read.push({ kind, on: typeof on === 'string' && DAY.test(on) ? on : null });
  }
  return { state: 'annulled', reasons: read };
}

/** '2026-11-20' → '20 de noviembre de 2026' (a Colombian calendar day, read at midday). */
export const spanishDay = (day: string) => formatSpanishDate(new Date(`${day}T17:00:00Z`));

/**
 * The standing in plain Spanish, the same at /verificar and on the gate page (both import it: the
 * server reads only src/domain). Third person, short sentences.
 */
export const STANDING_TEXT = {
  annulled: 'Anulada',
  sample: 'Certificado de ejemplo — sin validez',
  sampleText: 'Lo emitió una instalación de demostración: no certifica una inducción real.',
  /** `day` already written out («20 de noviembre de 2026»), or null when not recorded. */
  reinduction: (day: string | null) =>
    day
      ? `Se inició una reinducción el ${day}: este certificado fue reemplazado.`
      : 'Se inició una reinducción: este certificado fue reemplazado.',
  deactivated: (day: string | null) =>
    day ? `El trabajador fue desactivado el ${day}.` : 'El trabajador fue desactivado.',
} as const;

/** Why it is annulled, in plain Spanish: one sentence per reason, dates written out. */
export function annulmentText(reasons: readonly AnnulmentReason[]): string {
  return reasons
    .map((r) => {
      const day = r.on ? spanishDay(r.on) : null;
      return r.kind === 'reinduction'
        ? STANDING_TEXT.reinduction(day)
        : STANDING_TEXT.deactivated(day);
    })
    .join(' ');
}
