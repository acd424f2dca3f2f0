// The QR codes printed in a PDF, decoded the way a phone's camera reads the paper: pdf.js renders
// the pages in a throwaway browser page (no server involved) and jsQR reads them. Two readings:
// every card of the invitation sheet (2 × 4, server/console/invitation-cards.ts), each from its own
// crop, and the certificate's QR from its lower-left corner.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Browser, Page } from '@playwright/test';

const require = createRequire(import.meta.url);
const FILES: Record<string, { path: string; type: string }> = {
  '/pdf.mjs': { path: require.resolve('pdfjs-dist/build/pdf.min.mjs'), type: 'text/javascript' },
  '/pdf.worker.mjs': {
    path: require.resolve('pdfjs-dist/build/pdf.worker.min.mjs'),
    type: 'text/javascript',
  },
  '/jsqr.js': { path: require.resolve('jsqr/dist/jsQR.js'), type: 'text/javascript' },
};

/**
 * Defined in the blank page: `pdfPages(b64)` renders every page of the PDF at 3× onto a canvas,
 * and `readQr(ctx, x, y, w, h)` decodes the QR in that part of one (jsQR), or null.
 */
const RENDER_PAGES = `
import * as pdfjs from '/pdf.mjs';
pdfjs.GlobalWorkerOptions.workerSrc = '/pdf.worker.mjs';
window.pdfPages = async (b64) => {
  const data = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
  const doc = await pdfjs.getDocument({ data }).promise;
  const pages = [];
  for (let n = 1; n <= doc.numPages; n++) {
    const pdfPage = await doc.getPage(n);
    const viewport = pdfPage.getViewport({ scale: 3 });
    const canvas = document.createElement('canvas');
    canvas.width = Math.ceil(viewport.width);
    canvas.height = Math.ceil(viewport.height);
    const ctx = canvas.getContext('2d', { willReadFrequently: true });
    await pdfPage.render({ canvasContext: ctx, viewport }).promise;
    pages.push({ canvas, ctx, viewport });
  }
  return pages;
};
window.readQr = (ctx, x, y, w, h) => {
  const image = ctx.getImageData(x, y, w, h);
  return window.jsQR(image.data, image.width, image.height)?.data ?? null;
};
`;

/** What RENDER_PAGES gives the page's scripts. */
interface PdfWindow {
  pdfPages(b64: string): Promise<
    {
      canvas: HTMLCanvasElement;
      ctx: CanvasRenderingContext2D;
      viewport: { width: number; height: number; scale: number };
    }[]
  >;
  readQr(ctx: CanvasRenderingContext2D, x: number, y: number, w: number, h: number): string | null;
}

/** Runs `read` in a blank page that serves pdf.js and jsQR, in a context closed afterwards. */
async function inPdfPage<T>(browser: Browser, read: (page: Page) => Promise<T>): Promise<T> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await page.route('http://pdf.test/**', (route) => {
      const file = FILES[new URL(route.request().url()).pathname];
      if (file) return route.fulfill({ body: readFileSync(file.path), contentType: file.type });
      return route.fulfill({
        body: `<!doctype html><html><body><script src="/jsqr.js"></script><script type="module">${RENDER_PAGES}</script></body></html>`,
        contentType: 'text/html',
      });
    });
    await page.goto('http://pdf.test/');
    return await read(page);
  } finally {
    await context.close();
  }
}

/** Every QR found, card by card, page by page (in print order). */
export async function qrCodesInPdf(browser: Browser, pdf: Uint8Array): Promise<string[]> {
  return inPdfPage(browser, (page) =>
    page.evaluate(
      async ({ b64 }) => {
        const w = window as unknown as PdfWindow;
        const found: string[] = [];
        for (const { ctx, viewport } of await w.pdfPages(b64)) {
          // The sheet's grid, from the page's size in points: 24 pt margins, 2 columns, 4 rows.
          const margin = 24 * viewport.scale;
          const cw = (viewport.width - 2 * margin) / 2;
          const ch = (viewport.height - 2 * margin) / 4;
          for (let row = 0; row < 4; row++)
            for (let col = 0; col < 2; col++) {
              const x = Math.floor(margin + col * cw);
              const y = Math.floor(margin + row * ch);
              const qr = w.readQr(ctx, x, y, Math.floor(cw), Math.floor(ch));
              if (qr) found.push(qr);
            }
        }
        return found;
      },
      { b64: Buffer.from(pdf).toString('base64') },
    ),
  );
}

/** The certificate's QR (page 1, lower-left third) and the rendered page as a PNG, to look at. */
export async function certificateQr(
  browser: Browser,
  pdf: Uint8Array,
): Promise<{ text: string | null; png: Buffer }> {
  return inPdfPage(browser, async (page) => {
    const { text, dataUrl } = await page.evaluate(
      async ({ b64 }) => {
        const w = window as unknown as PdfWindow;
        const { canvas, ctx } = (await w.pdfPages(b64))[0]!;
        // The lower-left third of the page holds the QR.
        const h = Math.floor(canvas.height / 2);
        const text = w.readQr(ctx, 0, canvas.height - h, Math.floor(canvas.width / 3), h);
        const small = document.createElement('canvas');
        small.width = Math.floor(canvas.width / 2);
        small.height = Math.floor(canvas.height / 2);
        small.getContext('2d')!.drawImage(canvas, 0, 0, small.width, small.height);
        return { text, dataUrl: small.toDataURL('image/png') };
      },
      { b64: Buffer.from(pdf).toString('base64') },
    );
    return { text, png: Buffer.from(dataUrl.split(',')[1]!, 'base64') };
  });
}
