// The admin CLI's Spanish texts (decision 0250): help, usage errors and what each command
// reports. The CLI addresses the administrator as «usted», as its help always has. Texts only:
// a strings module imports nothing. Outside scripts read some of these lines: keep them
// byte-identical.
export const esCli = {
  // args.ts
  unknownOption: (arg: string) => `Opción desconocida: ${arg}`,
  optionTakesNoValue: (name: string) => `La opción --${name} no lleva valor.`,
  missingValue: (name: string) => `Falta el valor de --${name}.`,
  optionTwice: (name: string) => `La opción --${name} aparece dos veces.`,

  // run.ts
  cannotOpenDatabase: (message: string) =>
    `No se pudo abrir la base de datos / Could not open the database: ${message}`,

  // report.ts
  reportHelp: (columns: string) => `Uso:
  npm run report -- --csv [--out ARCHIVO.csv]

Genera el reporte de avance de todos los aprendices en CSV (UTF-8, separado por comas), con las columnas:
  ${columns}
  puntaje: 0 a 100; modulos_completados: módulos con todos sus temas y su prueba;
  ruta: temas vistos por módulo; finalizado_en: fecha y hora (ISO 8601, UTC) en que llegó a 100;
  certificado: código de verificación del certificado emitido (vacío si no lo ha descargado).
Sin --out el CSV se escribe en la salida estándar.

Base de datos: la de DATABASE_URL (PostgreSQL) o ./data (o DATA_DIR); con ./data detenga antes el servidor.`,
  unexpectedArgument: (arg: string) => `Argumento inesperado: ${arg}`,
  formatRequired: 'Indique el formato: --csv',
  reportWritten: (path: string, learners: number) =>
    `Reporte escrito en ${path} (${learners} aprendices).`,

  // forward.ts: a command sent through the running server (decisions 0113, 0186)
  cannotReadFile: (path: string) => `No se pudo leer el archivo ${path}.`,
  notOurServer: (url: string, pid: number, adminFile: string) =>
    `El proceso que responde en ${url} (pid ${pid}) no es el servidor de esta carpeta de datos: ` +
    `no se le envió nada. Si el servidor no está en marcha, borre ${adminFile} e intente de nuevo.`,
  serverRefused: (status: number) => `El servidor en marcha rechazó el comando (HTTP ${status}).`,
  forwarded: (pid: number) =>
    `(Con el servidor en marcha, pid ${pid}: el comando se hizo a través de él.)`,

  // learner-fields.ts: one row's or one command's problems
  badRole: (raw: string | undefined) => `rol inválido «${raw}» (aprendiz, coordinador o auditor)`,
  badShortText: (label: string) =>
    `${label} inválido (hasta 120 caracteres, sin < > ni controles de dirección del texto)`,
  badFechaIngreso: (raw: string | undefined) =>
    `fecha de ingreso inválida «${raw}» (dd/mm/aaaa o aaaa-mm-dd)`,
  badCelular: (raw: string | undefined) =>
    `celular no válido «${raw}» (un celular colombiano: 10 dígitos que empiezan por 3)`,
} as const;
