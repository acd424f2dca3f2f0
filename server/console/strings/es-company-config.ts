// «Configuración de la empresa» (pages-company-config.ts, record 0287). Values that end in `Html`
// are HTML whose variable parts the caller has escaped.
export const esCompanyConfig = {
  title: 'Configuración de la empresa',
  storedHtml: (version: number, who: string, when: string) =>
    `Versión ${version}, importada por ${who} el ${when}.`,
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
};
