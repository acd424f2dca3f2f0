// The Res. 0312 audit pack (estándar 1.2.2; decision 0222): for a period, the sample the
// standard asks for (sample.ts) drawn from the company's learners with a shown seed, stored with
// the population's hash, and one PDF with each sampled worker's induction evidence and, as an
// annex, the text of each acceptance version shown.
import fontkit from '@pdf-lib/fontkit';
import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import type { Queryable } from '../db/db.ts';
import { formatHours, toCertificateName, toWinAnsi } from '../../src/domain/certificate/text.ts';
import { NOTO_SANS_BOLD_SUBSET_BASE64 } from '../../src/domain/certificate/fonts/noto-sans-bold-subset.ts';
import { fontCovers } from '../../src/domain/certificate/font-coverage.ts';
import { dateTime, plainDate, shortDate } from '../console/layout.ts';
import { hoursMinutes, wrapCell } from '../console/registro-pdf.ts';
import { pdfText } from '../console/pdf-text.ts';
import { checkChain, checkedShownText, type ChainCheck } from '../acceptance/store.ts';
import type { InstallationKey } from '../acceptance/installation-key.ts';
import {
  chainHeadText,
  chainNotes,
  SEAL_TEXT,
  sealState,
  shortSeal,
} from '../acceptance/summary.ts';
import { drawSample, newSeed, populationHash, sampleRule, type SampleRule } from './sample.ts';
import { exclusionsOf, periodPopulation, type Exclusion } from './exclusions.ts';
import {
  cycleVersionsSql,
  periodVersions,
  shortContentVersion,
  versionDates,
  versionsLabel,
} from '../console/content-versions.ts';
import { linkedPlatformsSql, viaLms } from '../lti/lms-label.ts';

export interface PackRequest {
  courseId: string;
  from: string;
  to: string;
  /** The configured number of workers; without it, the population's size (said in the rule). */
  workers: number | undefined;
  actorId: number;
  seed?: string;
}

export interface SampledWorker {
  id: number;
  name: string;
  document: string;
  obra: string | null;
  contratista: string | null;
  cargo: string | null;
  fechaIngreso: string | null;
  completedAt: Date | null;
  seconds: number;
  /** The content versions of the cycle's answers (normally one; record 0264). */
  contentVersions: string[];
  answers: { question: string; option: string; correct: boolean }[];
  acceptance: string | null;
  shownVersion: string | null;
  certificate: string | null;
  /** «vía LMS (Moodle)» when linked through an LMS (record 0296), else null. */
  lms: string | null;
}

export interface Pack {
  sampleId: number;
  rule: SampleRule;
  seed: string;
  populationSize: number;
  populationHash: string;
  /** Left out of the population: the server's demo learner(s), not workers (record 0264). */
  demo: { name: string; document: string }[];
  /** Left out of the population by a coordinator's audited mark, by name. */
  excluded: Exclusion[];
  workers: SampledWorker[];
  versions: { hash: string; body: string }[];
  /** Every course content version recorded in the period or completed by a sampled worker. */
  contentVersions: { version: string; firstRecordedAt: Date | null }[];
  chainHead: string;
}

/** The sample rule for the configured workers, or for the population when none is set. */
function ruleFor(configured: number | undefined, populationSize: number): SampleRule {
  const base = sampleRule(configured ?? populationSize);
  return configured === undefined
    ? {
        ...base,
        text: `${base.text} (número de trabajadores no configurado: se usan los aprendices registrados)`,
      }
    : base;
}

/** Printed instead of a shown text whose body no longer has its hash (decision 0258). */
const ALTERED_TEXT =
  'TEXTO ALTERADO: el texto guardado en la base de datos no coincide con el que se selló; no se imprime.';

