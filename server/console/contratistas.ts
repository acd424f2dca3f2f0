// Contratistas written differently are one (decision 0240). The key folds accents, case and
// punctuation, drops common words (legal forms, articles, «empleados», «personal»…) and a
// plural «s», so «Andamios S.A.S.» and «andamio sas» are one, and «Directo», «Empleados
// directos» and no contratista at all are the direct employees. The console shows each key once
// with its spellings and a merge action; the merge rewrites the learners' contratista to the
// spelling the coordinator keeps, in one transaction with its audit row.
import type { Db } from '../db/db.ts';
import { auditMany, type Actor } from './audit.ts';
import { obraKey } from '../obras.ts';
import { esContratistas as T } from './strings/es-contratistas.ts';

/**
 * Words that do not tell two contratistas apart (decision 0240): legal forms, articles and
 * prepositions, and the generic words a spreadsheet adds to «directo».
 */
export const COMMON_WORDS: ReadonlySet<string> = new Set([
  // Legal forms (after folding punctuation: «S.A.S.» → «s a s» → joined below).
  'sas',
  'sa',
  'ltda',
  'limitada',
  'eu',
  'cia',
  'compania',
  'sociedad',
  'anonima',
  'simplificada',
  'por',
  'acciones',
  'y',
  'e',
  // Articles and prepositions.
  'el',
  'la',
  'los',
  'las',
  'de',
  'del',
  // Generic words around «directo».
  'empleado',
  'trabajador',
  'personal',
  'planta',
  'nomina',
]);

/** The key of the direct employees: «Directo», «Empleados directos», «Personal de planta». */
export const DIRECT_KEY = 'directo';

/** Runs of single letters are one word: «S.A.S.» and «S. A. S.» are «sas». */
function joinInitials(words: string[]): string[] {
  const out: string[] = [];
  let run = '';
  for (const w of words) {
    if (w.length === 1) {
      run += w;
      continue;
    }
    if (run) out.push(run);
    run = '';
    out.push(w);
  }
  if (run) out.push(run);
  return out;
}

/** A plural «s» folded away («directos» → «directo», «andamios» → «andamio»); short words kept. */
const singular = (word: string) =>
  word.length > 3 && word.endsWith('es') && /[^aeiou]es$/.test(word) && !word.endsWith('ses')
    ? word.slice(0, -2)
    : word.length > 3 && word.endsWith('s')
      ? word.slice(0, -1)
      : word;

/**
 * The grouping key of a contratista's name ('' or null = direct employees). A name made only of
 * common words keeps them (it would otherwise match every other such name).
 */
export function contratistaKey(name: string | null | undefined): string {
  const words = joinInitials(
    // The obras' fold (lower case, no accents, words joined by '-'), read as words.
    obraKey(name ?? '')
      .split('-')
      .filter(Boolean),
  ).map(singular);
  if (!words.length) return DIRECT_KEY;
  const kept = words.filter((w) => !COMMON_WORDS.has(w));
  if (!kept.length) return words.join(' ');
  const key = kept.join(' ');
  // «Planta», «Nómina» alone or with «directo» are the company's own staff.
  return key === 'directa' ? DIRECT_KEY : key;
}

export interface Spelling {
  /** As stored; '' = no contratista (direct employees). */
  name: string;
  learners: number;
}

export interface ContratistaGroup {
  key: string;
  direct: boolean;
  spellings: Spelling[];
  learners: number;
}

/** Groups spellings by key; each group's spellings most used first, groups by learners. */
export function groupContratistas(spellings: readonly Spelling[]): ContratistaGroup[] {
  const groups = new Map<string, ContratistaGroup>();
  for (const s of spellings) {
    const key = contratistaKey(s.name);
    const group = groups.get(key) ?? {
      key,
      direct: key === DIRECT_KEY,
      spellings: [],
      learners: 0,
    };
    group.spellings.push(s);
    group.learners += s.learners;
    groups.set(key, group);
  }
  for (const g of groups.values())
    g.spellings.sort((a, b) => b.learners - a.learners || a.name.localeCompare(b.name, 'es'));
  return [...groups.values()].sort(
    (a, b) => b.learners - a.learners || a.key.localeCompare(b.key, 'es'),
  );
}

/** The learners' contratistas as stored, with their counts ('' for none). */
export async function contratistaSpellings(db: Pick<Db, 'query'>): Promise<Spelling[]> {
  const rows = await db.query<{ name: string; learners: number }>(
    `SELECT COALESCE(contratista, '') AS name, count(*)::integer AS learners FROM users
      WHERE role = 'aprendiz' GROUP BY COALESCE(contratista, '')`,
  );
  return rows.map((r) => ({ name: String(r.name), learners: Number(r.learners) }));
}

export type MergeResult =
  { merged: string[]; into: string; learners: number } | { refused: string };

/**
 * Rewrites every spelling of the group `key` to `into` (one of its spellings; '' = no
 * contratista), in one transaction with an audit row per learner changed. Spellings are read
 * again inside the transaction, so a stale page merges only what is still there.
 */
export async function mergeContratistas(
  db: Db,
  actor: Actor,
  key: string,
  into: string,
): Promise<MergeResult> {
  return db.transaction(async (tx) => {
    const group = groupContratistas(await contratistaSpellings(tx)).find((g) => g.key === key);
    if (!group || group.spellings.length < 2) return { refused: T.groupGone };
    if (!group.spellings.some((s) => s.name === into)) return { refused: T.pickOne };
    const others = group.spellings.map((s) => s.name).filter((n) => n !== into);
    const changed = await tx.query<{ id: number; name: string; before: string | null }>(
      `UPDATE users u SET contratista = NULLIF($2, '')
         FROM (SELECT id, contratista AS before FROM users
                WHERE role = 'aprendiz' AND COALESCE(contratista, '') = ANY($1::text[])) old
        WHERE u.id = old.id
        RETURNING u.id, u.name, old.before`,
      [others, into],
    );
    await auditMany(
      tx,
      actor,
      'unir-contratistas',
      changed.map((r) => ({
        target: { id: Number(r.id), name: r.name },
        details: { via: 'unir-contratistas', campos: { contratista: [r.before ?? '', into] } },
      })),
    );
    return { merged: others, into, learners: changed.length };
  });
}
