// The CSV import screens and their jobs (decision 0216; texts moved here by 0250). Values that
// end in `Html` are HTML whose variable parts the caller has escaped.
export const esImport = {
  states: {
    obras: 'Esperando obras nuevas',
    pendiente: 'En cola',
    'en-curso': 'En curso',
    terminado: 'Terminada',
    fallido: 'Falló',
  },
  fields: {
    cargo: 'cargo',
    contratista: 'contratista',
    obra: 'obra',
    celular: 'celular',
  } as Record<string, string>,
  recent: 'Importaciones recientes',
  file: 'archivo',
  recentCounts: (imported: number, registered: number, rejected: number) =>
    ` (importados ${imported}, ya inscritos ${registered}, con errores ${rejected})`,
  title: 'Importar aprendices',
  heading: 'Importar aprendices desde un CSV',
  introHtml:
    'Columnas: <span class="code">documento,nombre</span> y, si quieres, <span class="code">obra,contratista,cargo,fecha_ingreso,celular,correo</span> (fechas dd/mm/aaaa o aaaa-mm-dd). La obra puede ir por su nombre o su código, con o sin tildes; si el archivo nombra una obra que no existe, se ofrece crearla. UTF-8 o el CSV de Excel (Windows-1252), separado por coma o punto y coma. Cada fila con errores se informa con su línea y las demás se importan; los ya inscritos se informan aparte. No hace falta contraseña: cada aprendiz entra con su invitación (tarjeta o WhatsApp). Una columna <span class="code">contraseña</span>, si el archivo la trae, se respeta.',
  fileLabel: 'Archivo CSV',
  phoneConsent:
    ' Confirmo que la empresa tiene la autorización de cada trabajador para usar su celular',
  phoneConsentHint:
    'Obligatoria si el archivo trae la columna celular con datos (Ley 1581 de 2012). La confirmación queda en el registro de auditoría.',
  importButton: 'Importar',
  createObraHtml: (nameHtml: string, rows: number) =>
    ` Crear la obra «${nameHtml}» (${rows} ${rows === 1 ? 'fila' : 'filas'})`,
  unknownObrasHtml: (n: number) =>
    `<strong>El archivo nombra ${n === 1 ? 'una obra que no existe' : `${n} obras que no existen`}.</strong> Marca las que quieres crear ahora; las filas de una obra sin marcar se informan como errores. Los datos de cada obra (punto de encuentro, brigadistas…) se completan después en su página.`,
  createObrasButton: 'Crear las obras marcadas e importar',
  waiting: 'Esperando turno',
  progressCount: (done: number, total: number) => `: ${done} de ${total}`,
  progressLabel: 'Avance de la importación',
  progressHint:
    'Esta página se actualiza sola. Puedes cerrarla: el resultado queda guardado en «Importaciones recientes».',
  nothingImported: 'No se importó nada.',
  reason: 'Motivo',
  registeredHeading: (n: number) => `Ya inscritos (${n})`,
  registeredIntro: (withChanges: number) =>
    `Estas personas ya estaban inscritas: no se crearon de nuevo${withChanges ? `. ${withChanges} tienen en el archivo datos distintos de los guardados` : ' y sus datos coinciden con el archivo'}.`,
  line: (line: number) => `Línea ${line}`,
  phoneDiffers: 'celular distinto',
  changesApplied: (n: number) => `Datos actualizados: ${n} aprendices.`,
  applyChanges: (n: number) => `Actualizar los datos distintos (${n})`,
  inviteImported: (n: number) =>
    `Hacer las invitaciones de los ${n} importados (tarjetas y WhatsApp)`,
  summary: (imported: number, registered: number, rejected: number) =>
    `Importados: ${imported}. Ya inscritos: ${registered}. Con errores: ${rejected}.`,
  rowErrors: 'Filas con errores',
  // An obra this import created leads to its page (record 0273).
  newObrasHeading: (n: number) => (n === 1 ? 'Obra nueva' : 'Obras nuevas'),
  newObraWithoutFactsHtml: (nameHtml: string, missing: string) =>
    `Esta importación creó la obra «${nameHtml}». Todavía no tiene sus datos (falta: ${missing}): sin ellos, el curso les muestra a sus trabajadores un texto general. Complétalos antes de hacer las invitaciones.`,
  newObraReadyHtml: (nameHtml: string) =>
    `Esta importación creó la obra «${nameHtml}». Ya tiene sus datos.`,
  completeObra: (name: string) => `Completar los datos de «${name}»`,
  seeObra: (name: string) => `Ver la obra «${name}»`,
  passwords: 'Contraseñas generadas (se muestran una sola vez)',
  failedHint:
    'No se guardó ninguna fila de este archivo. Vuelve a importarlo: los ya inscritos se informan aparte.',
  jobTitle: (id: number) => `Importación ${id}`,
  jobHeadingHtml: (fileHtml: string) => `Importación de «${fileHtml}»`,
  uploadedByHtml: (nameHtml: string, whenHtml: string) => `Subida por ${nameHtml} el ${whenHtml}.`,
  another: 'Importar otro archivo',
  learners: 'Ver aprendices',
  pickFile: 'Elige un archivo CSV.',
  refused: (error: string) => `No se importó nada: ${error}`,
  obraNotCreatedHtml: (nameHtml: string, problemsHtml: string) =>
    `No se creó la obra «${nameHtml}»: ${problemsHtml}.`,
  // The jobs' own texts (import-jobs.ts, import-worker.ts): the stages shown while a worker runs a
  // file and the reasons it gives up.
  phoneAuthorizationMissing: (rows: number) =>
    `el archivo trae el celular de ${rows === 1 ? '1 trabajador' : `${rows} trabajadores`}. ` +
    'Marca la casilla que confirma que la empresa tiene la autorización de cada trabajador para ' +
    'usar su celular (Ley 1581 de 2012), o quita esa columna del archivo.',
  /** Around the number of attempts, joined by the database. */
  stoppedBefore: 'El servidor se detuvo ',
  stoppedAfter:
    ' veces durante esta importación: no se reintenta. Revise el archivo e impórtelo de nuevo.',
  resumed: 'Retomada tras detenerse el servidor',
  reading: 'Leyendo el archivo',
  hashing: 'Cifrando contraseñas',
  unreadable: 'No se pudo leer el archivo.',
  finished: 'Terminado',
  serverFailed: (message: string) => `Falló en el servidor: ${message}`,
};
