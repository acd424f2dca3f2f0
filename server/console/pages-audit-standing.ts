// The learner page's part of the audit pack's population (record 0264): whether the learner
// enters it (the server's demo learner never does), who marked them out and why, and the
// coordinator's audited action that marks them out or back in.
import type { auditStanding } from '../audit-pack/exclusions.ts';
import { EXCLUSION_REASON_MAX, markExclusion } from '../audit-pack/exclusions.ts';
import { dateTime, escapeHtml, hiddenToken, type Viewer } from './layout.ts';
import type { LearnerDetail } from './learner-detail.ts';
import type { LearnerAction } from './pages-learner.ts';
import { esLearner as T } from './strings/es-learner.ts';

type Standing = Awaited<ReturnType<typeof auditStanding>>;

/** Whether the learner enters the audit pack's population, and if not who said so (0264). */
export function standingText({ demo, exclusion }: Standing): string {
  if (demo) return T.demoLearner;
  if (!exclusion) return T.inAuditSample;
  return T.excludedHtml(
    escapeHtml(exclusion.actorName),
    escapeHtml(dateTime(exclusion.at)),
    escapeHtml(exclusion.reason),
  );
}

/** The coordinator's audited mark: out of the audit sample with a reason, or back in. */
export function exclusionForm(
  viewer: Viewer,
  d: LearnerDetail,
  { demo, exclusion }: Standing,
): string {
  if (viewer.role !== 'coordinador' || d.role !== 'aprendiz' || demo) return '';
  const action = exclusion ? 'incluir-auditoria' : 'excluir-auditoria';
  return `<h2>${T.excludeHeading}</h2>
<form method="post" action="/consola/aprendices/${d.id}/${action}" class="inline-form">${hiddenToken(viewer)}<div class="field"><label for="motivo">${T.excludeReasonLabel}</label><input id="motivo" name="motivo" type="text" required maxlength="${EXCLUSION_REASON_MAX}" autocomplete="off" aria-describedby="motivo-ayuda"><p class="hint" id="motivo-ayuda">${exclusion ? T.includeReasonHint : T.excludeReasonHint}</p></div><button type="submit" class="secondary">${exclusion ? T.include : T.exclude}</button></form>`;
}

/** Out of (or back into) the audit pack's population, with a reason (record 0264). */
export const markAudit =
  (excluded: boolean): LearnerAction =>
  async (cc, d, viewer, body) => {
    const reason = (body.motivo ?? '').replace(/\s+/g, ' ').trim().slice(0, EXCLUSION_REASON_MAX);
    if (!reason) return { notice: T.reasonMissingHtml, status: 422 };
    await markExclusion(
      cc.app.db,
      { userId: viewer.userId, name: viewer.name },
      d,
      excluded,
      reason,
    );
    return excluded ? T.excludedDoneHtml : T.includedDoneHtml;
  };