/** One sampled worker's evidence, and the acceptance text shown to them (for the annex). */
async function workerEvidence(
  db: Queryable,
  id: number,
  courseId: string,
  chain: ChainCheck,
): Promise<{ worker: SampledWorker; shown: { hash: string; body: string } | null } | null> {
  const [u] = await db.query<Record<string, unknown>>(
    `SELECT u.id, u.name, u.document, u.obra, u.contratista, u.cargo, u.fecha_ingreso,
            p.completed_at, p.cycle, c.code,
            learning_seconds(u.id, $2, p.cycle) AS seconds,
            ${cycleVersionsSql('u.id', '$2', 'p.cycle')} AS content_versions,
            a.id AS acceptance_id, a.received_at, a.seal, a.shown_version, t.body,
            ${linkedPlatformsSql('u.id')} AS lms
       FROM users u
       LEFT JOIN LATERAL (SELECT * FROM progress p WHERE p.user_id = u.id AND p.course_id = $2
                           ORDER BY p.completed_at IS NULL, p.cycle DESC LIMIT 1) p ON true
       LEFT JOIN certificates c
              ON c.user_id = u.id AND c.course_id = $2 AND c.cycle = p.cycle
       LEFT JOIN acceptances a ON a.user_id = u.id AND a.course_id = $2 AND a.cycle = p.cycle
       LEFT JOIN shown_texts t ON t.hash = a.shown_version
      WHERE u.id = $1`,
    [id, courseId],
  );
  if (!u) return null;
  const answers = u.cycle
    ? await db.query<{ question: string; chosen_option: string; correct: boolean }>(
        `SELECT question, chosen_option, correct FROM answers
          WHERE user_id = $1 AND course_id = $2 AND cycle = $3 ORDER BY question_id`,
        [id, courseId, u.cycle],
      )
    : [];
  const acceptanceId = u.acceptance_id === null ? null : Number(u.acceptance_id);
  const worker: SampledWorker = {
    id,
    name: String(u.name),
    document: String(u.document),
    obra: (u.obra as string | null) ?? null,
    contratista: (u.contratista as string | null) ?? null,
    cargo: (u.cargo as string | null) ?? null,
    fechaIngreso: u.fecha_ingreso ? new Date(u.fecha_ingreso as string).toISOString() : null,
    completedAt: u.completed_at ? new Date(u.completed_at as string) : null,
    seconds: Number(u.seconds ?? 0),
    contentVersions: (u.content_versions as string[] | null) ?? [],
    answers: answers.map((a) => ({
      question: a.question,
      option: a.chosen_option,
      correct: a.correct,
    })),
    acceptance:
      acceptanceId === null
        ? null
        : `${dateTime(u.received_at as Date)}, sello ${shortSeal(String(u.seal))} — ${SEAL_TEXT[sealState(chain, acceptanceId)]}`,
    shownVersion: u.shown_version ? String(u.shown_version) : null,
    certificate: (u.code as string | null) ?? null,
    lms: viaLms(u.lms),
  };
  const shown =
    u.shown_version && typeof u.body === 'string'
      ? {
          hash: String(u.shown_version),
          body: checkedShownText(String(u.shown_version), u.body) ?? ALTERED_TEXT,
        }
      : null;
  return { worker, shown };
}

/** Draws and stores the sample, and reads each sampled worker's evidence. */
export async function buildPack(
  db: Queryable,
  key: InstallationKey,
  req: PackRequest,
): Promise<Pack> {
  const { members: population, demo, excludedIds } = await periodPopulation(db, req.from, req.to);
  const workers = req.workers ?? population.length;
  const rule = ruleFor(req.workers, population.length);
  const seed = req.seed ?? newSeed();
  const hash = populationHash(population);
  const ids = drawSample(population, rule.size, seed);
  const [stored] = await db.query<{ id: number }>(
    `INSERT INTO audit_samples (actor_id, period_from, period_to, workers, rule, seed,
       population_size, population_hash, sampled_ids, excluded_ids)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING id`,
    [
      req.actorId,
      req.from,
      req.to,
      workers,
      rule.text,
      seed,
      population.length,
      hash,
      ids,
      excludedIds,
    ],
  );
  const chain = await checkChain(db, key);
  const sampled: SampledWorker[] = [];
  const versions = new Map<string, string>();
  for (const id of ids) {
    const evidence = await workerEvidence(db, id, req.courseId, chain);
    if (!evidence) continue;
    if (evidence.shown) versions.set(evidence.shown.hash, evidence.shown.body);
    sampled.push(evidence.worker);
  }
  const contentVersions = [
    ...new Set([
      ...(await periodVersions(db, req.courseId, req.from, req.to)),
      ...sampled.flatMap((w) => w.contentVersions),
    ]),
  ];
  const dates = await versionDates(db, req.courseId, contentVersions);
  return {
    sampleId: Number(stored!.id),
    rule,
    seed,
    populationSize: population.length,
    populationHash: hash,
    demo,
    excluded: await exclusionsOf(db, excludedIds),
    workers: sampled,
    versions: [...versions].map(([h, body]) => ({ hash: h, body })),
    contentVersions: contentVersions
      .map((version) => ({ version, firstRecordedAt: dates.get(version) ?? null }))
      .sort((a, b) => (a.firstRecordedAt?.getTime() ?? 0) - (b.firstRecordedAt?.getTime() ?? 0)),
    chainHead: [chainHeadText(chain.head, key.keyId, chain.count), ...chainNotes(chain)].join(' '),
  };
}

