// Every Spanish text of the HTTP adapter and the sign-in flow, in one table (DESIGN.md §6).
// The first four are SPEC.md §8's error-handler texts, verbatim (they are only logged).
export const HTTP_MESSAGES = {
  failed: 'ups algo salió mal',
  notFound: 'El servidor no pudo procesar la solicitud!',
  unauthorized: 'No está autorizado para realizar esta acción!',
  noConnection: 'Algo no va bien, parece que no tiene conexión!',

  // Sign-in form (DESIGN.md §2: the form shows its own messages).
  loginWrongCredentials: 'El número de documento, el correo o la contraseña no son correctos.',
  loginTooManyAttempts: 'Demasiados intentos de ingreso. Espere unos minutos e intente de nuevo.',
  loginNetwork:
    'No hay conexión con el servidor. Revise su conexión a internet e intente de nuevo.',
  loginServer: 'El servidor no pudo atender la solicitud. Intente de nuevo en unos minutos.',
  loginExpired: 'La página estuvo abierta mucho tiempo. Intente de nuevo.',
  loginIdentifierRequired: 'Ingrese su número de documento o su correo.',
  loginPasswordRequired: 'Ingrese su contraseña.',
  loginRecaptcha:
    'No pudimos verificar que la solicitud la hace una persona. Recargue la página e intente de nuevo.',
} as const;
