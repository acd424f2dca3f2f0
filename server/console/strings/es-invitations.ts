// The invitations page and its WhatsApp message (decisions 0210, 0236, 0245; texts moved here by
// 0250). Values that end in `Html` are HTML whose variable parts the caller has escaped.
export const esInvitations = {
  title: 'Invitaciones',
  /**
   * The WhatsApp (and share sheet) message, one line each; never the document number.
   * `companyWithStop` is the company's name ending its sentence (withFullStop, record 0274).
   */
  whatsAppLines: (
    firstName: string,
    companyWithStop: string,
    link: string,
    code: string,
    address: string,
  ) => [
    `Hola ${firstName}. Esta es tu invitación al curso de inducción en Seguridad y Salud en el Trabajo de ${companyWithStop}`,
    `1. Abre este enlace: ${link}`,
    '2. Escribe tu número de documento y toca «Entrar». No necesitas contraseña.',
    `Si el enlace no abre, entra a ${address} y escribe tu documento y este código: ${code}`,
    'Es personal: no lo reenvíes.',
  ],
  share: 'Compartir',
  shareLabel: (name: string) => `Compartir la invitación de ${name}`,
  noneChosen: 'Elige al menos un aprendiz.',
  tooMany: (max: number) =>
    `Se pueden hacer hasta ${max} invitaciones a la vez. Elige menos aprendices.`,
  noneActive: 'Ninguno de los elegidos es un aprendiz activo: no se hizo ninguna invitación.',
  alreadyShown:
    'Los enlaces y códigos de estas invitaciones ya se mostraron: por seguridad se muestran una sola vez. Si se perdieron, haz una invitación nueva desde la página del aprendiz o la lista (anula las anteriores).',
  ready: (count: number) => `Invitaciones listas: ${count}`,
  lifetime: (hours: number) => (hours >= 48 ? `${Math.round(hours / 24)} días` : `${hours} horas`),
  shownOnceHtml: (expiresHtml: string, lifetime: string) =>
    `Los enlaces y códigos se muestran <strong>solo en esta hoja</strong>: descarga e imprime las tarjetas ahora, o envíalas por WhatsApp. Sirven una sola vez, hasta el ${expiresHtml} (${lifetime}). Una invitación nueva anula las anteriores de esa persona.`,
  skipped: (count: number) =>
    `${count} elegido(s) no recibieron invitación: no son aprendices activos.`,
  downloadCards: (count: number) =>
    `Descargar las tarjetas (PDF, ${count} ${count === 1 ? 'tarjeta' : 'tarjetas'})`,
  caption: 'Invitaciones hechas ahora',
  columns: ['Aprendiz', 'Obra', 'Código', 'Enlace', 'WhatsApp'],
  personalLink: 'Enlace personal',
  sendWhatsApp: 'Enviar por WhatsApp',
  whatsAppPickContact: 'WhatsApp (elegir contacto)',
  noDocumentHint:
    'El mensaje de WhatsApp lleva el enlace y el código, nunca el número de documento: sin su documento, nadie más puede usar la invitación.',
  // Invitations as a job and the sheet's one rule (record 0273).
  preparing: 'Preparando las invitaciones',
  preparingCount: (done: number, total: number) =>
    total ? `Van ${done} de ${total}.` : 'Esperando turno.',
  preparingHint:
    'Esta página se actualiza sola y abre la hoja cuando esté lista. Puedes volver a ella desde la lista de aprendices: no se hacen invitaciones de nuevo.',
  progressLabel: 'Avance de las invitaciones',
  refused:
    'Esta hoja de invitaciones solo se abre en el navegador que la pidió, durante 10 minutos después de estar lista. No se borró ni se anuló nada.',
  gone: 'Pasaron los 10 minutos en que esta hoja se podía abrir: por seguridad, sus enlaces y códigos ya no se muestran. Si se perdieron, haz una invitación nueva desde la página del aprendiz o la lista (anula las anteriores).',
  failed: {
    nadie: 'Ninguno de los elegidos es un aprendiz activo: no se hizo ninguna invitación.',
    detenido:
      'El servidor se detuvo varias veces mientras hacía estas invitaciones: no se hizo ninguna. Hazlas de nuevo.',
    error: 'Falló en el servidor: no se hizo ninguna invitación. Hazlas de nuevo.',
  } as Record<string, string>,
  reopenHtml: (minutes: number) =>
    `Puedes volver a abrir esta hoja en este navegador durante <strong>${minutes} minutos</strong> (desde la lista de aprendices). Después, los enlaces y códigos no se muestran más.`,
  openSheet: (total: number) =>
    total ? `Abrir la hoja de invitaciones (${total})` : 'Abrir la hoja de invitaciones',
  sheetsHeld: 'Hojas de invitaciones abiertas en este navegador',
  obrasWithoutFacts: 'Faltan datos de la obra',
  obrasWithoutFactsIntro:
    'Antes de enviar las invitaciones, completa los datos de estas obras: sin ellos, el curso les muestra a sus trabajadores un texto general en lugar del de su obra.',
  missingFacts: (fields: string[]) => `falta: ${fields.join(', ')}`,
  /** The obra facts named in «falta: …», by their key in the obra's configuration. */
  factNames: { puntoEncuentro: 'punto de encuentro', brigadistas: 'brigadistas' },
  completeObra: (name: string) => `Completar los datos de «${name}»`,
  inviteAnyway: 'Hacer las invitaciones de todos modos',
} as const;
