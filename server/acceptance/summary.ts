// What the console, the registro and /verificar say about a learner's acceptance (decision
// 0220): the acceptance of a cycle with the state of its seal, checked against the whole chain.
import type { Queryable } from '../db/db.ts';
import type { InstallationKey } from './installation-key.ts';
import { shortSeal } from './seal.ts';
import { acceptanceFor, checkChain, type ChainCheck, type StoredAcceptance } from './store.ts';

export type SealState = 'intact' | 'broken' | 'other-key';

export interface AcceptanceSummary {
  row: StoredAcceptance;
  seal: SealState;
}

export function sealState(chain: ChainCheck, id: number): SealState {
  if (chain.broken.has(id)) return 'broken';
  return chain.otherKey.has(id) ? 'other-key' : 'intact';
}

export async function acceptanceSummary(
  db: Queryable,
  key: InstallationKey,
  userId: number,
  courseId: string,
  cycle: number,
): Promise<AcceptanceSummary | null> {
  const row = await acceptanceFor(db, userId, courseId, cycle);
  if (!row) return null;
  return { row, seal: sealState(await checkChain(db, key), row.id) };
}

export const SEAL_TEXT: Record<SealState, string> = {
  intact: 'sello íntegro',
  broken: 'SELLO ROTO: el registro fue modificado después de sellarse',
  'other-key': 'sellado con otra clave de la instalación (no verificable aquí)',
};

/** «3f2a9c1b» — the first 8 hex characters of a shown version. */
export const shortVersion = (hash: string) => hash.slice(0, 8);

/** The chain head as printed: key id and the first 16 hex characters in groups of four. */
export const chainHeadText = (head: string, keyId: string) =>
  `${head.slice(0, 16).replace(/(.{4})(?=.)/g, '$1-')} (clave ${keyId})`;

export { shortSeal };
