// The signed gate statement of a certificate (decision 0242). The certificate's QR encodes
// `https://<server>/verificar/<código>#<statement>.<signature>`: an ordinary camera opens the
// online page (the fragment never reaches the server), while the «Verificar en portería» page
// reads the fragment and checks it offline against the installation's public key.
//
// The statement is one line per field, UTF-8, base64url; the signature is Ed25519 over exactly
// those UTF-8 bytes, base64url. Pure: no clock, no crypto here (server/gate/sign.ts signs,
// ./verify.ts checks).

export const STATEMENT_VERSION = 'c1';

export interface GateStatement {
  /** The certificate's verification code, e.g. SST-K7QM-2XPA-9RTW. */
  code: string;
  /** The installation key that signed it (8 hex characters). */
  keyId: string;
  /** Day the course was completed, YYYY-MM-DD (Colombia). */
  completedOn: string;
  /** Day the reinducción is due, YYYY-MM-DD (Colombia): the statement is «vencida» after it. */
  dueOn: string;
  name: string;
  /** The document number masked: only its last four characters. */
  document: string;
  obra: string;
}

const ORDER = ['code', 'keyId', 'completedOn', 'dueOn', 'name', 'document', 'obra'] as const;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** '1032456789' → '***6789'; four characters or fewer → '***'. */
export function maskDocument(document: string): string {
  const text = document.replace(/\s+/g, '');
  return text.length > 4 ? `***${text.slice(-4)}` : '***';
}

const base64url = {
  encode(bytes: Uint8Array): string {
    let binary = '';
    for (const b of bytes) binary += String.fromCharCode(b);
    return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  },
  decode(text: string): Uint8Array<ArrayBuffer> | null {
    if (!/^[A-Za-z0-9_-]*$/.test(text)) return null;
    try {
      const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
      return Uint8Array.from(binary, (c) => c.charCodeAt(0));
    } catch {
      return null;
    }
  },
};
export const toBase64url = base64url.encode;
export const fromBase64url = base64url.decode;

/** The bytes that are signed. Line breaks inside a field would shift the fields: refused. */
export function statementBytes(s: GateStatement): Uint8Array {
  const fields = ORDER.map((k) => s[k].trim());
  if (fields.some((f) => /[\r\n]/.test(f))) throw new Error('gate statement: line break in field');
  return new TextEncoder().encode([STATEMENT_VERSION, ...fields].join('\n'));
}

export function parseStatement(bytes: Uint8Array): GateStatement | null {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
  const [version, ...fields] = text.split('\n');
  if (version !== STATEMENT_VERSION || fields.length !== ORDER.length) return null;
  const s = Object.fromEntries(ORDER.map((k, i) => [k, fields[i]!])) as unknown as GateStatement;
  if (!DAY.test(s.completedOn) || !DAY.test(s.dueOn) || !/^[0-9a-f]{8}$/.test(s.keyId)) return null;
  return s;
}

/** What the QR holds: the page's address, then `#statement.signature`. */
export function gateUrl(verifyUrl: string, statement: Uint8Array, signature: Uint8Array): string {
  return `${verifyUrl}#${toBase64url(statement)}.${toBase64url(signature)}`;
}

export interface ReadQr {
  /** The online page the QR opens (without the fragment). */
  url: string;
  statementBytes: Uint8Array<ArrayBuffer>;
  statement: GateStatement;
  signature: Uint8Array<ArrayBuffer>;
}

/**
 * Reads a scanned QR text. null when it is no certificate of this course with a statement
 * (another QR, an older certificate with only the address, a damaged fragment).
 */
export function readGateQr(text: string): ReadQr | null {
  const hash = text.indexOf('#');
  if (hash < 0) return null;
  const url = text.slice(0, hash);
  if (!/^https?:\/\/[^\s#]+\/verificar\/[^/\s#]+$/i.test(url)) return null;
  const [statementPart, signaturePart, ...rest] = text.slice(hash + 1).split('.');
  if (rest.length || !statementPart || !signaturePart) return null;
  const bytes = fromBase64url(statementPart);
  const signature = fromBase64url(signaturePart);
  if (!bytes || !signature || signature.length !== 64) return null;
  const statement = parseStatement(bytes);
  if (!statement) return null;
  return { url, statementBytes: bytes, statement, signature };
}

/** YYYY-MM-DD of a moment in Colombia (UTC−5, no daylight saving). */
export function colombiaDay(date: Date): string {
  return new Date(date.getTime() - 5 * 60 * 60 * 1000).toISOString().slice(0, 10);
}

/** The day `months` after `day` (YYYY-MM-DD), clamped to the month's last day (31 Jan + 1 → 28/29 Feb). */
export function addMonths(day: string, months: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const first = new Date(Date.UTC(y, m - 1 + months, 1));
  const last = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  first.setUTCDate(Math.min(d, last));
  return first.toISOString().slice(0, 10);
}
