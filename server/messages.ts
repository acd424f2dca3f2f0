// The server's and the CLI's Spanish messages, in one module (decision record 0036): API
// answers and the pages the server renders speak to the learner in `tú`.
export const MESSAGES = {
  badRequest: 'La solicitud no es válida: no se pudo leer su contenido.',
  unauthorized: 'No tienes autorización. Inicia sesión de nuevo.',
  // Why a session ended, with the 401's reason code (decision 0231).
  sessionPasswordReset:
    'Tu contraseña fue restablecida por el coordinador. Ingresa de nuevo con la contraseña nueva.',
  sessionDeactivated: 'Tu cuenta fue desactivada. Consulta con el coordinador de SST de tu obra.',
  wrongCredentials: 'El documento, el correo o la contraseña no son correctos.',
  forbidden: 'No puedes modificar el progreso de otra persona.',
  notFound: 'El recurso solicitado no existe.',
  userNotFound: 'El usuario no existe.',
  tooLarge: 'La solicitud es demasiado grande.',
  xsrf: 'La sesión del formulario expiró o no es válida. Recarga la página e intenta de nuevo.',
  tooManyAttempts: 'Demasiados intentos de ingreso. Espera unos minutos e intenta de nuevo.',
  loginWait: (seconds: number) =>
    `Demasiados intentos fallidos con esta cuenta. Espera ${seconds} segundos e intenta de nuevo con la contraseña correcta.`,
  tooManyRequests: 'Demasiadas solicitudes. Espera un momento e intenta de nuevo.',
  serverError: 'Ocurrió un error en el servidor. Intenta de nuevo más tarde.',
  unavailable: 'El servicio no está disponible en este momento.',
  methodNotAllowed: 'Método no permitido.',
  badUrl: 'La dirección solicitada no es válida: contiene caracteres mal codificados.',
  headersTooLarge: 'Los encabezados de la solicitud son demasiado grandes.',
  requestTimeout: 'La solicitud tardó demasiado en llegar. Intenta de nuevo.',
  /** A sign-in at an address whose `?empresa=` names no company (record 0288). */
  unknownCompany:
    'Esta dirección no es de ninguna empresa del curso. Pide al coordinador de SST la dirección de tu empresa.',

  // 422 validation
  identifierRequired: 'Ingresa tu número de documento o tu correo.',
  identifierInvalid: 'El número de documento o el correo no es válido.',
  passwordRequired: 'Ingresa tu contraseña.',
  passwordInvalid: 'La contraseña no es válida.',
  recaptchaFailed:
    'No pudimos verificar que la solicitud la hace una persona. Recarga la página e intenta de nuevo.',
  idRequired: 'El campo id es obligatorio.',
  idInvalid: 'El campo id debe ser un número entero positivo.',
  scoreRequired: 'El campo score es obligatorio.',
  scoreInvalid: 'El campo score debe ser un número entre 0 y 100.',
  routeInvalid: 'El campo route no tiene el formato de ruta del curso.',
  routeTooLong: 'El campo route es demasiado largo.',
  finalTermsInvalid: 'El campo final_terms solo admite el valor 1.',
  locationInvalid: 'El campo current_location no es válido.',
  unknownField: (name: string) => `El campo ${name} no se reconoce.`,
  filesNotAllowed: 'No se admiten archivos en esta solicitud.',
  bodyMustBeObject: 'El contenido de la solicitud debe ser un formulario o un objeto JSON.',
  cycleInvalid: 'El campo cycle debe ser un número entero positivo.',
  staleCycle:
    'Este avance pertenece a un ciclo de inducción anterior: el coordinador inició una reinducción. Tu curso empieza de nuevo.',
  activity: {
    answersList: 'El campo answers debe ser una lista.',
    sessionsList: 'El campo sessions debe ser una lista.',
    tooManyAnswers: (max: number) => `Se admiten como máximo ${max} respuestas por envío.`,
    tooManySessions: (max: number) => `Se admiten como máximo ${max} sesiones por envío.`,
    badAnswer: (n: number, fields: string[]) =>
      `La respuesta ${n} no es válida (${fields.join(', ')}).`,
    badSession: (n: number, fields: string[]) =>
      `La sesión ${n} no es válida (${fields.join(', ')}).`,
    noticeVersion: 'El campo noticeVersion es obligatorio (texto de hasta 64 caracteres).',
    noticeUnknownVersion:
      'Esa versión del aviso de datos personales no existe. Recarga la página para leer el aviso vigente.',
  },
  // The data notice comes first (record 0213): 428, so the app keeps what it queued.
  dataNoticeRequired:
    'Antes de guardar tu avance o pedir tu certificado debes aceptar el aviso de tratamiento de datos personales. Recarga la página para leerlo.',

  // invitations (record 0210)
  invitation: {
    documentRequired: 'Escribe tu número de documento.',
    documentInvalid: 'El número de documento no es válido: escribe solo los números.',
    codeInvalid: 'El código tiene 10 números. Revísalo en tu tarjeta o en el mensaje.',
    linkInvalid:
      'El enlace de la invitación no está completo. Ábrelo de nuevo desde el mensaje o la tarjeta.',
    noMatch:
      'El documento o la invitación no coinciden. Revisa el número de documento; si sigue sin funcionar, pide un código nuevo al coordinador SST.',
    used: 'Esta invitación ya se usó. Si no fuiste tú, avisa al coordinador SST y pídele un código nuevo.',
    expired: 'Esta invitación venció. Pide un código nuevo al coordinador SST.',
    revoked:
      'Esta invitación ya no sirve: el coordinador hizo una nueva o hubo demasiados intentos. Pide un código nuevo al coordinador SST.',
    deactivated: 'Tu cuenta está desactivada. Habla con el coordinador SST de tu obra.',
  },
  // The learner's acceptance of the induction (decision 0220).
  acceptance: {
    bad: (fields: string[]) => `La aceptación no es válida (${fields.join(', ')}).`,
    notCompleted: 'La aceptación se registra cuando terminas el curso.',
    notPublished:
      'Este texto no es el que el curso te mostró. No se guardó. Abre el curso con internet y vuelve a aceptar.',
  },

  // certificate
  certificateNeedsCompletion:
    'Para visualizar y descargar tu certificado es necesario que realices los módulos.',
  certificateUnavailable:
    'La emisión de certificados aún no está disponible en este servidor. Intenta más tarde.',
  certificateFailed: 'No se pudo generar el certificado. Intenta de nuevo más tarde.',

  // pages the server renders (/verificar, a missing certificate file)
  pages: {
    verifyTitle: 'Verificar un certificado',
    verifyIntro:
      'Escribe el código impreso en el certificado de participación (debajo del código QR).',
    notFoundTitle: 'Certificado no encontrado',
    notFoundCode: 'No existe ningún certificado con el código',
    notFoundHelp: (example: string) =>
      `Revisa que el código esté escrito tal como aparece en el certificado, por ejemplo ${example}. Si el problema continúa, el certificado puede no ser auténtico: consulta con el área de Seguridad y Salud en el Trabajo de la empresa.`,
    unavailableTitle: 'Servicio no disponible',
    unavailableText: 'No fue posible consultar el certificado. Intenta de nuevo en unos minutos.',
    lookupLabel: 'Código del certificado',
    lookupButton: 'Verificar',
    annulledTitle: 'Certificado anulado',
    annulledText: (why: string) =>
      `Este certificado fue emitido por este curso, pero ya no vale. ${why}`,
    expiredTitle: 'Certificado vencido',
    expiredText: (day: string) =>
      `Este certificado es auténtico, pero la reinducción está vencida. La reinducción debía hacerse a más tardar el ${day}.`,
    validTitle: 'Certificado válido',
    validText:
      'Este código corresponde a un certificado de participación auténtico, emitido por este curso.',
    acceptanceLabel: 'Aceptación del trabajador',
    acceptanceNone: 'Sin aceptación registrada',
    acceptanceUnchecked: 'No se pudo comprobar ahora',
    acceptanceRecorded: (day: string) => `Registrada el ${day}`,
    fields: {
      name: 'Nombre',
      document: 'Documento',
      course: 'Curso',
      obra: 'Obra',
      completedOn: 'Fecha de finalización',
      dueOn: 'Reinducción hasta',
      code: 'Código',
      issuer: 'Emitido por',
    },
    missingFile:
      'Este enlace de certificado no existe o ya venció: un enlace sirve unos minutos y solo mientras la sesión de quien lo pidió sigue abierta. Para obtener tu certificado, ingresa al curso y usa el botón',
  },

  // data folder lock (server and CLI; for the administrator)
  dataDirLocked: (dir: string, pid: number | null, role: string | null) =>
    `La base de datos en ${dir} está en uso por otro proceso${pid ? ` (${role === 'cli' ? 'comando de administración' : 'servidor Curso SST'}, pid ${pid})` : ''}. ` +
    'Detenga ese proceso o use DATABASE_URL con PostgreSQL. / ' +
    `The database in ${dir} is in use by another process${pid ? ` (pid ${pid})` : ''}; stop it first or set DATABASE_URL.`,
} as const;
