// Adding learners one by one, and the audit log page. The CSV import is in pages-import.ts.
import type { FastifyInstance } from 'fastify';
import type { ConsoleContext } from './console-context.ts';
import { field, pageParameter, sendHtml } from './console-context.ts';
import { consolePage, dateTime, escapeHtml, hiddenToken, type Viewer } from './layout.ts';
import { redirectWithNotice, takeNotice } from './notices.ts';
import { audit, auditPage, AUDIT_PAGE_SIZE } from './audit.ts';
import { validateUser, type KnownObras } from '../cli/users.ts';
import { createUser, DuplicateUserError } from '../db/store.ts';
import { generatePassword } from '../security/passwords.ts';

const ACTION_LABEL: Record<string, string> = {
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
  'cambiar-celular': 'Cambió el celular de',
  'borrar-celular': 'Borró el celular de',
  'invitacion-emitida': 'Emitió una invitación para',
  'invitacion-usada': 'Entró con su invitación',
  'invitacion-rechazada': 'Invitación rechazada',
  'aviso-datos-aceptado': 'Aceptó el aviso de datos personales',
};

function addForm(
  cc: ConsoleContext,
  viewer: Viewer,
  values: Record<string, string> = {},
  message = '',
) {
  const input = (name: string, label: string, type = 'text', extra = '', hint = '') =>
    `<div class="field"><label for="${name}">${label}</label><input id="${name}" name="${name}" type="${type}" value="${escapeHtml(values[name] ?? '')}"${extra}${hint ? ` aria-describedby="${name}-ayuda"` : ''}>${hint ? `<p class="hint" id="${name}-ayuda">${hint}</p>` : ''}</div>`;
  return consolePage(
    'Agregar aprendiz',
    `<h1>Agregar un aprendiz</h1>${message}
<form method="post" action="/consola/agregar">${hiddenToken(viewer)}
${input('documento', 'Documento (obligatorio)', 'text', ' required autocomplete="off"')}
${input('nombre', 'Nombre completo (obligatorio)', 'text', ' required autocomplete="off"')}
${input('correo', 'Correo', 'email', ' autocomplete="off"')}
<div class="field"><label for="obra">Obra</label><select id="obra" name="obra">${cc.obras.map((o) => `<option value="${escapeHtml(o.slug)}"${values.obra === o.slug ? ' selected' : ''}>${escapeHtml(o.nombre)}</option>`).join('')}</select></div>
${input('contratista', 'Contratista', 'text', '', 'Vacío si es empleado directo de la empresa.')}
${input('cargo', 'Cargo')}
${input('fecha_ingreso', 'Fecha de ingreso', 'date')}
${input('celular', 'Celular', 'tel', ' inputmode="tel" autocomplete="off"', 'Para enviarle la invitación por WhatsApp. Solo con su autorización.')}
${input('clave', 'Contraseña', 'text', ' autocomplete="new-password"', 'Si la dejas vacía se genera una y se muestra una sola vez.')}
<button type="submit">Agregar aprendiz</button>
</form>`,
    { viewer, current: 'agregar' },
  );
}

