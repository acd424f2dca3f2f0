// The learner page (/consola/aprendices/:id) and the actions on one learner: deactivate or
// reactivate (never delete), reset the password (shown once), start a reinducción; and the
// reinducción of a whole obra. Every action is written to the audit log.
import {
  acceptanceWithChain,
  SEAL_TEXT,
  sealFault,
  shortSeal,
  shortVersion,
  tailText,
} from '../acceptance/summary.ts';
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
import { revokeUnusedInvitations } from '../invitations.ts';
import { maskCelular, normalizeCelular } from '../identity.ts';
import { setLearnerCelular } from '../db/store.ts';
import { startReinduction } from './reinduction.ts';
import { generatePassword, hashPassword } from '../security/passwords.ts';
import { restoreProgress } from '../../src/domain/progress/carry-over.ts';
import { moduleFigures } from '../../src/domain/progress/course-facts.ts';
import { readCourse } from '../../course-files/read-content.ts';
import { revokeUserTokens } from '../db/store.ts';
import { esLearner as T } from './strings/es-learner.ts';
import { auditStanding } from '../audit-pack/exclusions.ts';
import { exclusionForm, markAudit, standingText } from './pages-audit-standing.ts';

const F = T.facts;

let moduleTitles: string[] | null = null;
function titles(count: number): string[] {
  moduleTitles ??= readCourse().course?.modules.map((m) => `${m.number}. ${m.title}`) ?? [];
  return Array.from({ length: count }, (_, i) => moduleTitles![i] ?? T.module(i + 1));
}

const yesNo = (ok: boolean) => (ok ? `<span class="ok">${T.yes}</span>` : T.no);

function modulesTable(cc: ConsoleContext, route: string, score: number): string {
  const shape = cc.app.shape;
  const viewed = restoreProgress({ route, score }, shape).viewed;
  const names = titles(shape.topicCounts.length);
  // data-label: on a phone each row is a card that names its values (record 0274).
  const [, seenLabel, quizLabel] = T.modulesColumns.map((c) => ` data-label="${c}"`);
  return `<div class="table-wrap"><table class="stack"><caption>${T.modulesCaption}</caption>
<thead><tr><th scope="col">${T.modulesColumns[0]}</th><th scope="col" class="num">${T.modulesColumns[1]}</th><th scope="col">${T.modulesColumns[2]}</th></tr></thead><tbody>${moduleFigures(
    viewed,
    shape.topicCounts,
  )
    .map(
      (f, m) =>
        `<tr><th scope="row">${escapeHtml(names[m]!)}</th><td class="num"${seenLabel}>${T.topicsSeen(f.topicsSeen, f.topicCount)}</td><td${quizLabel}>${yesNo(f.quizDone)}</td></tr>`,
    )
    .join('')}</tbody></table></div>
<p class="hint">${T.quizDoneHint}</p>`;
}

function actions(viewer: Viewer, d: LearnerDetail): string {
  if (viewer.role !== 'coordinador' || d.role !== 'aprendiz') return '';
  const current = d.cycles.find((c) => c.cycle === d.cycle);
  const form = (action: string, label: string, cls = '', extra = '') =>
    `<form method="post" action="/consola/aprendices/${d.id}/${action}">${hiddenToken(viewer)}${extra}<button type="submit"${cls ? ` class="${cls}"` : ''}>${label}</button></form>`;
  // Invitations (decision 0210): a card to print or send, or a fresh code for another phone.
  const invite = d.active
    ? `${invitationForm(viewer, { ids: String(d.id) }, T.inviteCard)}
${invitationForm(viewer, { ids: String(d.id) }, T.inviteCode, 'codigo', 'secondary')}`
    : '';
  return `<h2>${T.actions}</h2><div class="actions">
${invite}
${form('contrasena', T.resetPassword, 'secondary')}
${d.active ? form('desactivar', T.deactivate, 'danger') : form('reactivar', T.reactivate, 'secondary')}
${d.active && current?.completedAt ? form('reinduccion', T.startReinduction(d.cycle + 1), '', `<label class="confirm"><input type="checkbox" name="confirmar" value="si" required>${T.confirmReinductionHtml(d.cycle, escapeHtml(d.name))}</label>`) : ''}
</div>
<form method="post" action="/consola/aprendices/${d.id}/celular" class="inline-form">${hiddenToken(viewer)}<div class="field"><label for="celular">${T.celularLabel}</label><input id="celular" name="celular" type="tel" inputmode="tel" autocomplete="off" placeholder="300 123 4567" aria-describedby="celular-ayuda"><p class="hint" id="celular-ayuda">${T.celularHint}</p></div><button type="submit" class="secondary">${T.saveCelular}</button></form>
<p class="hint">${T.actionsHint}</p>`;
}

