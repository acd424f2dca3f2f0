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
  badCompany: (value: string) =>
    `«${value}» no es un número de empresa: --empresa lleva el número de la empresa (1, 2, …).`,

  // run.ts
  cannotOpenDatabase: (message: string) =>
    `No se pudo abrir la base de datos / Could not open the database: ${message}`,
  unknownCompany: (id: number) =>
    `No existe la empresa ${id} en esta instalación: revise el número de --empresa.`,

  // report.ts
  reportHelp: (columns: string) => `Uso:
  npm run report -- --csv [--out ARCHIVO.csv] [--empresa NÚMERO]

Genera el reporte de avance de todos los aprendices en CSV (UTF-8, separado por comas), con las columnas:
  ${columns}
  puntaje: 0 a 100; modulos_completados: módulos con todos sus temas y su prueba;
  ruta: temas vistos por módulo; finalizado_en: fecha y hora (ISO 8601, UTC) en que llegó a 100;
  certificado: código de verificación del certificado emitido (vacío si no lo ha descargado).
Sin --out el CSV se escribe en la salida estándar.
Con --empresa NÚMERO, el reporte de esa empresa (por defecto 1, la empresa de una instalación de
una sola empresa); una empresa que no existe es un error de uso.

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
  // An admin channel file the CLI does not trust (record 0266): nothing is sent.
  channelForeign: (file: string, path: string, owner: number, uid: number) =>
    `No se usó el servidor anunciado en ${file}: ${path === file ? 'ese archivo' : `la carpeta ${path}`} es de otro usuario (uid ${owner}), no de quien corre este comando (uid ${uid}). ` +
    'No se le envió nada. Si el servidor es suyo, corra el comando con el mismo usuario que el servidor; si no, detenga ese proceso, borre el archivo y revise la carpeta de datos.',
  channelWritable: (file: string, path: string, mode: number) =>
    `No se usó el servidor anunciado en ${file}: otros usuarios pueden cambiar ${path === file ? 'ese archivo' : `la carpeta ${path}`} (permisos 0${mode.toString(8)}). ` +
    `No se le envió nada. Quite esos permisos (chmod go-w "${path}") y reinicie el servidor.`,
  channelNotAFile: (file: string) =>
    `No se usó el servidor anunciado en ${file}: no es un archivo común (¿un enlace?). No se le envió nada. Bórrelo y reinicie el servidor.`,
  serverRefused: (status: number) => `El servidor en marcha rechazó el comando (HTTP ${status}).`,
  forwarded: (pid: number) =>
    `(Con el servidor en marcha, pid ${pid}: el comando se hizo a través de él.)`,

  // The server's side of the admin channel (server/console/admin-channel.ts, decision 0186)
  channelUnauthorized: 'No autorizado.',
  channelFailed: 'El servidor no pudo completar el comando.',

  // learner-fields.ts: one row's or one command's problems
  badRole: (raw: string | undefined) => `rol inválido «${raw}» (aprendiz, coordinador o auditor)`,
  badShortText: (label: string) =>
    `${label} inválido (hasta 120 caracteres, sin < > ni controles de dirección del texto)`,
  badFechaIngreso: (raw: string | undefined) =>
    `fecha de ingreso inválida «${raw}» (dd/mm/aaaa o aaaa-mm-dd)`,
  badCelular: (raw: string | undefined) =>
    `celular no válido «${raw}» (un celular colombiano: 10 dígitos que empiezan por 3)`,

  // users.ts: «npm run users» (decisions 0029, 0113, 0216)
  usersHelp: `Uso:
  npm run users -- add --document DOCUMENTO --name "NOMBRE" --password CONTRASEÑA [--email CORREO]
                       [--obra SLUG] [--contratista "EMPRESA"] [--cargo "CARGO"]
                       [--fecha-ingreso dd/mm/aaaa] [--celular 3001234567]
                       [--rol aprendiz|coordinador|auditor]
  npm run users -- import ARCHIVO.csv
  (add e import: [--empresa NÚMERO])
  npm run users -- plataforma add --email CORREO --name "NOMBRE" --password CONTRASEÑA
  npm run users -- --help

