// Signs a certificate's gate statement (decision 0242) with the installation's Ed25519 key
// (derived from the installation key, decision 0220), and lists the public keys the
// «Verificar en portería» page checks against.
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
 * key id → public key (raw, base64url) of every key this installation holds (decision 0258): the
 * key file's keys, or in database mode the current key and the well-formed rows of
 * installation_keys. A row a database user adds without a matching secret is never served.
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
