// The «Registro de inducción» PDF (decisions 0116, 0221; texts moved here by 0250). Plain text:
// the PDF code converts it for its fonts.
export const esRegistro = {
  /** «1 aprendiz», «2 aprendices». */
  learners: (n: number) => `${n} ${n === 1 ? 'aprendiz' : 'aprendices'}`,
  generalPart:
    'Alcance: parte general de la inducción SG-SST (curso virtual). El recorrido por la obra y la inducción al puesto se registran aparte.',
  columns: {
    number: 'N.°',
    name: 'Nombre',
    document: 'Documento',
    cargo: 'Cargo',
    contratista: 'Contratista',
    date: 'Fecha',
    result: '1.er intento',
    certificate: 'Certificado',
  },
  documentTitle: (obra: string) => `Registro de inducción — ${obra}`,
  nit: (nit: string) => `NIT ${nit}`,
  heading: 'Registro de inducción SG-SST',
  sample: 'EJEMPLO — SIN VALIDEZ',
  obra: (obra: string) => `Obra: ${obra}`,
  period: (from: string, to: string) => `Periodo: del ${from} al ${to}`,
  course: (title: string) => `Curso: ${title}`,
  /** The planned duration named as planned, never as the worker's (record 0264). */
  plannedHours: (hours: string) =>
    `Duración prevista del curso: ${hours}. El tiempo registrado de cada aprendiz va en su fila.`,
  /** What the «1.er intento» column counts, and what it does not (the score is progress). */
  resultExplained:
    '1.er intento: preguntas acertadas a la primera respuesta; los reintentos no la cambian. Para terminar, el aprendiz acierta todas.',
  timeSpent: (time: string) => `Tiempo registrado: ${time}`,
  /** The course content version completed: short hash and the day it was first recorded. */
  contentVersion: (version: string) => `contenido del curso ${version}`,
  noContentVersion: 'contenido del curso: sin respuestas registradas',
  shownText: (version: string) => `texto mostrado ${version}`,
  accepted: (acceptance: string) => `aceptó ${acceptance}`,
  notAccepted: 'sin aceptación',
  verifyAt: (url: string) => `verificar en ${url}`,
  noCertificate: 'sin certificado',
  none: 'Ningún aprendiz completó la inducción en este periodo.',
  totals: (learners: string, accepted: number, notAccepted: number, time: string) =>
    `Totales: ${learners} · ${accepted} con aceptación · ${notAccepted} sin aceptación · tiempo registrado en total ${time}`,
  /** The server's demo learner, left out of the rows (record 0264). */
  demoExcluded: (n: number) =>
    `Fuera del registro: el usuario de prueba que crea el servidor (no es un trabajador), ${n} ${n === 1 ? 'ciclo completado' : 'ciclos completados'} en el periodo.`,
  chainHead: (head: string) => `Cabeza de la cadena de sellos al generar este registro: ${head}`,
  footer: (learners: string, generatedAt: string, page: number, pages: number) =>
    `${learners} · generado el ${generatedAt} · página ${page} de ${pages}`,
  underOneMinute: 'menos de 1 min',
  /** A learner linked through an LMS (record 0296): the platforms by their registered names. */
  viaLms: (platforms: string) => `vía LMS (${platforms})`,
};
