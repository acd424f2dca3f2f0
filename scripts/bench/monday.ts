// The pure parts of `npm run bench:monday` (tools/bench-monday.ts, decision 0251): the CSV of
// a Monday's new workers, the phone's network profile, the steps timed and their report.
import { stat, type Stat } from './report.ts';
import { FAST_3G } from './measure-load.ts';

/**
 * DevTools' «Slow 3G» preset (now «3G» in its menu): 400 ms × 5 RTT, 500 kbit/s × 0.8 both ways,
 * with the kbit → bytes conversion of FAST_3G (× 1024 / 8). A worker's cheap phone at the obra.
 */
export const SLOW_3G = {
  latency: 2000,
  downloadThroughput: ((500 * 1024) / 8) * 0.8,
  uploadThroughput: ((500 * 1024) / 8) * 0.8,
};

/**
 * The phone: 360 px wide, CPU ×4 + Fast 3G, the profile of `npm run bench`'s first screens and of
 * the budgets the worker's first minute is held to (record 0275; Slow 3G before it).
 */
export const PHONE_PROFILE = {
  label: 'teléfono 360 px, CPU ×4 + Fast 3G (562 ms RTT, 1,44 Mbit/s)',
  cpuRate: 4,
  network: FAST_3G,
};

/** The worker's first minute and its budgets (record 0275), medians of WORKER_MINUTE_RUNS. */
export const WORKER_MINUTE_RUNS = 5;
export const WORKER_MINUTE = [
  { id: 'signIn', label: 'página de ingreso usable («Ingresar» responde)', budgetMs: 1500 },
  { id: 'notice', label: 'enlace de invitación → aviso de datos usable', budgetMs: 2000 },
  {
    id: 'acceptToCourse',
    label: '«Acepto» al instante → primera pantalla del curso usable',
    budgetMs: 1000,
  },
  {
    id: 'codeToCourse',
    label: 'código en /entrar → primera pantalla del curso usable',
    budgetMs: null,
  },
] as const;

export type WorkerMinute = Record<(typeof WORKER_MINUTE)[number]['id'], Stat>;

/** The worker's first minute, each figure against its budget. */
export function formatWorkerMinute(
  m: WorkerMinute,
  context: { runs: number; phone: string },
): string {
  const secs = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
  return [
    `El primer minuto del trabajador (${context.phone}, navegador nuevo) — mediana (mín–máx) de ${context.runs}:`,
    ...WORKER_MINUTE.map(({ id, label, budgetMs }) => {
      const x = m[id];
      const verdict =
        budgetMs === null
          ? ''
          : `  presupuesto ${secs(budgetMs)} ${x.median <= budgetMs ? '✓' : '✗ excedido'}`;
      return `  ${label.padEnd(58)} ${secs(x.median).padStart(8)}  (${secs(x.min)}–${secs(x.max)})${verdict}`;
    }),
  ].join('\n');
}

export interface MondayWorker {
  document: string;
  name: string;
  /** As typed in the file (accents and case vary on purpose). */
  obra: string;
  /** True when `obra` names the obra the import screen creates. */
  newObra: boolean;
  celular: string | null;
}

const FIRST = [
  'María José',
  'Óscar',
  'Ñusta',
  'Andrés Felipe',
  'Lucía',
  'Édgar',
  'Iván',
  'Sofía',
  'Raúl',
  'Ángela',
  'Jesús',
  'Inés',
  'Wílmar',
  'Yésica',
  'Efraín',
  'Nelly',
  'Güido',
  'Dairo',
  'Zoraida',
  'Ramón',
];
const LAST = [
  'Pérez Núñez',
  'Gómez Peña',
  'Muñoz Díaz',
  'Ávila Suárez',
  'Ortiz Ibáñez',
  'Cañas Rúa',
  'Quiñones Mejía',
  'Londoño Ríos',
];
/** The configuration's obra as people type it: with and without accents, any case. */
const KNOWN_SPELLINGS = (name: string) => [
  name,
  name.toLowerCase(),
  name.toUpperCase(),
  name.replace(/^O/, 'Ó').replace(/e/g, 'é'),
];
const CONTRATISTAS = ['', 'Concretos Añil S.A.S.', 'Eléctricos Ñapa', 'concretos añil sas'];
const CARGOS = ['Ayudante de obra', 'Oficial', 'Maestro de obra', 'Electricista', 'Almacenista'];

/** Without accents or ñ, lower case: how a hurried coordinator types the new obra once more. */
const plain = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/**
 * The file a coordinator brings on Monday: `count` new workers (names with accents, all
 * distinct), starting on `date` (YYYY-MM-DD, written dd/mm/aaaa as Excel does), documents
 * `prefix` + two digits; the configuration's obra `knownObra` typed four ways, and every fifth
 * worker at `newObra`, which does not exist yet, typed with and without its accents. Most
 * have a celular (in three ways of writing it), every seventh none; passwords are left empty
 * (the server generates them). Semicolon-separated, CRLF, as Excel in Colombia saves it.
 */
