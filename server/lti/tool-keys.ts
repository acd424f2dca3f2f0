// The tool's own RSA keys (record 0295): what signs the client assertions the server sends to a
// platform's token endpoint (grades), and what the platform fetches from `/lti/<slug>/jwks.json`.
// One current pair per company, made on first use; the private key is kept wrapped (AES-256-GCM)
// under `ltiWrapKey`, derived from the installation's key for that company, so a copy of the
// database alone signs nothing. A rotation retires the current pair and makes a new one; the key
// set keeps serving a retired key for RETIRED_OVERLAP_MS, so a platform that cached the old set,
// or an assertion signed just before, still verifies. Every query runs on a company's handle.
import {
  createCipheriv,
  createDecipheriv,
  createPrivateKey,
  createPublicKey,
  generateKeyPair,
  randomBytes,
  randomUUID,
  type KeyObject,
} from 'node:crypto';
import { promisify } from 'node:util';
import { calculateJwkThumbprint, exportJWK, SignJWT, type JWK } from 'jose';
import type { Db, Queryable } from '../db/db.ts';
import { keyRing, type InstallationKey } from '../acceptance/installation-key.ts';
import type { Registration } from './registrations.ts';
import { audit, type Actor } from '../console/audit.ts';

export interface ToolKey {
  kid: string;
  privateKey: KeyObject;
  publicJwk: JWK;
}

/** How long a retired key stays in the key set: longer than any platform caches a key set. */
export const RETIRED_OVERLAP_MS = 30 * 24 * 3600 * 1000;

/** A client assertion's lifetime (seconds). */
const ASSERTION_TTL_S = 5 * 60;

type Transactional = Queryable & { transaction?: Db['transaction'] };

interface KeyRow {
  company_id: number;
  kid: string;
  public_jwk: string;
  private_wrapped: string;
  wrapped_by: string;
}

/** The wrapped key is bound to its company and kid: a row copied elsewhere does not open. */
const aad = (company: number, kid: string) => Buffer.from(`lti-tool-key|${company}|${kid}`);

function wrap(key: Buffer, company: number, kid: string, der: Buffer): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(aad(company, kid));
  const body = Buffer.concat([cipher.update(der), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
}

/** The PKCS#8 DER of a wrapped key; throws when `key` is not the one that wrapped it. */
export function unwrapToolKey(key: Buffer, company: number, kid: string, wrapped: string): Buffer {
  const bytes = Buffer.from(wrapped, 'base64url');
  const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, 12));
  decipher.setAAD(aad(company, kid));
  decipher.setAuthTag(bytes.subarray(12, 28));
  return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]);
}

async function newKeyRow(key: InstallationKey): Promise<KeyRow> {
  // Off the event loop: an RSA-2048 pair takes a noticeable while to find.
  const { privateKey } = await promisify(generateKeyPair)('rsa', { modulusLength: 2048 });
  const jwk = await exportJWK(createPublicKey(privateKey));
  const kid = await calculateJwkThumbprint(jwk);
  const publicJwk: JWK = { ...jwk, kid, alg: 'RS256', use: 'sig' };
  const der = privateKey.export({ format: 'der', type: 'pkcs8' });
  return {
    company_id: key.company,
    kid,
    public_jwk: JSON.stringify(publicJwk),
    private_wrapped: wrap(key.ltiWrapKey, key.company, kid, der),
    wrapped_by: key.keyId,
  };
}

async function insertKey(db: Queryable, row: KeyRow): Promise<void> {
  await db.query(
    `INSERT INTO lti_tool_keys (company_id, kid, public_jwk, private_wrapped, wrapped_by)
     VALUES ($1, $2, $3, $4, $5)`,
    [row.company_id, row.kid, row.public_jwk, row.private_wrapped, row.wrapped_by],
  );
}

/** The wrapping key of `wrappedBy`: the current installation key's, else an older one held. */
async function wrapKeyOf(db: Queryable, key: InstallationKey, wrappedBy: string): Promise<Buffer> {
  if (wrappedBy === key.keyId) return key.ltiWrapKey;
  const held = (await keyRing(db, key)).keys.get(wrappedBy);
  if (!held) throw new Error(`LTI tool key wrapped by installation key ${wrappedBy}, not held`);
  return held.ltiWrapKey;
}