const A4: [number, number] = [595.28, 841.89];
const M = 42;
const INK = rgb(29 / 255, 43 / 255, 54 / 255);
const SOFT = rgb(70 / 255, 84 / 255, 95 / 255);

export interface PackPdfHeader {
  companyName: string;
  nit: string;
  from: string;
  to: string;
  verifyBase: string;
  obraName(slug: string | null): string;
  sample: boolean;
  /** The course's planned duration in hours, named as planned (record 0264). */
  hours: number;
}

/**
 * Where the induction falls against the worker's fecha de ingreso (both as Colombian calendar
 * days, aaaa-mm-dd): the same day reads as such, not as «antes».
 */
export function beforeIngreso(completedYmd: string, ingresoYmd: string): string {
  if (completedYmd < ingresoYmd) return ' (antes de la fecha de ingreso)';
  if (completedYmd === ingresoYmd) return ' (el mismo día del ingreso)';
  return ' (después de la fecha de ingreso)';
}

export async function packPdf(pack: Pack, h: PackPdfHeader): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.registerFontkit(fontkit);
  pdf.setTitle(toWinAnsi(`Paquete de auditoría Res. 0312 — ${h.companyName}`));
  pdf.setLanguage('es-CO');
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  // A name beyond WinAnsi (Ł, Ż…) in the registro's embedded Noto Sans subset (decision 0189).
  const people = await pdf.embedFont(
    Uint8Array.from(atob(NOTO_SANS_BOLD_SUBSET_BASE64), (c) => c.charCodeAt(0)),
    { subset: true },
  );
  let page!: PDFPage;
  let y = 0;
  const newPage = () => {
    page = pdf.addPage(A4);
    y = A4[1] - M;
  };
  const line = (
    text: string,
    o: { font?: PDFFont; size?: number; gap?: number; indent?: number; person?: boolean } = {},
  ) => {
    const beyond = o.person && pdfText(text) !== text;
    const font = beyond ? people : (o.font ?? regular);
    const printed = beyond ? toCertificateName(text, fontCovers) : pdfText(text);
    const size = o.size ?? 9.5;
    const indent = o.indent ?? 0;
    for (const l of wrapCell(font, printed, size, A4[0] - 2 * M - indent)) {
      if (y < M + size) newPage();
      page.drawText(l, { x: M + indent, y, size, font, color: o.font === bold ? INK : INK });
      y -= size + 3;
    }
    y -= o.gap ?? 0;
  };
  newPage();
  line(`${h.companyName} — NIT ${h.nit}`, { font: bold, size: 13, gap: 2 });
  line('Paquete de auditoría: inducción SG-SST (Resolución 0312 de 2019, estándar 1.2.2)', {
    font: bold,
    size: 11,
    gap: 4,
  });
  if (h.sample) line('EJEMPLO — SIN VALIDEZ', { font: bold, gap: 4 });
  line(`Periodo: del ${h.from} al ${h.to}. Muestra n.° ${pack.sampleId}.`);
  line(
    `Duración prevista del curso: ${formatHours(h.hours)}. El tiempo registrado de cada trabajador va en su ficha.`,
  );
  line(`Regla: ${pack.rule.text}.`);
  line(
    `Población: ${pack.populationSize} aprendices registrados en el sistema; hash SHA-256 de la población: ${pack.populationHash}`,
  );
  line(
    `Fuera de la población: ${pack.demo.length === 1 ? '1 usuario de prueba creado por el servidor (no es un trabajador)' : `${pack.demo.length} usuarios de prueba creados por el servidor (no son trabajadores)`}${pack.demo.map((d) => `, ${d.name} — documento ${d.document}`).join('')}; ${pack.excluded.length} ${pack.excluded.length === 1 ? 'trabajador excluido' : 'trabajadores excluidos'} por un coordinador${pack.excluded.length ? ' (lista abajo)' : ''}.`,
  );
  line(
    `Semilla: ${pack.seed}. Cada trabajador se ordena por SHA-256(semilla:id) y se toman los primeros ${pack.workers.length}.`,
  );
  line(`Cabeza de la cadena de sellos: ${pack.chainHead}`, { gap: 8 });
  if (pack.excluded.length) {
    line('Trabajadores excluidos de la población por un coordinador', { font: bold, gap: 2 });
    for (const e of pack.excluded)
      line(
        `${e.name} — documento ${e.document}: excluido por ${e.actorName} el ${dateTime(e.at)}. Motivo: ${e.reason}`,
        { indent: 12 },
      );
    y -= 8;
  }
  const versionDate = new Map(pack.contentVersions.map((v) => [v.version, v.firstRecordedAt]));
  const dated = new Map([...versionDate].filter((e): e is [string, Date] => e[1] !== null));
  pack.workers.forEach((w, i) => {
    if (y < M + 160) newPage();
    line(`${i + 1}. ${w.name} — documento ${w.document}`, {
      font: bold,
      size: 10.5,
      gap: 1,
      person: true,
    });
    const ingreso = w.fechaIngreso ? plainDate(w.fechaIngreso) : 'sin dato';
    const before =
      w.completedAt && w.fechaIngreso
        ? beforeIngreso(
            shortDate(w.completedAt).split('/').reverse().join('-'),
            w.fechaIngreso.slice(0, 10),
          )
        : '';
    line(
      `Obra: ${h.obraName(w.obra)} · Contratista: ${w.contratista ?? 'Empleado directo'} · Cargo: ${w.cargo ?? 'sin dato'} · Fecha de ingreso: ${ingreso}`,
      { indent: 12 },
    );
    line(
      `Inducción: ${w.completedAt ? `completada el ${shortDate(w.completedAt)}${before}` : 'no completada'}${w.lms ? ` ${w.lms}` : ''} · Tiempo registrado: ${hoursMinutes(w.seconds)}`,
      { indent: 12 },
    );
    const content = versionsLabel(w.contentVersions, dated);
    line(
      `Contenido del curso: ${content ? `versión ${content} (anexo)` : 'sin respuestas registradas'} · Texto de aceptación: ${w.shownVersion ? `versión ${w.shownVersion.slice(0, 8)}` : 'ninguno aceptado'}`,
      { indent: 12 },
    );
    line(
      `Aceptación: ${w.acceptance ? `${w.acceptance}; texto mostrado ${w.shownVersion!.slice(0, 8)} (anexo)` : 'sin aceptación'}`,
      { indent: 12 },
    );
    line(
      `Certificado: ${w.certificate ? `${w.certificate}, verificable en ${h.verifyBase}/verificar/${w.certificate}` : 'sin certificado'}`,
      { indent: 12 },
    );
    const correct = w.answers.filter((a) => a.correct).length;
    line(
      `Primeras respuestas: ${w.answers.length ? `${correct} correctas de ${w.answers.length}` : 'sin respuestas registradas'}`,
      { indent: 12 },
    );
    for (const a of w.answers)
      // «Respondió:», not an arrow: WinAnsi (the standard fonts) has no «→» (record 0264).
      line(`${a.correct ? 'Correcta' : 'Incorrecta'} — ${a.question} Respondió: «${a.option}»`, {
        indent: 24,
        size: 8,
      });
    y -= 8;
  });
  newPage();
  line('Anexo: versiones del contenido del curso', { font: bold, size: 11, gap: 4 });
  line(
    'Cada respuesta guarda la versión del contenido con que se respondió. Versiones con respuestas registradas en el periodo o completadas por un trabajador de la muestra, con el día en que este servidor registró la primera respuesta de cada una:',
    { gap: 3 },
  );
  if (!pack.contentVersions.length) line('Ninguna respuesta registrada en el periodo.');
  for (const v of pack.contentVersions)
    line(
      `Versión ${shortContentVersion(v.version)} (${v.version}): primera respuesta registrada el ${v.firstRecordedAt ? shortDate(v.firstRecordedAt) : 'sin dato'}`,
      { indent: 12 },
    );
  y -= 10;
  line('Anexo: textos de aceptación mostrados', { font: bold, size: 11, gap: 4 });
  if (!pack.versions.length) line('Ningún trabajador de la muestra registró aceptación.');
  for (const v of pack.versions) {
    line(`Versión ${v.hash}`, { font: bold, gap: 2 });
    for (const p of v.body.split('\n\n')) line(p, { gap: 3 });
    y -= 6;
  }
  const pages = pdf.getPages();
  pages.forEach((p, i) => {
    const footer = pdfText(
      `Paquete de auditoría n.° ${pack.sampleId} · página ${i + 1} de ${pages.length}`,
    );
    p.drawText(footer, {
      x: A4[0] - M - regular.widthOfTextAtSize(footer, 8),
      y: M - 20,
      size: 8,
      font: regular,
      color: SOFT,
    });
  });
  return pdf.save({ useObjectStreams: true });
}
