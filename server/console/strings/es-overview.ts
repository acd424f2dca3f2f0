// The overview («Resumen») and the learners table (pages-overview.ts; texts moved here by
// decision 0250). Values that end in `Html` are HTML whose variable parts the caller has escaped.
export const esOverview = {
  badEstado: (estado: string) => `«${estado}» no es un estado de la lista.`,
  badOrden: (orden: string) => `«${orden}» no es una columna de la tabla.`,
  badDir: 'debe ser «asc» o «desc».',
  direct: 'Empleados directos',

  // Summary tables and cards
  noLearners: 'No hay aprendices registrados.',
  summaryColumns: [
    'Inscritos',
    'Sin iniciar',
    'En curso',
    'Completados',
    'Reinducción vencida',
    'Vence en 30 días',
  ],
  reinductionHeading: 'Reinducción de una obra',
  reinductionIntro:
    'Inicia un ciclo nuevo para todos los aprendices activos de la obra que completaron su ciclo actual. El ciclo completado queda archivado en su historial (fechas, respuestas y certificado) y el aprendiz hace el curso de nuevo desde el inicio.',
  obra: 'Obra',
  confirmReinduction: 'Escribe REINDUCCION para confirmar',
  startReinduction: 'Iniciar reinducción de la obra',
  overviewTitle: 'Resumen',
  overviewHeading: 'Resumen de la inducción',
  period: (months: number) =>
    `Periodo de reinducción: ${months} meses desde que el aprendiz completa el curso. Solo se cuentan aprendices activos.`,
  totalsLabel: 'Totales',
  cards: {
    inscritos: 'Inscritos',
    sinIniciar: 'Sin iniciar',
    enCurso: 'En curso',
    completados: 'Completados',
    vencida: 'Reinducción vencida',
    porVencer: 'Reinducción en 30 días',
  },
  byObra: 'Por obra',
  byObraCaption: 'Aprendices por obra',
  byContratista: 'Por contratista',
  byContratistaCaption: 'Aprendices por contratista',
  contratista: 'Contratista',
  reviewContratistas: 'Contratistas escritos de varias formas: revisar y unir',

  // The learners table
  learnersTitle: 'Aprendices',
  pickLabel: (name: string) => `Elegir a ${name}`,
  directShort: 'Directo',
  deactivated: 'Desactivado',
  cycle: (n: number) => `(ciclo ${n})`,
  filterLabel: 'Filtrar aprendices',
  search: 'Buscar (nombre, documento, correo o cargo)',
  allObras: 'Todas',
  allContratistas: 'Todos',
  estado: 'Estado',
  completedFrom: 'Completado desde',
  completedTo: 'Completado hasta',
  enteredFrom: 'Ingresó desde',
  filter: 'Filtrar',
  clear: 'Limpiar',
  exportCsv: (total: number) => `Exportar CSV (${total})`,
  count: (total: number, page: number, pages: number) =>
    `${total} aprendices · página ${page} de ${pages}`,
  tableLabel: 'Tabla de aprendices',
  caption: (orden: string, descending: boolean) =>
    `Aprendices que coinciden con los filtros, ordenados por ${orden} (${descending ? 'descendente' : 'ascendente'})`,
  pick: 'Elegir',
  columns: {
    nombre: 'Nombre',
    documento: 'Documento',
    obra: 'Obra',
    contratista: 'Contratista',
    cargo: 'Cargo',
    estado: 'Estado',
    avance: 'Avance',
    firstTry: '1.er intento',
    ingreso: 'Ingreso',
    daysTitle: 'Días desde el ingreso',
    days: 'Días',
    finalizado: 'Completado',
    reinduccion: 'Reinducción',
  },
  noMatch: 'Ningún aprendiz coincide con los filtros.',
  invitePicked: 'Hacer invitaciones de los elegidos',
  invitePickedHint:
    'Marca a los aprendices en la tabla: tarjetas para imprimir y mensajes de WhatsApp.',
  phoneHint:
    'En el teléfono se ven nombre, estado, avance y días desde el ingreso; abre un aprendiz para ver el resto, o gira el teléfono.',
};
