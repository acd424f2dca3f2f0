// Every Spanish text the server and its CLI show, in one table.
export const MESSAGES = {
  badRequest: 'La solicitud no es válida: no se pudo leer su contenido.',
  unauthorized: 'No está autorizado. Inicie sesión de nuevo.',
  wrongCredentials: 'El documento, el correo o la contraseña no son correctos.',
  forbidden: 'No puede modificar el progreso de otra persona.',
  notFound: 'El recurso solicitado no existe.',
  userNotFound: 'El usuario no existe.',
  tooLarge: 'La solicitud es demasiado grande.',
  xsrf: 'La sesión del formulario expiró o no es válida. Recargue la página e intente de nuevo.',
  tooManyAttempts: 'Demasiados intentos de ingreso. Espere unos minutos e intente de nuevo.',
  loginWait: (seconds: number) =>
    `Demasiados intentos fallidos con esta cuenta. Espere ${seconds} segundos e intente de nuevo con la contraseña correcta.`,
  tooManyRequests: 'Demasiadas solicitudes. Espere un momento e intente de nuevo.',
  serverError: 'Ocurrió un error en el servidor. Intente de nuevo más tarde.',
  unavailable: 'El servicio no está disponible en este momento.',
  methodNotAllowed: 'Método no permitido.',
  badUrl: 'La dirección solicitada no es válida: contiene caracteres mal codificados.',
  headersTooLarge: 'Los encabezados de la solicitud son demasiado grandes.',
  requestTimeout: 'La solicitud tardó demasiado en llegar. Intente de nuevo.',

  // 422 validation
  identifierRequired: 'Ingrese su número de documento o su correo.',
  identifierInvalid: 'El número de documento o el correo no es válido.',
  passwordRequired: 'Ingrese su contraseña.',
  passwordInvalid: 'La contraseña no es válida.',
  recaptchaFailed:
    'No pudimos verificar que la solicitud la hace una persona. Recargue la página e intente de nuevo.',
  idRequired: 'El campo id es obligatorio.',
  idInvalid: 'El campo id debe ser un número entero positivo.',
  scoreRequired: 'El campo score es obligatorio.',
  scoreInvalid: 'El campo score debe ser un número entre 0 y 100.',
  routeInvalid: 'El campo route no tiene el formato de ruta del curso.',
  routeTooLong: 'El campo route es demasiado largo.',
  finalTermsInvalid: 'El campo final_terms solo admite el valor 1.',
  locationInvalid: 'El campo current_location no es válido.',
  unknownField: (name: string) => `El campo ${name} no se reconoce.`,
  filesNotAllowed: 'No se admiten archivos en esta solicitud.',
  bodyMustBeObject: 'El contenido de la solicitud debe ser un formulario o un objeto JSON.',

  // certificate
  certificateNeedsCompletion:
    'Para visualizar y descargar tu certificado es necesario que realices los módulos.',
  certificateUnavailable:
    'La emisión de certificados aún no está disponible en este servidor. Intente más tarde.',
  certificateFailed: 'No se pudo generar el certificado. Intente de nuevo más tarde.',

  // data folder lock (server and CLI)
  dataDirLocked: (dir: string, pid: number | null, role: string | null) =>
    `La base de datos en ${dir} está en uso por otro proceso${pid ? ` (${role === 'cli' ? 'comando de administración' : 'servidor Curso SST'}, pid ${pid})` : ''}. ` +
    'Detenga ese proceso o use DATABASE_URL con PostgreSQL. / ' +
    `The database in ${dir} is in use by another process${pid ? ` (pid ${pid})` : ''}; stop it first or set DATABASE_URL.`,
} as const;
