// Exports (docs/decisions/0116-console-exports.md): the filtered learners table as CSV for Excel
// in Spanish (UTF-8 with BOM, ';' between cells, formula-like cells neutralised), and the
// «Registro de inducción» PDF for an obra and a period. Both are written to the audit log.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ConsoleContext } from './console-context.ts';
import { BadParameter, dateParameter, sendHtml, textParameter } from './console-context.ts';
import { consolePage, dateTime, escapeHtml, plainDate, shortDate } from './layout.ts';
import { checkChain, type ChainCheck } from '../acceptance/store.ts';
import {
  chainHeadText,
  chainNotes,
  SEAL_TEXT,
  sealState,
  shortSeal,
  shortVersion,
} from '../acceptance/summary.ts';
import { normalisePublicUrl } from '../certificates.ts';
import { envValue } from '../env.ts';
import { audit } from './audit.ts';
import {
  colombiaMidnight,
  ESTADO_LABEL,
  learnersAll,
  type Filters,
  type Scope,
} from './queries.ts';
import { filterQuery, readFilters } from './pages-overview.ts';
import { csvCell } from '../cli/csv.ts';
import type { Queryable } from '../db/db.ts';
import type { KnownObra } from '../obras.ts';
import { hoursMinutes, type RegistroRow } from './registro-pdf.ts';
import { cycleVersionsSql, versionDates, versionsLabel } from './content-versions.ts';
import { esExports as T } from './strings/es-exports.ts';
import { linkedPlatformsSql, viaLms } from '../lti/lms-label.ts';

/** A learner's own fields, as the add form, the CSV import and the export name them. */
export const LEARNER_FIELDS = [
  'documento',
  'nombre',
  'correo',
  'obra',
  'contratista',
  'cargo',
  'fecha_ingreso',
] as const;

export const CSV_COLUMNS = [
  ...LEARNER_FIELDS,
  'estado',
  'ciclo',
  'avance',
  'primer_intento_correctas',
  'primer_intento_respondidas',
  'completado',
  'reinduccion_vence',
  'certificado',
  'activo',
] as const;

/** ';' — Excel in Spanish (Colombia: decimal comma) splits on the list separator ';'. */
export const CSV_SEPARATOR = ';';

const cell = (value: string | number | null | undefined) => csvCell(value, { guardFormula: true });

export async function exportCsv(
  db: Queryable,
  scope: Scope,
  filters: Filters,
  obraName: (slug: string) => string,
  /** Formats each batch's lines; default here. The routes pass the export worker (0232). */
  format: (
    rows: (string | number | null | undefined)[][],
    separator: string,
  ) => Promise<string> = async (rows, separator) =>
    rows.map((row) => row.map(cell).join(separator)).join('\r\n'),
): Promise<{ csv: string; rows: number }> {
  const parts = [CSV_COLUMNS.join(CSV_SEPARATOR)];
  let rows = 0;
  for await (const batch of learnersAll(db, scope, filters)) {
    if (batch.length === 0) continue;
    rows += batch.length;
    parts.push(
      await format(
        batch.map((r) => [
          r.document,
          r.name,
          r.email,
          obraName(r.obra),
          r.contratista ?? '',
          r.cargo,
          plainDate(r.fechaIngreso),
          r.active ? ESTADO_LABEL[r.estado] : T.inactive,
          r.cycle,
          r.score,
          r.firstCorrect,
          r.firstAnswered,
          shortDate(r.completedAt),
          shortDate(r.dueAt),
          r.certificateCode,
          r.active ? 'sí' : 'no',
        ]),
        CSV_SEPARATOR,
      ),
    );
  }
  return { csv: `\uFEFF${parts.join('\r\n')}\r\n`, rows };
}

/** The completed cycles in a period: the conditions shared by the rows and the demo count. */
const REGISTRO_WHERE = `p.course_id = $1 AND p.completed_at >= ${colombiaMidnight('$3')}
        AND p.completed_at < ${colombiaMidnight('$4::date + 1')}
        AND COALESCE(u.obra, $2) = $5`;

/**
 * Completed cycles (archived ones too) of an obra's learners in a period, oldest first. The demo
 * learner the server creates is not a worker: left out, and counted apart by registroDemoCount
 * (record 0264).
 */
