// /consola/auditoria-0312 (decision 0222): the form and the audit pack's PDF. Every pack drawn is
// stored (audit_samples) and written to the audit log.
import type { FastifyInstance } from 'fastify';
import type { ConsoleContext } from '../console/console-context.ts';
import { dateParameter, sendHtml, textParameter } from '../console/console-context.ts';
import { consolePage, escapeHtml, plainDate } from '../console/layout.ts';
import { audit } from '../console/audit.ts';
import { normalisePublicUrl } from '../certificates.ts';
import { envValue } from '../env.ts';
import { buildPack, packPdf } from './pack.ts';

const todayYmd = () => new Date().toISOString().slice(0, 10);

export async function auditPackRoutes(app: FastifyInstance, cc: ConsoleContext) {
  const db = cc.app.db;
  // The request's company's number of workers (its configuration, record 0287).
  const form = (
    workers: number | undefined,
    message = '',
  ) => `<h1>Paquete de auditoría (Res. 0312, estándar 1.2.2)</h1>
<p>Para un periodo, el sistema toma la muestra de trabajadores que pide el estándar según el número de trabajadores de la empresa (${workers ? `${workers}, de la configuración` : 'no configurado: se usan los aprendices registrados'}): con 50 o menos, todos; de 51 a 200, el 10 %; con 201 o más, 30. El usuario de prueba que crea el servidor no entra en la población, y tampoco quien un coordinador excluya con un motivo desde su ficha: el PDF lista a cada excluido con quién lo marcó y cuándo. La muestra se toma con una semilla que se imprime, se guarda con el hash de la población, y el PDF reúne por trabajador su identidad, obra, contratista, cargo, fecha de ingreso, fecha de la inducción, tiempo registrado, versión del contenido que completó, primeras respuestas, aceptación con su sello y certificado, y en anexos cada versión del contenido del periodo y cada texto de aceptación mostrado.</p>
${message}
<form class="filters" method="get" action="/consola/auditoria-0312.pdf">
<div><label for="desde">Desde</label><input id="desde" name="desde" type="date" required value="${new Date().getUTCFullYear()}-01-01"></div>
<div><label for="hasta">Hasta</label><input id="hasta" name="hasta" type="date" required value="${todayYmd()}"></div>
<div><button type="submit">Generar paquete PDF</button></div>
</form>`;

  app.get('/consola/auditoria-0312', { preHandler: cc.read }, async (request, reply) =>
    sendHtml(
      reply,
      consolePage(
        'Paquete de auditoría',
        form((await cc.currentConfig()).empresa.numeroTrabajadores),
        { viewer: request.viewer!, current: 'registro' },
      ),
    ),
  );

  app.get<{ Querystring: Record<string, string | undefined> }>(
    '/consola/auditoria-0312.pdf',
    { preHandler: cc.read },
    async (request, reply) => {
      const viewer = request.viewer!;
      // The request's company's configuration (record 0287): its name, NIT and workers.
      const config = await cc.currentConfig();
      const workers = config.empresa.numeroTrabajadores;
      const desde = dateParameter('desde', textParameter('desde', request.query.desde));
      const hasta = dateParameter('hasta', textParameter('hasta', request.query.hasta));
      if (!desde || !hasta || desde > hasta)
        return sendHtml(
          reply,
          consolePage(
            'Paquete de auditoría',
            form(workers, '<p class="notice bad" role="alert">Elige un periodo válido.</p>'),
            { viewer, current: 'registro' },
          ),
          422,
        );
      const pack = await buildPack(db, await cc.app.installationKey(), {
        courseId: cc.scope.courseId,
        from: desde,
        to: hasta,
        workers,
        actorId: viewer.userId,
      });
      const pdf = await packPdf(pack, {
        companyName: config.empresa.nombre,
        nit: config.empresa.nit,
        from: plainDate(desde),
        to: plainDate(hasta),
        verifyBase:
          normalisePublicUrl(envValue('PUBLIC_URL')) ?? `${request.protocol}://${request.host}`,
        obraName: (slug) => cc.obraName(slug),
        sample: config.ejemplo,
        hours: cc.course.hours,
      });
      await audit(db, { userId: viewer.userId, name: viewer.name }, 'paquete-auditoria', null, {
        muestra: pack.sampleId,
        desde,
        hasta,
        regla: pack.rule.text,
        semilla: pack.seed,
        poblacion: pack.populationSize,
        excluidos: pack.excluded.length,
        prueba: pack.demo.length,
        hash: pack.populationHash,
        trabajadores: pack.workers.length,
      });
      return reply
        .type('application/pdf')
        .header('cache-control', 'no-store')
        .header(
          'content-disposition',
          `attachment; filename="auditoria-0312-${escapeHtml(desde)}-${escapeHtml(hasta)}.pdf"`,
        )
        .send(Buffer.from(pdf));
    },
  );
}
