// The invitation page and the «¿Eres …?» question (web build only, decisions 0210 and 0211).
// Learner text as in es.ts (decision record 0036: Spanish, `tú`, short sentences), kept apart so
// it travels in the sign-in section's lazy chunk.
export const esInvitation = {
  linkTitle: 'Entra a tu curso de inducción',
  linkIntro: 'Escribe tu número de documento y toca «Entrar». No necesitas contraseña.',
  codeTitle: 'Entrar con tu código',
  codeIntro:
    'Escribe tu número de documento y el código de 10 números de tu tarjeta o de tu mensaje.',
  documentLabel: 'Número de documento',
  documentHint: 'Solo los números, sin puntos ni espacios.',
  codeLabel: 'Código',
  codeHint: 'Son 10 números. Los espacios no importan.',
  submit: 'Entrar',
  submitting: 'Entrando…',
  documentRequired: 'Escribe tu número de documento.',
  codeRequired: 'Escribe el código de 10 números.',
  withPassword: 'Tengo contraseña',
  withCode: 'Tengo un código',
  /** The static first screen (decision 0234) with JavaScript turned off. */
  noScript: 'Para hacer el curso, activa JavaScript en el navegador.',
  // «¿Eres …?» on a shared phone (decision 0211)
  whoTitle: (name: string) => `¿Eres ${name}?`,
  whoIntro: 'Este teléfono tiene abierto el curso de esta persona.',
  whoYes: 'Sí, soy yo',
  whoNo: 'No soy yo',
  whoLeaving: 'Cerrando…',
} as const;
