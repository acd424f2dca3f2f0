// The invitations' sheet and its key (decisions 0245 and 0273). POST /consola/invitaciones stores
// a job and redirects at once; a worker issues the invitations and seals what the page must show
// (links and codes) to the job's public key (X25519 + AES-256-GCM). The private key is the
// sheet's key: made for the form that asks (so a double press or a re-sent POST names the same
// sheet), kept by the coordinator's browser in an httpOnly cookie and never stored on the server.
// The database holds only the public key and the ciphertext, so neither a copy of it nor the
// address (which names only the sheet) gives a code away. One rule for the sheet: a request that
// holds its key opens it, as often as it asks, until ten minutes after it is ready; any other
// request is refused and deletes nothing.
import {
  createCipheriv,
  createDecipheriv,
  createHash,
  createPrivateKey,
  createPublicKey,
  diffieHellman,
  generateKeyPairSync,
  randomBytes,
  type KeyObject,
} from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** How long a ready sheet can be opened again, in minutes. */
export const SHEET_MINUTES = 10;
/** How long the key's cookie lives: the job's own time plus the sheet's window. */
export const SHEET_COOKIE_MINUTES = 40;
export const SHEET_ID = /^[A-Za-z0-9_-]{24}$/;
const KEY = /^[A-Za-z0-9_-]{43}$/;
/** The console's root: the learners table and the import result see the cookie too. */
const COOKIE_PATH = '/consola';
const COOKIE_PREFIX = 'consola_hoja_';

/** The cookie holding one sheet's key: one per sheet, so two tabs do not overwrite each other. */
export const sheetCookie = (id: string) => `${COOKIE_PREFIX}${id}`;

/** A new sheet key (32 random bytes, base64url: 43 characters), for a form that may ask for one. */
export const newSheetKey = () => randomBytes(32).toString('base64url');

export const isSheetKey = (value: string) => KEY.test(value);

/** The sheet a key names: derived, so the same key (a double press) names the same sheet. */
export const sheetIdOf = (key: string) =>
  createHash('sha256').update(`hoja:${key}`).digest('base64url').slice(0, 24);

// PKCS#8 wrapping of a raw X25519 private key (RFC 8410).
const X25519_PKCS8 = Buffer.from('302e020100300506032b656e04220420', 'hex');

const privateKeyOf = (key: string): KeyObject =>
  createPrivateKey({
    key: Buffer.concat([X25519_PKCS8, Buffer.from(key, 'base64url')]),
    format: 'der',
    type: 'pkcs8',
  });

const spki = (k: KeyObject) =>
  (k.export({ format: 'der', type: 'spki' }) as Buffer).toString('base64url');

/** The public half of a sheet key, stored with the job. */
export const publicKeyOf = (key: string) => spki(createPublicKey(privateKeyOf(key)));

const aesKey = (shared: Buffer) => createHash('sha256').update(shared).digest();

/** Seals `plain` to a public key: an ephemeral X25519 key, AES-256-GCM under the shared secret. */
export function sealTo(publicKey: string, plain: string): string {
  const ephemeral = generateKeyPairSync('x25519');
  const shared = diffieHellman({
    privateKey: ephemeral.privateKey,
    publicKey: createPublicKey({
      key: Buffer.from(publicKey, 'base64url'),
      format: 'der',
      type: 'spki',
    }),
  });
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', aesKey(shared), iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return `${spki(ephemeral.publicKey)}.${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url')}`;
}

/** Opens what sealTo sealed, with the sheet key; null when it does not open. */
export function openWith(key: string, sealed: string): string | null {
  try {
    const [ephemeral, payload] = sealed.split('.') as [string, string];
    const shared = diffieHellman({
      privateKey: privateKeyOf(key),
      publicKey: createPublicKey({
        key: Buffer.from(ephemeral, 'base64url'),
        format: 'der',
        type: 'spki',
      }),
    });
    const raw = Buffer.from(payload, 'base64url');
    const decipher = createDecipheriv('aes-256-gcm', aesKey(shared), raw.subarray(0, 12));
    decipher.setAuthTag(raw.subarray(12, 28));
    return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}

/** Gives the coordinator's browser the sheet's key. */
export function setSheetCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  id: string,
  key: string,
) {
  reply.setCookie(sheetCookie(id), key, {
    path: COOKIE_PATH,
    httpOnly: true,
    sameSite: 'strict',
    secure: request.protocol === 'https',
    maxAge: SHEET_COOKIE_MINUTES * 60,
  });
}

/** The sheet key this request holds for `id`, when it holds one that is well formed. */
export function heldKey(request: FastifyRequest, id: string): string | null {
  const key = request.cookies[sheetCookie(id)];
  return key && KEY.test(key) && sheetIdOf(key) === id ? key : null;
}

/** Every sheet this request holds a key for: id → key. */
export function heldKeys(request: FastifyRequest): Map<string, string> {
  const held = new Map<string, string>();
  for (const name of Object.keys(request.cookies)) {
    if (!name.startsWith(COOKIE_PREFIX)) continue;
    const id = name.slice(COOKIE_PREFIX.length);
    const key = SHEET_ID.test(id) ? heldKey(request, id) : null;
    if (key) held.set(id, key);
  }
  return held;
}
