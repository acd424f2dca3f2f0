// LMS preview (decisions 0001 and 0150): the LMS build of the course in a frame under
// scorm-again, a real SCORM run-time, so an admin sees what an LMS would record before uploading
// the zip — first as a plain-Spanish summary (summary.ts), the raw CMI data and the calls behind
// «Detalle técnico». The CMI data is kept in this page's localStorage (per version) on every
// Commit and at Terminate; «Salir y volver a entrar» starts a new session from it with cmi.entry
// as an LMS would set it. SCORM 1.2 by default: the package the admin guide recommends.
import { Scorm12API, Scorm2004API } from 'scorm-again';
import { sessionMs, summarize, type PreviewOutline, type Version } from './summary.ts';

type Json = Record<string, unknown>;
type Api = Scorm12API | Scorm2004API;

const PREFS_KEY = 'curso-sst:lms-preview:prefs';
const dataKey = (v: Version) => `curso-sst:lms-preview:cmi:${v}`;
/** Time of the attempt's sessions so far (an LMS keeps the total; scorm-again does not store it). */
const timeKey = (v: Version) => `curso-sst:lms-preview:time:${v}`;
const COURSE_URL = './course/index.html';
const MAX_CALLS = 200;

const METHODS: Record<
  Version,
  { global: string; names: string[]; set: string; commit: string; finish: string; init: string }
> = {
  '1.2': {
    global: 'API',
    names: [
      'LMSInitialize',
      'LMSFinish',
      'LMSGetValue',
      'LMSSetValue',
      'LMSCommit',
      'LMSGetLastError',
      'LMSGetErrorString',
      'LMSGetDiagnostic',
    ],
    set: 'LMSSetValue',
    commit: 'LMSCommit',
    finish: 'LMSFinish',
    init: 'LMSInitialize',
  },
  '2004': {
    global: 'API_1484_11',
    names: [
      'Initialize',
      'Terminate',
      'GetValue',
      'SetValue',
      'Commit',
      'GetLastError',
      'GetErrorString',
      'GetDiagnostic',
    ],
    set: 'SetValue',
    commit: 'Commit',
    finish: 'Terminate',
    init: 'Initialize',
  },
};

interface Prefs {
  version: Version;
  learnerId: string;
  learnerName: string;
}

const DEFAULT_PREFS: Prefs = {
  version: '1.2',
  learnerId: 'demo-001',
  learnerName: 'Pérez Gómez, María José',
};

function readJson<T>(key: string): T | null {
  try {
    const raw = localStorage.getItem(key);
    return raw ? (JSON.parse(raw) as T) : null;
  } catch {
    return null;
  }
}

function writeJson(key: string, value: unknown) {
  try {
    localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // storage full or blocked: the preview still runs, only without relaunch data
  }
}

function loadPrefs(): Prefs {
  const stored = readJson<Partial<Prefs>>(PREFS_KEY) ?? {};
  const fromUrl = new URLSearchParams(location.search).get('version');
  const version: Version =
    fromUrl === '1.2' || fromUrl === '2004'
      ? fromUrl
      : stored.version === '2004'
        ? '2004'
        : DEFAULT_PREFS.version;
  return {
    version,
    learnerId: typeof stored.learnerId === 'string' ? stored.learnerId : DEFAULT_PREFS.learnerId,
    learnerName:
      typeof stored.learnerName === 'string' ? stored.learnerName : DEFAULT_PREFS.learnerName,
  };
}

const learnerCmi = (v: Version, p: Prefs): Json =>
  v === '1.2'
    ? { core: { student_id: p.learnerId, student_name: p.learnerName } }
    : { learner_id: p.learnerId, learner_name: p.learnerName };

const plain = (api: Api): Json => JSON.parse(JSON.stringify(api.cmi)) as Json;