export async function registroRows(
  db: Queryable,
  scope: Scope,
  obra: string,
  from: string,
  to: string,
  seals: { chain: ChainCheck; verifyBase: string },
): Promise<RegistroRow[]> {
  const rows = await db.query<Record<string, unknown>>(
    `SELECT u.name, u.document, u.cargo, u.contratista, p.completed_at, c.code,
            (SELECT count(*) FILTER (WHERE a.correct) FROM answers a
              WHERE a.user_id = u.id AND a.course_id = $1 AND a.cycle = p.cycle) AS correct,
            (SELECT count(*) FROM answers a
              WHERE a.user_id = u.id AND a.course_id = $1 AND a.cycle = p.cycle) AS answered,
            learning_seconds(u.id, $1, p.cycle) AS seconds,
            ${cycleVersionsSql('u.id', '$1', 'p.cycle')} AS content_versions,
            ac.id AS acceptance_id, ac.received_at AS accepted_at, ac.device_time, ac.seal,
            ac.shown_version, st.first_shown_at, ${linkedPlatformsSql('u.id')} AS lms
       FROM progress p
       JOIN users u ON u.id = p.user_id AND u.role = 'aprendiz' AND NOT u.demo
       LEFT JOIN certificates c ON c.user_id = p.user_id AND c.course_id = $1 AND c.cycle = p.cycle
       LEFT JOIN acceptances ac
              ON ac.user_id = p.user_id AND ac.course_id = $1 AND ac.cycle = p.cycle
       LEFT JOIN shown_texts st ON st.hash = ac.shown_version
      WHERE ${REGISTRO_WHERE}
      ORDER BY p.completed_at, u.name`,
    [scope.courseId, scope.defaultObra, from, to, obra],
  );
  const dates = await versionDates(
    db,
    scope.courseId,
    rows.flatMap((r) => (r.content_versions as string[] | null) ?? []),
  );
  return rows.map((r) => {
    const answered = Number(r.answered ?? 0);
    const correct = Number(r.correct ?? 0);
    const code = (r.code as string | null) ?? null;
    const acceptanceId = r.acceptance_id === null ? null : Number(r.acceptance_id);
    const state = acceptanceId === null ? null : sealState(seals.chain, acceptanceId);
    return {
      name: String(r.name),
      document: String(r.document),
      cargo: (r.cargo as string | null) ?? null,
      contratista: (r.contratista as string | null) || 'Directo',
      date: shortDate(r.completed_at as Date),
      result: answered
        ? `${correct}/${answered} (${Math.round((correct / answered) * 100)} %)`
        : '',
      certificateCode: code,
      seconds: Number(r.seconds ?? 0),
      timeSpent: hoursMinutes(Number(r.seconds ?? 0)),
      contentVersion: versionsLabel(r.content_versions as string[] | null, dates),
      shownVersion: r.shown_version
        ? `${shortVersion(String(r.shown_version))} (${shortDate(r.first_shown_at as Date)})`
        : null,
      acceptance:
        state === null
          ? null
          : `${T.acceptance(tapAndReceipt(r.device_time as Date | null, r.accepted_at as Date), shortSeal(String(r.seal)))}${state === 'intact' ? '' : ` — ${SEAL_TEXT[state]}`}`,
      verification: code ? `${seals.verifyBase}/verificar/${code}` : null,
      lms: viaLms(r.lms),
    };
  });
}

/** The worker's tap time on the device and the server's receipt time, as the registro says. */
const tapAndReceipt = (device: Date | null, received: Date) =>
  device
    ? T.tapAndReceipt(dateTime(device), dateTime(received))
    : T.receiptOnly(dateTime(received));

/** How many of the period's completed cycles are the server's demo learner's (record 0264). */
export async function registroDemoCount(
  db: Queryable,
  scope: Scope,
  obra: string,
  from: string,
  to: string,
): Promise<number> {
  const [row] = await db.query<{ n: number }>(
    `SELECT count(*)::integer AS n FROM progress p
       JOIN users u ON u.id = p.user_id AND u.role = 'aprendiz' AND u.demo
      WHERE ${REGISTRO_WHERE}`,
    [scope.courseId, scope.defaultObra, from, to, obra],
  );
  return Number(row?.n ?? 0);
}

const todayYmd = () => new Date().toISOString().slice(0, 10);

/** The «Registro de inducción» form: an obra and a period, and a message when one is wrong. */
function registroForm(
  cc: ConsoleContext,
  values: { obra?: string; desde?: string; hasta?: string },
  message = '',
) {
  const year = new Date().getUTCFullYear();
  return `<h1>${T.heading}</h1>
<p>${T.intro}</p>
${message}
<form class="filters" method="get" action="/consola/registro.pdf">
<div><label for="obra">${T.obra}</label><select id="obra" name="obra">${cc.obras.map((o) => `<option value="${escapeHtml(o.slug)}"${o.slug === values.obra ? ' selected' : ''}>${escapeHtml(o.nombre)}</option>`).join('')}</select></div>
<div><label for="desde">${T.from}</label><input id="desde" name="desde" type="date" required value="${escapeHtml(values.desde ?? `${year}-01-01`)}"></div>
<div><label for="hasta">${T.to}</label><input id="hasta" name="hasta" type="date" required value="${escapeHtml(values.hasta ?? todayYmd())}"></div>
<div><button type="submit">${T.download}</button></div>
</form>
<p><a href="/consola/auditoria-0312">${T.auditPackageLink}</a>${T.auditPackageAfter}</p>`;
}