/** «Sin aceptación», with the chain's alarm when acceptances are missing (decision 0258). */
const noAcceptance = (tail: string | null) =>
  tail
    ? `${T.noAcceptance} — <strong class="bad" data-chain="tail">${escapeHtml(tail)}</strong>`
    : T.noAcceptance;

async function renderLearner(
  cc: ConsoleContext,
  viewer: Viewer,
  d: LearnerDetail,
  cycle: number,
  notice = '',
) {
  const answers = await cycleAnswers(cc.app.db, d.id, cc.scope.courseId, cycle);
  const { summary: accepted, chain } = await acceptanceWithChain(
    cc.app.db,
    await cc.app.installationKey(),
    d.id,
    cc.scope.courseId,
    cycle,
  );
  const current = d.cycles.find((c) => c.cycle === d.cycle);
  const shown = d.cycles.find((c) => c.cycle === cycle);
  const standing = await auditStanding(cc.app.db, d.id);
  const fact = (label: string, value: string) =>
    `<div><dt>${label}</dt><dd>${value || '—'}</dd></div>`;
  const correct = answers.filter((a) => a.correct).length;
  // data-label: on a phone each row is a card that names its values (record 0274).
  const cl = T.cyclesColumns.map((c) => ` data-label="${c}"`);
  const al = T.answersColumns.map((c) => ` data-label="${c}"`);
  const body = `<p><a href="/consola/aprendices">${T.backToLearners}</a></p>
<h1>${escapeHtml(d.name)}</h1>
${notice}
<dl class="facts">
${fact(F.documento, `<span class="code">${escapeHtml(d.document)}</span>`)}
${fact(F.correo, escapeHtml(d.email ?? ''))}
${fact(F.obra, escapeHtml(cc.obraName(d.obra)))}
${fact(F.contratista, escapeHtml(d.contratista ?? T.directEmployee))}
${fact(F.cargo, escapeHtml(d.cargo ?? ''))}
${fact(F.fechaIngreso, plainDate(d.fechaIngreso))}
${fact(F.celular, d.celular ? escapeHtml(maskCelular(d.celular)) : '')}
${d.lms ? fact(F.lms, escapeHtml(d.lms)) : ''}
${fact(F.account, d.active ? T.accountActive : T.deactivatedOn(shortDate(d.deactivatedAt)))}
${fact(F.dataNotice, d.dataNoticeAcceptedAt ? T.dataNoticeAcceptedHtml(escapeHtml(dateTime(d.dataNoticeAcceptedAt)), escapeHtml(d.dataNoticeVersion ?? '')) : T.dataNoticeNotYet)}
${fact(F.cycle, String(d.cycle))}
${fact(F.progress, `${current?.score ?? 0} %`)}
${fact(F.completed, shortDate(current?.completedAt))}
${fact(F.acceptance(cycle), accepted ? `<span data-seal="${accepted.seal}">${T.acceptedOnHtml(escapeHtml(dateTime(accepted.row.receivedAt)))}${sealFault(accepted.seal) ? '<strong class="bad">' : ''}${escapeHtml(SEAL_TEXT[accepted.seal])}${sealFault(accepted.seal) ? '</strong>' : ''} <span class="code">${escapeHtml(shortSeal(accepted.row.seal))}</span>${T.shownVersionHtml(`<span class="code">${escapeHtml(shortVersion(accepted.row.shownVersion))}</span>`)}</span>` : noAcceptance(tailText(chain)))}
${fact(F.certificate, current?.certificateCode ? `<a class="code" href="/verificar/${encodeURIComponent(current.certificateCode)}">${escapeHtml(current.certificateCode)}</a>` : '')}
${d.role === 'aprendiz' ? fact(F.auditSample, standingText(standing)) : ''}
</dl>
${actions(viewer, d)}
${exclusionForm(viewer, d, standing)}
<h2>${T.modules}</h2>
${modulesTable(cc, current?.route ?? '', current?.score ?? 0)}
<h2>${T.cyclesHeading}</h2>
<div class="table-wrap"><table class="stack"><caption>${T.cyclesCaption}</caption>
<thead><tr>${T.cyclesColumns.map((c, i) => `<th scope="col"${i === 3 ? ' class="num"' : ''}>${c}</th>`).join('')}</tr></thead>
<tbody>${d.cycles
    .map(
      (c) =>
        `<tr><th scope="row"${cl[0]}>${c.cycle}</th><td${cl[1]}>${shortDate(c.startedAt)}</td><td${cl[2]}>${shortDate(c.completedAt)}</td><td class="num"${cl[3]}>${c.score} %</td><td${cl[4]}>${c.sessions ? T.timeSpent(duration(c.seconds), c.sessions) : '—'}</td><td${cl[5]}>${c.certificateCode ? `<span class="code">${escapeHtml(c.certificateCode)}</span>` : '—'}</td><td${cl[6]}>${shortDate(c.archivedAt) || (c.cycle === d.cycle ? T.currentCycle : '')}</td><td>${c.cycle === cycle ? T.shownBelow : `<a href="/consola/aprendices/${d.id}?ciclo=${c.cycle}">${T.seeCycle(c.cycle)}</a>`}</td></tr>`,
    )
    .join('')}</tbody></table></div>
<p class="hint">${T.scoreHint(Math.round(100 / Math.max(1, cc.app.shape.topicCounts.length)))}</p>
<h2 id="respuestas">${T.answersHeading(cycle)}</h2>
<p>${answers.length ? T.answersCount(correct, answers.length) : T.noAnswers}${T.firstTryRule}${shown ? '' : ''}</p>
${
  answers.length
    ? `<div class="table-wrap" tabindex="0" role="region" aria-label="${T.answersLabel}"><table class="answers stack"><caption>${T.answersCaption}</caption>
<thead><tr>${T.answersColumns.map((c) => `<th scope="col">${c}</th>`).join('')}</tr></thead>
<tbody>${answers
        .map(
          (a) =>
            `<tr><th scope="row"><span class="hint code">${escapeHtml(a.questionId)}</span> ${escapeHtml(a.question)}</th><td${al[1]}>${escapeHtml(a.option)}</td><td${al[2]}>${escapeHtml(a.correctOption)}</td><td${al[3]}>${a.correct ? `<span class="ok">${T.correct}</span>` : `<span class="bad">${T.incorrect}</span>`}</td><td${al[4]}>${escapeHtml(dateTime(a.answeredAt))}</td></tr>`,
        )
        .join('')}</tbody></table></div>`
    : ''
}`;
  return consolePage(d.name, body, { viewer, current: 'aprendices' });
}

