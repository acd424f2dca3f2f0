// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { downloadPdf, REVOKE_AFTER_MS } from './download-pdf.ts';

describe('downloadPdf', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('clicks a temporary download link to a PDF blob and revokes its URL afterwards', async () => {
    vi.useFakeTimers();
    const created: Blob[] = [];
    URL.createObjectURL = vi.fn((blob: Blob) => {
      created.push(blob);
      return 'blob:certificado';
    });
    URL.revokeObjectURL = vi.fn();
    const clicks: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicks.push(this);
    });

    downloadPdf(new Uint8Array([0x25, 0x50, 0x44, 0x46]), 'certificado-sst-ana.pdf');

    expect(clicks).toHaveLength(1);
    const link = clicks[0];
    expect(link?.download).toBe('certificado-sst-ana.pdf');
    expect(link?.getAttribute('href')).toBe('blob:certificado');
    expect(link?.isConnected).toBe(false);
    expect(created[0]?.type).toBe('application/pdf');
    expect(created[0]?.size).toBe(4);
    expect(URL.revokeObjectURL).not.toHaveBeenCalled();
    vi.advanceTimersByTime(REVOKE_AFTER_MS);
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:certificado');
  });
});
