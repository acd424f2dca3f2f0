// «Configuración de la empresa» (pages-company-config.ts, record 0287). Values that end in `Html`
// are HTML whose variable parts the caller has escaped.
export const esCompanyConfig = {
  title: 'Configuración de la empresa',
  storedHtml: (version: number, who: string, when: string) =>
    `Versión ${version}, importada por ${who} el ${when}.`,
  editedStatusHtml: (version: number, who: string, when: string) =>
    `Versión ${version}, cambiada en la consola por ${who} el ${when}.`,
  installation:
    'Esta empresa usa la configuración de la instalación (el archivo del servidor). Aún no hay versiones guardadas aquí.',
  unconfigured:
    'Esta empresa aún no tiene configuración. Sus documentos muestran solo su nombre, sin NIT ni logo.',
  facts: {
    name: 'Empresa',
    nit: 'NIT',
    obras: 'Obras',
    period: 'Reinducción cada',
    notice: 'Aviso de datos',
  },
  months: (n: number) => `${n} ${n === 1 ? 'mes' : 'meses'}`,
  none: '(sin dato)',
  download: 'Descargar la configuración actual (JSON)',
  importHeading: 'Importar un archivo de configuración',
  importIntro:
    'Sube el archivo JSON de la empresa (como config/ejemplo.json). Se revisa igual que al construir el curso. Si tiene errores, no se guarda nada. Si está bien, queda como una versión nueva; lo que cada trabajador ya vio y aceptó no cambia.',
  fileLabel: 'Archivo de configuración (.json)',
  logoLabel: 'Logo (.svg), si el archivo nombra uno en empresa.logo',
  importButton: 'Importar',
  readOnly: 'Solo un coordinador puede importar una configuración.',
  pickFile: 'Elige el archivo JSON de la configuración.',
  errorsHeading: 'El archivo tiene errores. No se guardó nada:',
  importedHtml: (version: number) => `Configuración importada: versión ${version}.`,
  noticeChanged:
    'El aviso de datos cambió: los trabajadores de la empresa verán el aviso nuevo y podrán aceptarlo.',
  nothingToDownload: 'Esta empresa no tiene un archivo de configuración para descargar.',

  // Editing page by page (record 0292).
  editHeading: 'Cambiar la configuración por partes',
  editIntro:
    'Cada parte tiene su página. Al guardar se revisa igual que un archivo importado y queda una versión nueva; lo demás de la configuración no cambia.',
  editNeedsFile:
    'Esta empresa aún no tiene configuración: primero importa su archivo (abajo). Después podrás cambiarla por partes.',
  sections: {
    empresa: 'Empresa (nombre, NIT, ARL)',
    logo: 'Logo',
    responsable: 'Responsable SST y firma del certificado',
    aviso: 'Aviso de datos personales',
    reinduccion: 'Reinducción',
  } as Record<string, string>,
  sectionTitles: {
    empresa: 'Datos de la empresa',
    logo: 'Logo de la empresa',
    responsable: 'Responsable SST',
    aviso: 'Aviso de datos personales',
    reinduccion: 'Reinducción',
  } as Record<string, string>,
  obrasHeading: 'Obras del archivo de configuración',
  obrasIntro:
    'Estas obras vienen del archivo de configuración. Las obras agregadas en la página «Obras» de la consola se cambian allí.',
  obraLink: (name: string) => `Cambiar datos de ${name}`,
  addObra: 'Agregar una obra al archivo de configuración',
  labels: {
    nombre: 'Nombre (obligatorio)',
    nit: 'NIT (obligatorio), con guion y dígito de verificación: 900123456-8',
    claseRiesgo: 'Clase de riesgo ante la ARL (obligatorio)',
    arlNombre: 'ARL (obligatorio)',
    arlLinea: 'Línea de la ARL (obligatorio)',
    numeroTrabajadores: 'Número de trabajadores',
    licencia: 'Licencia en SST',
    contacto: 'Teléfono o correo',
    firmanteNombre: 'Nombre de quien firma',
    firmanteCargo: 'Cargo de quien firma',
    firmanteLicencia: 'Licencia de quien firma',
    aviso: 'Texto del aviso',
    periodoMeses: 'Meses hasta la reinducción (1 a 60; vacío = 12)',
    slug: 'Código de la obra (obligatorio; minúsculas, números y guiones; no cambia nunca)',
    obraNombre: 'Nombre de la obra (obligatorio)',
    direccion: 'Dirección',
    puntoEncuentro: 'Punto de encuentro',
    alarma: 'Alarma de evacuación',
    brigadistas: 'Brigadistas (uno por línea o separados por coma)',
    lineaEmergencias: 'Línea de emergencias (vacío = 123)',
    clinicaCercana: 'Clínica más cercana',
    canalReporte: 'Canal de reporte (incidentes, actos y condiciones inseguras)',
    coordinadorAlturas: 'Coordinador de trabajo en alturas',
    logo: 'Logo nuevo (.svg)',
    quitarLogo: 'Quitar el logo',
  } as Record<string, string>,
  responsableHeading: 'Responsable del SG-SST',
  firmanteHeading: 'Firma del certificado',
  firmanteHint: 'Déjalo vacío para que firme el responsable SST.',
  avisoHint:
    'Es el aviso que cada trabajador lee y acepta al entrar por primera vez. Si lo dejas vacío, se usa el texto de abajo.',
  avisoDefaultHeading: 'Texto por defecto',
  avisoAccepted:
    'Si cambias el aviso, cada trabajador verá el aviso nuevo y deberá aceptarlo. Lo que ya aceptó queda guardado.',
  logoHint:
    'Un archivo .svg de hasta 50 KB, solo formas con relleno plano, sin scripts ni imágenes externas. Sale en el certificado y en los registros.',
  logoNow: 'Logo actual:',
  pickLogo: 'Elige el archivo .svg del logo, o marca «Quitar el logo».',
  logoNone: 'Sin logo.',
  obraIntro:
    'Esta obra está en el archivo de configuración. Su código no cambia: lo usan los paquetes y los registros.',
  obraNewIntro:
    'La obra queda en el archivo de configuración. Si solo la necesitas en la consola, agrégala en la página «Obras».',
  obraTaken: (slug: string) =>
    `Ya hay una obra con el código «${slug}» (agregada en la consola o en el archivo). Usa otro código.`,
  save: 'Guardar',
  back: 'Volver a la configuración',
  readOnlyEdit: 'Solo un coordinador puede cambiar la configuración.',
  fixBelow: 'No se guardó nada. Corrige lo que se señala abajo.',
  nothingChanged: 'No cambiaste nada: no se guardó una versión nueva.',
  savedHtml: (version: number) => `Guardado: versión ${version}.`,
  changedFields: 'Cambió:',
  needsFileNow:
    'Esta empresa aún no tiene configuración: importa su archivo primero. No se guardó nada.',
  versionsHeading: 'Versiones',
  versionsCaption: (n: number) => `Versiones guardadas (${n})`,
  colVersion: 'Versión',
  colWho: 'Quién',
  colWhen: 'Cuándo',
  colWhat: 'Qué cambió',
  colFile: 'Archivo',
  versionFile: (n: number) => `Descargar v${n}`,
  imported: 'Importó un archivo',
  editedHtml: (section: string) => `Cambió: ${section}`,
  noVersions: 'Aún no hay versiones guardadas.',
};
