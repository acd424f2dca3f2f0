// The learner page (/consola/aprendices/:id) and the actions on one learner: deactivate or
// reactivate (never delete), reset the password (shown once), start a reinducción; and the
// reinducción of a whole obra. Every action is written to the audit log.
import { acceptanceSummary, SEAL_TEXT, shortSeal, shortVersion } from '../acceptance/summary.ts';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ConsoleContext } from './console-context.ts';
import { BadParameter, field, sendHtml, textParameter } from './console-context.ts';
import {
  consolePage,
  dateTime,
  duration,
  escapeHtml,
  hiddenToken,
  plainDate,
  shortDate,
  type Viewer,
} from './layout.ts';
import { cycleAnswers, learnerDetail, type LearnerDetail } from './learner-detail.ts';
import { redirectWithNotice, takeNotice } from './notices.ts';
import { audit } from './audit.ts';
import { invitationForm } from './pages-invitations.ts';
import { maskCelular, normalizeCelular } from '../identity.ts';
import { setLearnerCelular } from '../db/store.ts';
import { startReinduction } from './reinduction.ts';
import { generatePassword, hashPassword } from '../security/passwords.ts';
import { restoreProgress } from '../../src/domain/progress/carry-over.ts';
import { moduleFigures } from '../../src/domain/progress/course-facts.ts';
import { readCourse } from '../../course-files/read-content.ts';
import { revokeUserTokens } from '../db/store.ts';

let moduleTitles: string[] | null = null;
function titles(count: number): string[] {
  moduleTitles ??= readCourse().course?.modules.map((m) => `${m.number}. ${m.title}`) ?? [];
  return Array.from({ length: count }, (_, i) => moduleTitles![i] ?? `Módulo ${i + 1}`);
}

const yesNo = (ok: boolean) => (ok ? '<span class="ok">Sí</span>' : 'No');

function modulesTable(cc: ConsoleContext, route: string, score: number): string {
  const shape = cc.app.shape;
  const viewed = restoreProgress({ route, score }, shape).viewed;
  const names = titles(shape.topicCounts.length);
  return `<div class="table-wrap"><table><caption>Módulos del ciclo actual</caption>
<thead><tr><th scope="col">Módulo</th><th scope="col" class="num">Temas vistos</th><th scope="col">Cuestionario terminado</th></tr></thead><tbody>${moduleFigures(
    viewed,
    shape.topicCounts,
  )
    .map(
      (f, m) =>
        `<tr><th scope="row">${escapeHtml(names[m]!)}</th><td class="num">${f.topicsSeen} de ${f.topicCount}</td><td>${yesNo(f.quizDone)}</td></tr>`,
    )
    .join('')}</tbody></table></div>
<p class="hint">«Cuestionario terminado» dice que el aprendiz llegó al final del cuestionario del módulo; para avanzar debe acertar cada pregunta, aunque sea al segundo intento. Cuántas acertó a la primera está en «Respuestas del primer intento».</p>`;
}

function actions(viewer: Viewer, d: LearnerDetail): string {
  if (viewer.role !== 'coordinador' || d.role !== 'aprendiz') return '';
  const current = d.cycles.find((c) => c.cycle === d.cycle);
  const form = (action: string, label: string, cls = '', extra = '') =>
    `<form method="post" action="/consola/aprendices/${d.id}/${action}">${hiddenToken(viewer)}${extra}<button type="submit"${cls ? ` class="${cls}"` : ''}>${label}</button></form>`;
  // Invitations (decision 0210): a card to print or send, or a fresh code for another phone.
  const invite = d.active
    ? `${invitationForm(viewer, { ids: String(d.id) }, 'Invitación: tarjeta y WhatsApp')}
${invitationForm(viewer, { ids: String(d.id) }, 'Código nuevo (24 horas)', 'codigo', 'secondary')}`
    : '';
  return `<h2>Acciones</h2><div class="actions">
${invite}
${form('contrasena', 'Restablecer contraseña', 'secondary')}
${d.active ? form('desactivar', 'Desactivar', 'danger') : form('reactivar', 'Reactivar', 'secondary')}
${d.active && current?.completedAt ? form('reinduccion', `Iniciar reinducción (ciclo ${d.cycle + 1})`, '', `<label class="confirm"><input type="checkbox" name="confirmar" value="si" required> Confirmo: el ciclo ${d.cycle} se archiva y ${escapeHtml(d.name)} empieza el curso de nuevo.</label>`) : ''}
</div>
<form method="post" action="/consola/aprendices/${d.id}/celular" class="inline-form">${hiddenToken(viewer)}<div class="field"><label for="celular">Celular para la invitación por WhatsApp</label><input id="celular" name="celular" type="tel" inputmode="tel" autocomplete="off" placeholder="300 123 4567" aria-describedby="celular-ayuda"><p class="hint" id="celular-ayuda">Solo con la autorización del trabajador. Vacío para borrarlo.</p></div><button type="submit" class="secondary">Guardar celular</button></form>
<p class="hint">La invitación y el código nuevo sirven una sola vez, siempre con el número de documento, y anulan los anteriores. Desactivar impide el ingreso pero conserva todos los registros. La reinducción archiva el ciclo completado y el aprendiz empieza el curso de nuevo.</p>`;
}