async function opened(db: Queryable, key: InstallationKey, row: KeyRow): Promise<ToolKey> {
  const der = unwrapToolKey(
    await wrapKeyOf(db, key, row.wrapped_by),
    Number(row.company_id),
    row.kid,
    row.private_wrapped,
  );
  return {
    kid: row.kid,
    privateKey: createPrivateKey({ key: der, format: 'der', type: 'pkcs8' }),
    publicJwk: JSON.parse(row.public_jwk) as JWK,
  };
}

const CURRENT = `SELECT company_id, kid, public_jwk, private_wrapped, wrapped_by FROM lti_tool_keys
  WHERE retired_at IS NULL ORDER BY created_at DESC, kid LIMIT 1`;

/**
 * The company's current key (`key` is the installation key for that company, `db` its handle),
 * made on first use. Two instances making the first one at once both store theirs: the newest
 * is current, and both are in the key set until a rotation retires them.
 */
export async function currentToolKey(db: Queryable, key: InstallationKey): Promise<ToolKey> {
  return opened(db, key, await currentRow(db, key));
}

async function currentRow(db: Queryable, key: InstallationKey): Promise<KeyRow> {
  const [row] = await db.query<KeyRow>(CURRENT);
  if (row) return row;
  await insertKey(db, await newKeyRow(key));
  return (await db.query<KeyRow>(CURRENT))[0]!;
}

/** The public keys a platform verifies with: every live key and those retired within 30 days. */
export async function toolKeySet(
  db: Queryable,
  key: InstallationKey,
  now: Date = new Date(),
): Promise<{ keys: JWK[] }> {
  // The public keys only: a server that could not open the private key still serves them.
  await currentRow(db, key);
  const rows = await db.query<{ public_jwk: string }>(
    `SELECT public_jwk FROM lti_tool_keys WHERE retired_at IS NULL OR retired_at > $1
      ORDER BY (retired_at IS NULL) DESC, created_at DESC, kid`,
    [new Date(now.getTime() - RETIRED_OVERLAP_MS)],
  );
  return { keys: rows.map((r) => JSON.parse(r.public_jwk) as JWK) };
}

/**
 * Retires the company's live keys and makes a new current one, audited as `actor`'s, in one
 * transaction; the new kid.
 */
export async function rotateToolKey(
  db: Transactional,
  key: InstallationKey,
  actor: Actor,
): Promise<string> {
  const row = await newKeyRow(key);
  const run = async (tx: Queryable) => {
    const retired = await tx.query<{ kid: string }>(
      'UPDATE lti_tool_keys SET retired_at = now() WHERE retired_at IS NULL RETURNING kid',
    );
    await insertKey(tx, row);
    await audit(tx, actor, 'lti-rotar-clave', null, {
      nueva: row.kid,
      retiradas: retired.map((r) => r.kid),
    });
  };
  await (db.transaction ? db.transaction(run) : run(db));
  return row.kid;
}

/**
 * A client assertion (RFC 7523, as LTI Advantage asks) for `registration`'s token endpoint,
 * signed with the company's current key: iss = sub = client id, aud = token URL, 5 minutes.
 */
export async function signClientAssertion(
  db: Queryable,
  key: InstallationKey,
  registration: Pick<Registration, 'clientId' | 'tokenUrl'>,
  now: Date = new Date(),
): Promise<string> {
  const tool = await currentToolKey(db, key);
  const iat = Math.floor(now.getTime() / 1000);
  return new SignJWT({})
    .setProtectedHeader({ alg: 'RS256', kid: tool.kid, typ: 'JWT' })
    .setIssuer(registration.clientId)
    .setSubject(registration.clientId)
    .setAudience(registration.tokenUrl)
    .setJti(randomUUID())
    .setIssuedAt(iat)
    .setExpirationTime(iat + ASSERTION_TTL_S)
    .sign(tool.privateKey);
}
