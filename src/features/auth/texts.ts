// Interface text of the sign-in page (error texts come from the HTTP adapter's table).
export const AUTH_TEXT = {
  title: 'Ingreso al curso',
  subtitle: 'Inducción — Seguridad y Salud en el Trabajo',
  identifierLabel: 'Número de documento o correo',
  identifierHint: 'Escriba el número sin puntos ni espacios, o su correo.',
  passwordLabel: 'Contraseña',
  submit: 'Ingresar',
  submitting: 'Ingresando…',
  recaptchaNotice:
    'Este sitio está protegido por reCAPTCHA; aplican la Política de privacidad y las Condiciones del servicio de Google.',
} as const;
