// The console's «LMS (LTI)» pages (pages-lti.ts, record 0295). Values that end in `Html` are HTML
// whose variable parts the caller has escaped.
export const esLti = {
  title: 'LMS y LTI 1.3',
  intro:
    'Aquí conectas el curso con el LMS de la empresa (Moodle, Canvas…) por LTI 1.3: los trabajadores entran desde el LMS, su avance queda en el registro de la empresa y la nota vuelve al LMS.',
  notFoundTitle: 'No encontrado',
  notFoundHtml: '<h1>No encontrado</h1><p>Ese registro no existe en esta empresa.</p>',

  // The tool's own addresses.
  urlsHeading: 'Direcciones de la herramienta',
  urlsIntro: 'Para registrar Curso SST a mano en tu LMS, copia estas direcciones:',
  urls: {
    login: 'URL de inicio de sesión (OIDC login / initiate login)',
    launch: 'URL de lanzamiento y redirección (target link / redirect URI)',
    jwks: 'Conjunto de claves públicas (JWKS / public keyset URL)',
    domain: 'Dominio',
    documentParameter: 'Parámetro personalizado',
  },

  // The registrations.
  listHeading: 'Plataformas registradas',
  none: 'Todavía no hay ninguna plataforma registrada.',
  columns: {
    name: 'Plataforma',
    issuer: 'Emisor (issuer)',
    clientId: 'Client ID',
    deployments: 'Deployment IDs',
    via: 'Registro',
    created: 'Creado',
    revoked: 'Estado',
  },
  via: { dinamico: 'Dinámico', manual: 'Manual' } as Record<string, string>,
  createdBy: (name: string, when: string) => `${when} por ${name || 'registro dinámico'}`,
  live: 'Activo',
  revokedBy: (when: string, name: string) => `Revocado el ${when} por ${name}`,
  revokeConfirm:
    'Confirmo: los trabajadores ya no podrán entrar desde esta plataforma y sus notas dejarán de enviarse.',
  revokeButton: 'Revocar',
  revoked: (name: string) => `Se revocó el registro de ${name}.`,
  notRevoked: 'Ese registro ya estaba revocado.',
  confirmMissing: 'Marca la casilla de confirmación para continuar.',

  // Dynamic Registration links.
  dynamicHeading: 'Registro dinámico',
  dynamicIntro:
    'El camino más corto: crea un enlace y entrégalo al administrador del LMS, que lo pega en la opción de registro dinámico de LTI 1.3 (Moodle: Administración del sitio → Extensiones → Módulos de actividad → Herramienta externa → Gestionar herramientas, «Añadir LTI Advantage»; Canvas: Developer Keys → LTI Registration). Sirve una sola vez y vence en 7 días.',
  createLink: 'Crear enlace de registro dinámico',
  linkCreatedHtml: (urlHtml: string, untilHtml: string) =>
    `<p>Enlace de registro dinámico (se muestra <strong>una sola vez</strong>; vence el ${untilHtml}):</p><p class="code secret">${urlHtml}</p>`,
  openLinks: (n: number) => (n === 1 ? 'Hay 1 enlace sin usar.' : `Hay ${n} enlaces sin usar.`),
  openLink: (by: string, when: string, until: string) =>
    `Creado por ${by} el ${when}; vence el ${until}.`,

  // Manual registration.
  manualHeading: 'Registro manual',
  manualIntro:
    'Si tu LMS no tiene registro dinámico, registra primero la herramienta en el LMS con las direcciones de arriba y luego copia aquí los datos que te muestra.',
  fields: {
    platformName: 'Nombre de la plataforma',
    platformNameHint: 'Lo que dirá el registro: «vía LMS (…)». Por ejemplo: Moodle de la empresa.',
    issuer: 'Emisor (issuer / platform ID)',
    clientId: 'Client ID',
    deploymentId: 'Deployment ID',
    deploymentIdHint: 'Si hay varios, sepáralos con comas.',
    jwksUrl: 'URL de las claves públicas de la plataforma (JWKS)',
    authUrl: 'URL de autenticación (authorization endpoint)',
    tokenUrl: 'URL de tokens (access token URL)',
    documentClaim: 'Parámetro con el documento del trabajador',
    documentClaimHint:
      'El parámetro personalizado que el LMS envía con el documento, por ejemplo documento=$User.username.',
  },
  register: 'Registrar plataforma',
  registered: (name: string) => `Se registró la plataforma ${name}.`,
  errors: {
    required: 'Este campo es obligatorio.',
    url: 'Debe ser una dirección https (http solo en este mismo equipo: localhost).',
    documentClaim: 'Solo letras sin tildes, números y guion bajo (máximo 60).',
    tooLong: 'Es demasiado largo.',
    duplicate: 'Ya hay un registro activo con ese emisor y ese client ID.',
  },
  notRegistered: 'No se registró: revisa los campos marcados.',

  // The tool key.
  keyHeading: 'Clave de la herramienta',
  keyIntro:
    'Con esta clave Curso SST firma el envío de notas al LMS. Cámbiala si crees que se expuso: la anterior sigue publicada 30 días para que el LMS no falle mientras actualiza.',
  keyCurrentHtml: (kidHtml: string, when: string) =>
    `Clave actual: <span class="code">${kidHtml}</span> (desde ${when}).`,
  keyNone: 'La clave se crea la primera vez que el LMS la pide.',
  rotateConfirm: 'Confirmo que quiero cambiar la clave de la herramienta.',
  rotateButton: 'Cambiar la clave',
  rotated: (kid: string) => `Nueva clave de la herramienta: ${kid}.`,

  // LMS users awaiting the coordinator.
  pendingLink: (n: number) =>
    n === 1 ? '1 ingreso por LMS sin confirmar' : `${n} ingresos por LMS sin confirmar`,
  pendingTitle: 'Ingresos por LMS sin confirmar',
  pendingIntro:
    'Estas personas entraron desde el LMS sin que el LMS enviara su documento ni usaran su código de invitación. Confirma quién es cada una escribiendo el documento del trabajador: desde entonces entra como ese trabajador.',
  pendingNone: 'No hay ingresos por LMS sin confirmar.',
  pendingColumns: {
    name: 'Nombre en el LMS',
    email: 'Correo',
    platform: 'Plataforma',
    since: 'Primer ingreso',
    document: 'Documento del trabajador',
  },
  confirmButton: 'Confirmar',
  confirmed: (lms: string, worker: string) => `${lms} quedó vinculado a ${worker}.`,
  noWorker: (document: string) =>
    `No hay ningún trabajador con el documento ${document} en esta empresa.`,
  badDocument: 'Escribe un documento válido.',
  alreadyLinked: 'Ese ingreso ya estaba confirmado.',
  back: 'Volver a LMS y LTI',
};