/** The registro of an obra's completed cycles in a period, drawn as a PDF, and its row count. */
async function drawRegistro(
  cc: ConsoleContext,
  request: FastifyRequest,
  obra: KnownObra,
  desde: string,
  hasta: string,
) {
  const key = await cc.app.installationKey();
  const chain = await checkChain(cc.app.db, key);
  const verifyBase =
    normalisePublicUrl(envValue('PUBLIC_URL')) ?? `${request.protocol}://${request.host}`;
  const rows = await registroRows(cc.app.db, cc.scope, obra.slug, desde, hasta, {
    chain,
    verifyBase,
  });
  const demoExcluded = await registroDemoCount(cc.app.db, cc.scope, obra.slug, desde, hasta);
  // The request's company's configuration (record 0287): its name, NIT, logo and responsable.
  const config = await cc.currentConfig();
  const r = config.sst.responsable;
  // Drawn on the export worker, off the event loop that serves saves (decision 0232).
  const pdf = await cc.app.exportPool.registroPdf({
    companyName: config.empresa.nombre,
    nit: config.empresa.nit,
    logo: config.empresa.logo?.pdf ?? null,
    obraName: obra.nombre,
    from: plainDate(desde),
    to: plainDate(hasta),
    courseTitle: cc.course.title,
    hours: cc.course.hours,
    signer: {
      nombre: r.nombre,
      cargo: T.signerRole,
      ...(r.licencia ? { licencia: r.licencia } : {}),
    },
    generatedAt: shortDate(new Date()),
    sample: config.ejemplo,
    rows,
    demoExcluded,
    chainHead: chainHeadText(chain.head, key.keyId, chain.count),
    chainNotes: chainNotes(chain),
  });
  return { pdf, rows: rows.length };
}

/** GET /consola/exportar.csv: the learners table as filtered, as CSV. */
function csvRoute(app: FastifyInstance, cc: ConsoleContext) {
  const db = cc.app.db;
  app.get('/consola/exportar.csv', { preHandler: cc.read }, async (request, reply) => {
    const viewer = request.viewer!;
    const filters = readFilters(request.query as Record<string, unknown>);
    // Formatting runs on the export worker: a long table never holds up saves (decision 0232).
    const { csv, rows } = await exportCsv(
      db,
      cc.scope,
      filters,
      (slug) => cc.obraName(slug),
      (lines, separator) => cc.app.exportPool.csvLines(lines, separator),
    );
    await audit(db, { userId: viewer.userId, name: viewer.name }, 'exportar-csv', null, {
      filas: rows,
      filtros: filterQuery(filters, { pagina: 1 }) || '(ninguno)',
    });
    return reply
      .type('text/csv; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('content-disposition', `attachment; filename="aprendices-${todayYmd()}.csv"`)
      .send(csv);
  });
}

/** The «Registro de inducción»: its form, and the PDF for an obra and a period. */
function registroRoutes(app: FastifyInstance, cc: ConsoleContext) {
  app.get('/consola/registro', { preHandler: cc.read }, async (request, reply) =>
    sendHtml(
      reply,
      consolePage(T.title, registroForm(cc, {}), {
        viewer: request.viewer!,
        current: 'registro',
      }),
    ),
  );

  app.get<{ Querystring: Record<string, string | undefined> }>(
    '/consola/registro.pdf',
    { preHandler: cc.read },
    async (request, reply) => {
      const viewer = request.viewer!;
      // Malformed values are a 400 page (decision 0182); a missing choice or a reversed period
      // is the form again (422).
      const obra = textParameter('obra', request.query.obra);
      const desde = dateParameter('desde', textParameter('desde', request.query.desde));
      const hasta = dateParameter('hasta', textParameter('hasta', request.query.hasta));
      const obraInfo = cc.obras.find((o) => o.slug === obra);
      if (obra && !obraInfo) throw new BadParameter('obra', T.notAnObra(obra));
      if (!obraInfo || !desde || !hasta || desde > hasta)
        return sendHtml(
          reply,
          consolePage(
            T.title,
            registroForm(
              cc,
              { obra, desde, hasta },
              `<p class="notice bad" role="alert">${T.invalidPeriod}</p>`,
            ),
            { viewer, current: 'registro' },
          ),
          422,
        );
      const { pdf, rows } = await drawRegistro(cc, request, obraInfo, desde, hasta);
      await audit(cc.app.db, { userId: viewer.userId, name: viewer.name }, 'exportar-pdf', null, {
        obra,
        desde,
        hasta,
        filas: rows,
      });
      return reply
        .type('application/pdf')
        .header('cache-control', 'no-store')
        .header(
          'content-disposition',
          `attachment; filename="registro-induccion-${obra}-${desde}-${hasta}.pdf"`,
        )
        .send(Buffer.from(pdf));
    },
  );
}

export async function exportRoutes(app: FastifyInstance, cc: ConsoleContext) {
  csvRoute(app, cc);
  registroRoutes(app, cc);
}
