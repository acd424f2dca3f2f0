// The plain-Spanish summary of the LMS preview (decision 0150): what an LMS would record,
// read from the preview's scorm-again CMI data and said without SCORM element names — status,
// score, topics seen, questions answered and right, time, last screen. Pure: preview.ts renders it.

export type Version = '1.2' | '2004';
type Json = Record<string, unknown>;

/** What the preview build writes into the page about the course (scripts/build-preview.ts). */
export interface PreviewOutline {
  modules: { number: number; title: string; topicCount: number; questionCount: number }[];
  /** Page id → how the page is named to an admin («Módulo 1, tema 2: …»). */
  pages: Record<string, string>;
}

export interface SummaryRow {
  key:
    | 'participante'
    | 'estado'
    | 'puntaje'
    | 'temas'
    | 'modulos'
    | 'respondidas'
    | 'acertadas'
    | 'tiempo'
    | 'pantalla';
  label: string;
  value: string;
}

const str = (v: unknown) => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');
const obj = (v: unknown): Json => (v && typeof v === 'object' ? (v as Json) : {});

/** SCORM 1.2 CMITimespan (HHHH:MM:SS.SS) or SCORM 2004 ISO 8601 duration (PT1H2M3.5S) → ms. */
export function parseDuration(value: string): number {
  const v = value.trim();
  const hms = /^(\d{1,4}):(\d{1,2}):(\d{1,2}(?:\.\d+)?)$/.exec(v);
  if (hms) return Math.round((+hms[1]! * 3600 + +hms[2]! * 60 + +hms[3]!) * 1000);
  const iso =
    /^P(?:(\d+(?:\.\d+)?)Y)?(?:(\d+(?:\.\d+)?)M)?(?:(\d+(?:\.\d+)?)D)?(?:T(?:(\d+(?:\.\d+)?)H)?(?:(\d+(?:\.\d+)?)M)?(?:(\d+(?:\.\d+)?)S)?)?$/.exec(
      v,
    );
  if (!iso || v === 'P' || v.endsWith('T')) return 0;
  const [, y, mo, d, h, mi, s] = iso.map((x) => (x ? Number(x) : 0));
  return Math.round(((y! * 365 + mo! * 30 + d!) * 86400 + h! * 3600 + mi! * 60 + s!) * 1000);
}

/** «1 h 5 min», «4 min 12 s», «8 s», «0 s». */
export function formatDuration(ms: number): string {
  const total = Math.max(0, Math.round(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  if (h) return m ? `${h} h ${m} min` : `${h} h`;
  if (m) return s ? `${m} min ${s} s` : `${m} min`;
  return `${s} s`;
}

/** Topics seen and quizzes done, from the course's suspend_data route string (decision 0003). */
export function routeProgress(route: string, outline: PreviewOutline) {
  const groups = route.split('-');
  let topics = 0;
  let quizzes = 0;
  outline.modules.forEach((m, i) => {
    const seen = new Set(
      (groups[i] ?? '')
        .split(',')
        .map((x) => Number.parseInt(x, 10))
        .filter((n) => Number.isInteger(n) && n >= 0 && n <= m.topicCount),
    );
    for (const n of seen) {
      if (n < m.topicCount) topics++;
      else quizzes++;
    }
  });
  return { topics, quizzes };
}

function statusText(version: Version, cmi: Json): string {
  if (version === '1.2') {
    const status = str(obj(cmi.core).lesson_status);
    return (
      {
        'not attempted': 'Sin empezar',
        incomplete: 'En curso',
        completed: 'Completado',
        passed: 'Aprobado',
        failed: 'No aprobado',
        browsed: 'Solo revisado',
      }[status] ?? 'Sin empezar'
    );
  }
  const completion = str(cmi.completion_status);
  const success = str(cmi.success_status);
  if (completion === 'completed')
    return success === 'passed' ? 'Completado y aprobado' : 'Completado';
  if (success === 'failed') return 'No aprobado';
  return completion === 'incomplete' ? 'En curso' : 'Sin empezar';
}

/** The recorded questions (one interaction per question, decision 0008), by id. */
function answers(cmi: Json): { answered: number; right: number } {
  const byId = new Map<string, boolean>();
  for (const it of Object.values(obj(cmi.interactions))) {
    const id = str(obj(it).id);
    if (id) byId.set(id, str(obj(it).result) === 'correct');
  }
  return { answered: byId.size, right: [...byId.values()].filter(Boolean).length };
}

/**
 * The summary rows for the CMI data of one session. `previousMs`: time of the sessions before
 * this one (an LMS adds each session's time to the attempt's total).
 */
export function summarize(
  version: Version,
  cmi: Json,
  outline: PreviewOutline,
  previousMs = 0,
): SummaryRow[] {
  const core = version === '1.2' ? obj(cmi.core) : cmi;
  const name = str(version === '1.2' ? core.student_name : cmi.learner_name);
  const raw = str(obj(core.score).raw);
  const max = str(obj(core.score).max) || '100';
  const suspend = str(cmi.suspend_data);
  const { topics, quizzes } = routeProgress(suspend, outline);
  const topicTotal = outline.modules.reduce((n, m) => n + m.topicCount, 0);
  const questionTotal = outline.modules.reduce((n, m) => n + m.questionCount, 0);
  const { answered, right } = answers(cmi);
  const sessionMs = parseDuration(str(core.session_time));
  const bookmark = str(version === '1.2' ? core.lesson_location : cmi.location);
  const modules = outline.modules.length;
  return [
    { key: 'participante', label: 'Participante', value: name || '(sin nombre)' },
    { key: 'estado', label: 'Estado', value: statusText(version, cmi) },
    {
      key: 'puntaje',
      // Two different figures, each named with what it measures (decision 0226).
      label: `Puntaje (avance: ${Math.round(100 / Math.max(1, modules))} por módulo terminado)`,
      value: raw === '' ? 'Sin puntaje todavía' : `${raw} de ${max}`,
    },
    { key: 'temas', label: 'Temas vistos', value: `${topics} de ${topicTotal}` },
    {
      key: 'modulos',
      label: 'Módulos terminados',
      value: `${quizzes} de ${modules}`,
    },
    {
      key: 'respondidas',
      label: 'Preguntas respondidas',
      value: `${answered} de ${questionTotal}`,
    },
    {
      key: 'acertadas',
      label: 'Resultado del primer intento (no cambia el puntaje)',
      value: answered ? `${right} de ${answered}` : '—',
    },
    {
      key: 'tiempo',
      label: 'Tiempo registrado',
      value: formatDuration(previousMs + sessionMs),
    },
    {
      key: 'pantalla',
      label: 'Última pantalla',
      value: bookmark ? (outline.pages[bookmark] ?? bookmark) : 'Ninguna todavía',
    },
  ];
}

/** Time of this session as the course last reported it, in ms. */
export const sessionMs = (version: Version, cmi: Json) =>
  parseDuration(str((version === '1.2' ? obj(cmi.core) : cmi).session_time));
