// What the gate page says for a scanned certificate (decision 0243, record 0260): the offline
// verdict of its signed statement, then, with signal, what the server says about it now — a
// certificate annulled (reinducción, deactivated worker) reads «Anulada» with why, a
// demonstration certificate «Certificado de ejemplo — sin validez». Without signal the offline
// verdicts stand as record 0243 says. Pure: the page renders it.
import { esGate as T } from '../../strings/es-gate.ts';
import { annulmentText, spanishDay, STANDING_TEXT } from '../../domain/gate/standing.ts';
import type { GateVerdict } from '../../domain/gate/verify.ts';
import type { OnlineState } from './gate-keys.ts';

export interface GateOutcome {
  tone: 'ok' | 'bad' | 'warn';
  /** The verdict; what follows « — » is shown at reading size. */
  heading: string;
  text: string | null;
}

export function gateOutcome(
  verdict: GateVerdict,
  online: OnlineState,
  /** The phone says it has no network (navigator.onLine === false). */
  offline: boolean,
  /**
   * The company whose gate this is, when the page was opened at its address (record 0288): a key
   * its list lacks is then another company's (or another course's) — not valid at this gate.
   */
  company: string | null = null,
): GateOutcome {
  switch (verdict.status) {
    case 'valid':
      switch (online.kind) {
        case 'annulled':
          return {
            tone: 'bad',
            heading: T.annulled,
            text: online.reasons.length
              ? `${T.annulledSigned} ${annulmentText(online.reasons)}`
              : T.annulledText,
          };
        case 'gone':
          return { tone: 'bad', heading: T.annulled, text: T.annulledText };
        case 'sample':
          return { tone: 'bad', heading: STANDING_TEXT.sample, text: STANDING_TEXT.sampleText };
        case 'known':
          return { tone: 'ok', heading: T.valid, text: T.validOnline };
        default:
          return offline
            ? { tone: 'ok', heading: T.validOffline, text: null }
            : { tone: 'ok', heading: T.valid, text: T.validUnchecked };
      }
    case 'expired':
      return {
        tone: 'bad',
        heading: T.expired,
        text: T.expiredText(spanishDay(verdict.statement.dueOn)),
      };
    case 'unknown-key':
      if (company)
        return { tone: 'bad', heading: T.otherCompany, text: T.otherCompanyText(company) };
      return { tone: 'bad', heading: T.badSignature, text: T.unknownKeyText };
    case 'bad-signature':
      return {
        tone: 'bad',
        heading: T.badSignature,
        text: T.badSignatureText,
      };
    case 'invalid':
      return { tone: 'bad', heading: T.invalidCode, text: T.invalidCodeText };
    default:
      return { tone: 'warn', heading: T.noStatement, text: T.noStatementText };
  }
}
