// Every text of the learner interface, in one module (decision record 0036). Spanish, `tú` for
// the learner. Course text lives in content/es/; the course's title and header come from
// course.json. The product's fixed texts (Siguiente, Anterior, Menú, ACEPTAR…) are requirements:
// do not reword them.
export const es = {
  headerShort: 'INDUCCIÓN SST',
  headerModule: (n: number) => `MÓDULO ${n}`,
  next: 'Siguiente',
  previous: 'Anterior',
  menu: 'Menú',
  certificate: 'Certificado',
  accept: 'ACEPTAR',
  download: 'DESCARGAR',
  close: 'Cerrar',
  glossary: 'Glosario',
  glossaryIntro: 'Las siglas del curso y lo que quieren decir.',
  glossaryClose: 'Cerrar el glosario',
  glossaryListLabel: 'Siglas y su significado',
  glossaryLoadError: 'No se pudo abrir el glosario. Inténtalo de nuevo.',
  logout: 'Cerrar sesión',
  skipToContent: 'Saltar al contenido',
  // The score's figure in the header: finished modules, not a percentage (decision 0226).
  modulesDone: (done: number, total: number) => `Módulos terminados: ${done} de ${total}`,
  modulesDoneLabel: 'Módulos terminados',
  modulesNav: 'Módulos del curso',
  openModules: 'Módulos',
  loading: 'Cargando el curso…',
  loadingPage: 'Cargando…',
  moduleLocked: 'Este módulo no está habilitado.',
  certificateLocked:
    'Para visualizar y descargar tu certificado es necesario que realices los módulos.',
  congratsTitle: 'FELICITACIONES',
  congratsText:
    'Terminaste con éxito el curso de Sistema de Gestión de Seguridad y Salud en el trabajo.',
  congratsDownload: 'Puedes descargar tu certificado de participación.',
  /** The worker's acceptance after the last quiz (decision 0220); never needed for the certificate. */
  acceptance: {
    title: 'Confirma tu inducción',
    intro:
      'Lee este texto. Si estás de acuerdo, toca «Acepto». No es necesario para tu certificado.',
    accept: 'Acepto',
    notNow: 'Ahora no',
    pending:
      'Tu aceptación quedó guardada en este dispositivo y está pendiente de envío: se enviará sola cuando haya conexión.',
    recorded: 'Tu aceptación quedó registrada.',
    declined: 'No confirmaste la inducción. Tu certificado no cambia.',
    lmsRecorded: 'Tu aceptación quedó en los comentarios del curso en la plataforma.',
    /** The menu's and the certificate screen's quiet offer until «Acepto» (record 0262). */
    offerLine: 'Todavía no confirmas tu inducción. Tu certificado no cambia.',
    /** Why an «Acepto» kept on this device was not recorded and left it (record 0261). */
    refused: {
      'archived-cycle':
        'Tu aceptación anterior no quedó registrada: tu inducción empezó de nuevo. Cuando termines el curso, confírmala otra vez.',
      deactivated:
        'Tu aceptación no quedó registrada: tu cuenta está desactivada. Habla con el coordinador SST de tu obra.',
      refused: 'Tu aceptación no quedó registrada. Lee el texto otra vez y toca «Acepto».',
    },
  },
  moduleState: {
    'not-viewed': 'Sin iniciar',
    current: 'En curso',
    viewed: 'Completado',
    locked: 'Bloqueado',
  },
  moduleNumber: (n: number) => `Módulo ${n}`,
  // Progress the learner sees besides the score (docs/decisions/0090-progress-shown-to-the-learner.md).
  topicOf: (n: number, total: number) => `Tema ${n} de ${total}`,
  screensSeen: (seen: number, total: number) => `Pantallas vistas: ${seen} de ${total}`,
  screensLabel: 'Pantallas vistas del curso',
  moduleTopics: (seen: number, total: number) => `${seen} de ${total} temas`,
  quizDone: 'cuestionario hecho',
  quizPending: 'cuestionario pendiente',
  finishFirst: (n: number, name: string) => `Termina primero el módulo ${n}: ${name}.`,
  drawerTitle: 'Módulos',
  // A module's screens with seen marks, in the side menu and on the menu (decision 0228).
  moduleTopicsLabel: (n: number) => `Pantallas del módulo ${n}`,
  moduleTopicsSummary: (seen: number, total: number) =>
    `Ver las pantallas (${seen} de ${total} vistas)`,
  topicSeen: 'vista',
  topicNotSeen: 'sin ver',
  hotspotsLeft: (n: number) => (n === 1 ? 'Queda 1 por encontrar' : `Quedan ${n} por encontrar`),
  hotspotsAllFound: '¡Los encontraste todos!',
  hotspotHidden: (n: number) => `Punto ${n}: por descubrir`,
  hotspotFound: 'visto',
  menuTitle: 'Módulos del curso',
  menuIntro: 'Completa los módulos en orden. Cada uno termina con un cuestionario corto.',
  startCourse: 'Comenzar',
  goToMenu: 'Ir al menú',
  localNotice: 'Tu progreso se guarda solo en este navegador.',
  lmsRetrying:
    'La plataforma no responde. Seguimos intentando guardar tu avance; puedes continuar.',
  lmsRecovered: 'Tu avance quedó guardado.',
  // The connection notice (decision 0225) and the header's figures (decision 0226).
  connectionRecovered: 'Conexión recuperada: tu avance se guardó',
  connectionNoticeClose: 'Cerrar el aviso de conexión',
  // LMS review/browse modes: nothing is saved (docs/decisions/0160-one-rule-for-what-the-course-writes.md).
  reviewNotice: 'Estás repasando el curso; tu avance ya quedó guardado.',
  browseNotice: 'Estás explorando el curso; en este modo no se guarda tu avance.',
  quiz: {
    question: (n: number, total: number) => `Pregunta ${n} de ${total}`,
    answer: 'Responder',
    chooseFirst: 'Elige una respuesta antes de responder.',
    dropZone: 'Arrastra aquí tu respuesta',
    dropZoneKeyboard: 'Soltar la respuesta elegida aquí',
    dragHelp:
      'Arrastra la respuesta correcta al recuadro. Con el teclado: elige una respuesta con Enter o Espacio y luego suéltala en el recuadro.',
    picked: (option: string) => `Elegiste: ${option}. Ahora suéltala en el recuadro.`,
    /** An option named by its number in a first answer the server keeps, when it has no text. */
    optionNumber: (n: number) => `Opción ${n}`,
    options: 'Respuestas posibles',
    good: '<p><strong>¡Respuesta correcta!</strong></p>',
    bad: '<p><strong>Respuesta incorrecta.</strong> Inténtalo de nuevo.</p>',
    done: '¡Completaste el cuestionario del módulo!',
    hintTitle: 'Pista:',
    genericHint: 'Vuelve a leer la pregunta y piensa qué harías en la obra.',
    wrongMark: 'Respuesta incorrecta',
    resultTitle: 'Resultado',
    firstTry: (right: number, total: number) => `${right} de ${total} al primer intento`,
    firstTryNote: 'Cuenta la primera respuesta que diste a cada pregunta.',
    unlocked: (n: number, title: string) => `Se desbloqueó el módulo ${n}: ${title}`,
    courseDone: 'Completaste todos los módulos del curso.',
    continueModule: (n: number) => `Continuar con el módulo ${n}`,
    dragHelpMouse:
      'Arrastra la respuesta correcta hasta el recuadro, o haz clic en ella y luego en el recuadro.',
    dragHelpTouch:
      'Arrastra con el dedo la respuesta correcta hasta el recuadro, o tócala y luego toca el recuadro.',
    dragHelpKeyboard:
      'Con el teclado: elige una respuesta con Enter o Espacio y luego suéltala en el recuadro con Enter o Espacio.',
    dropped: (option: string) => `Soltaste: ${option}.`,
    // Feedback that stays, the way back, what a result keeps (decision 0227).
    reviewScreen: 'Repasa la pantalla',
    backToQuestion: (n: number) => `Volver a la pregunta ${n}`,
    firstResultKept:
      'Ya terminaste este cuestionario. Se conserva tu primer resultado; repetirlo no lo cambia.',
    missedTitle: 'Preguntas para repasar',
    missedRight: 'Respuesta correcta:',
  },
  listen: {
    group: 'Escuchar esta pantalla',
    listen: 'Escuchar',
    pause: 'Pausar',
    resume: 'Continuar',
    stop: 'Detener',
  },
  /** The sign-in page of the web build and the sign-in messages of the HTTP adapter. */
  signIn: {
    title: 'Ingreso al curso',
    identifierLabel: 'Número de documento o correo',
    identifierHint: 'Escribe el número sin puntos ni espacios, o tu correo.',
    passwordLabel: 'Contraseña',
    submit: 'Ingresar',
    submitting: 'Ingresando…',
    recaptchaNotice:
      'Este sitio está protegido por reCAPTCHA; aplican la Política de privacidad y las Condiciones del servicio de Google.',
    wrongCredentials: 'El número de documento, el correo o la contraseña no son correctos.',
    tooManyAttempts: 'Demasiados intentos de ingreso. Espera unos minutos e intenta de nuevo.',
    network: 'No hay conexión con el servidor. Revisa tu conexión a internet e intenta de nuevo.',
    server: 'El servidor no pudo atender la solicitud. Intenta de nuevo en unos minutos.',
    expired: 'La página estuvo abierta mucho tiempo. Intenta de nuevo.',
    /** Shown on the sign-in page after the server refused the session (401/403). */
    sessionEnded:
      'Tu sesión terminó. Vuelve a entrar para seguir; tu avance está guardado en este equipo.',
    /** The coordinator reset the password: the session ended for that reason (record 0231). */
    passwordReset:
      'Tu contraseña fue cambiada por el coordinador y tu sesión se cerró. Entra con la contraseña nueva que te entregó; tu avance está guardado en este equipo y se enviará al entrar.',
    /** The account was deactivated (record 0231): nothing is promised about its progress. */
    deactivated:
      'Tu cuenta fue desactivada y tu sesión se cerró. Si crees que es un error, habla con el coordinador de SST de tu obra.',
    /** After sessionEnded, for whoever else holds the phone (names no one). */
    sessionEndedOthers:
      'Si eres otra persona, puedes ingresar: ese avance no se borra y se enviará cuando su dueño vuelva a ingresar aquí.',
    /** This device keeps another learner's unsent progress (names no one). */
    othersUnsent:
      'Este equipo guarda avance de otra persona que aún no se ha enviado. Se enviará cuando esa persona vuelva a ingresar aquí; puedes ingresar sin borrarlo.',
    identifierRequired: 'Ingresa tu número de documento o tu correo.',
    passwordRequired: 'Ingresa tu contraseña.',
    recaptcha:
      'No pudimos verificar que la solicitud la hace una persona. Recarga la página e intenta de nuevo.',
    /** To the invitation page without a link (decision 0210). */
    withCode: 'Tengo un código',
    /** «Verificar en portería» (decision 0243), for the obra's guard. */
    gateLink: 'Verificar un certificado en portería',
  },
  errors: {
    notFoundTitle: 'Página no encontrada',
    notFoundText: 'La página que buscas no existe o cambió de lugar.',
    serverTitle: 'Algo salió mal',
    serverText:
      'Tuvimos un problema en el servidor. Tu avance está guardado; intenta de nuevo en unos minutos.',
    moduleLoad: 'No se pudo cargar este contenido. Revisa tu conexión e inténtalo de nuevo.',
    retry: 'Reintentar',
  },
  /** Fixed text of the topic screens (list screens, remember boxes). */
  /** The «Siguiente» / «Anterior» bar under a page. */
  pageNav: 'Navegación de la página',
  screens: {
    remember: 'Recuerda',
    close: 'Cerrar',
    accept: 'ACEPTAR',
    open: 'Ver más',
    flipCard: 'Voltear tarjeta',
    flipBack: 'Volver al frente',
    carousel: 'carrusel',
    slide: 'diapositiva',
    previousSlide: 'Diapositiva anterior',
    nextSlide: 'Diapositiva siguiente',
    goToSlide: (n: number) => `Ir a la diapositiva ${n}`,
    slideDots: 'Elegir diapositiva',
    of: 'de',
    position: (n: number, total: number) => `${n} de ${total}`,
    hotspotHint: 'Toca o selecciona un número para ver su explicación.',
    hotspotSpots: 'Puntos sobre la imagen',
    hotspotList: 'Puntos encontrados',
    step: 'Paso',
    /** After an item opened once (tab, card, keyword, slide): record 0246. */
    seen: 'visto',
  },
  /** The certificate's name form. */
  certificateForm: {
    nameTitle: 'Tu certificado',
    nameLabel: 'Escribe tu nombre completo como quieres que aparezca en el certificado',
    nameHint: 'Nombres y apellidos, con tildes y ñ si los llevan.',
    nameRequired: 'Escribe tu nombre completo para generar el certificado.',
    download: 'DESCARGAR',
    cancel: 'Cancelar',
  },
  /** The certificate shown as a screen (LMS mode; decision record 0131). */
  certificateView: {
    title: 'Tu certificado',
    /** When the certificate could not be made or shown (HTML for the message modal). */
    failed:
      '<p>No pudimos generar tu certificado. Revisa tu conexión e inténtalo de nuevo con el botón <strong>Certificado</strong>.</p>',
    hint: 'Puedes imprimirlo o tomarle una foto a la pantalla.',
    print: 'IMPRIMIR',
    close: 'Cerrar',
    open: 'VER CERTIFICADO',
    sheetLabel: 'Certificado de participación de',
    /** Under DESCARGAR in the congratulations modal. */
    orView: 'Si tu dispositivo no descarga archivos, ábrelo aquí en pantalla.',
    /** The congratulations modal where downloads cannot work (the Moodle app). */
    viewOnly: 'Puedes ver tu certificado de participación en pantalla.',
    viewSubmit: 'VER CERTIFICADO',
  },
  /**
   * The HTTP adapter's error-handler texts: fixed by the product and only written to the log,
   * never shown to the learner (the sign-in messages above are what the learner reads).
   */
  httpLog: {
    failed: 'ups algo salió mal',
    notFound: 'El servidor no pudo procesar la solicitud!',
    unauthorized: 'No está autorizado para realizar esta acción!',
    noConnection: 'Algo no va bien, parece que no tiene conexión!',
  },
} as const;

/**
 * The standalone app with no signal, and signing out on a shared device (decision record 0141).
 * A separate export so the SCORM build, which never shows them, does not carry them.
 */
export const esOffline = {
  pending:
    'Sin conexión. Tu avance está guardado en este teléfono y se enviará cuando vuelva la señal.',
  signOutPending:
    '<p><strong>Todavía no puedes cerrar sesión.</strong> Tu avance aún no se ha enviado: está guardado en este teléfono y se enviará cuando vuelva la señal.</p><p>Cuando haya conexión, vuelve a tocar <strong>Cerrar sesión</strong>.</p>',
} as const;
