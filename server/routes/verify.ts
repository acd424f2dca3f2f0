// Public page /verificar/:code (DESIGN.md §2/§4). OWNED BY THE CERTIFICATE WORK: this is a
// minimal placeholder that already answers from the `certificates` table, so the QR code on a
// certificate works end to end; the certificate issue may replace the page freely.
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { certificateByCode } from '../db/store.ts';

const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

// Only the last digits of the document: enough to confirm, not enough to harvest.
const maskDocument = (d: string) =>
  d.length <= 4 ? d : `${'•'.repeat(d.length - 4)}${d.slice(-4)}`;

function page(title: string, body: string): string {
  return `<!doctype html><html lang="es"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title>
<style>body{font-family:system-ui,sans-serif;max-width:40rem;margin:2rem auto;padding:0 1rem;color:#1d2b36}h1{font-size:1.5rem}</style></head>
<body><main>${body}<p><a href="/">Ir al curso</a></p></main></body></html>`;
}

export async function verifyRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get<{ Params: { code: string } }>('/verificar/:code', async (request, reply) => {
    const code = String(request.params.code ?? '')
      .trim()
      .toUpperCase();
    const cert = /^[A-Z0-9-]{4,40}$/.test(code) ? await certificateByCode(ctx.db, code) : null;
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
    if (!cert) {
      return reply
        .code(404)
        .send(
          page(
            'Certificado no encontrado',
            `<h1>Certificado no encontrado</h1><p>No hay ningún certificado con el código <strong>${escapeHtml(code)}</strong>.</p>`,
          ),
        );
    }
    const date = new Date(cert.issued_at).toLocaleDateString('es-CO', {
      dateStyle: 'long',
      timeZone: 'America/Bogota',
    });
    return reply.send(
      page(
        'Certificado válido',
        `<h1>Certificado válido</h1><p>El código <strong>${escapeHtml(cert.code)}</strong> corresponde al certificado de participación en la Inducción — Seguridad y Salud en el Trabajo emitido a <strong>${escapeHtml(cert.name)}</strong> (documento ${escapeHtml(maskDocument(cert.document))}) el ${escapeHtml(date)}.</p>`,
      ),
    );
  });
}
