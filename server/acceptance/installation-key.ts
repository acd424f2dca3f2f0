// The installation key (decisions 0220, 0258): 256-bit secrets shared by every server instance,
// from which two keys are derived — the HMAC key that seals acceptances, and the Ed25519 key pair
// that signs the gate statement of a certificate. The key id (8 hex characters of the Ed25519
// public key's SHA-256) goes with every seal and signature.
//
// Where the keys live (record 0258):
// - Key-file mode, INSTALLATION_KEY_FILE (server/env.ts): the file holds one base64 secret per
//   line, the first the current one and the lines below older ones kept after a rotation (blank
//   lines and lines starting with '#' are ignored). It is created on first use with one line, mode
//   0600. The installation holds exactly the keys of the file: the database only records their
//   ids (rows with secret 'archivo'), and nothing a database user adds there is ever a key.
// - Database mode (no file): the secrets are rows of installation_keys; the current one is the
//   newest. Whoever can read or write that table can make seals: the registro says so.
import {
  createHash,
  createHmac,
  createPrivateKey,
  createPublicKey,
  randomBytes,
  type KeyObject,
} from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import type { Db, Queryable } from '../db/db.ts';
import { sealUnsealedHead } from './chain-head.ts';

/** One secret's derived keys. */
export interface KeyMaterial {
  keyId: string;
  /** HMAC-SHA256 key for the acceptance seals. */
  sealKey: Buffer;
  /** Ed25519 signing key (gate statements). */
  signingKey: KeyObject;
  /** Raw 32-byte Ed25519 public key, base64url. */
  publicKey: string;
}

/** The installation's current key, and where its keys come from. */
export interface InstallationKey extends KeyMaterial {
  source: 'file' | 'database';
  /** Key-file mode: every key of the file, the current one first; empty in database mode. */
  fileKeys: readonly KeyMaterial[];
}

const derive = (secret: Buffer, purpose: string) =>
  createHmac('sha256', secret).update(purpose).digest();

// PKCS#8 wrapper of a raw 32-byte Ed25519 seed (RFC 8410).
const ED25519_PKCS8_PREFIX = Buffer.from('302e020100300506032b657004220420', 'hex');

export function keyFromSecret(secret: Buffer): KeyMaterial {
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

/** The key of a stored secret (base64 of 32 bytes), or null when it is not one. */
export function keyFromStoredSecret(secret: string): KeyMaterial | null {
  const bytes = Buffer.from(secret.trim(), 'base64');
  return bytes.length === 32 ? keyFromSecret(bytes) : null;
}

/** The keys of a key file's text: one base64 secret per line, current first. */
export function parseKeyFile(text: string): KeyMaterial[] {
  const lines = text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'));
  const keys = lines.map((line, i) => {
    const key = keyFromStoredSecret(line);
    if (!key)
      throw new Error(
        `INSTALLATION_KEY_FILE: la línea ${i + 1} no es una clave de 32 bytes en base64.`,
      );
    return key;
  });
  if (!keys.length) throw new Error('INSTALLATION_KEY_FILE no tiene ninguna clave.');
  return keys;
}

/** The keys of a file (created with one new secret when it does not exist), current first. */
export function keysFromFile(path: string): KeyMaterial[] {
  if (!existsSync(path))
    writeFileSync(path, `${randomBytes(32).toString('base64')}\n`, { mode: 0o600, flag: 'wx' });
  return parseKeyFile(readFileSync(path, 'utf8'));
}

/** The current key of a file (see keysFromFile). */
export function keyFromFile(path: string): InstallationKey {
  const keys = keysFromFile(path);
  return { ...keys[0]!, source: 'file', fileKeys: keys };
}

/**
 * The current key of the database: the newest row whose secret gives its own id, generated on
 * first use. Two instances starting at once both try to insert; ON CONFLICT keeps one, and both
 * read the newest row back.
 */
export async function keyFromDatabase(db: Queryable): Promise<InstallationKey> {
  const read = async () => {
    const rows = await db.query<{ key_id: string; secret: string }>(
      "SELECT key_id, secret FROM installation_keys WHERE secret <> 'archivo' ORDER BY created_at DESC, key_id",
    );
    for (const row of rows) {
      const key = keyFromStoredSecret(row.secret);
      if (key?.keyId === row.key_id) return key;
    }
    return null;
  };
  let key = await read();
  if (!key) {
    const secret = randomBytes(32);
    await db.query(
      'INSERT INTO installation_keys (key_id, secret) VALUES ($1, $2) ON CONFLICT DO NOTHING',
      [keyFromSecret(secret).keyId, secret.toString('base64')],
    );
    key = await read();
  }
  return { ...key!, source: 'database', fileKeys: [] };
}

/** Where the keys the installation holds live, as the registro prints it (record 0258). */
export type KeyMode = 'file' | 'database' | 'file-and-database';

export interface KeyRing {
  /** key id → key, for every key the installation holds. */
  keys: Map<string, KeyMaterial>;
  mode: KeyMode;
}

/**
 * The keys this installation holds. Key-file mode: the file's keys, whatever the database says
 * (the mode is 'file-and-database' when one of their secrets is also readable there). Database
 * mode: the current key and every row of installation_keys whose secret gives its own id.
 */
export async function keyRing(db: Queryable, key: InstallationKey): Promise<KeyRing> {
  const rows = await db.query<{ key_id: string; secret: string }>(
    "SELECT key_id, secret FROM installation_keys WHERE secret <> 'archivo'",
  );
  const stored = rows.flatMap((row) => {
    const material = keyFromStoredSecret(row.secret);
    return material && material.keyId === row.key_id ? [material] : [];
  });
  if (key.source === 'file') {
    const keys = new Map(key.fileKeys.map((k) => [k.keyId, k]));
    const exposed = stored.some((k) => keys.has(k.keyId));
    return { keys, mode: exposed ? 'file-and-database' : 'file' };
  }
  const keys = new Map(stored.map((k) => [k.keyId, k]));
  keys.set(key.keyId, key);
  return { keys, mode: 'database' };
}

/**
 * Loads the key once (the file when `file` is given, else the database), makes sure the database
 * knows the ids (seals reference them), and seals the chain head the upgrade to record 0258 left
 * unsealed.
 */
export function installationKeyLoader(
  db: Db,
  file: string | undefined,
): () => Promise<InstallationKey> {
  let loading: Promise<InstallationKey> | null = null;
  return () => {
    loading ??= (async () => {
      let key: InstallationKey;
      if (!file) key = await keyFromDatabase(db);
      else {
        key = keyFromFile(file);
        // The secrets stay in the file; the rows record that the ids exist.
        for (const k of key.fileKeys)
          await db.query(
            "INSERT INTO installation_keys (key_id, secret) VALUES ($1, 'archivo') ON CONFLICT DO NOTHING",
            [k.keyId],
          );
      }
      await sealUnsealedHead(db, key);
      return key;
    })().catch((error: unknown) => {
      loading = null;
      throw error;
    });
    return loading;
  };
}
