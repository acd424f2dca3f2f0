// The statement a worker accepts after the last quiz (decision 0220): what they received, that
// they understood it and can ask, and the agreement to confirm it electronically (the clause of
// the company configuration, `aceptacion.clausula`). Plain text, paragraphs separated by a blank
// line; the server stores it exactly as shown, addressed by its SHA-256 (the shown version).
// Nothing here says it equals a handwritten signature.

/** The default clause; the mark tells the company to have it reviewed before relying on it. */
export const EXAMPLE_CLAUSE_MARK = 'EJEMPLO — revisar con su asesor legal.';

export function defaultClause(companyName: string): string {
  return `${EXAMPLE_CLAUSE_MARK} Acepto confirmar que recibí esta inducción de forma electrónica, con el botón «Acepto», dentro de mi propia sesión en este curso. ${companyName} guarda esta confirmación con la fecha, la hora y el texto que leí.`;
}

export interface StatementFacts {
  learnerName: string;
  /** The identity document, where the runtime knows it (standalone); null in an LMS. */
  document: string | null;
  companyName: string;
  obraName: string;
  courseTitle: string;
  /** The responsable SST, to whom questions go. */
  responsable: string;
  /** The configured clause; null = defaultClause(). */
  clause: string | null;
}

export function acceptanceStatement(f: StatementFacts): string {
  const who = f.document
    ? `Yo, ${f.learnerName}, con documento ${f.document},`
    : `Yo, ${f.learnerName},`;
  return [
    `${who} recibí la parte general de la inducción en Seguridad y Salud en el Trabajo de ${f.companyName} para la obra «${f.obraName}»: el curso «${f.courseTitle}», con sus módulos y sus evaluaciones. El recorrido por la obra es aparte.`,
    `Entendí lo que se me explicó. Sé que puedo hacer preguntas a ${f.responsable}, responsable SST, cuando las tenga.`,
    f.clause?.trim() || defaultClause(f.companyName),
  ]
    .map((p) => p.replace(/\s+/g, ' ').trim())
    .join('\n\n');
}
