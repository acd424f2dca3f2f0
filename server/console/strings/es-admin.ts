// «Agregar aprendiz» and the audit log page (pages-admin.ts; texts moved here by decision 0250).
// Values that end in `Html` are HTML whose variable parts the caller has escaped.
export const esAdmin = {
  /** How an action of the audit log reads, by its stored name. */
  actions: {
    ingreso: 'Ingreso a la consola',
    'ingreso-fallido': 'Intento fallido de ingreso',
    salida: 'Salió de la consola',
    'ver-aprendiz': 'Consultó los datos de',
    'crear-usuario': 'Creó un usuario',
    'importar-csv': 'Importó un CSV',
    'actualizar-datos': 'Actualizó datos (reimportación)',
    'crear-obra': 'Creó una obra',
    'editar-obra': 'Editó una obra',
    'unir-contratistas': 'Unió contratistas',
    'autorizacion-celular': 'Confirmó la autorización de los celulares (importación)',
    desactivar: 'Desactivó',
    reactivar: 'Reactivó',
    'restablecer-contrasena': 'Restableció la contraseña',
    reinduccion: 'Inició reinducción',
    'exportar-csv': 'Exportó CSV',
    'exportar-pdf': 'Exportó el registro PDF',
    'paquete-scorm': 'Descargó un paquete SCORM de obra',
    'paquete-auditoria': 'Generó el paquete de auditoría (Res. 0312)',
    'excluir-de-auditoria': 'Excluyó de la muestra de auditoría a',
    'incluir-en-auditoria': 'Volvió a incluir en la muestra de auditoría a',
    'cambiar-celular': 'Cambió el celular de',
    'borrar-celular': 'Borró el celular de',
    'invitacion-emitida': 'Emitió una invitación para',
    'invitacion-usada': 'Entró con su invitación',
    'invitacion-rechazada': 'Invitación rechazada',
    'aviso-datos-aceptado': 'Aceptó el aviso de datos personales',
    'importar-configuracion': 'Importó la configuración de la empresa',
    'editar-configuracion': 'Cambió la configuración de la empresa',
    'exportar-empresa': 'Exportó todos los registros de la empresa',
    'lti-registrar': 'Registró una plataforma LMS (LTI)',
    'lti-revocar': 'Revocó una plataforma LMS (LTI)',
    'lti-enlace-registro': 'Creó un enlace de registro dinámico LTI',
    'lti-rotar-clave': 'Cambió la clave de la herramienta LTI',
    'lti-confirmar-usuario': 'Confirmó el ingreso por LMS de',
    'lti-vincular': 'Vinculó su ingreso por LMS',
    'lti-crear-aprendiz': 'Entró por primera vez desde el LMS (creado)',
  } as Record<string, string>,

  // «Agregar aprendiz»
  addTitle: 'Agregar aprendiz',
  addHeading: 'Agregar un aprendiz',
  fields: {
    documento: 'Documento (obligatorio)',
    nombre: 'Nombre completo (obligatorio)',
    correo: 'Correo',
    obra: 'Obra',
    contratista: 'Contratista',
    contratistaHint: 'Vacío si es empleado directo de la empresa.',
    cargo: 'Cargo',
    fechaIngreso: 'Fecha de ingreso',
    celular: 'Celular',
    celularHint: 'Para enviarle la invitación por WhatsApp. Solo con su autorización.',
    clave: 'Contraseña',
    claveHint: 'Si la dejas vacía se genera una y se muestra una sola vez.',
  },
  addButton: 'Agregar aprendiz',
  /** Where the obras come from, as the learner checks name it. */
  obrasSource: 'la configuración',
  notAdded: (reason: string) => `No se agregó: ${reason}.`,
  generatedPasswordHtml: (passwordHtml: string) =>
    `Contraseña generada (se muestra <strong>una sola vez</strong>): <span class="secret">${passwordHtml}</span>`,
  addedHtml: (linkHtml: string, documentHtml: string) =>
    `Aprendiz agregado: ${linkHtml} (documento ${documentHtml}).`,

  // The audit log
  auditTitle: 'Auditoría',
  auditHeading: 'Registro de auditoría',
  auditIntro:
    'Cada acción en la consola (y de la línea de comandos) queda registrada aquí. El registro no se puede modificar ni borrar.',
  auditCaption: (total: number) => `Acciones, la más reciente primero (${total} en total)`,
  auditColumns: ['Fecha', 'Quién', 'Acción', 'Sobre quién', 'Detalles'],
  auditEmpty: 'Aún no hay acciones registradas.',
};
