// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import CertificateView from './certificate-view.tsx';
import type { CertificateData } from '../../domain/certificate/types.ts';

afterEach(cleanup);
beforeAll(() => {
  // jsdom has no modal dialogs: enough of <dialog> for the view.
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    this.removeAttribute('open');
  };
});

const DATA: CertificateData = {
  learnerName: 'Ana  María Pérez Gómez',
  document: null,
  courseTitle: 'Inducción en Seguridad y Salud en el Trabajo',
  completedAt: new Date('2026-11-23T15:00:00Z'),
  hours: 2.5,
  companyName: 'Constructora Ejemplo S.A.S.',
  companyNit: '900.123.456-7',
  signerName: 'Laura Rodríguez',
  signerRole: 'Responsable del SG-SST',
  signerLicence: 'Licencia SST 123',
  obraName: 'Torre Norte',
  sample: true,
};

describe('CertificateView', () => {
  it('shows what the PDF says: name, course, obra, hours, date, signatory, sample mark', () => {
    render(<CertificateView data={DATA} onClose={() => {}} />);
    const sheet = screen.getByRole('article', {
      name: 'Certificado de participación de Ana María Pérez Gómez',
    });
    const text = sheet.textContent ?? '';
    expect(text).toContain('CERTIFICADO DE PARTICIPACIÓN');
    expect(text).toContain('CONSTRUCTORA EJEMPLO S.A.S. · NIT 900.123.456-7');
    expect(text).toContain('Ana María Pérez Gómez');
    expect(text).toContain('Inducción en Seguridad y Salud en el Trabajo');
    expect(text).toContain('para la obra Torre Norte,');
    expect(text).toContain('con una duración prevista de 2,5 horas.');
    expect(text).toContain('Fecha de finalización: 23 de noviembre de 2026');
    expect(text).toContain('Laura Rodríguez');
    expect(text).toContain('EJEMPLO — SIN VALIDEZ');
    expect(text).not.toContain('documento');
  });

  it('prints, closes, and marks the page for the print stylesheet while open', async () => {
    const onClose = vi.fn();
    const print = vi.spyOn(window, 'print').mockImplementation(() => {});
    const { unmount } = render(<CertificateView data={DATA} onClose={onClose} />);
    expect(screen.getByRole('dialog', { name: 'Tu certificado' })).toBeTruthy();
    expect(document.documentElement.classList.contains('cert-view-open')).toBe(true);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'IMPRIMIR' }));
    expect(print).toHaveBeenCalledOnce();
    await user.click(screen.getByRole('button', { name: 'Cerrar' }));
    expect(onClose).toHaveBeenCalledOnce();
    unmount();
    expect(document.documentElement.classList.contains('cert-view-open')).toBe(false);
  });

  it('offers DESCARGAR only where a download can work (onDownload given)', async () => {
    const onDownload = vi.fn();
    render(<CertificateView data={DATA} onClose={() => {}} onDownload={onDownload} />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'DESCARGAR' }));
    expect(onDownload).toHaveBeenCalledOnce();
    cleanup();
    render(<CertificateView data={DATA} onClose={() => {}} />);
    expect(screen.queryByRole('button', { name: 'DESCARGAR' })).toBeNull();
  });
});
