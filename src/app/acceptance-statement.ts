// The acceptance statement for the learner on screen (decision 0220): the company's facts from
// the build (virtual:company), the learner's obra (standalone: their own, from
// virtual:company-obras; LMS: the obra the package was built for) and the learner's identity.
import { company } from 'virtual:company';
import { obras } from 'virtual:company-obras';
import { acceptanceStatement } from '../domain/acceptance/statement.ts';
import { valuesForObra } from '../domain/content/fill-per-obra.ts';
import type { Learner } from '../tracking/port.ts';

export function statementFor(learner: Learner, courseTitle: string): string {
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
