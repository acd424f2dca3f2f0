// @vitest-environment jsdom
// The habeas-data notice screen (record 0127): heading focused, the text in paragraphs, «Acepto»
// records the acceptance, a failure says so and lets the learner try again, «Salir» signs out;
// all of it with the keyboard.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import DataNoticePage from './data-notice-page.tsx';
import { esDataNotice } from '../../strings/es-data-notice.ts';

afterEach(cleanup);

const TEXT = 'Primer párrafo del aviso.\n\nSegundo párrafo.\n\n\nTercero: tus derechos.';

describe('DataNoticePage', () => {
  it('shows a focused heading and the text as paragraphs; «Acepto» by keyboard records it', async () => {
    const onAccept = vi.fn().mockResolvedValue(undefined);
    const onLeave = vi.fn();
    render(
      <DataNoticePage text={TEXT} onAccept={onAccept} onLeave={onLeave} courseTitle="Curso X" />,
    );
    const heading = screen.getByRole('heading', { level: 1, name: esDataNotice.title });
    expect(document.activeElement).toBe(heading);
    expect(screen.getByRole('region', { name: esDataNotice.title })).toBeTruthy();
    const paragraphs = [...document.querySelectorAll('.notice-text p')].map((p) => p.textContent);
    expect(paragraphs).toEqual([
      'Primer párrafo del aviso.',
      'Segundo párrafo.',
      'Tercero: tus derechos.',
    ]);
    expect(screen.getByText('Curso X')).toBeTruthy();

    const user = userEvent.setup();
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: esDataNotice.accept }));
    await user.keyboard('{Enter}');
    expect(onAccept).toHaveBeenCalledOnce();
    expect(onLeave).not.toHaveBeenCalled();
  });

  it('when the acceptance cannot be recorded it says so, and the learner can try again', async () => {
    const onAccept = vi
      .fn()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValue(undefined);
    render(<DataNoticePage text={TEXT} onAccept={onAccept} onLeave={vi.fn()} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: esDataNotice.accept }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(esDataNotice.failed));
    const accept = screen.getByRole('button', { name: esDataNotice.accept });
    expect((accept as HTMLButtonElement).disabled).toBe(false);
    await user.click(accept);
    await waitFor(() => expect(onAccept).toHaveBeenCalledTimes(2));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(''));
  });

  it('«Acepto» tapped on the static notice before it showed: busy at once, recorded once (record 0280)', async () => {
    let resolve = () => {};
    const onAccept = vi.fn(() => new Promise<void>((r) => (resolve = r)));
    render(<DataNoticePage text={TEXT} onAccept={onAccept} onLeave={vi.fn()} acceptOnMount />);
    const busy = screen.getByRole('button', { name: esDataNotice.accepting });
    expect((busy as HTMLButtonElement).disabled).toBe(true);
    expect(
      (screen.getByRole('button', { name: esDataNotice.leave }) as HTMLButtonElement).disabled,
    ).toBe(true);
    expect(onAccept).toHaveBeenCalledOnce();
    resolve();
    await waitFor(() => expect(onAccept).toHaveBeenCalledOnce());
  });

  it('while recording, both buttons wait (no double sending)', async () => {
    let resolve = () => {};
    const onAccept = vi.fn(() => new Promise<void>((r) => (resolve = r)));
    render(<DataNoticePage text={TEXT} onAccept={onAccept} onLeave={vi.fn()} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: esDataNotice.accept }));
    const busy = screen.getByRole('button', { name: esDataNotice.accepting }) as HTMLButtonElement;
    expect(busy.disabled).toBe(true);
    expect(
      (screen.getByRole('button', { name: esDataNotice.leave }) as HTMLButtonElement).disabled,
    ).toBe(true);
    await user.click(busy);
    expect(onAccept).toHaveBeenCalledOnce();
    resolve();
  });

  it('«Salir» (Tab, Tab, Enter) signs out', async () => {
    const onLeave = vi.fn();
    const onAccept = vi.fn();
    render(<DataNoticePage text={TEXT} onAccept={onAccept} onLeave={onLeave} />);
    const user = userEvent.setup();
    await user.tab();
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: esDataNotice.leave }));
    await user.keyboard('{Enter}');
    expect(onLeave).toHaveBeenCalledOnce();
    expect(onAccept).not.toHaveBeenCalled();
  });
});
