// The obra's SCORM zips on its console page (decision 0241; texts kept here by 0250). Values
// that end in `Html` are HTML whose variable parts the caller has escaped.
export const esObraPackages = {
  introHtml:
    '<h2 id="paquetes-scorm">Paquetes SCORM para el LMS</h2><p>El curso con los datos de esta obra, listo para subir a la plataforma LMS de la empresa (Moodle u otra).</p>',
  missingNoticeHtml:
    '<p class="notice bad" role="status">Los paquetes SCORM no están disponibles en este servidor: falta la build de plantilla del curso (dist/lms-template). Quien administra el servidor la crea con <code>npm run build</code>; no hace falta reiniciar.</p>',
  download: 'Descargar',
  missingTitle: 'Paquetes SCORM no disponibles',
  missingPageHtml: (obraHref: string, obraName: string) =>
    `<h1>Paquetes SCORM no disponibles</h1><p>Falta la build de plantilla del curso (dist/lms-template) en este servidor. Quien administra el servidor la crea con <code>npm run build</code>.</p><p><a href="${obraHref}">Volver a ${obraName}</a></p>`,
};
