// The worker's acceptance after the last quiz (decision 0220): the statement as it will be
// stored, and «Acepto» / «Ahora no». It never blocks the certificate: it sits above the
// certificate's buttons and either answer leaves them as they are. After «Acepto» the learner
// sees whether the acceptance is kept or still waiting to be sent. «Ahora no» holds for this
// launch only (record 0262): the menu and the certificate screen offer it again next time.
import { useId, useState, type Ref } from 'react';
import type { AcceptanceChannel } from '../../course/course-controller.ts';
import { es } from '../../strings/es.ts';
import { declineForThisLaunch, useAcceptanceStatus } from './use-acceptance.ts';
import './acceptance-panel.css';

export interface AcceptancePanelProps {
  channel: AcceptanceChannel;
  /** The statement exactly as shown (paragraphs separated by a blank line). */
  statement: string;
  /** The runtime keeps it in the LMS's comments (capability `acceptanceInLmsComments`): the
   *  «recorded» line says so. */
  inLmsComments?: boolean;
  /** The statement box: the offer moves focus there when it opens the panel (record 0262). */
  textRef?: Ref<HTMLDivElement>;
}

export function AcceptancePanel({
  channel,
  statement,
  inLmsComments = false,
  textRef,
}: AcceptancePanelProps) {
  const status = useAcceptanceStatus(channel);
  const [declined, setDeclined] = useState(false);
  const titleId = useId();
  const t = es.acceptance;

  if (status !== 'none')
    return (
      <p className="acceptance-note" role="status" data-acceptance={status}>
        {status === 'pending' ? t.pending : inLmsComments ? t.lmsRecorded : t.recorded}
      </p>
    );
  if (declined)
    return (
      <p className="acceptance-note" role="status" data-acceptance="declined">
        {t.declined}
      </p>
    );
  // Why the last «Acepto» was not recorded, when the server refused it for good (record 0261).
  const refusal = channel.refusal?.() ?? null;
  return (
    <section className="acceptance" aria-labelledby={titleId}>
      <h3 id={titleId}>{t.title}</h3>
      {refusal && (
        <p className="acceptance__refusal" role="status" data-acceptance-refusal={refusal}>
          {t.refused[refusal]}
        </p>
      )}
      <p className="acceptance__intro">{t.intro}</p>
      <div className="acceptance__text" ref={textRef} tabIndex={0} aria-label={t.title}>
        {statement.split('\n\n').map((p, i) => (
          <p key={i}>{p}</p>
        ))}
      </div>
      <div className="acceptance__actions">
        <button type="button" className="btn btn-primary" onClick={() => channel.accept(statement)}>
          {t.accept}
        </button>
        <button
          type="button"
          className="btn"
          onClick={() => {
            setDeclined(true);
            declineForThisLaunch(channel);
          }}
        >
          {t.notNow}
        </button>
      </div>
    </section>
  );
}