/** What an LMS keeps between sessions, with entry = resume after a suspended exit. */
function savedData(v: Version, api: Api): Json {
  const c = plain(api) as Record<string, Json & Record<string, Json>>;
  const pick = (o: Json | undefined, keys: string[]) =>
    Object.fromEntries(
      keys.filter((k) => o && o[k] !== undefined && o[k] !== '').map((k) => [k, o![k]]),
    );
  const strip = (v: unknown): unknown =>
    v && typeof v === 'object'
      ? Object.fromEntries(
          Object.entries(v as Json)
            .filter(
              ([, x]) =>
                x !== '' && !(x && typeof x === 'object' && !Object.keys(x as Json).length),
            )
            .map(([k, x]) => [k, strip(x)]),
        )
      : v;
  if (v === '1.2') {
    const core = c.core as Json & { score?: Json; exit?: string };
    return {
      core: {
        ...pick(core, ['student_id', 'student_name', 'lesson_location', 'lesson_status']),
        score: pick(core.score, ['raw', 'min', 'max']),
        entry: core.exit === 'suspend' ? 'resume' : '',
      },
      suspend_data: c.suspend_data,
      objectives: strip(c.objectives),
      interactions: strip(c.interactions),
    };
  }
  const root = c as unknown as Json & { score?: Json; exit?: string };
  return {
    ...pick(root, [
      'learner_id',
      'learner_name',
      'location',
      'completion_status',
      'success_status',
      'suspend_data',
      'progress_measure',
    ]),
    score: pick(root.score, ['raw', 'min', 'max', 'scaled']),
    entry: root.exit === 'suspend' ? 'resume' : '',
    objectives: strip(root.objectives),
    interactions: strip(root.interactions),
  };
}

function flatten(value: unknown, prefix: string, out: [string, string][]) {
  if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value as Json))
      flatten(v, prefix ? `${prefix}.${k}` : k, out);
  } else if (value !== '' && value !== undefined && value !== null) {
    out.push([prefix, String(value)]);
  }
  return out;
}

// ---------------------------------------------------------------- page state

const $ = <T extends Element>(selector: string) => document.querySelector<T>(selector)!;
const frameHolder = $<HTMLElement>('.course');
/** The frame's title as the build wrote it (the course title from course.json). */
const FRAME_TITLE = document.getElementById('course')?.title ?? '';
const statusLine = $<HTMLElement>('#status');
const summaryList = $<HTMLDListElement>('#summary');
/** Module sizes and page names, written into the page by scripts/build-preview.ts. */
const OUTLINE: PreviewOutline = (() => {
  try {
    return JSON.parse(
      document.getElementById('course-outline')?.textContent ?? '',
    ) as PreviewOutline;
  } catch {
    return { modules: [], pages: {} };
  }
})();
const tableBody = $<HTMLTableSectionElement>('#cmi tbody');
const callsList = $<HTMLOListElement>('#calls');
const filterInput = $<HTMLInputElement>('#filter');
const form = $<HTMLFormElement>('#controls');

let prefs = loadPrefs();

interface Session {
  version: Version;
  api: Api;
  /** False once the session is replaced: its late commits are not stored over the new data. */
  live: boolean;
  state: 'sin abrir' | 'sesión abierta' | 'sesión cerrada';
  commits: number;
  calls: number;
  entry: string;
  /** Time of the attempt's earlier sessions, in ms. */
  previousMs: number;
  previous: Map<string, string>;
  changed: Set<string>;
}

let session: Session | null = null;
let renderQueued = false;

function scheduleRender() {
  if (renderQueued) return;
  renderQueued = true;
  requestAnimationFrame(() => {
    renderQueued = false;
    render();
  });
}

function render() {
  if (!session) return;
  const s = session;
  const rows = flatten(plain(s.api), 'cmi', []);
  const current = new Map(rows);
  s.changed = new Set(
    rows.filter(([k, v]) => s.previous.size > 0 && s.previous.get(k) !== v).map(([k]) => k),
  );
  s.previous = current;
  const filter = filterInput.value.trim().toLowerCase();
  tableBody.replaceChildren(
    ...rows
      .filter(
        ([k, v]) => !filter || k.toLowerCase().includes(filter) || v.toLowerCase().includes(filter),
      )
      .map(([k, v]) => {
        const tr = document.createElement('tr');
        if (s.changed.has(k)) tr.className = 'changed';
        const key = document.createElement('td');
        key.textContent = k;
        const value = document.createElement('td');
        value.textContent = v;
        tr.append(key, value);
        return tr;
      }),
  );
  statusLine.textContent =
    `SCORM ${s.version} · ${s.state} · ${s.entry === 'resume' ? 'intento retomado' : 'intento nuevo'} · ` +
    (s.commits === 0
      ? 'nada guardado todavía'
      : `guardado ${s.commits} ${s.commits === 1 ? 'vez' : 'veces'}`);
  summaryList.replaceChildren(
    ...summarize(s.version, plain(s.api), OUTLINE, s.previousMs).flatMap((row) => {
      const dt = document.createElement('dt');
      dt.textContent = row.label;
      const dd = document.createElement('dd');
      dd.textContent = row.value;
      dd.dataset.summary = row.key;
      return [dt, dd];
    }),
  );
}