async function renderLearner(
  cc: ConsoleContext,
  viewer: Viewer,
  d: LearnerDetail,
  cycle: number,
  notice = '',
) {
  const answers = await cycleAnswers(cc.app.db, d.id, cc.scope.courseId, cycle);
  const accepted = await acceptanceSummary(
    cc.app.db,
    await cc.app.installationKey(),
    d.id,
    cc.scope.courseId,
    cycle,
  );
  const current = d.cycles.find((c) => c.cycle === d.cycle);
  const shown = d.cycles.find((c) => c.cycle === cycle);
  const fact = (label: string, value: string) =>
    `<div><dt>${label}</dt><dd>${value || '—'}</dd></div>`;
  const correct = answers.filter((a) => a.correct).length;
  const body = `<p><a href="/consola/aprendices">« Aprendices</a></p>
<h1>${escapeHtml(d.name)}</h1>
${notice}
<dl class="facts">
${fact('Documento', `<span class="code">${escapeHtml(d.document)}</span>`)}
${fact('Correo', escapeHtml(d.email ?? ''))}
${fact('Obra', escapeHtml(cc.obraName(d.obra)))}
${fact('Contratista', escapeHtml(d.contratista ?? 'Empleado directo'))}
${fact('Cargo', escapeHtml(d.cargo ?? ''))}
${fact('Fecha de ingreso', plainDate(d.fechaIngreso))}
${fact('Celular', d.celular ? escapeHtml(maskCelular(d.celular)) : '')}
${fact('Estado de la cuenta', d.active ? 'Activa' : `Desactivada el ${shortDate(d.deactivatedAt)}`)}
${fact('Aviso de datos personales', d.dataNoticeAcceptedAt ? `Aceptado el ${escapeHtml(dateTime(d.dataNoticeAcceptedAt))} (versión ${escapeHtml(d.dataNoticeVersion ?? '')})` : 'No aceptado aún')}
${fact('Ciclo actual', String(d.cycle))}
${fact('Avance', `${current?.score ?? 0} %`)}
${fact('Completado', shortDate(current?.completedAt))}
${fact(`Aceptación de la inducción (ciclo ${cycle})`, accepted ? `<span data-seal="${accepted.seal}">Aceptó el ${escapeHtml(dateTime(accepted.row.receivedAt))} — ${accepted.seal === 'broken' ? '<strong class="bad">' : ''}${escapeHtml(SEAL_TEXT[accepted.seal])}${accepted.seal === 'broken' ? '</strong>' : ''} <span class="code">${escapeHtml(shortSeal(accepted.row.seal))}</span>; versión mostrada <span class="code">${escapeHtml(shortVersion(accepted.row.shownVersion))}</span></span>` : 'Sin aceptación')}
${fact('Certificado', current?.certificateCode ? `<a class="code" href="/verificar/${encodeURIComponent(current.certificateCode)}">${escapeHtml(current.certificateCode)}</a>` : '')}
</dl>
${actions(viewer, d)}
<h2>Módulos</h2>
${modulesTable(cc, current?.route ?? '', current?.score ?? 0)}
<h2>Historial de ciclos</h2>
<div class="table-wrap"><table><caption>Ciclos de inducción (el más reciente primero)</caption>
<thead><tr><th scope="col">Ciclo</th><th scope="col">Inicio</th><th scope="col">Completado</th><th scope="col" class="num">Puntaje (avance)</th><th scope="col">Tiempo</th><th scope="col">Certificado</th><th scope="col">Archivado</th><th scope="col">Respuestas</th></tr></thead>
<tbody>${d.cycles
    .map(
      (c) =>
        `<tr><th scope="row">${c.cycle}</th><td>${shortDate(c.startedAt)}</td><td>${shortDate(c.completedAt)}</td><td class="num">${c.score} %</td><td>${c.sessions ? `${duration(c.seconds)} en ${c.sessions} ${c.sessions === 1 ? 'sesión' : 'sesiones'}` : '—'}</td><td>${c.certificateCode ? `<span class="code">${escapeHtml(c.certificateCode)}</span>` : '—'}</td><td>${shortDate(c.archivedAt) || (c.cycle === d.cycle ? 'Actual' : '')}</td><td>${c.cycle === cycle ? 'Mostradas abajo' : `<a href="/consola/aprendices/${d.id}?ciclo=${c.cycle}">Ver ciclo ${c.cycle}</a>`}</td></tr>`,
    )
    .join('')}</tbody></table></div>
<p class="hint">El puntaje mide el avance, no los aciertos: ${Math.round(100 / Math.max(1, cc.app.shape.topicCounts.length))} puntos por módulo terminado (100 = curso completo). El resultado del primer intento es otra cifra: las preguntas acertadas a la primera respuesta, abajo.</p>
<h2 id="respuestas">Respuestas del primer intento — ciclo ${cycle}</h2>
<p>${answers.length ? `${correct} correctas de ${answers.length} respondidas.` : 'Aún no hay respuestas registradas en este ciclo.'} Resultado del primer intento: cuenta solo la primera respuesta a cada pregunta; los reintentos no la cambian ni cambian el puntaje.${shown ? '' : ''}</p>
${
  answers.length
    ? `<div class="table-wrap" tabindex="0" role="region" aria-label="Respuestas del primer intento"><table class="answers"><caption>Primera respuesta a cada pregunta, con el texto que vio el aprendiz</caption>
<thead><tr><th scope="col">Pregunta</th><th scope="col">Respuesta elegida</th><th scope="col">Respuesta correcta</th><th scope="col">Resultado</th><th scope="col">Fecha</th></tr></thead>
<tbody>${answers
        .map(
          (a) =>
            `<tr><th scope="row"><span class="hint code">${escapeHtml(a.questionId)}</span> ${escapeHtml(a.question)}</th><td>${escapeHtml(a.option)}</td><td>${escapeHtml(a.correctOption)}</td><td>${a.correct ? '<span class="ok">Correcta</span>' : '<span class="bad">Incorrecta</span>'}</td><td>${escapeHtml(dateTime(a.answeredAt))}</td></tr>`,
        )
        .join('')}</tbody></table></div>`
    : ''
}`;
  return consolePage(d.name, body, { viewer, current: 'aprendices' });
}

