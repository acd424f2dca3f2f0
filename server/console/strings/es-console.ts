// The console's Spanish texts shared by its pages, and those of its shell: the layout, the
// sign-in, refusals and error pages (decision 0250). The console speaks to the coordinator in
// `tú`, short sentences (decision 0036). Texts only: a strings module imports nothing. Values
// that end in `Html` are HTML whose variable parts the caller has escaped.
export const esConsole = {
  backToLearners: 'Volver a la lista de aprendices',
  toOverview: 'Ir al resumen',
  signInLink: 'Ingresar a la consola',
  pagerLabel: 'Paginación',
  previous: '« Anterior',
  next: 'Siguiente »',
  pageOf: (page: number, pages: number) => `Página ${page} de ${pages}`,

  // layout.ts
  nav: {
    resumen: 'Resumen',
    aprendices: 'Aprendices',
    agregar: 'Agregar',
    importar: 'Importar CSV',
    obras: 'Obras',
    registro: 'Registro de inducción',
    auditoria: 'Auditoría',
    lti: 'LMS (LTI)',
  },
  navLabel: 'Consola',
  /** The phone's folded navigation (record 0274). */
  menu: 'Menú',
  signOut: 'Salir',
  titleSuffix: ' — Consola SST',
  skipToContent: 'Ir al contenido',
  headerSuffix: ' · Consola del coordinador',
  footer:
    'Registro de inducción SG-SST (Decreto 1072 de 2015). Datos personales tratados según la Ley 1581 de 2012.',

  // auth.ts: refusals (title, text)
  signInTitle: 'Inicia sesión',
  sessionInvalid: 'Tu sesión no es válida o expiró. Ingresa de nuevo.',
  appTokenTitle: 'Inicia sesión en la consola',
  appToken:
    'La sesión de la app del curso no sirve para la consola. Ingresa a la consola con tu documento y contraseña.',
  forbiddenTitle: 'Acceso no permitido',
  learnerForbidden:
    'La consola es solo para el coordinador SST. Para hacer el curso, entra por la página principal.',
  auditorReadOnly: 'Tu cuenta de auditor permite consultar la consola, no modificarla.',
  formExpiredTitle: 'El formulario expiró',
  formExpired: 'Vuelve a la página anterior, recárgala e intenta de nuevo.',

  // routes.ts: sign-in
  signIn: {
    title: 'Ingresar a la consola',
    heading: 'Ingresar a la consola del coordinador',
    identifier: 'Documento o correo',
    password: 'Contraseña',
    submit: 'Ingresar',
    hintHtml:
      'Solo para el coordinador SST y los auditores. Los aprendices entran al curso desde la <a href="/">página principal</a>.',
    expired: 'Recarga la página de ingreso e intenta de nuevo.',
    missing: 'Escribe tu documento (o correo) y tu contraseña.',
    wait: (seconds: number) => `Demasiados intentos fallidos. Espera ${seconds} segundos.`,
    wrong: 'El documento, el correo o la contraseña no son correctos.',
    learner: 'Esta cuenta es de aprendiz: la consola es solo para el coordinador SST.',
    /** The same staff document or correo in several companies (record 0283). */
    severalCompanies:
      'Tu documento o correo está en más de una empresa. Ingresa por la dirección de la consola de tu empresa.',
    /** The sign-in page at a company's address (record 0288). */
    company: (name: string) => `Empresa: ${name}`,
    unknownCompany:
      'Esta dirección no es de ninguna empresa. Pide la dirección de la consola de tu empresa.',
    /** Why a sign-in failed, as the audit log keeps it (decision 0184). */
    failure: {
      wrongPassword: 'contraseña incorrecta',
      unknownUser: 'usuario desconocido',
      learnerAccount: 'cuenta de aprendiz',
    },
  },

  // console-context.ts: why an address's parameter is refused (decision 0182)
  parameter: {
    badDate: (value: string) => `«${value}» no es una fecha válida (use aaaa-mm-dd).`,
    repeated: 'aparece más de una vez en la dirección.',
    control: 'contiene caracteres de control.',
    tooLong: (max: number) => `es demasiado largo (máximo ${max}).`,
    badPage: (text: string) => `«${text}» no es un número de página (1 a 1 000 000).`,
  },

  // routes.ts: error pages
  badRequestTitle: 'Solicitud no válida',
  badParameter: (parameter: string, text: string) =>
    `El dato «${parameter}» de la dirección no sirve: ${text}`,
  notFoundTitle: 'Página no encontrada',
  notFound: 'Esta dirección no existe en la consola.',
  tooManyTitle: 'Demasiados intentos',
  tooMany: 'Espera un momento antes de intentar de nuevo.',
  unreadable:
    'La consola no pudo leer lo que se envió. Vuelve a la página anterior e intenta de nuevo.',
  serverErrorTitle: 'Error del servidor',
  serverErrorHeading: 'Algo falló en el servidor',
  serverError:
    'No se completó la acción. Intenta de nuevo en un momento; si sigue pasando, avisa al administrador del sistema (el error quedó registrado).',
} as const;
