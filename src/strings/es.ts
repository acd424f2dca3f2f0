// Interface text (Spanish). Course text lives in content/es/. Exact texts from SPEC.md are
// requirements: do not reword them.
export const es = {
  appTitle: 'Inducción — Seguridad y Salud en el Trabajo',
  header: 'INDUCCIÓN / SEGURIDAD Y SALUD EN EL TRABAJO',
  headerModule: (n: number) => `MÓDULO ${n}`,
  next: 'Siguiente',
  previous: 'Anterior',
  menu: 'Menú',
  certificate: 'Certificado',
  accept: 'ACEPTAR',
  download: 'DESCARGAR',
  close: 'Cerrar',
  logout: 'Cerrar sesión',
  skipToContent: 'Saltar al contenido',
  progress: (score: number) => `Progreso: ${Math.round(score)} %`,
  progressLabel: 'Progreso del curso',
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
  moduleState: {
    'not-viewed': 'Sin iniciar',
    current: 'En curso',
    viewed: 'Completado',
    locked: 'Bloqueado',
  },
  moduleNumber: (n: number) => `Módulo ${n}`,
  menuTitle: 'Módulos del curso',
  menuIntro: 'Completa los módulos en orden. Cada uno termina con un cuestionario corto.',
  startCourse: 'Comenzar',
  goToMenu: 'Ir al menú',
  localNotice: 'Tu progreso se guarda solo en este navegador.',
  lmsRetrying:
    'La plataforma no responde. Seguimos intentando guardar tu avance; puedes continuar.',
  lmsRecovered: 'Tu avance quedó guardado.',
  quiz: {
    question: (n: number, total: number) => `Pregunta ${n} de ${total}`,
    answer: 'Responder',
    chooseFirst: 'Elige una respuesta antes de responder.',
    dropZone: 'Arrastra aquí tu respuesta',
    dropZoneKeyboard: 'Soltar la respuesta elegida aquí',
    dragHelp:
      'Arrastra la respuesta correcta al recuadro. Con el teclado: elige una respuesta con Enter o Espacio y luego suéltala en el recuadro.',
    picked: (option: string) => `Elegiste: ${option}. Ahora suéltala en el recuadro.`,
    options: 'Respuestas posibles',
    good: '<p><strong>¡Respuesta correcta!</strong></p>',
    bad: '<p><strong>Respuesta incorrecta.</strong> Inténtalo de nuevo.</p>',
    done: '¡Completaste el cuestionario del módulo!',
  },
  /** The sign-in page of the web build and the sign-in messages of the HTTP adapter. */
  signIn: {
    title: 'Ingreso al curso',
    subtitle: 'Inducción — Seguridad y Salud en el Trabajo',
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
    identifierRequired: 'Ingresa tu número de documento o tu correo.',
    passwordRequired: 'Ingresa tu contraseña.',
    recaptcha:
      'No pudimos verificar que la solicitud la hace una persona. Recarga la página e intenta de nuevo.',
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
} as const;
