// Saves bytes as a file from the browser: a Blob behind an object URL and a temporary
// <a download>, revoked once the browser has had time to start the download.

/** Long enough for slow browsers to start reading the Blob before the URL is revoked. */
export const REVOKE_AFTER_MS = 10_000;

export function downloadPdf(bytes: Uint8Array, fileName: string): void {
  const blob = new Blob([bytes.slice()], { type: 'application/pdf' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  try {
    link.click();
  } finally {
    link.remove();
    window.setTimeout(() => URL.revokeObjectURL(url), REVOKE_AFTER_MS);
  }
}