const idParam = (raw: string) => (/^\d{1,9}$/.test(raw) ? Number(raw) : null);

export async function learnerRoutes(app: FastifyInstance, cc: ConsoleContext) {
  const db = cc.app.db;
  const load = async (raw: string, reply: FastifyReply) => {
    const id = idParam(raw);
    const d = id === null ? null : await learnerDetail(db, id, cc.scope.courseId);
    if (!d) {
      void sendHtml(
        reply,
        consolePage(
          'No encontrado',
          '<h1>Aprendiz no encontrado</h1><p><a href="/consola/aprendices">Volver a la lista</a></p>',
        ),
        404,
      );
      return null;
    }
    return d;
  };

  app.get<{ Params: { id: string }; Querystring: { ciclo?: string; aviso?: string } }>(
    '/consola/aprendices/:id',
    { preHandler: cc.read },
    async (request, reply) => {
      const d = await load(request.params.id, reply);
      if (!d) return reply;
      const ciclo = textParameter('ciclo', request.query.ciclo, 10);
      if (ciclo && !/^\d{1,6}$/.test(ciclo))
        throw new BadParameter('ciclo', `«${ciclo}» no es un número de ciclo.`);
      const asked = Number(ciclo);
      const cycle = d.cycles.some((c) => c.cycle === asked) ? asked : d.cycle;
      const viewer = request.viewer!;
      // Viewing a learner's personal data and answers is in the audit log (decision 0184).
      await audit(db, { userId: viewer.userId, name: viewer.name }, 'ver-aprendiz', d, {
        ciclo: cycle,
      });
      const notice = await takeNotice(db, viewer.userId, request.query.aviso);
      return sendHtml(reply, await renderLearner(cc, viewer, d, cycle, notice.html));
    },
  );

  const act = (
    path: string,
    run: (
      d: LearnerDetail,
      viewer: Viewer & { userId: number },
      body: Record<string, string>,
    ) => Promise<string | { notice: string; status: number }>,
    options: { anyRole?: boolean } = {},
  ) =>
    app.post<{ Params: { id: string } }>(
      `/consola/aprendices/:id/${path}`,
      { preHandler: cc.write },
      async (request, reply) => {
        const d = await load(request.params.id, reply);
        if (!d) return reply;
        // Coordinator and auditor accounts can be deactivated, reactivated and reset too
        // (decision 0187); a reinducción is only for learners.
        if (d.role !== 'aprendiz' && !options.anyRole)
          return sendHtml(
            reply,
            consolePage(
              'No permitido',
              '<h1>Acción no permitida</h1><p>La reinducción es solo para cuentas de aprendiz.</p>',
            ),
            403,
          );
        const result = await run(d, request.viewer!, {
          confirmar: field(request, 'confirmar'),
          celular: field(request, 'celular'),
        });
        // Done: redirect, so a reload never repeats the action (decision 0216). Refused: the
        // page again with the reason (nothing changed, a reload changes nothing either).
        if (typeof result === 'string')
          return redirectWithNotice(
            reply,
            db,
            request.viewer!.userId,
            `/consola/aprendices/${d.id}`,
            result,
          );
        const { notice, status } = result;
        const fresh = (await learnerDetail(db, d.id, cc.scope.courseId))!;
        return sendHtml(
          reply,
          await renderLearner(cc, request.viewer!, fresh, fresh.cycle, notice),
          status,
        );
      },
    );

  const actor = (v: { userId: number; name: string }) => ({ userId: v.userId, name: v.name });

  act(
    'desactivar',
    async (d, viewer) => {
      const done = await db.transaction(async (tx) => {
        // Never the last active coordinator: the active coordinators are locked and counted in
        // the same transaction, so two coordinators deactivating each other cannot both win.
        if (d.role === 'coordinador') {
          const active = await tx.query<{ id: number }>(
            "SELECT id FROM users WHERE role = 'coordinador' AND active ORDER BY id FOR UPDATE",
          );
          if (active.every((c) => Number(c.id) === d.id)) return false;
        }
        await tx.query('UPDATE users SET active = false, deactivated_at = now() WHERE id = $1', [
          d.id,
        ]);
        await revokeUserTokens(tx, d.id, 'desactivada');
        await audit(tx, actor(viewer), 'desactivar', d, { rol: d.role });
        return true;
      });
      if (!done)
        return {
          notice:
            '<p class="notice bad" role="alert">No se desactivó: es el único coordinador activo. Cree o reactive otro coordinador primero.</p>',
          status: 409,
        };
      return '<p class="notice ok" role="status">Cuenta desactivada. Sus registros se conservan.</p>';
    },
    { anyRole: true },
  );

  // The celular an invitation is sent to (decision 0158); the audit log never stores the number.
  act('celular', async (d, viewer, body) => {
    const celular = normalizeCelular(body.celular ?? '');
    if (celular === undefined)
      return {
        notice:
          '<p class="notice bad" role="alert">No se guardó: el celular debe ser un celular colombiano de 10 dígitos que empieza por 3.</p>',
        status: 422,
      };
    await db.transaction(async (tx) => {
      await setLearnerCelular(tx, d.id, celular);
      await audit(tx, actor(viewer), celular ? 'cambiar-celular' : 'borrar-celular', d, {});
    });
    return celular
      ? '<p class="notice ok" role="status">Celular guardado.</p>'
      : '<p class="notice ok" role="status">Celular borrado.</p>';
  });

  act(
    'reactivar',
    async (d, viewer) => {
      await db.transaction(async (tx) => {
        await tx.query('UPDATE users SET active = true, deactivated_at = NULL WHERE id = $1', [
          d.id,
        ]);
        await audit(tx, actor(viewer), 'reactivar', d, { rol: d.role });
      });
      return '<p class="notice ok" role="status">Cuenta reactivada.</p>';
    },
    { anyRole: true },
  );

  act(
    'contrasena',
    async (d, viewer) => {
      const password = generatePassword(12);
      const hash = await hashPassword(password);
      await db.transaction(async (tx) => {
        await tx.query('UPDATE users SET password_hash = $1, updated_at = now() WHERE id = $2', [
          hash,
          d.id,
        ]);
        await revokeUserTokens(tx, d.id, 'contrasena');
        await audit(tx, actor(viewer), 'restablecer-contrasena', d, { rol: d.role });
      });
      return `<div class="notice ok" role="status"><p>Contraseña nueva de ${escapeHtml(d.name)} (se muestra <strong>una sola vez</strong>; entrégala a la persona):</p><p class="secret">${escapeHtml(password)}</p></div>`;
    },
    { anyRole: true },
  );

  act('reinduccion', async (d, viewer, body) => {
    // One click must not archive a cycle: the box is ticked on purpose, as the obra-wide action
    // asks for a typed word.
    if (body.confirmar !== 'si')
      return {
        notice:
          '<p class="notice bad" role="alert">No se inició la reinducción: marca la casilla para confirmarla.</p>',
        status: 422,
      };
    const { started } = await startReinduction(db, actor(viewer), cc.scope.courseId, {
      userId: d.id,
    });
    return started.length
      ? `<p class="notice ok" role="status">Reinducción iniciada: ciclo ${started[0]!.cycle}. El ciclo anterior quedó archivado.</p>`
      : '<p class="notice bad" role="alert">No se inició la reinducción: el aprendiz no ha completado su ciclo actual.</p>';
  });

  app.post('/consola/reinduccion-obra', { preHandler: cc.write }, async (request, reply) => {
    const viewer = request.viewer!;
    const obra = field(request, 'obra');
    const known = cc.obras.some((o) => o.slug === obra);
    let message: string;
    if (!known) message = '<p class="notice bad" role="alert">Obra desconocida.</p>';
    else if (field(request, 'confirmar').trim() !== 'REINDUCCION')
      message = '<p class="notice bad" role="alert">Escribe REINDUCCION para confirmar.</p>';
    else {
      const { started } = await startReinduction(db, actor(viewer), cc.scope.courseId, {
        obra,
        defaultObra: cc.scope.defaultObra,
      });
      return redirectWithNotice(
        reply,
        db,
        viewer.userId,
        `/consola/reinduccion-obra?obra=${encodeURIComponent(obra)}`,
        `<p class="notice ok" role="status">Reinducción iniciada para ${started.length} aprendices de ${escapeHtml(cc.obraName(obra))}.</p>`,
      );
    }
    return sendHtml(reply, reinductionResult(viewer, obra, message), 422);
  });

  app.get<{ Querystring: { obra?: string; aviso?: string } }>(
    '/consola/reinduccion-obra',
    { preHandler: cc.write },
    async (request, reply) => {
      const viewer = request.viewer!;
      const obra = textParameter('obra', request.query.obra);
      const { html } = await takeNotice(db, viewer.userId, request.query.aviso);
      return sendHtml(
        reply,
        reinductionResult(
          viewer,
          obra,
          html ||
            '<p>Para iniciar la reinducción de una obra, usa el formulario del <a href="/consola">resumen</a>.</p>',
        ),
      );
    },
  );
}

const reinductionResult = (viewer: Viewer, obra: string, message: string) =>
  consolePage(
    'Reinducción de una obra',
    `<h1>Reinducción de una obra</h1>${message}<p><a href="/consola">Volver al resumen</a> · <a href="/consola/aprendices?obra=${encodeURIComponent(obra)}">Ver los aprendices de la obra</a></p>`,
    { viewer, current: 'resumen' },
  );
