// The learner page and the actions on one learner or one obra (pages-learner.ts; texts moved
// here by decision 0250). Values that end in `Html` are HTML whose variable parts the caller has
// escaped; notices are whole HTML paragraphs, as the redirect stores them (decision 0216).
export const esLearner = {
  module: (n: number) => `Módulo ${n}`,
  yes: 'Sí',
  no: 'No',
  modulesCaption: 'Módulos del ciclo actual',
  modulesColumns: ['Módulo', 'Temas vistos', 'Cuestionario terminado'],
  topicsSeen: (seen: number, of: number) => `${seen} de ${of}`,
  quizDoneHint:
    '«Cuestionario terminado» dice que el aprendiz llegó al final del cuestionario del módulo; para avanzar debe acertar cada pregunta, aunque sea al segundo intento. Cuántas acertó a la primera está en «Respuestas del primer intento».',

  // Actions
  inviteCard: 'Invitación: tarjeta y WhatsApp',
  inviteCode: 'Código nuevo (24 horas)',
  actions: 'Acciones',
  resetPassword: 'Restablecer contraseña',
  deactivate: 'Desactivar',
  reactivate: 'Reactivar',
  startReinduction: (next: number) => `Iniciar reinducción (ciclo ${next})`,
  confirmReinductionHtml: (cycle: number, nameHtml: string) =>
    ` Confirmo: el ciclo ${cycle} se archiva y ${nameHtml} empieza el curso de nuevo.`,
  celularLabel: 'Celular para la invitación por WhatsApp',
  celularHint: 'Solo con la autorización del trabajador. Vacío para borrarlo.',
  saveCelular: 'Guardar celular',
  actionsHint:
    'La invitación y el código nuevo sirven una sola vez, siempre con el número de documento, y anulan los anteriores. Desactivar impide el ingreso pero conserva todos los registros. La reinducción archiva el ciclo completado y el aprendiz empieza el curso de nuevo.',

  // Facts
  backToLearners: '« Aprendices',
  facts: {
    documento: 'Documento',
    correo: 'Correo',
    obra: 'Obra',
    contratista: 'Contratista',
    cargo: 'Cargo',
    fechaIngreso: 'Fecha de ingreso',
    celular: 'Celular',
    account: 'Estado de la cuenta',
    /** Shown only for a learner linked through an LMS (record 0296): «vía LMS (Moodle)». */
    lms: 'Ingreso',
    dataNotice: 'Aviso de datos personales',
    cycle: 'Ciclo actual',
    progress: 'Avance',
    completed: 'Completado',
    acceptance: (cycle: number) => `Aceptación de la inducción (ciclo ${cycle})`,
    certificate: 'Certificado',
    auditSample: 'Muestra de auditoría (Res. 0312)',
  },
  directEmployee: 'Empleado directo',
  accountActive: 'Activa',
  deactivatedOn: (date: string) => `Desactivada el ${date}`,
  dataNoticeAcceptedHtml: (dateHtml: string, versionHtml: string) =>
    `Aceptado el ${dateHtml} (versión ${versionHtml})`,
  dataNoticeNotYet: 'No aceptado aún',
  acceptedOnHtml: (dateHtml: string) => `Aceptó el ${dateHtml} — `,
  shownVersionHtml: (versionHtml: string) => `; versión mostrada ${versionHtml}`,
  noAcceptance: 'Sin aceptación',

  // Cycles and answers
  modules: 'Módulos',
  cyclesHeading: 'Historial de ciclos',
  cyclesCaption: 'Ciclos de inducción (el más reciente primero)',
  cyclesColumns: [
    'Ciclo',
    'Inicio',
    'Completado',
    'Puntaje (avance)',
    'Tiempo',
    'Certificado',
    'Archivado',
    'Respuestas',
  ],
  timeSpent: (time: string, sessions: number) =>
    `${time} en ${sessions} ${sessions === 1 ? 'sesión' : 'sesiones'}`,
  currentCycle: 'Actual',
  shownBelow: 'Mostradas abajo',
  seeCycle: (cycle: number) => `Ver ciclo ${cycle}`,
  scoreHint: (pointsPerModule: number) =>
    `El puntaje mide el avance, no los aciertos: ${pointsPerModule} puntos por módulo terminado (100 = curso completo). El resultado del primer intento es otra cifra: las preguntas acertadas a la primera respuesta, abajo.`,
  answersHeading: (cycle: number) => `Respuestas del primer intento — ciclo ${cycle}`,
  answersCount: (correct: number, answered: number) =>
    `${correct} correctas de ${answered} respondidas.`,
  noAnswers: 'Aún no hay respuestas registradas en este ciclo.',
  firstTryRule:
    ' Resultado del primer intento: cuenta solo la primera respuesta a cada pregunta; los reintentos no la cambian ni cambian el puntaje.',
  answersLabel: 'Respuestas del primer intento',
  answersCaption: 'Primera respuesta a cada pregunta, con el texto que vio el aprendiz',
  answersColumns: ['Pregunta', 'Respuesta elegida', 'Respuesta correcta', 'Resultado', 'Fecha'],
  correct: 'Correcta',
  incorrect: 'Incorrecta',

  // Refusals and notices
  notFoundTitle: 'No encontrado',
  notFoundHtml:
    '<h1>Aprendiz no encontrado</h1><p><a href="/consola/aprendices">Volver a la lista</a></p>',
  badCycle: (ciclo: string) => `«${ciclo}» no es un número de ciclo.`,
  notAllowedTitle: 'No permitido',
  learnersOnlyHtml:
    '<h1>Acción no permitida</h1><p>La reinducción es solo para cuentas de aprendiz.</p>',
  lastCoordinatorHtml:
    '<p class="notice bad" role="alert">No se desactivó: es el único coordinador activo. Cree o reactive otro coordinador primero.</p>',
  deactivatedHtml:
    '<p class="notice ok" role="status">Cuenta desactivada. Sus registros se conservan.</p>',
  badCelularHtml:
    '<p class="notice bad" role="alert">No se guardó: el celular debe ser un celular colombiano de 10 dígitos que empieza por 3.</p>',
  celularSavedHtml: '<p class="notice ok" role="status">Celular guardado.</p>',
  celularDeletedHtml: '<p class="notice ok" role="status">Celular borrado.</p>',
  reactivatedHtml: '<p class="notice ok" role="status">Cuenta reactivada.</p>',
  reactivatedLearnerHtml:
    '<p class="notice ok" role="status">Cuenta reactivada. Su tarjeta o código anterior ya no sirve: haz una invitación nueva («Invitación: tarjeta y WhatsApp»).</p>',
  newPasswordHtml: (nameHtml: string, passwordHtml: string) =>
    `<div class="notice ok" role="status"><p>Contraseña nueva de ${nameHtml} (se muestra <strong>una sola vez</strong>; entrégala a la persona):</p><p class="secret">${passwordHtml}</p></div>`,
  confirmBoxHtml:
    '<p class="notice bad" role="alert">No se inició la reinducción: marca la casilla para confirmarla.</p>',
  reinductionStartedHtml: (cycle: number) =>
    `<p class="notice ok" role="status">Reinducción iniciada: ciclo ${cycle}. El ciclo anterior quedó archivado.</p>`,
  notCompletedHtml:
    '<p class="notice bad" role="alert">No se inició la reinducción: el aprendiz no ha completado su ciclo actual.</p>',
  unknownObraHtml: '<p class="notice bad" role="alert">Obra desconocida.</p>',
  typeConfirmHtml: '<p class="notice bad" role="alert">Escribe REINDUCCION para confirmar.</p>',
  obraStartedHtml: (count: number, obraHtml: string) =>
    `<p class="notice ok" role="status">Reinducción iniciada para ${count} aprendices de ${obraHtml}.</p>`,
  useOverviewHtml:
    '<p>Para iniciar la reinducción de una obra, usa el formulario del <a href="/consola">resumen</a>.</p>',
  obraReinductionTitle: 'Reinducción de una obra',
  backToOverview: 'Volver al resumen',
  obraLearners: 'Ver los aprendices de la obra',

  // The audit pack's population (record 0264)
  inAuditSample: 'Entra en la población del paquete de auditoría',
  demoLearner:
    'Usuario de prueba creado por el servidor: fuera de la población (no es un trabajador)',
  excludedHtml: (whoHtml: string, whenHtml: string, reasonHtml: string) =>
    `Excluido por ${whoHtml} el ${whenHtml}. Motivo: ${reasonHtml}`,
  excludeHeading: 'Muestra de auditoría',
  excludeReasonLabel: 'Motivo (obligatorio)',
  excludeReasonHint:
    'Por ejemplo: cuenta de prueba, o no es trabajador de la empresa. El paquete de auditoría lista a cada excluido con quién lo marcó, cuándo y por qué.',
  includeReasonHint:
    'Por qué vuelve a la población del paquete de auditoría. Queda en la auditoría.',
  exclude: 'Excluir de la muestra de auditoría',
  include: 'Volver a incluir en la muestra',
  reasonMissingHtml: '<p class="notice bad" role="alert">No se cambió: escribe el motivo.</p>',
  excludedDoneHtml:
    '<p class="notice ok" role="status">Excluido de la muestra de auditoría. El paquete lo lista con el motivo.</p>',
  includedDoneHtml:
    '<p class="notice ok" role="status">Incluido de nuevo en la muestra de auditoría.</p>',
};
