// Checks a scanned certificate QR offline (decision 0242): the Ed25519 signature of its statement
// under the public key its key id names, then the reinducción due date against today. WebCrypto
// (Ed25519 is in Chromium since 137, Firefox 129, Safari 17, Node 20); no server involved.
import { fromBase64url, readGateQr, type GateStatement } from './statement.ts';

/** key id → raw 32-byte Ed25519 public key, base64url (what the API's gate-keys answers). */
export type GateKeys = Record<string, string>;

export type GateVerdict =
  /** Not a certificate QR with a signed statement (another code, an older certificate). */
  | { status: 'no-statement'; url: string | null }
  /** A /verificar address whose code cannot be read (`%ZZ`): damaged or made up (record 0267). */
  | { status: 'invalid'; url: null }
  /** The statement names a key this phone does not have (never fetched, or another installation). */
  | { status: 'unknown-key'; statement: GateStatement; url: string }
  /** The signature does not match: the statement was changed or made up. */
  | { status: 'bad-signature'; statement: GateStatement; url: string }
  | { status: 'expired'; statement: GateStatement; url: string }
  | { status: 'valid'; statement: GateStatement; url: string };

/** This browser can check Ed25519 signatures. */
export async function ed25519Available(subtle: SubtleCrypto = globalThis.crypto.subtle) {
  try {
    const raw = new Uint8Array(32);
    raw[0] = 1;
    await subtle.importKey('raw', raw, { name: 'Ed25519' }, false, ['verify']);
    return true;
  } catch {
    return false;
  }
}

/** The certificate code at the end of a /verificar address; null when it is not readable. */
function codeOfAddress(url: string): string | null {
  try {
    return decodeURIComponent(url.slice(url.lastIndexOf('/') + 1));
  } catch {
    return null;
  }
}

/**
 * The verdict for a QR's text. `today` is YYYY-MM-DD in Colombia: the certificate is «vencida»
 * when today is after its reinducción due day (the due day itself still counts).
 */
export async function verifyGateQr(
  text: string,
  keys: GateKeys,
  today: string,
  subtle: SubtleCrypto = globalThis.crypto.subtle,
): Promise<GateVerdict> {
  const read = readGateQr(text.trim());
  if (!read) {
    const url = /^https?:\/\/\S+\/verificar\/[^/\s#]+/i.exec(text.trim())?.[0] ?? null;
    if (url !== null && codeOfAddress(url) === null) return { status: 'invalid', url: null };
    return { status: 'no-statement', url };
  }
  const { statement, url } = read;
  const codeInUrl = codeOfAddress(url);
  if (codeInUrl === null) return { status: 'invalid', url: null };
  const raw = keys[statement.keyId] ? fromBase64url(keys[statement.keyId]!) : null;
  if (!raw || raw.length !== 32) return { status: 'unknown-key', statement, url };
  const key = await subtle.importKey('raw', raw, { name: 'Ed25519' }, false, ['verify']);
  const ok = await subtle.verify({ name: 'Ed25519' }, key, read.signature, read.statementBytes);
  // The code in the address must be the one signed: a valid statement pasted behind another
  // certificate's address would otherwise send the guard's online check to the wrong one.
  if (!ok || codeInUrl !== statement.code) return { status: 'bad-signature', statement, url };
  if (today > statement.dueOn) return { status: 'expired', statement, url };
  return { status: 'valid', statement, url };
}
