// The installation key (decision 0220): one 256-bit secret generated once per installation and
// shared by every server instance. Kept in the database (table installation_keys, so a database
// dump or a copy of the PGlite folder carries it: export and restore keep seals verifiable), or
// in a file when INSTALLATION_KEY_FILE names one (server/env.ts): the file is created on first
// use with mode 0600 and read as is afterwards. From the secret two keys are derived: the HMAC
// key that seals acceptances, and the Ed25519 key pair that signs the gate statement of a
// certificate. The key id (8 hex characters of the Ed25519 public key's SHA-256) goes with every
// seal and signature, so a key can be rotated and older rows still name theirs.
import {
  createHash,
  createHmac,
  createPrivateKey,
  createPublicKey,
  randomBytes,
  type KeyObject,
} from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import type { Queryable } from '../db/db.ts';

export interface InstallationKey {
  keyId: string;
  /** HMAC-SHA256 key for the acceptance seals. */
  sealKey: Buffer;
  /** Ed25519 signing key (gate statements). */
  signingKey: KeyObject;
  /** Raw 32-byte Ed25519 public key, base64url. */
  publicKey: string;
}

const derive = (secret: Buffer, purpose: string) =>
  createHmac('sha256', secret).update(purpose).digest();

// PKCS#8 wrapper of a raw 32-byte Ed25519 seed (RFC 8410).
const ED25519_PKCS8_PREFIX = Buffer.from('302e020100300506032b657004220420', 'hex');

export function keyFromSecret(secret: Buffer): InstallationKey {
  if (secret.length !== 32) throw new Error('La clave de la instalación debe tener 32 bytes.');
  const seed = derive(secret, 'curso-sst/gate-signature/v1');
  const signingKey = createPrivateKey({
    key: Buffer.concat([ED25519_PKCS8_PREFIX, seed]),
    format: 'der',
    type: 'pkcs8',
  });
  const spki = createPublicKey(signingKey).export({ format: 'der', type: 'spki' });
  const raw = spki.subarray(spki.length - 32);
  return {
    keyId: createHash('sha256').update(raw).digest('hex').slice(0, 8),
    sealKey: derive(secret, 'curso-sst/acceptance-seal/v1'),
    signingKey,
    publicKey: raw.toString('base64url'),
  };
}

/** The key of a file (base64 of 32 bytes); the file is created when it does not exist. */
export function keyFromFile(path: string): InstallationKey {
  if (!existsSync(path))
    writeFileSync(path, `${randomBytes(32).toString('base64')}\n`, { mode: 0o600, flag: 'wx' });
  return keyFromSecret(Buffer.from(readFileSync(path, 'utf8').trim(), 'base64'));
}

/**
 * The current key of the database, generated on first use. Two instances starting at once both
 * try to insert; ON CONFLICT keeps one, and both read the oldest row back.
 */
export async function keyFromDatabase(db: Queryable): Promise<InstallationKey> {
  const read = async () =>
    (
      await db.query<{ secret: string }>(
        'SELECT secret FROM installation_keys ORDER BY created_at DESC, key_id LIMIT 1',
      )
    )[0];
  let row = await read();
  if (!row) {
    const secret = randomBytes(32);
    const key = keyFromSecret(secret);
    await db.query(
      'INSERT INTO installation_keys (key_id, secret) VALUES ($1, $2) ON CONFLICT DO NOTHING',
      [key.keyId, secret.toString('base64')],
    );
    row = await read();
  }
  return keyFromSecret(Buffer.from(row!.secret, 'base64'));
}

/**
 * Loads the key once (file when `file` is given, else the database) and makes sure the
 * database knows its id (seals reference it).
 */
export function installationKeyLoader(
  db: Queryable,
  file: string | undefined,
): () => Promise<InstallationKey> {
  let loading: Promise<InstallationKey> | null = null;
  return () => {
    loading ??= (async () => {
      if (!file) return keyFromDatabase(db);
      const key = keyFromFile(file);
      // The secret itself stays in the file; the row records that the id exists.
      await db.query(
        "INSERT INTO installation_keys (key_id, secret) VALUES ($1, 'archivo') ON CONFLICT DO NOTHING",
        [key.keyId],
      );
      return key;
    })().catch((error: unknown) => {
      loading = null;
      throw error;
    });
    return loading;
  };
}
