// What an obra still lacks before its learners' invitations go out (record 0273): without a
// meeting point and brigadistas the course shows its workers the general text instead of their
// obra's. Read by the import's result (an obra the import created leads to its page) and by
// the invitations, which stop first for obras that lack them.
import type { KnownObra } from '../obras.ts';
import { esInvitations } from './strings/es-invitations.ts';

/** The obra facts its learners should read first, with the names «falta: …» gives them. */
export const NEEDED_OBRA_FACTS = [
  ['puntoEncuentro', esInvitations.factNames.puntoEncuentro],
  ['brigadistas', esInvitations.factNames.brigadistas],
] as const;

/** The names of the needed facts this obra lacks (an empty list when it is ready). */
export function missingObraFacts(obra: KnownObra): string[] {
  return NEEDED_OBRA_FACTS.filter(([key]) => {
    const value = (obra.facts as Record<string, unknown>)[key];
    return Array.isArray(value) ? !value.length : !value;
  }).map(([, label]) => label);
}
