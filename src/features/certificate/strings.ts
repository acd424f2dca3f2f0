// Spanish texts of the certificate feature.
export const certificateStrings = {
  nameTitle: 'Tu certificado',
  nameLabel: 'Escribe tu nombre completo como quieres que aparezca en el certificado',
  nameHint: 'Nombres y apellidos, con tildes y ñ si los llevan.',
  nameRequired: 'Escribe tu nombre completo para generar el certificado.',
  download: 'DESCARGAR',
  cancel: 'Cancelar',
} as const;
