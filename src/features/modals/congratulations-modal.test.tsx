// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { CongratulationsModal } from './congratulations-modal.tsx';

afterEach(cleanup);
beforeAll(() => {
  // jsdom has no modal dialogs: enough of <dialog> for the modal.
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    this.removeAttribute('open');
  };
});

const noop = () => {};
const buttons = () => screen.getAllByRole('button').map((b) => b.textContent);

describe('CongratulationsModal', () => {
  it('outside an LMS: DESCARGAR only', () => {
    render(<CongratulationsModal open onDownload={noop} onClose={noop} />);
    expect(buttons()).toEqual(['×', 'DESCARGAR']);
  });

  it('in an LMS: DESCARGAR and VER CERTIFICADO, with a word on when to use the screen', () => {
    const onView = vi.fn();
    render(<CongratulationsModal open onDownload={noop} onClose={noop} onView={onView} />);
    expect(buttons()).toEqual(['×', 'DESCARGAR', 'VER CERTIFICADO']);
    expect(screen.getByText(/no descarga archivos/)).toBeTruthy();
    screen.getByRole('button', { name: 'VER CERTIFICADO' }).click();
    expect(onView).toHaveBeenCalledOnce();
  });

  it('where downloads cannot work (the Moodle app): VER CERTIFICADO only, focused first', () => {
    render(
      <CongratulationsModal
        open
        onDownload={noop}
        onClose={noop}
        onView={noop}
        canDownload={false}
      />,
    );
    expect(buttons()).toEqual(['×', 'VER CERTIFICADO']);
    expect(document.activeElement?.textContent).toBe('VER CERTIFICADO');
    expect(
      screen.getByText('Puedes ver tu certificado de participación en pantalla.'),
    ).toBeTruthy();
  });
});
