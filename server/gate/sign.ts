// Signs a certificate's gate statement (decision 0242) with the installation's Ed25519 key
// (derived from the installation key, decision 0220), and lists the public keys the
// «Verificar en portería» page checks against.
import { sign } from 'node:crypto';
import { gateUrl, statementBytes, type GateStatement } from '../../src/domain/gate/statement.ts';
import type { Queryable } from '../db/db.ts';
import { keyFromSecret, type InstallationKey } from '../acceptance/installation-key.ts';

/** The QR's text: the verification URL with `#statement.signature`. */
export function signedGateUrl(
  key: InstallationKey,
  verifyUrl: string,
  statement: Omit<GateStatement, 'keyId'>,
): string {
  const bytes = statementBytes({ ...statement, keyId: key.keyId });
  return gateUrl(verifyUrl, bytes, sign(null, bytes, key.signingKey));
}

/**
 * key id → public key (raw, base64url) of every key this installation has signed with: the
 * current one, and older ones kept in the database (a key held in INSTALLATION_KEY_FILE leaves
 * only its id there; its public key is served while it is the current one).
 */
export async function gatePublicKeys(
  db: Queryable,
  current: InstallationKey,
): Promise<Record<string, string>> {
  const rows = await db.query<{ secret: string }>(
    "SELECT secret FROM installation_keys WHERE secret <> 'archivo' ORDER BY created_at",
  );
  const keys: Record<string, string> = {};
  for (const row of rows) {
    const secret = Buffer.from(row.secret, 'base64');
    if (secret.length !== 32) continue;
    const key = keyFromSecret(secret);
    keys[key.keyId] = key.publicKey;
  }
  keys[current.keyId] = current.publicKey;
  return keys;
}