export function mondayCsv(options: {
  count?: number;
  date: string;
  prefix: string;
  knownObra: string;
  newObra: string;
}): { csv: string; workers: MondayWorker[] } {
  const count = options.count ?? 40;
  if (count < 1 || count > FIRST.length * LAST.length)
    throw new Error(`count must be from 1 to ${FIRST.length * LAST.length}`);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(options.date)) throw new Error('date must be YYYY-MM-DD');
  const [y, m, d] = options.date.split('-');
  const fecha = `${d}/${m}/${y}`;
  const known = KNOWN_SPELLINGS(options.knownObra);
  const workers: MondayWorker[] = [];
  const lines = ['documento;nombre;correo;contraseña;obra;contratista;cargo;fecha_ingreso;celular'];
  for (let i = 0; i < count; i++) {
    const document = `${options.prefix}${String(i).padStart(2, '0')}`;
    // i and i / FIRST.length pick first and last names: every pair is different.
    const name = `${FIRST[i % FIRST.length]} ${LAST[(i + Math.floor(i / FIRST.length)) % LAST.length]}`;
    const newObra = i % 5 === 4;
    const obra = newObra
      ? i % 10 === 4
        ? options.newObra
        : plain(options.newObra)
      : known[i % known.length]!;
    const digits = `3${String(100 + ((i * 37) % 900)).padStart(3, '0')}${String(1_000_000 + i * 7919).slice(-6)}`;
    const celular = i % 7 === 6 ? null : digits;
    const written =
      celular === null
        ? ''
        : [
            celular,
            `${celular.slice(0, 3)} ${celular.slice(3, 6)} ${celular.slice(6)}`,
            `+57 ${celular}`,
          ][i % 3]!;
    workers.push({ document, name, obra, newObra, celular });
    lines.push(
      [
        document,
        name,
        '',
        '',
        obra,
        CONTRATISTAS[i % CONTRATISTAS.length],
        CARGOS[i % CARGOS.length],
        fecha,
        written,
      ].join(';'),
    );
  }
  return { csv: `${lines.join('\r\n')}\r\n`, workers };
}

/** The steps timed, in order: the coordinator's at the desk, then the worker's on the phone. */
export const MONDAY_STEPS = [
  { id: 'signIn', side: 'coordinator', label: 'consola: ingresar' },
  { id: 'upload', side: 'coordinator', label: 'subir el CSV → obras nuevas ofrecidas' },
  { id: 'import', side: 'coordinator', label: 'crear la obra e importar → «Importados: 40»' },
  { id: 'select', side: 'coordinator', label: 'filtrar «Ingresó desde» y marcar a los 40' },
  { id: 'issue', side: 'coordinator', label: 'hacer las invitaciones → «Invitaciones listas»' },
  { id: 'cards', side: 'coordinator', label: 'descargar las tarjetas (PDF)' },
  { id: 'linkToForm', side: 'worker', label: 'abrir el enlace → «Entrar» usable' },
  { id: 'enterToNotice', side: 'worker', label: 'tocar «Entrar» → «Acepto» usable' },
  { id: 'acceptToCourse', side: 'worker', label: 'tocar «Acepto» → primera pantalla del curso' },
] as const;

export type MondayStepId = (typeof MONDAY_STEPS)[number]['id'];
export type MondayRun = Record<MondayStepId, number>;

export interface MondaySummary {
  steps: { id: MondayStepId; label: string; ms: Stat }[];
  coordinatorMs: Stat;
  workerMs: Stat;
  totalMs: Stat;
}

/** Medians (min–max) of each step, of each side's sum and of the whole, over the runs. */
export function summariseMonday(runs: MondayRun[]): MondaySummary {
  if (!runs.length) throw new Error('no runs');
  const sum = (run: MondayRun, side?: 'coordinator' | 'worker') =>
    MONDAY_STEPS.filter((s) => !side || s.side === side).reduce((t, s) => t + run[s.id], 0);
  return {
    steps: MONDAY_STEPS.map((s) => ({
      id: s.id,
      label: s.label,
      ms: stat(runs.map((r) => r[s.id])),
    })),
    coordinatorMs: stat(runs.map((r) => sum(r, 'coordinator'))),
    workerMs: stat(runs.map((r) => sum(r, 'worker'))),
    totalMs: stat(runs.map((r) => sum(r))),
  };
}

export function formatMonday(
  s: MondaySummary,
  context: { runs: number; phone: string; loadAverage: [number, number] },
): string {
  const secs = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
  const range = (x: Stat) => `${secs(x.median).padStart(8)}  (${secs(x.min)}–${secs(x.max)})`;
  const line = (label: string, x: Stat) => `  ${label.padEnd(52)} ${range(x)}`;
  const coordinator = MONDAY_STEPS.filter((m) => m.side === 'coordinator').map((m) => m.id);
  const row = (id: MondayStepId) => {
    const step = s.steps.find((x) => x.id === id)!;
    return line(step.label, step.ms);
  };
  return [
    `\nEl lunes del coordinador, cronometrado — mediana (mín–máx) de ${context.runs} ${context.runs === 1 ? 'corrida' : 'corridas'}:`,
    'Coordinador (escritorio 1366 px, red local):',
    ...coordinator.map(row),
    line('subtotal coordinador', s.coordinatorMs),
    `Trabajador (${context.phone}):`,
    ...MONDAY_STEPS.filter((m) => m.side === 'worker').map((m) => row(m.id)),
    line('subtotal trabajador', s.workerMs),
    line('total', s.totalMs),
    `  carga del equipo (1 min): ${context.loadAverage[0].toFixed(2)} al empezar, ${context.loadAverage[1].toFixed(2)} al terminar`,
  ].join('\n');
}
