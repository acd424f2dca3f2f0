// What the console, the registro and /verificar say about a learner's acceptance (decisions 0220,
// 0258): the acceptance of a cycle with the state of its seal, checked against the whole chain,
// and the chain's own lines (where the key lives, acceptances missing, rows at fault).
import type { Queryable } from '../db/db.ts';
import { shortDate } from '../console/layout.ts';
import type { InstallationKey, KeyMode } from './installation-key.ts';
import { shortSeal } from './seal.ts';
import { acceptanceFor, checkChain, type ChainCheck, type StoredAcceptance } from './store.ts';

/**
 * Verified or broken (decision 0258): «intact» and «after-fault» rows are sealed and linked under
 * a key the installation holds; the others are faults.
 */
export type SealState =
  'intact' | 'after-fault' | 'broken' | 'link-broken' | 'unknown-key' | 'text-altered';

export interface AcceptanceSummary {
  row: StoredAcceptance;
  seal: SealState;
}

export function sealState(chain: ChainCheck, id: number): SealState {
  // A row outside the chain checked (another company's, record 0282) is never read as verified.
  if (chain.unknownKey.has(id) || !chain.walked.has(id)) return 'unknown-key';
  if (chain.broken.has(id)) return chain.linkBroken.has(id) ? 'link-broken' : 'broken';
  if (chain.textAltered.has(id)) return 'text-altered';
  return chain.afterFault.has(id) ? 'after-fault' : 'intact';
}

/** Whether a state is a fault, printed as an alarm. */
export const sealFault = (state: SealState) => state !== 'intact' && state !== 'after-fault';

export async function acceptanceSummary(
  db: Queryable,
  key: InstallationKey,
  userId: number,
  courseId: string,
  cycle: number,
): Promise<AcceptanceSummary | null> {
  return (await acceptanceWithChain(db, key, userId, courseId, cycle)).summary;
}

/** The acceptance of a cycle (or null) with the chain it was checked against. */
export async function acceptanceWithChain(
  db: Queryable,
  key: InstallationKey,
  userId: number,
  courseId: string,
  cycle: number,
): Promise<{ summary: AcceptanceSummary | null; chain: ChainCheck }> {
  const chain = await checkChain(db, key);
  const row = await acceptanceFor(db, userId, courseId, cycle);
  return { summary: row ? { row, seal: sealState(chain, row.id) } : null, chain };
}

export const SEAL_TEXT: Record<SealState, string> = {
  intact: 'sello íntegro',
  'after-fault': 'sello íntegro, pero antes en la cadena hay un registro con fallo',
  broken: 'SELLO ROTO: el registro fue modificado después de sellarse',
  'link-broken': 'SELLO ROTO: falta o cambió un registro anterior de la cadena',
  'unknown-key':
    'CLAVE DESCONOCIDA: sellado con una clave que esta instalación no tiene; no vale como prueba',
  'text-altered': 'TEXTO ALTERADO: el texto guardado no es el que se selló',
};

/** What the registro says about where the sealing key lives (decision 0258). */
export const KEY_MODE_TEXT: Record<KeyMode, string> = {
  file: 'Clave de sellado guardada fuera de la base de datos, en el archivo de la instalación: quien solo tenga la base de datos no puede fabricar sellos.',
  database:
    'Clave de sellado guardada en la base de datos: quien pueda leer o modificar la base de datos podría fabricar sellos.',
  'file-and-database':
    'Clave de sellado en el archivo de la instalación, pero también copiada en la base de datos: quien pueda leer la base de datos podría fabricar sellos.',
};

/** The chain's fault about its end as printed, or null when the rows match the sealed head. */
export function tailText(chain: ChainCheck): string | null {
  const tail = chain.tail;
  if (!tail) return null;
  if (tail.kind === 'no-head')
    return 'FALTA LA CABEZA SELLADA DE LA CADENA: no se puede saber si se borraron las últimas aceptaciones.';
  if (tail.kind === 'head-not-sealed')
    return 'LA CABEZA DE LA CADENA NO TIENE UN SELLO VÁLIDO: no se puede saber si se borraron las últimas aceptaciones.';
  const period = tail.from
    ? ` Afectado: desde ${shortDate(tail.from)}${tail.to ? ` hasta ${shortDate(tail.to)}` : ''}.`
    : '';
  const counts = `la cadena tenía ${tail.expected}; hay ${tail.found}.`;
  return tail.found < tail.expected
    ? `FALTAN ACEPTACIONES: ${counts}${period}`
    : `LA CADENA NO COINCIDE CON SU CABEZA SELLADA: ${counts}${period}`;
}

/** The rows at fault, as one line, or null when there is none. */
export function faultsText(chain: ChainCheck): string | null {
  const first = chain.faults[0];
  if (!first) return null;
  const n = chain.faults.length;
  return `FALLOS EN LA CADENA: ${n} ${n === 1 ? 'aceptación' : 'aceptaciones'} con sello roto o clave desconocida; la primera del ${shortDate(first.receivedAt)}.`;
}

/** The lines printed under the chain head: where the key lives, then any fault of the chain. */
export const chainNotes = (chain: ChainCheck): string[] =>
  [KEY_MODE_TEXT[chain.keyMode], tailText(chain), faultsText(chain)].filter(
    (line): line is string => line !== null,
  );

/** «3f2a9c1b» — the first 8 hex characters of a shown version. */
export const shortVersion = (hash: string) => hash.slice(0, 8);

/**
 * The chain head as printed: the first 16 hex characters in groups of four, the key id and, when
 * given, the number of acceptances (a later registro showing fewer tells rows were removed).
 */
export const chainHeadText = (head: string, keyId: string, count?: number) =>
  `${head.slice(0, 16).replace(/(.{4})(?=.)/g, '$1-')} (clave ${keyId}${count === undefined ? '' : `; ${count} ${count === 1 ? 'aceptación' : 'aceptaciones'}`})`;

export { shortSeal };
