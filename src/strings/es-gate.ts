// «Verificar en portería» (decision 0243): the page a guard uses at an obra's gate to check a
// worker's certificate QR, also without signal. Spanish, `usted` (it speaks to the guard, not to
// the learner), short sentences. Kept apart so it travels in the page's lazy chunk.
export const esGate = {
  title: 'Verificar en portería',
  /** The page at a company's address (record 0288). */
  companyTitle: (company: string) => `Portería — ${company}`,
  intro:
    'Lea el código QR del certificado del trabajador con la cámara, o elija una foto del código.',
  openCamera: 'Abrir cámara',
  stopCamera: 'Cerrar cámara',
  chooseImage: 'Elegir una foto',
  again: 'Verificar otro',
  scanning: 'Apunte la cámara al código QR del certificado…',
  checking: 'Comprobando…',
  cameraDenied:
    'No se pudo abrir la cámara. Permita el uso de la cámara o elija una foto del código.',
  noQrInImage: 'No se encontró un código QR en la foto. Tome otra más cerca y con buena luz.',
  keysReady: (n: number) =>
    n === 1
      ? 'Clave de verificación guardada en este teléfono: sirve sin señal.'
      : `${n} claves de verificación guardadas en este teléfono: sirven sin señal.`,
  keysMissing:
    'Este teléfono aún no tiene las claves de verificación. Abra esta página una vez con señal.',
  noEd25519:
    'Este navegador no puede comprobar firmas. Actualícelo o use el enlace del certificado con señal.',
  valid: 'Válida',
  validOnline: 'Comprobada en línea: el certificado sigue registrado.',
  validOffline: 'Válida — sin señal; no se pudo comprobar si fue anulada',
  validUnchecked: 'No se pudo comprobar en línea si fue anulada.',
  annulled: 'Anulada',
  annulledText: 'La firma es auténtica, pero el servidor ya no reconoce este certificado.',
  annulledSigned: 'La firma es auténtica, pero el certificado fue anulado.',
  expired: 'Vencida',
  expiredText: (day: string) => `La reinducción debía hacerse a más tardar el ${day}.`,
  badSignature: 'Firma no válida',
  badSignatureText:
    'Los datos de este código no coinciden con la firma: el certificado fue cambiado o no es de este curso.',
  unknownKeyText:
    'El código está firmado con una clave que este teléfono no conoce. Con señal, abra la página en línea.',
  /** A QR signed with a key this company's gate lacks (record 0288). */
  otherCompany: 'No válida para esta empresa',
  otherCompanyText: (company: string) =>
    `Este certificado no fue firmado por ${company}. Si el trabajador es de otra empresa, no sirve en esta portería.`,
  invalidCode: 'Código no válido',
  invalidCodeText:
    'La dirección de este código QR está dañada o fue cambiada: no es un certificado que se pueda comprobar.',
  noStatement: 'Sin firma para portería',
  noStatementText:
    'Este código no trae datos firmados (certificados anteriores u otro código). Con señal, ábralo en línea.',
  openOnline: 'Abrir la verificación en línea',
  compare: 'Compare con el documento de identidad del trabajador.',
  fields: {
    name: 'Nombre',
    document: 'Documento',
    obra: 'Obra',
    completed: 'Curso completado',
    due: 'Reinducción hasta',
    code: 'Código',
  },
} as const;
