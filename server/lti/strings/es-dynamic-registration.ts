// The pages of LTI Dynamic Registration (record 0295), read by the LMS administrator who pasted
// the one-time link in their LMS. Values that end in `Html` are HTML whose variable parts the
// caller has escaped.
export const esDynamicRegistration = {
  doneTitle: 'Curso SST quedó registrado en tu LMS',
  doneHtml: (platformHtml: string, companyHtml: string) =>
    `La plataforma <strong>${platformHtml}</strong> ya puede abrir el curso de <strong>${companyHtml}</strong>. Puedes cerrar esta ventana; si tu LMS no la cierra solo, vuelve a él y activa la herramienta.`,
  clientId: 'Client ID',
  deployment: 'Deployment ID',
  failedTitle: 'No se pudo registrar Curso SST',
  tryAgain:
    'Pide al coordinador de la empresa un enlace de registro nuevo en la consola (LMS y LTI → Crear enlace de registro dinámico) y vuelve a empezar el registro en tu LMS.',
  unknownCompany: 'Esta dirección no corresponde a ninguna empresa de Curso SST.',
  missingLink:
    'Falta el enlace de registro: esta dirección se usa con el enlace que da la consola.',
  unknownLink: 'Este enlace de registro no es válido.',
  usedLink: 'Este enlace de registro ya se usó. Cada enlace sirve una sola vez.',
  expiredLink: 'Este enlace de registro venció (dura 7 días).',
  missingConfiguration:
    'Tu LMS no envió su configuración (openid_configuration). Inicia el registro desde la opción de registro dinámico de LTI 1.3 (Moodle: «Registrar herramienta», Canvas: «LTI 2.0 / Dynamic Registration»).',
  badConfigurationUrl:
    'La dirección de configuración que envió tu LMS no es válida: debe ser https.',
  unreachable: (host: string) =>
    `No pudimos comunicarnos con tu LMS (${host}). Revisa que el servidor de Curso SST pueda llegar a él y vuelve a intentarlo.`,
  platformAnswered: (status: number) =>
    `Tu LMS respondió con un error (${status}) al registrar la herramienta.`,
  badJson: 'Tu LMS respondió algo que no es una configuración LTI válida.',
  badIssuer:
    'La configuración de tu LMS no es válida: su emisor (issuer) debe ser https y la dirección de configuración debe empezar por él.',
  missingEndpoint: (name: string) =>
    `La configuración de tu LMS no trae una dirección válida para «${name}».`,
  noClientId: 'Tu LMS aceptó el registro pero no devolvió el client_id.',
  duplicate:
    'Esta plataforma ya está registrada con ese client_id para la empresa. Si quieres registrarla de nuevo, el coordinador debe revocar el registro anterior en la consola.',
  clientName: (company: string) => `Curso SST — ${company}`,
};