const idParam = (raw: string) => (/^\d{1,9}$/.test(raw) ? Number(raw) : null);

/** The learner a path's id names, or null once a 404 page has been sent. */
async function loadLearner(cc: ConsoleContext, raw: string, reply: FastifyReply) {
  const id = idParam(raw);
  const d = id === null ? null : await learnerDetail(cc.app.db, id, cc.scope.courseId);
  if (!d) {
    void sendHtml(reply, consolePage(T.notFoundTitle, T.notFoundHtml), 404);
    return null;
  }
  return d;
}

function learnerPageRoute(app: FastifyInstance, cc: ConsoleContext) {
  app.get<{ Params: { id: string }; Querystring: { ciclo?: string; aviso?: string } }>(
    '/consola/aprendices/:id',
    { preHandler: cc.read },
    async (request, reply) => {
      const d = await loadLearner(cc, request.params.id, reply);
      if (!d) return reply;
      const ciclo = textParameter('ciclo', request.query.ciclo, 10);
      if (ciclo && !/^\d{1,6}$/.test(ciclo)) throw new BadParameter('ciclo', T.badCycle(ciclo));
      const asked = Number(ciclo);
      const cycle = d.cycles.some((c) => c.cycle === asked) ? asked : d.cycle;
      const viewer = request.viewer!;
      // Viewing a learner's personal data and answers is in the audit log (decision 0184).
      await audit(cc.app.db, { userId: viewer.userId, name: viewer.name }, 'ver-aprendiz', d, {
        ciclo: cycle,
      });
      const notice = await takeNotice(cc.app.db, viewer.userId, request.query.aviso);
      return sendHtml(reply, await renderLearner(cc, viewer, d, cycle, notice.html));
    },
  );
}

