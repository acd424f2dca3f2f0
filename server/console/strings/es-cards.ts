// The printable invitation cards a learner receives (decision 0210; texts moved here by 0250).
// Plain text: the PDF code converts it for its fonts.
export const esCards = {
  documentTitle: (course: string) => `Invitaciones — ${course}`,
  obra: (obra: string) => `Obra: ${obra}`,
  yourCode: 'Tu código',
  validUntil: (expires: string) => `Sirve hasta el ${expires}, una sola vez.`,
  steps: [
    '1. Escanea el QR con la cámara.',
    '2. Escribe tu número de documento.',
    '3. Toca «Entrar» y empieza el curso.',
  ],
  /** Above the address to type (record 0274), which opens the code form itself. */
  withoutQr: 'Sin QR: abre esta dirección y escribe tu documento y el código:',
};