Comandos:
  add      Crea un aprendiz. El documento es su usuario para ingresar al curso.
  import   Crea aprendices desde un CSV (UTF-8 con o sin BOM, o Windows-1252 de Excel; separado
           por coma o punto y coma) con los encabezados: documento,nombre
           y, si quiere, correo,contraseña,obra,contratista,cargo,
           fecha_ingreso (dd/mm/aaaa o aaaa-mm-dd),celular
           - correo, contraseña, obra, contratista (vacío = empleado directo), cargo,
             fecha_ingreso y celular pueden ir vacíos;
           - sin contraseña no se crea ninguna: el aprendiz entra con su invitación
             (tarjeta o WhatsApp, en la consola) o un código;
           - cada fila con errores se informa con su número de línea y las demás se importan;
           - un documento ya inscrito se informa aparte («ya inscrito») y no se modifica;
             uno repetido dentro del archivo es un error de esa fila;
           - la obra puede ir por su nombre o su código, sin importar tildes ni mayúsculas.
  plataforma  Crea una cuenta de la plataforma (la consultora o la ARL que crea las
           empresas y su primer coordinador en /plataforma; decisión 0286). No es de ninguna
           empresa: no lleva --empresa. Contraseña de al menos 12 caracteres.

Obra: una de las obras de la configuración del servidor (CURSO_CONFIG; por defecto
config/ejemplo.json) o de las agregadas en la consola (/consola/obras), por nombre o código.
El curso y el certificado del aprendiz muestran los datos de esa obra; sin obra, los de la
primera obra de la configuración.

Rol: aprendiz (por defecto), coordinador (usa la consola en /consola: ve, importa, exporta,
inicia reinducciones) o auditor (solo lectura de la consola).

Base de datos: la de DATABASE_URL (PostgreSQL) o, si no está definida, ./data (o DATA_DIR).
Con ./data y el servidor en marcha, el comando se hace a través del servidor (el archivo
data/curso-sst-admin.json que el servidor escribe al arrancar; decisión 0113).

Empresa: --empresa NÚMERO (en add e import; por defecto 1, la empresa de una instalación
de una sola empresa) hace el comando dentro de esa empresa: crea o importa sus aprendices.
Una empresa que no existe es un error de uso.

