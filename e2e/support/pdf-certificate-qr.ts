// The QR of a certificate PDF, read the way a camera reads the paper: pdf.js renders the first
// page in a throwaway browser page (no server involved) and jsQR decodes its lower-left corner,
// where the certificate prints it. Also returns the rendered page (PNG), to look at.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Browser } from '@playwright/test';

const require = createRequire(import.meta.url);
const FILES: Record<string, { path: string; type: string }> = {
  '/pdf.mjs': { path: require.resolve('pdfjs-dist/build/pdf.min.mjs'), type: 'text/javascript' },
  '/pdf.worker.mjs': {
    path: require.resolve('pdfjs-dist/build/pdf.worker.min.mjs'),
    type: 'text/javascript',
  },
  '/jsqr.js': { path: require.resolve('jsqr/dist/jsQR.js'), type: 'text/javascript' },
};

export async function certificateQr(
  browser: Browser,
  pdf: Uint8Array,
): Promise<{ text: string | null; png: Buffer }> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await page.route('http://pdf.test/**', (route) => {
      const file = FILES[new URL(route.request().url()).pathname];
      if (file) return route.fulfill({ body: readFileSync(file.path), contentType: file.type });
      return route.fulfill({
        body: '<!doctype html><html><body><script src="/jsqr.js"></script></body></html>',
        contentType: 'text/html',
      });
    });
    await page.goto('http://pdf.test/');
    const { text, dataUrl } = await page.evaluate(
      async ({ b64 }) => {
        const pdfjs = await import('/pdf.mjs' as string);
        pdfjs.GlobalWorkerOptions.workerSrc = '/pdf.worker.mjs';
        const data = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
        const doc = await pdfjs.getDocument({ data }).promise;
        const pdfPage = await doc.getPage(1);
        const viewport = pdfPage.getViewport({ scale: 3 });
        const canvas = document.createElement('canvas');
        canvas.width = Math.ceil(viewport.width);
        canvas.height = Math.ceil(viewport.height);
        const ctx = canvas.getContext('2d', { willReadFrequently: true })!;
        await pdfPage.render({ canvasContext: ctx, viewport }).promise;
        const jsQR = (
          window as unknown as {
            jsQR: (d: Uint8ClampedArray, w: number, h: number) => { data: string } | null;
          }
        ).jsQR;
        // The lower-left third of the page holds the QR.
        const w = Math.floor(canvas.width / 3);
        const h = Math.floor(canvas.height / 2);
        const image = ctx.getImageData(0, canvas.height - h, w, h);
        const found = jsQR(image.data, image.width, image.height);
        const small = document.createElement('canvas');
        small.width = Math.floor(canvas.width / 2);
        small.height = Math.floor(canvas.height / 2);
        small.getContext('2d')!.drawImage(canvas, 0, 0, small.width, small.height);
        return { text: found?.data ?? null, dataUrl: small.toDataURL('image/png') };
      },
      { b64: Buffer.from(pdf).toString('base64') },
    );
    return { text, png: Buffer.from(dataUrl.split(',')[1]!, 'base64') };
  } finally {
    await context.close();
  }
}
