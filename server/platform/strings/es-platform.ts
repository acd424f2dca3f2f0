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
    columns: ['Número', 'Empresa', 'Aprendices', 'Creada', 'Retiro'],
    unnamed: '(sin nombre todavía)',
    create: 'Crear empresa',
    leave: 'Retirar empresa',
    installation: 'Empresa de la instalación',
    removedHtml: (companyHtml: string, sha256: string) =>
      `Se eliminó la empresa <strong>${companyHtml}</strong>. Su exportación (sha256 <code>${sha256}</code>) es lo que queda: la guarda la empresa.`,
  },

  create: {
    title: 'Crear empresa',
    heading: 'Crear empresa',
    intro:
      'La empresa empieza vacía, o con la configuración de su archivo. Su primer coordinador entra a la consola con la contraseña que se muestra al crearla.',
    company: 'Empresa',
    companyName: 'Nombre de la empresa',
    coordinator: 'Primer coordinador',
    nombre: 'Nombre completo',
    documento: 'Documento',
    correo: 'Correo (opcional)',
    submit: 'Crear empresa',
    fromFile: 'Desde un archivo de configuración (opcional)',
    fromFileHint:
      'El archivo JSON de la empresa, como config/*.json: su nombre, NIT, obras y aviso de datos. Si nombra un logo, elige también el SVG. Si dejas vacío el nombre de la empresa, se toma del archivo.',
    fileLabel: 'Archivo de configuración (.json)',
    logoLabel: 'Logo que nombra el archivo (.svg)',
    badFile: (errors: string) => `el archivo de configuración no es válido: ${errors}`,
    notUtf8: 'el archivo no es texto UTF-8',
    configHtml: (version: number) =>
      `Su configuración quedó guardada como versión ${version}, desde el archivo.`,
    undone:
      'algo falló al guardar la configuración; no quedó nada de la empresa. Inténtalo de nuevo',
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

  leave: {
    title: (company: string) => `Retirar empresa — ${company}`,
    heading: 'Retirar empresa',
    intro: (companyHtml: string) =>
      `La empresa <strong>${companyHtml}</strong> deja la instalación. Primero descarga todos sus registros; después puedes eliminarla.`,
    retentionHeading: 'Antes de eliminar: la empresa debe conservar sus registros',
    retentionHtml:
      'El Decreto 1072 de 2015, artículo 2.2.4.6.13 (conservación de los documentos), pide al empleador conservar los registros del SG-SST de forma controlada, legibles y protegidos; los registros de capacitación, formación y entrenamiento en SST, por lo menos <strong>veinte (20) años</strong> desde que termina la relación laboral del trabajador. Esta inducción es uno de esos registros.',
    dutyHtml:
      'Al eliminarla, la instalación no guarda nada de la empresa: solo quién la eliminó, cuándo, su nombre y la huella (sha256) de la exportación. Guardar la exportación es deber de la empresa, responsable de los datos de sus trabajadores (Ley 1581 de 2012).',
    exportHeading: '1. Descargar la exportación',
    exportHint:
      'Un archivo JSON con aprendices, ciclos, respuestas, aceptaciones con sus sellos, certificados, registro de auditoría, versiones de configuración, obras y avisos de datos aceptados, firmado por la instalación. Se verifica fuera de ella con «npm run verify-export».',
    exportLink: 'Descargar la exportación (.json)',
    noExport: 'Todavía no se descargó ninguna exportación de esta empresa.',
    lastExport: (at: string, by: string) => `Última exportación: ${at}, por ${by}.`,
    current: 'Es del estado actual de la empresa: ya se puede eliminar.',
    stale: 'La empresa cambió después de esa exportación: descárgala otra vez antes de eliminarla.',
    deleteHeading: '2. Eliminar la empresa',
    deleteHint:
      'Se borran todos sus aprendices, coordinadores, registros, certificados, sesiones y claves. Su dirección, sus certificados en /verificar y su portería dejan de responder. No se puede deshacer.',
    confirmLabel: 'Escribe el nombre de la empresa para confirmar',
    deleteSubmit: 'Eliminar la empresa',
    notDeleted: (reason: string) => `No se eliminó la empresa: ${reason}.`,
    refusal: {
      'not-found': 'esa empresa no existe',
      first: 'la empresa de la instalación no se puede eliminar',
      'no-export': 'primero descarga su exportación',
      changed: 'la empresa cambió después de la última exportación; descárgala otra vez',
      name: 'el nombre escrito no es el de la empresa',
    },
    firstCompany: 'Esta es la empresa de la instalación: no se retira desde aquí.',
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