function logCall(text: string, failed: boolean) {
  const li = document.createElement('li');
  li.textContent = text;
  if (failed) li.className = 'fail';
  callsList.prepend(li);
  while (callsList.childElementCount > MAX_CALLS) callsList.lastElementChild?.remove();
}

/** A new LMS session: a fresh API loaded with the stored data (or a new attempt), the course framed. */
function launch(fresh: boolean) {
  // The course's pagehide (frame removal) ends the old session against the old API first.
  frameHolder.querySelector('iframe')?.remove();
  if (session) session.live = false;
  const version = prefs.version;
  const m = METHODS[version];
  const stored = fresh ? null : readJson<Json>(dataKey(version));
  const initial = stored ?? learnerCmi(version, prefs);
  const settings = { autocommit: false, lmsCommitUrl: false as const, logLevel: 4 as const };
  const api: Api = version === '1.2' ? new Scorm12API(settings) : new Scorm2004API(settings);
  api.loadFromJSON({ cmi: initial }, '');
  const entry = String(
    (version === '1.2' ? (initial.core as Json | undefined)?.entry : initial.entry) ?? '',
  );
  const previousMs = fresh ? 0 : (readJson<number>(timeKey(version)) ?? 0);
  const s: Session = {
    version,
    api,
    live: true,
    state: 'sin abrir',
    commits: 0,
    calls: 0,
    entry,
    previousMs,
    previous: new Map(),
    changed: new Set(),
  };
  session = s;

  const raw = api as unknown as Record<string, (...args: string[]) => unknown>;
  const exposed: Record<string, (...args: string[]) => string> = {};
  for (const name of m.names) {
    exposed[name] = (...args: string[]) => {
      const result = String(raw[name]!.apply(api, args));
      if (/GetLastError|GetErrorString|GetDiagnostic/.test(name)) return result;
      s.calls++;
      const ok =
        name === m.set || name === m.commit || name === m.init || name === m.finish
          ? result === 'true'
          : true;
      if (s.live)
        logCall(
          `${name}(${args.map((a) => JSON.stringify(a)).join(', ')}) → ${JSON.stringify(result)}`,
          !ok,
        );
      if (name === m.init && ok) s.state = 'sesión abierta';
      if (name === m.finish) s.state = 'sesión cerrada';
      if (name === m.commit && ok) s.commits++;
      // An LMS persists on Commit and at Terminate; so does the preview (unless replaced by a reset).
      if ((name === m.commit || name === m.finish) && ok && s.live) {
        writeJson(dataKey(version), savedData(version, api));
        writeJson(timeKey(version), s.previousMs + sessionMs(version, plain(api)));
      }
      if (s.live) scheduleRender();
      return result;
    };
  }
  const w = window as unknown as Record<string, unknown>;
  delete w.API;
  delete w.API_1484_11;
  w[m.global] = exposed;

  callsList.replaceChildren();
  const frame = document.createElement('iframe');
  frame.id = 'course';
  frame.title = FRAME_TITLE;
  frame.src = COURSE_URL;
  frameHolder.append(frame);
  render();
}

function syncForm() {
  for (const radio of form.querySelectorAll<HTMLInputElement>('input[name="version"]'))
    radio.checked = radio.value === prefs.version;
  form.querySelector<HTMLInputElement>('input[name="learnerId"]')!.value = prefs.learnerId;
  form.querySelector<HTMLInputElement>('input[name="learnerName"]')!.value = prefs.learnerName;
}

function readForm(): Prefs {
  const data = new FormData(form);
  return {
    version: data.get('version') === '2004' ? '2004' : '1.2',
    learnerId: String(data.get('learnerId') ?? '').trim(),
    learnerName: String(data.get('learnerName') ?? '').trim(),
  };
}

form.addEventListener('change', (event) => {
  const target = event.target as HTMLInputElement;
  if (target.name !== 'version') return;
  prefs = { ...prefs, version: readForm().version };
  writeJson(PREFS_KEY, prefs);
  launch(false);
});

$('#reset').addEventListener('click', () => {
  prefs = readForm();
  writeJson(PREFS_KEY, prefs);
  if (session) session.live = false; // the old session's last commits must not be stored back
  try {
    localStorage.removeItem(dataKey(prefs.version));
    localStorage.removeItem(timeKey(prefs.version));
  } catch {
    // nothing stored anyway
  }
  launch(true);
});

$('#relaunch').addEventListener('click', () => launch(false));
filterInput.addEventListener('input', () => render());

syncForm();
launch(false);
