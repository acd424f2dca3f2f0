// The obras pages (decision 0215; texts moved here by 0250). Values that end in `Html` are HTML
// whose variable parts the caller has escaped.
export const esObras = {
  title: 'Obras',
  nameLabel: 'Nombre de la obra (obligatorio)',
  sourceConfig: 'Archivo de configuración',
  sourceConsole: 'Consola',
  addHeading: 'Agregar una obra',
  addIntro:
    'El código de la obra se deriva del nombre una sola vez y no cambia: es el que usan los paquetes SCORM y los registros.',
  addButton: 'Agregar obra',
  caption: (n: number) => `Obras (${n})`,
  colObra: 'Obra',
  colCode: 'Código',
  colSource: 'Definida en',
  colLearners: 'Aprendices',
  done: {
    creada: 'Obra creada.',
    guardada: 'Datos de la obra guardados.',
  } as Record<string, string>,
  noFact: '(sin dato: el curso usa su texto general)',
  inConfigHtml: (href: string) =>
    `Esta obra está en el archivo de configuración: sus datos se cambian en <a href="${href}">Configuración de la empresa</a>.`,
  editHeading: 'Editar los datos',
  saveButton: 'Guardar datos',
  assignHeading: 'Asignar aprendices a esta obra',
  documentsLabel: 'Documentos (uno por línea, o separados por coma)',
  assignButtonHtml: (obraHtml: string) => `Asignar a ${obraHtml}`,
  back: 'Volver a las obras',
  notCreated: (problems: string) => `No se creó la obra: ${problems}.`,
  exists: (message: string) =>
    `No se creó la obra: ${message} (el nombre se compara sin tildes ni mayúsculas).`,
  notSaved: (problems: string) => `No se guardó: ${problems}.`,
  assigned: (n: number, missing: number) =>
    `Asignados a esta obra: ${n}.${missing ? ` ${missing} documentos no corresponden a ningún aprendiz.` : ''}`,
};
