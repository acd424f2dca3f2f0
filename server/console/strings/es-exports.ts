// The exports: the «Registro de inducción» form and the values the exports write (decision 0116;
// texts moved here by 0250). Values that end in `Html` are HTML whose variable parts the caller
// has escaped.
export const esExports = {
  inactive: 'Desactivado',
  acceptance: (when: string, seal: string) => `${when}, sello ${seal}`,
  /** The worker's tap time and the server's receipt time (record 0264). */
  tapAndReceipt: (tap: string, received: string) =>
    `${tap} en su dispositivo, recibida por el servidor ${received}`,
  receiptOnly: (received: string) =>
    `(hora del dispositivo no registrada), recibida por el servidor ${received}`,
  signerRole: 'Responsable del SG-SST',
  title: 'Registro de inducción',
  heading: 'Registro de inducción (PDF)',
  intro:
    'El registro lista a cada aprendiz de la obra que completó la inducción en el periodo (también los ciclos ya archivados por una reinducción): nombre, documento, cargo, contratista, fecha, resultado del primer intento, tiempo registrado, versión del contenido del curso que completó, versión del texto de aceptación mostrado, aceptación del trabajador con la hora de su dispositivo, la hora en que la recibió el servidor y su sello (o «sin aceptación») y código del certificado con su dirección de verificación, con los totales, la cabeza de la cadena de sellos, el encabezado de la empresa y la firma del responsable SST. Cubre la parte general de la inducción; el recorrido por la obra se registra aparte.',
  obra: 'Obra',
  from: 'Desde',
  to: 'Hasta',
  download: 'Descargar PDF',
  auditPackageLink: 'Paquete de auditoría (Res. 0312, estándar 1.2.2)',
  auditPackageAfter:
    ': la muestra de trabajadores que pide el estándar, con su evidencia, en un PDF.',
  notAnObra: (obra: string) => `«${obra}» no es una obra de la empresa.`,
  invalidPeriod:
    'Elige una obra y un periodo válido (la fecha inicial no puede ser posterior a la final).',
};
