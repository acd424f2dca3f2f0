// «Confirma tu inducción» offered until the worker answers «Acepto» (record 0262): after the
// course is complete, the menu and the certificate screen show one quiet line and a button; the
// button opens the same panel as the congratulations window, in place — never a dialog that
// stands in the way. «Ahora no» hides the offer until the next launch; an acceptance waiting to
// be sent shows its pending line instead. The app provides what to offer (AcceptanceOfferProvider):
// nothing where the runtime cannot keep an acceptance (local mode) or writes nothing (LMS review
// or browse mode, record 0160), nothing before the course is complete.
import { createContext, useContext, useEffect, useRef, useState, type ReactNode } from 'react';
import { es } from '../../strings/es.ts';
import { AcceptancePanel, type AcceptancePanelProps } from './acceptance-panel.tsx';
import { useAcceptanceStatus, useDeclinedThisLaunch } from './use-acceptance.ts';

/** What the course offers now: the channel and the statement as it would be shown. */
export type AcceptanceOfferValue = Pick<
  AcceptancePanelProps,
  'channel' | 'statement' | 'inLmsComments'
>;

const OfferContext = createContext<AcceptanceOfferValue | null>(null);

export function AcceptanceOfferProvider({
  value,
  children,
}: {
  /** null: nothing to offer (course not complete, no channel, review/browse mode). */
  value: AcceptanceOfferValue | null;
  children: ReactNode;
}) {
  return <OfferContext.Provider value={value}>{children}</OfferContext.Provider>;
}

export function AcceptanceOffer({ className }: { className?: string }) {
  const offer = useContext(OfferContext);
  return offer ? <Offer offer={offer} className={className} /> : null;
}

function Offer({ offer, className }: { offer: AcceptanceOfferValue; className?: string }) {
  const { channel } = offer;
  const status = useAcceptanceStatus(channel);
  const declined = useDeclinedThisLaunch(channel);
  const [open, setOpen] = useState(false);
  const textRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (open) textRef.current?.focus();
  }, [open]);
  const t = es.acceptance;
  const classes = `acceptance-offer${className ? ` ${className}` : ''}`;

  // Opened here: the panel answers for itself (the pending, recorded or declined line).
  if (open)
    return (
      <div className={classes}>
        <AcceptancePanel {...offer} textRef={textRef} />
      </div>
    );
  if (status === 'recorded' || (status === 'none' && declined)) return null;
  if (status === 'pending')
    return (
      <div className={classes}>
        <AcceptancePanel {...offer} />
      </div>
    );
  return (
    <div className={classes} data-acceptance-offer="">
      <p className="acceptance-offer__line">{t.offerLine}</p>
      <button type="button" className="btn" onClick={() => setOpen(true)}>
        {t.title}
      </button>
    </div>
  );
}
