// The platform console's Spanish texts (record 0286), as the console's own (decision 0250): the
// platform's operator is addressed with «tú», as the coordinator is. Texts only: a strings module
// imports nothing.
export const esPlatform = {
  titleSuffix: ' — Plataforma SST',
  headerSuffix: ' · Plataforma',
  navLabel: 'Plataforma',
  nav: { empresas: 'Empresas', crear: 'Crear empresa' },
  signOut: 'Salir',
  who: (name: string) => `${name} (plataforma)`,

  signIn: {
    title: 'Ingreso a la plataforma',
    heading: 'Ingreso a la plataforma',
    email: 'Correo',
    password: 'Contraseña',
    submit: 'Ingresar',
    hint: 'Solo para la cuenta de la plataforma. Los coordinadores entran por la consola de su empresa.',
    consoleLink: 'Ir a la consola del coordinador',
    missing: 'Escribe tu correo y tu contraseña.',
    wrong: 'Correo o contraseña incorrectos.',
    expired: 'El formulario venció. Vuelve a escribir tu correo y tu contraseña.',
    failure: {
      wrongPassword: 'contraseña incorrecta',
      unknownAccount: 'cuenta desconocida o desactivada',
    },
  },

  refusal: {
    signInTitle: 'Inicia sesión en la plataforma',
    sessionInvalid: 'Tu sesión de la plataforma no es válida o expiró. Ingresa de nuevo.',
    formExpiredTitle: 'El formulario venció',
    formExpired: 'El formulario venció. Vuelve a la página y envíalo de nuevo.',
    signInLink: 'Ingresar a la plataforma',
  },

  companies: {
    title: 'Empresas',
    heading: 'Empresas de esta instalación',
    intro:
      'Cada empresa ve solo sus propios aprendices y registros. Aquí ves cuántos tiene, no quiénes son.',
    caption: (n: number) => (n === 1 ? '1 empresa' : `${n} empresas`),
    columns: ['Número', 'Empresa', 'Aprendices', 'Creada'],
    unnamed: '(sin nombre todavía)',
    create: 'Crear empresa',
  },

  create: {
    title: 'Crear empresa',
    heading: 'Crear empresa',
    intro:
      'La empresa empieza vacía. Su primer coordinador entra a la consola con la contraseña que se muestra al crearla.',
    company: 'Empresa',
    companyName: 'Nombre de la empresa',
    coordinator: 'Primer coordinador',
    nombre: 'Nombre completo',
    documento: 'Documento',
    correo: 'Correo (opcional)',
    submit: 'Crear empresa',
    notCreated: (reason: string) => `No se creó la empresa: ${reason}.`,
    noCompanyName: 'falta el nombre de la empresa',
    badCompanyName:
      'nombre de empresa inválido (de 2 a 120 caracteres, sin < > ni controles de dirección del texto)',
    duplicate: 'ya existe una empresa con ese nombre',
    coordinatorProblem: (problems: string) => `el coordinador: ${problems}`,
    doneTitle: 'Empresa creada',
    doneHeading: 'Empresa creada',
    doneHtml: (companyHtml: string, id: number) =>
      `Se creó la empresa <strong>${companyHtml}</strong> (número ${id}).`,
    coordinatorHtml: (nameHtml: string, documentHtml: string) =>
      `Su primer coordinador es ${nameHtml} (documento ${documentHtml}). Entra en <a href="/consola/ingresar">la consola</a> con su documento y esta contraseña:`,
    passwordNote: 'La contraseña se muestra una sola vez: entrégala a la persona.',
    back: 'Volver a las empresas',
  },

  errors: {
    badRequestTitle: 'Solicitud no válida',
    unreadable: 'No se pudo leer el formulario. Vuelve a la página e inténtalo de nuevo.',
    tooManyTitle: 'Demasiados intentos',
    tooMany: 'Hubo demasiados intentos de ingreso. Espera unos minutos e inténtalo de nuevo.',
    serverErrorTitle: 'Error del servidor',
    serverError: 'Algo falló en el servidor. Inténtalo de nuevo en unos minutos.',
    notFoundTitle: 'Página no encontrada',
    notFound: 'Esta página de la plataforma no existe.',
    toCompanies: 'Ir a las empresas',
  },
};
