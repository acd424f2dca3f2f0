// The acceptance statement for the learner on screen (decision 0220). Standalone: the text the
// server built and published to the learner, exactly (record 0259; the server seals only a text
// it published). Otherwise — an LMS, or a first load offline without it — built here from the
// company's facts of the build (virtual:company), the learner's obra (standalone: their own, from
// virtual:company-obras; LMS: the obra the package was built for) and the learner's identity.
import { company } from 'virtual:company';
import { obras } from 'virtual:company-obras';
import { acceptanceStatement } from '../domain/acceptance/statement.ts';
import { valuesForObra } from '../domain/content/fill-per-obra.ts';
import type { Learner } from '../tracking/port.ts';

export function statementFor(learner: Learner, courseTitle: string): string {
  if (typeof learner.acceptanceStatement === 'string' && learner.acceptanceStatement.trim())
    return learner.acceptanceStatement;
  // virtual:company-obras is null in the LMS build, which is built for one obra.
  const obraName = obras
    ? String(valuesForObra(obras, learner.obra)['obra.nombre'] ?? company.obra.nombre)
    : company.obra.nombre;
  return acceptanceStatement({
    learnerName: (learner.name ?? '').trim() || 'el trabajador que usa esta sesión',
    document: learner.document ?? null,
    companyName: company.companyName,
    obraName,
    courseTitle,
    responsable: company.sstResponsable,
    clause: company.acceptanceClause,
  });
}
