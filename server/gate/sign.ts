// Signs a certificate's gate statement (decision 0242) with the company's Ed25519 key (derived
// from the installation key for the company, decisions 0220 and 0282), and lists the public keys
// of one company the «Verificar en portería» page checks against.
import { sign } from 'node:crypto';
import { gateUrl, statementBytes, type GateStatement } from '../../src/domain/gate/statement.ts';
import type { Queryable } from '../db/db.ts';
import { keyRing, type InstallationKey, type KeyMaterial } from '../acceptance/installation-key.ts';

/** The QR's text: the verification URL with `#statement.signature`. */
export function signedGateUrl(
  key: KeyMaterial,
  verifyUrl: string,
  statement: Omit<GateStatement, 'keyId'>,
): string {
  const bytes = statementBytes({ ...statement, keyId: key.keyId });
  return gateUrl(verifyUrl, bytes, sign(null, bytes, key.signingKey));
}

/**
 * key id → public key (raw, base64url) of every key this installation holds for the company of
 * `current` (decisions 0258, 0282): the key file's keys, or in database mode the current key and
 * the well-formed rows of installation_keys, each derived for that company. A row a database user
 * adds without a matching secret is never served.
 */
export async function gatePublicKeys(
  db: Queryable,
  current: InstallationKey,
): Promise<Record<string, string>> {
  const ring = await keyRing(db, current);
  const keys: Record<string, string> = {};
  for (const [keyId, key] of ring.keys) keys[keyId] = key.publicKey;
  return keys;
}
