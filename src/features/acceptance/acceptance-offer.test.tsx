// @vitest-environment jsdom
// «Confirma tu inducción» offered until «Acepto» (record 0262): a quiet line and a button where
// the app provides an offer (course complete, a channel that writes); gone once the acceptance
// is kept; its pending line while it waits to be sent; «Ahora no» hides it for this launch only.
import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { AcceptanceChannel, AcceptanceStatus } from '../../tracking/port.ts';
import { es } from '../../strings/es.ts';
import { AcceptanceOffer, AcceptanceOfferProvider } from './acceptance-offer.tsx';
import { AcceptancePanel } from './acceptance-panel.tsx';

afterEach(cleanup);

const STATEMENT = 'Yo, Ana, recibí la inducción.\n\nAcepto.';

/** A channel as a tracking adapter gives it: one per launch. */
function channel(initial: AcceptanceStatus = 'none') {
  let status = initial;
  const listeners = new Set<(s: AcceptanceStatus) => void>();
  const accepted: string[] = [];
  const ch: AcceptanceChannel = {
    accept: (text) => {
      accepted.push(text);
      status = 'pending';
      listeners.forEach((l) => l(status));
    },
    status: () => status,
    onStatus: (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
  };
  const set = (s: AcceptanceStatus) => {
    status = s;
    listeners.forEach((l) => l(s));
  };
  return { ch, accepted, set };
}

function offerIn(ch: AcceptanceChannel | null, twice = false) {
  const value = ch ? { channel: ch, statement: STATEMENT } : null;
  return render(
    <AcceptanceOfferProvider value={value}>
      <section aria-label="Menú">
        <AcceptanceOffer />
      </section>
      {twice && (
        <section aria-label="Certificado">
          <AcceptanceOffer />
        </section>
      )}
    </AcceptanceOfferProvider>,
  );
}

const offerButton = () => screen.queryByRole('button', { name: es.acceptance.title });

describe('the acceptance offered until answered', () => {
  it('after completion, with status none: one quiet line and a button, no statement yet', () => {
    offerIn(channel().ch);
    expect(screen.getByText(es.acceptance.offerLine)).toBeTruthy();
    expect(offerButton()).toBeTruthy();
    expect(screen.queryByRole('button', { name: es.acceptance.accept })).toBeNull();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('nothing where the app offers nothing (course not complete, local mode, review mode)', () => {
    const { container } = offerIn(null);
    expect(container.textContent).toBe('');
  });

  it('nothing once the acceptance is recorded', () => {
    const { container } = offerIn(channel('recorded').ch);
    expect(container.textContent).toBe('');
  });

  it('while it waits to be sent: the pending line, not the offer', () => {
    offerIn(channel('pending').ch);
    expect(offerButton()).toBeNull();
    expect(screen.getByRole('status').textContent).toBe(es.acceptance.pending);
  });

  it('the button opens the same statement; «Acepto» gives the channel the text as shown', async () => {
    const user = userEvent.setup();
    const { ch, accepted } = channel();
    offerIn(ch);
    await user.click(offerButton()!);
    const text = screen.getByRole('region', { name: es.acceptance.title });
    expect(text.textContent).toContain('Yo, Ana, recibí la inducción.');
    expect(document.activeElement?.className).toBe('acceptance__text');
    await user.click(screen.getByRole('button', { name: es.acceptance.accept }));
    expect(accepted).toEqual([STATEMENT]);
    expect(screen.getByRole('status').textContent).toBe(es.acceptance.pending);
  });

  it('hides itself when the acceptance is recorded meanwhile (sent in the background)', () => {
    const { ch, set } = channel('pending');
    const { container } = offerIn(ch);
    act(() => set('recorded'));
    expect(container.textContent).toBe('');
  });

  it('«Ahora no» hides it everywhere for this launch; the next launch asks again', async () => {
    const user = userEvent.setup();
    const launch1 = channel().ch;
    const first = offerIn(launch1, true);
    expect(screen.getAllByRole('button', { name: es.acceptance.title })).toHaveLength(2);
    await user.click(screen.getAllByRole('button', { name: es.acceptance.title })[0]!);
    await user.click(screen.getByRole('button', { name: es.acceptance.notNow }));
    expect(screen.getByRole('status').textContent).toBe(es.acceptance.declined);
    expect(offerButton()).toBeNull();
    first.unmount();
    // Remounted in the same launch (another screen): still hidden.
    offerIn(launch1);
    expect(offerButton()).toBeNull();
    cleanup();
    // The next launch: a new page load, a new channel — asked again.
    offerIn(channel().ch);
    expect(offerButton()).toBeTruthy();
  });

  it('«Ahora no» in the congratulations window also hides the menu’s offer', async () => {
    const user = userEvent.setup();
    const { ch } = channel();
    offerIn(ch);
    render(<AcceptancePanel channel={ch} statement={STATEMENT} />);
    await user.click(screen.getByRole('button', { name: es.acceptance.notNow }));
    expect(offerButton()).toBeNull();
  });
});
