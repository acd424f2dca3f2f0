// The Spanish texts of the LTI tool (record 0295): what a learner launched from an LMS reads, and
// what an LMS administrator reads when a launch is refused. One section per part of the tool.

/** The login and launch pages, and why a launch was refused (plain words, no jargon). */
export const LAUNCH = {
  loginTitle: 'Conectando con el curso',
  loginBody: 'Un momento: estamos abriendo el curso desde tu plataforma de aprendizaje.',
  loginNoScript:
    'Tu navegador tiene JavaScript desactivado. Actívalo o toca el botón para continuar.',
  loginContinue: 'Continuar',
  launchTitle: 'Abriendo el curso',
  launchBody: 'Un momento: estamos abriendo tu sesión en el curso.',
  launchNoScript: 'Para abrir el curso, tu navegador necesita JavaScript activado.',
  refusedTitle: 'No pudimos abrir el curso',
  refusedHint:
    'Vuelve a la plataforma de aprendizaje y abre la actividad otra vez. Si se repite, avisa al administrador de la plataforma o al coordinador SST.',
  /** Why, one sentence each (what the LMS administrator can check). */
  unknownCompany: 'Esta dirección no corresponde a ninguna empresa del curso.',
  issuerMissing: 'La plataforma no dijo quién es (falta el emisor «iss»).',
  loginHintMissing: 'La plataforma no envió el dato de ingreso del usuario («login_hint»).',
  unknownPlatform:
    'Esta plataforma no está registrada para la empresa, o su registro fue revocado. El coordinador SST puede registrarla en la consola.',
  unknownDeployment: 'La plataforma abrió el curso desde una instalación que no está registrada.',
  stateMissing: 'La plataforma no devolvió el estado del ingreso. Abre la actividad otra vez.',
  unknownState:
    'Este ingreso no empezó aquí o ya no existe. Abre la actividad otra vez desde la plataforma.',
  loginExpired: 'El ingreso tardó demasiado. Abre la actividad otra vez.',
  replayed: 'Este ingreso ya se usó. Abre la actividad otra vez desde la plataforma.',
  tokenMissing: 'La plataforma no envió la identidad firmada («id_token»).',
  tokenUnreadable: 'La identidad que envió la plataforma está mal formada.',
  badSignature: 'La firma de la identidad no corresponde a las llaves de la plataforma registrada.',
  keysUnavailable:
    'No pudimos leer las llaves públicas de la plataforma. Intenta de nuevo en un momento.',
  expired:
    'La identidad que envió la plataforma ya venció. Revisa la hora del servidor de la plataforma.',
  notYetValid:
    'La identidad que envió la plataforma tiene una fecha futura. Revisa la hora del servidor de la plataforma.',
  wrongIssuer: 'La identidad la emitió otra plataforma distinta de la registrada.',
  wrongAudience: 'La identidad es para otra herramienta (el «client_id» no coincide).',
  wrongNonce: 'La identidad no corresponde a este ingreso (el «nonce» no coincide).',
  wrongMessageType: 'La plataforma pidió algo distinto de abrir la actividad del curso.',
  wrongVersion: 'La plataforma usa una versión de LTI distinta de la 1.3.',
  subjectMissing: 'La plataforma no dijo qué usuario abre el curso.',
  deactivated: 'Tu cuenta en el curso fue desactivada. Consulta con el coordinador SST de tu obra.',
  notLearner:
    'El documento que envió la plataforma es de una cuenta del equipo SST, no de un trabajador.',
  /** Ticket exchange (the launch page's script asks for the session). */
  ticketUnknown: 'Este ingreso no es válido. Abre la actividad otra vez desde la plataforma.',
  ticketUsed: 'Este ingreso ya se usó. Abre la actividad otra vez desde la plataforma.',
  ticketExpired: 'Este ingreso venció. Abre la actividad otra vez desde la plataforma.',
  stateNotHeld:
    'Este navegador no empezó este ingreso. Abre la actividad otra vez desde la plataforma en este mismo navegador.',
  sessionNotLinked:
    'Aún no sabemos qué trabajador eres. Abre la actividad otra vez desde la plataforma.',
  /** The launch page's script (shown in the page when the exchange fails). */
  scriptFailed: 'No pudimos abrir tu sesión. Abre la actividad otra vez desde la plataforma.',
} as const;

/** The page of an LMS user the course does not know yet. */
export const IDENTITY = {
  linkTitle: 'Confirma quién eres',
  linkIntro: (platform: string) =>
    `Es la primera vez que entras al curso desde ${platform}. Para saber qué trabajador eres, escribe tu número de documento y el código de tu invitación.`,
  documentLabel: 'Número de documento',
  codeLabel: 'Código de invitación (10 dígitos)',
  submit: 'Entrar al curso',
  noCode:
    '¿No tienes código? Pide a tu coordinador SST que confirme tu ingreso en la consola; luego abre la actividad otra vez.',
  fieldsMissing: 'Escribe tu número de documento y el código de tu invitación.',
  wrongCode: 'El documento y el código no coinciden con ninguna invitación vigente.',
  codeUsed: 'Ese código ya se usó. Pide a tu coordinador SST un código nuevo.',
  codeExpired: 'Ese código venció. Pide a tu coordinador SST un código nuevo.',
  codeRevoked: 'Ese código ya no sirve. Pide a tu coordinador SST un código nuevo.',
  codeDeactivated: 'Tu cuenta en el curso fue desactivada. Consulta con el coordinador SST.',
  wait: (seconds: number) =>
    `Demasiados intentos fallidos. Espera ${seconds} segundos e intenta de nuevo.`,
  alreadyLinked: 'Esta cuenta de la plataforma ya está unida a otro trabajador del curso.',
} as const;