/** An action on one learner: done (a notice to show after the redirect), or refused. */
export type LearnerAction = (
  cc: ConsoleContext,
  d: LearnerDetail,
  viewer: Viewer & { userId: number },
  body: Record<string, string>,
) => Promise<string | { notice: string; status: number }>;

function learnerActionRoute(
  app: FastifyInstance,
  cc: ConsoleContext,
  path: string,
  run: LearnerAction,
  options: { anyRole?: boolean } = {},
) {
  const db = cc.app.db;
  app.post<{ Params: { id: string } }>(
    `/consola/aprendices/:id/${path}`,
    cc.form,
    async (request, reply) => {
      const d = await loadLearner(cc, request.params.id, reply);
      if (!d) return reply;
      // Coordinator and auditor accounts can be deactivated, reactivated and reset too
      // (decision 0187); a reinducción is only for learners.
      if (d.role !== 'aprendiz' && !options.anyRole)
        return sendHtml(reply, consolePage(T.notAllowedTitle, T.learnersOnlyHtml), 403);
      const result = await run(cc, d, request.viewer!, {
        confirmar: field(request, 'confirmar'),
        celular: field(request, 'celular'),
        motivo: field(request, 'motivo'),
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
}

const actor = (v: { userId: number; name: string }) => ({ userId: v.userId, name: v.name });

const deactivate: LearnerAction = async (cc, d, viewer) => {
  const done = await cc.app.db.transaction(async (tx) => {
    // Never the last active coordinator: the active coordinators are locked and counted in
    // the same transaction, so two coordinators deactivating each other cannot both win.
    if (d.role === 'coordinador') {
      const active = await tx.query<{ id: number }>(
        "SELECT id FROM users WHERE role = 'coordinador' AND active ORDER BY id FOR UPDATE",
      );
      if (active.every((c) => Number(c.id) === d.id)) return false;
    }
    await tx.query('UPDATE users SET active = false, deactivated_at = now() WHERE id = $1', [d.id]);
    await revokeUnusedInvitations(tx, d.id);
    await revokeUserTokens(tx, d.id, 'desactivada');
    await audit(tx, actor(viewer), 'desactivar', d, { rol: d.role });
    return true;
  });
  if (!done)
    return {
      notice: T.lastCoordinatorHtml,
      status: 409,
    };
  return T.deactivatedHtml;
};

// The celular an invitation is sent to (decision 0158); the audit log never stores the number.
const saveCelular: LearnerAction = async (cc, d, viewer, body) => {
  const celular = normalizeCelular(body.celular ?? '');
  if (celular === undefined)
    return {
      notice: T.badCelularHtml,
      status: 422,
    };
  await cc.app.db.transaction(async (tx) => {
    await setLearnerCelular(tx, d.id, celular);
    await audit(tx, actor(viewer), celular ? 'cambiar-celular' : 'borrar-celular', d, {});
  });
  return celular ? T.celularSavedHtml : T.celularDeletedHtml;
};

// A reactivated worker needs a new card (record 0267): a card or code from before the
// deactivation stays refused (revoked at deactivation, and here again for one left live by an
// older build); the coordinator is told to make a new one.
const reactivate: LearnerAction = async (cc, d, viewer) => {
  await cc.app.db.transaction(async (tx) => {
    await tx.query('UPDATE users SET active = true, deactivated_at = NULL WHERE id = $1', [d.id]);
    await revokeUnusedInvitations(tx, d.id);
    await audit(tx, actor(viewer), 'reactivar', d, { rol: d.role });
  });
  return d.role === 'aprendiz' ? T.reactivatedLearnerHtml : T.reactivatedHtml;
};

const resetPassword: LearnerAction = async (cc, d, viewer) => {
  const password = generatePassword(12);
  const hash = await hashPassword(password);
  await cc.app.db.transaction(async (tx) => {
    await tx.query('UPDATE users SET password_hash = $1, updated_at = now() WHERE id = $2', [
      hash,
      d.id,
    ]);
    await revokeUserTokens(tx, d.id, 'contrasena');
    await audit(tx, actor(viewer), 'restablecer-contrasena', d, { rol: d.role });
  });
  return T.newPasswordHtml(escapeHtml(d.name), escapeHtml(password));
};

const reinduct: LearnerAction = async (cc, d, viewer, body) => {
  // One click must not archive a cycle: the box is ticked on purpose, as the obra-wide action
  // asks for a typed word.
  if (body.confirmar !== 'si')
    return {
      notice: T.confirmBoxHtml,
      status: 422,
    };
  const { started } = await startReinduction(cc.app.db, actor(viewer), cc.scope.courseId, {
    userId: d.id,
  });
  return started.length ? T.reinductionStartedHtml(started[0]!.cycle) : T.notCompletedHtml;
};

/** The reinducción of a whole obra: the action (a typed word confirms it) and its result page. */
function obraReinductionRoutes(app: FastifyInstance, cc: ConsoleContext) {
  const db = cc.app.db;
  app.post('/consola/reinduccion-obra', cc.form, async (request, reply) => {
    const viewer = request.viewer!;
    const obra = field(request, 'obra');
    const known = cc.obras.some((o) => o.slug === obra);
    let message: string;
    if (!known) message = T.unknownObraHtml;
    else if (field(request, 'confirmar').trim() !== 'REINDUCCION') message = T.typeConfirmHtml;
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
        T.obraStartedHtml(started.length, escapeHtml(cc.obraName(obra))),
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
      return sendHtml(reply, reinductionResult(viewer, obra, html || T.useOverviewHtml));
    },
  );
}

export async function learnerRoutes(app: FastifyInstance, cc: ConsoleContext) {
  learnerPageRoute(app, cc);
  const act = (path: string, run: LearnerAction, options: { anyRole?: boolean } = {}) =>
    learnerActionRoute(app, cc, path, run, options);
  act('desactivar', deactivate, { anyRole: true });
  act('celular', saveCelular);
  act('reactivar', reactivate, { anyRole: true });
  act('contrasena', resetPassword, { anyRole: true });
  act('reinduccion', reinduct);
  act('excluir-auditoria', markAudit(true));
  act('incluir-auditoria', markAudit(false));
  obraReinductionRoutes(app, cc);
}

const reinductionResult = (viewer: Viewer, obra: string, message: string) =>
  consolePage(
    T.obraReinductionTitle,
    `<h1>${T.obraReinductionTitle}</h1>${message}<p><a href="/consola">${T.backToOverview}</a> · <a href="/consola/aprendices?obra=${encodeURIComponent(obra)}">${T.obraLearners}</a></p>`,
    { viewer, current: 'resumen' },
  );
