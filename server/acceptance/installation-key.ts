// The installation key (decisions 0220, 0258): 256-bit secrets shared by every server instance,
// from which two keys are derived — the HMAC key that seals acceptances, and the Ed25519 key pair
// that signs the gate statement of a certificate. The key id (8 hex characters of the Ed25519
// public key's SHA-256) goes with every seal and signature.
//
// Per company (record 0282): each company's two keys are derived from the same secrets with the
// company in the purpose; company 1 keeps the installation's original purposes, so its keys are
// the keys every seal, chain head and QR made before companies was made with. A company's key
// reveals neither the secret nor another company's key; its id is its own.
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
import { requestCompanyScope } from '../db/company-scope.ts';
import { FIRST_COMPANY_ID } from '../db/company-store.ts';
import { sealUnsealedHead } from './chain-head.ts';

/** One secret's derived keys, for one company. */
export interface KeyMaterial {
  /** The company the keys were derived for (record 0282). */
  company: number;
  /** The same secret's keys for another company. */
  forCompany(company: number): KeyMaterial;
  keyId: string;
  /** HMAC-SHA256 key for the acceptance seals. */
  sealKey: Buffer;
  /** Ed25519 signing key (gate statements). */
  signingKey: KeyObject;
  /** Raw 32-byte Ed25519 public key, base64url. */
  publicKey: string;
  /** AES-256-GCM key that wraps the company's LTI tool private keys (record 0295). */
  ltiWrapKey: Buffer;
}

/** The installation's current key (for one company), and where its keys come from. */
export interface InstallationKey extends KeyMaterial {
  source: 'file' | 'database';
  /** Key-file mode: every key of the file, the current one first; empty in database mode. */
  fileKeys: readonly KeyMaterial[];
}

/** The installation's current key for `company`: the same secrets, that company's keys. */
export function companyKey(key: InstallationKey, company: number): InstallationKey {
  if (key.company === company) return key;
  return {
    ...key.forCompany(company),
    source: key.source,
    fileKeys: key.fileKeys.map((k) => k.forCompany(company)),
  };
}

const derive = (secret: Buffer, purpose: string) =>
  createHmac('sha256', secret).update(purpose).digest();

/** A purpose string: company 1 keeps the original one (record 0282). */
const purpose = (base: string, company: number) =>
  company === FIRST_COMPANY_ID ? base : `${base}/empresa/${company}`;

// PKCS#8 wrapper of a raw 32-byte Ed25519 seed (RFC 8410).
const ED25519_PKCS8_PREFIX = Buffer.from('302e020100300506032b657004220420', 'hex');

export function keyFromSecret(secret: Buffer, company: number = FIRST_COMPANY_ID): KeyMaterial {
  if (secret.length !== 32) throw new Error('La clave de la instalación debe tener 32 bytes.');
  if (!Number.isSafeInteger(company) || company < 1)
    throw new Error(`empresa inválida: ${company}`);
  const seed = derive(secret, purpose('curso-sst/gate-signature/v1', company));
  const signingKey = createPrivateKey({
    key: Buffer.concat([ED25519_PKCS8_PREFIX, seed]),
    format: 'der',
    type: 'pkcs8',
  });
  const spki = createPublicKey(signingKey).export({ format: 'der', type: 'spki' });
  const raw = spki.subarray(spki.length - 32);
  return {
    company,
    // The secret stays in this closure: a key handed on carries its company's keys only.
    forCompany: (other: number) => keyFromSecret(secret, other),
    keyId: createHash('sha256').update(raw).digest('hex').slice(0, 8),
    sealKey: derive(secret, purpose('curso-sst/acceptance-seal/v1', company)),
    signingKey,
    publicKey: raw.toString('base64url'),
    ltiWrapKey: derive(secret, purpose('curso-sst/lti-key-wrap/v1', company)),
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
    // A company's own rows ('derivada', migration 064) hold no secret: no base64 of 32 bytes.
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
 * The keys this installation holds for the company of `key` (record 0282: that company's keys
 * only — a row naming another company's key id is a key it does not hold). Key-file mode: the
 * file's keys, whatever the database says (the mode is 'file-and-database' when one of their
 * secrets is also readable there). Database mode: the current key and every row of
 * installation_keys whose secret gives its own id as company 1's key, derived for the company.
 */
export async function keyRing(db: Queryable, key: InstallationKey): Promise<KeyRing> {
  // A secret counts when it gives its row's id as the installation's own (company 1's) key; a
  // company's rows ('derivada') hold none.
  const rows = await db.query<{ key_id: string; secret: string }>(
    "SELECT key_id, secret FROM installation_keys WHERE secret <> 'archivo'",
  );
  const stored = rows.flatMap((row) => {
    const material = keyFromStoredSecret(row.secret);
    return material && material.keyId === row.key_id ? [material] : [];
  });
  if (key.source === 'file') {
    const keys = new Map(key.fileKeys.map((k) => [k.keyId, k.forCompany(key.company)]));
    const own = new Set(key.fileKeys.map((k) => k.forCompany(FIRST_COMPANY_ID).keyId));
    const exposed = stored.some((k) => own.has(k.keyId));
    return { keys, mode: exposed ? 'file-and-database' : 'file' };
  }
  const keys = new Map(
    stored.map((k) => k.forCompany(key.company)).map((k) => [k.keyId, k] as const),
  );
  keys.set(key.keyId, key);
  return { keys, mode: 'database' };
}

/**
 * Records that `key`'s id is a key of its company (migration 064: an acceptance names the pair).
 * Company 1's ids are the installation's own rows, written when the key is loaded.
 */
export async function recordCompanyKeyId(db: Queryable, key: KeyMaterial): Promise<void> {
  if (key.company === FIRST_COMPANY_ID) return;
  await db.query(
    "INSERT INTO installation_keys (key_id, secret, company_id) VALUES ($1, 'derivada', $2) ON CONFLICT DO NOTHING",
    [key.keyId, key.company],
  );
}

/** The company a key is asked for without naming one: the request's, else company 1. */
function defaultCompany(): number {
  const scope = requestCompanyScope();
  return typeof scope === 'number' ? scope : FIRST_COMPANY_ID;
}

/**
 * Loads the key once (the file when `file` is given, else the database), makes sure the database
 * knows the ids (seals reference them), and seals the chain head the upgrade to record 0258 left
 * unsealed. Each call answers with the keys of `company`, by default the request's company (the
 * signed-in account's, record 0283), else company 1 (record 0282).
 */
export function installationKeyLoader(
  db: Db,
  file: string | undefined,
): (company?: number) => Promise<InstallationKey> {
  let loading: Promise<InstallationKey> | null = null;
  const load = () => {
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
  return async (company = defaultCompany()) => companyKey(await load(), company);
}