Códigos de salida: 0 todo bien; 1 error de uso, de archivo o de base de datos;
2 importación con filas rechazadas (las demás sí se importaron).`,
  /** Who the audit log names for commands run from the CLI. */
  cliActor: 'Administrador (línea de comandos)',
  unknownObra: (typed: string, names: string) =>
    `obra desconocida «${typed}»: las obras son ${names}`,
  storedConfigOf: (company: string) => `la configuración de «${company}»`,
  unknownObraIn: (typed: string, file: string, slugs: string) =>
    `obra desconocida «${typed}»: las obras de ${file} son ${slugs}`,
  noDocument: 'falta el documento',
  badDocument: (raw: string | undefined) =>
    `documento inválido "${raw}" (solo números, letras y guiones; de 3 a 20)`,
  noName: 'falta el nombre',
  badName:
    'nombre inválido (de 2 a 120 caracteres, sin < > ni controles de dirección del texto como U+202E)',
  badEmail: (raw: string | undefined) => `correo inválido "${raw}"`,
  shortPassword: (min: number) => `la contraseña debe tener al menos ${min} caracteres`,
  longPassword: 'la contraseña es demasiado larga',
  obrasUnknown: 'no se conocen las obras de la configuración',
  missingOption: (name: string) => `Falta --${name}.`,
  noPassword: 'falta la contraseña',
  notCreated: (problems: string) => `No se creó el usuario: ${problems}.`,
  notCreatedBecause: (message: string) => `No se creó el usuario: ${message}`,
  createdRole: (role: string) => `, rol ${role}`,
  created: (name: string, document: string, id: number, role: string) =>
    `Usuario creado: ${name} (documento ${document}, id ${id}${role}).`,
  windows1252: 'El archivo está en Windows-1252 (Excel): se convierte a UTF-8.',
  emptyFile: 'El archivo está vacío.',
  line: (line: number, why: string) => `Línea ${line}: ${why}`,
  tooManyColumns: (fields: number, columns: number) =>
    `tiene ${fields} columnas y el encabezado ${columns}`,
  controlIn: (found: string, column: string | undefined) => `${found} en la columna ${column}`,
  controlCharacter: (where: string) => `contiene un carácter de control (${where})`,
  repeatedDocument: (document: string) => `el documento ${document} está repetido en el archivo`,
  repeatedEmail: (email: string | null) => `el correo ${email} está repetido en el archivo`,
  validRows: (valid: number, rejected: number) =>
    `Filas válidas: ${valid}; con errores: ${rejected}.`,
  alreadyRegistered: (line: number, document: string, name: string) =>
    `Línea ${line}: ya inscrito ${document} (${name}); no se modificó.`,
  withoutPassword: (n: number) =>
    `Sin contraseña: ${n} (entran con su invitación o un código; la consola las hace).`,
  timings: (importSeconds: string, hashSeconds: string) =>
    `Tiempo: ${importSeconds} s de lectura y guardado, ` + `${hashSeconds} s cifrando contraseñas.`,
  registeredCount: (n: number) => ` Ya inscritos: ${n}.`,
  importSummary: (imported: number, registered: string, rejected: number) =>
    `Importados: ${imported}.${registered} Rechazados: ${rejected}.`,
  csvRequired: 'Indique un archivo CSV: npm run users -- import empleados.csv',
  unknownCommand: (command: string) => `Comando desconocido: ${command}`,

  // platform.ts: «npm run users -- plataforma add» (record 0286)
  platformCommandRequired: 'Indique el comando de la plataforma: npm run users -- plataforma add …',
  platformNoCompany:
    'Una cuenta de la plataforma no es de ninguna empresa: quite --empresa del comando.',
  platformShortPassword: (min: number) =>
    `la contraseña de la plataforma debe tener al menos ${min} caracteres`,
  platformNotCreated: (problems: string) => `No se creó la cuenta de la plataforma: ${problems}.`,
  platformDuplicate: 'ya existe una cuenta de la plataforma con ese correo',
  platformCreated: (name: string, email: string, id: number) =>
    `Cuenta de la plataforma creada: ${name} <${email}> (id ${id}). Ingresa en /plataforma/ingresar.`,

  // csv-import.ts: reading a CSV of learners (decisions 0029, 0216)
  csvUtf16:
    'Línea 1: el archivo está en UTF-16 (Unicode). Guárdelo como «CSV UTF-8 (delimitado por comas)» e inténtelo de nuevo.',
  csvUnknownEncoding: (line: number, byteHex: string) =>
    `Línea ${line}: el archivo no está en UTF-8 ni en Windows-1252 (byte 0x${byteHex}). Guárdelo como «CSV UTF-8» e inténtelo de nuevo.`,
  csvOpenQuote: 'tiene comillas sin cerrar (cada fila debe ocupar una sola línea)',
  csvExpected:
    'se esperan documento,nombre[,correo,contraseña,obra,contratista,cargo,fecha_ingreso,celular]',
  csvBadHeaderRow: (line: number, error: string) => `Línea ${line}: el encabezado ${error}.`,
  csvPasswordLike: (line: number, column: string, expected: string) =>
    `Línea ${line}: no se reconoce la columna «${column}» (${expected}). ` +
    'No se importó nada, para no dejar sin contraseña a quienes el archivo se la da. ' +
    'Si el archivo viene de Excel, guárdelo como «CSV UTF-8».',
  csvMissingColumns: (line: number, expected: string, missing: string) =>
    `Encabezados inválidos en la línea ${line}: ${expected} ` + `(faltan: ${missing}).`,
  csvTwice: (line: number, column: string) => `Línea ${line}: hay dos columnas para «${column}».`,
  csvIgnored: (line: number, header: string) =>
    `Línea ${line}: la columna «${header}» no se reconoce y se ignora.`,
  csvHashed: (done: number, total: number) => `Contraseñas cifradas: ${done} de ${total}…`,
  csvSaved: (saved: number, total: number) => `Filas guardadas: ${saved} de ${total}…`,
  csvEmailTaken: (email: string, document: string) =>
    `ya existe un usuario con el correo ${email}; no se importó ${document}`,
} as const;
