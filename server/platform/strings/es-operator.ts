// The Spanish texts of the platform's «Operador de la plataforma» page (record 0294): who runs the
// platform and processes the companies' data on their behalf (the «Encargado del Tratamiento»).
// Texts only: a strings module imports nothing.
export const esOperator = {
  link: 'Operador de la plataforma (encargado de los datos)',
  title: 'Operador de la plataforma',
  heading: 'Operador de la plataforma',
  intro:
    'Quien maneja esta plataforma guarda los datos de los aprendices por encargo de cada empresa. La ley lo llama «Encargado del Tratamiento». El aviso de datos de cada empresa lo nombra.',
  noneNow:
    'Sin operador: cada empresa maneja sus propios datos. El aviso de datos no nombra a nadie más.',
  currentHtml: (nameHtml: string, nitHtml: string, contactHtml: string) =>
    `Operador ahora: <strong>${nameHtml}</strong> (NIT ${nitHtml}), contacto ${contactHtml}.`,
  setBy: (who: string, when: string) => `Lo fijó ${who} el ${when}.`,
  change:
    'Si lo cambias, cambia el aviso de datos de todas las empresas: sus aprendices lo aceptan de nuevo.',
  clear: 'Para quitar el operador, deja los tres campos vacíos.',
  nombre: 'Nombre o razón social',
  nit: 'NIT',
  contacto: 'Contacto para los datos (correo o teléfono)',
  submit: 'Guardar operador',
  saved: 'Se guardó el operador de la plataforma.',
  notSaved: (reason: string) => `No se guardó: ${reason}.`,
  missing: 'escribe el nombre, el NIT y el contacto, o deja los tres vacíos',
  badName: 'nombre inválido (de 2 a 120 caracteres, sin < > ni controles)',
  badNit: 'NIT inválido (números, puntos y guion; por ejemplo 901.234.567-8)',
  badContact: 'contacto inválido (de 5 a 120 caracteres, sin < > ni controles)',
};
