// Every Spanish text of the HTTP adapter and the sign-in flow, in one table.
// The first four are the error-handler texts of decision 0026, verbatim (they are only logged).
import { es } from '../../strings/es.ts';

export const HTTP_MESSAGES = {
  failed: 'ups algo salió mal',
  notFound: 'El servidor no pudo procesar la solicitud!',
  unauthorized: 'No está autorizado para realizar esta acción!',
  noConnection: 'Algo no va bien, parece que no tiene conexión!',

  // Sign-in messages: learner text, kept with the rest of the interface strings.
  loginWrongCredentials: es.signIn.wrongCredentials,
  loginTooManyAttempts: es.signIn.tooManyAttempts,
  loginNetwork: es.signIn.network,
  loginServer: es.signIn.server,
  loginExpired: es.signIn.expired,
  sessionEnded: es.signIn.sessionEnded,
  loginIdentifierRequired: es.signIn.identifierRequired,
  loginPasswordRequired: es.signIn.passwordRequired,
  loginRecaptcha: es.signIn.recaptcha,
} as const;