export async function adminRoutes(app: FastifyInstance, cc: ConsoleContext) {
  const db = cc.app.db;
  const obras = (): KnownObras => ({
    slugs: cc.obras.map((o) => o.slug),
    file: 'la configuración',
    obras: cc.obras,
  });

  app.get<{ Querystring: { aviso?: string } }>(
    '/consola/agregar',
    { preHandler: cc.write },
    async (request, reply) => {
      const viewer = request.viewer!;
      const { html } = await takeNotice(db, viewer.userId, request.query.aviso);
      return sendHtml(reply, addForm(cc, viewer, {}, html));
    },
  );

  app.post('/consola/agregar', { preHandler: cc.write }, async (request, reply) => {
    const viewer = request.viewer!;
    const values = Object.fromEntries(
      [
        'documento',
        'nombre',
        'correo',
        'obra',
        'contratista',
        'cargo',
        'fecha_ingreso',
        'celular',
        'clave',
      ].map((k) => [k, field(request, k)]),
    );
    const { user, problems } = validateUser(
      {
        document: values.documento,
        name: values.nombre,
        email: values.correo,
        obra: values.obra,
        password: values.clave,
        contratista: values.contratista,
        cargo: values.cargo,
        fechaIngreso: values.fecha_ingreso,
        celular: values.celular,
      },
      obras(),
    );
    const error = (text: string) =>
      sendHtml(
        reply,
        addForm(
          cc,
          viewer,
          values,
          `<div class="notice bad" role="alert"><p>No se agregó: ${escapeHtml(text)}.</p></div>`,
        ),
        422,
      );
    if (!user) return error(problems.join('; '));
    const password = user.password ?? generatePassword(12);
    try {
      const created = await createUser(db, {
        ...user,
        password,
        contratista: user.extras.contratista,
        cargo: user.extras.cargo,
        fechaIngreso: user.extras.fechaIngreso,
        celular: user.extras.celular,
      });
      await audit(db, { userId: viewer.userId, name: viewer.name }, 'crear-usuario', created, {
        rol: 'aprendiz',
        via: 'consola',
      });
      const shown = user.password
        ? ''
        : `<p>Contraseña generada (se muestra <strong>una sola vez</strong>): <span class="secret">${escapeHtml(password)}</span></p>`;
      // Redirect after POST (decision 0216): a reload shows the form, never adds twice.
      return redirectWithNotice(
        reply,
        db,
        viewer.userId,
        '/consola/agregar',
        `<div class="notice ok" role="status"><p>Aprendiz agregado: <a href="/consola/aprendices/${created.id}">${escapeHtml(created.name)}</a> (documento ${escapeHtml(created.document)}).</p>${shown}</div>`,
      );
    } catch (e) {
      if (e instanceof DuplicateUserError) return error(e.message.replace(/\.$/, ''));
      throw e;
    }
  });

  app.get<{ Querystring: { pagina?: string } }>(
    '/consola/auditoria',
    { preHandler: cc.read },
    async (request, reply) => {
      const viewer = request.viewer!;
      const page = pageParameter('pagina', request.query.pagina);
      const { entries, total } = await auditPage(db, page);
      const pages = Math.max(1, Math.ceil(total / AUDIT_PAGE_SIZE));
      const details = (d: Record<string, unknown>) =>
        Object.entries(d)
          .map(([k, v]) => `${k}: ${typeof v === 'object' ? JSON.stringify(v) : String(v)}`)
          .join(', ');
      const body = `<h1>Registro de auditoría</h1>
<p>Cada acción en la consola (y de la línea de comandos) queda registrada aquí. El registro no se puede modificar ni borrar.</p>
<div class="table-wrap"><table><caption>Acciones, la más reciente primero (${total} en total)</caption>
<thead><tr><th scope="col">Fecha</th><th scope="col">Quién</th><th scope="col">Acción</th><th scope="col">Sobre quién</th><th scope="col">Detalles</th></tr></thead>
<tbody>${
        entries
          .map(
            (e) =>
              `<tr><td>${escapeHtml(dateTime(e.at))}</td><td>${escapeHtml(e.actorName)}</td><td>${escapeHtml(ACTION_LABEL[e.action] ?? e.action)}</td><td>${e.targetId ? `<a href="/consola/aprendices/${e.targetId}">${escapeHtml(e.targetName ?? '')}</a>` : ''}</td><td class="details">${escapeHtml(details(e.details))}</td></tr>`,
          )
          .join('') || '<tr><td colspan="5">Aún no hay acciones registradas.</td></tr>'
      }</tbody></table></div>
<nav class="pager" aria-label="Paginación">${page > 1 ? `<a href="/consola/auditoria?pagina=${page - 1}">« Anterior</a>` : ''}<span>Página ${page} de ${pages}</span>${page < pages ? `<a href="/consola/auditoria?pagina=${page + 1}">Siguiente »</a>` : ''}</nav>`;
      return sendHtml(reply, consolePage('Auditoría', body, { viewer, current: 'auditoria' }));
    },
  );
}
