/* global window, document, location, URLSearchParams, performance */
// LMS stand-in for the SCORM specs (e2e/scorm-*.spec.ts): scorm-again in this top window, wrapped
// by a strict checker (real LMSs are stricter than scorm-again) and, outside it, by optional
// fault injection. The course runs `depth` frames below, or in a popup whose opener is this page.
//
// Configuration (see config below) with
//   version     '1.2' | '2004' | 'both' | 'none'
//   depth       frames between this page and the course (default 3)
//   popup       launch the course with window.open (window.__lms.launchPopup())
//   crossOrigin the middle frame is served from another origin (localhost vs 127.0.0.1)
//   cmi         initial CMI data (scorm-again loadFromJSON shape), for a resume or a learner
//   faults      { commitFailures, setValueFailures, commitDelayMs,
//                 getValueFailures, getValueFailElement, getValueFault }: the first
//                 getValueFailures reads of getValueFailElement (a regex source, default
//                 suspend_data) throw ('throws') or answer '' with an error code ('error')
//   course      launch URL (default /lms/index.html)
//   pageShape   'moodle': the LMS page as Moodle 4.4 draws its player at 1366×768 — a fixed
//               60-px navigation bar, the course frame 260 px down the page, more page below it
//               (so page and frame both scroll); use with frameSize
//   popupSize   {width, height} of the popup window (default 1000×800)
//
// window.__lms exposes: calls, violations, counts, cmi(version), saved(version), closeCourse().
(function () {
  'use strict';
  const params = new URLSearchParams(location.search);
  // ?launch=<id> names a configuration put in by the fixture's init script; ?config=<JSON> is
  // for trying the harness by hand.
  const config =
    (window.__lmsConfigs && window.__lmsConfigs[params.get('launch')]) ||
    JSON.parse(params.get('config') || '{}');
  const versions =
    config.version === 'both'
      ? ['2004', '1.2']
      : config.version === 'none'
        ? []
        : [config.version || '1.2'];
  const faults = Object.assign(
    {
      commitFailures: 0,
      setValueFailures: 0,
      commitDelayMs: 0,
      getValueFailures: 0,
      getValueFailElement: 'suspend_data',
      getValueFault: 'error',
    },
    config.faults || {},
  );
  const settings = { autocommit: false, lmsCommitUrl: false, logLevel: 5 };

  const NAMES = {
    1.2: {
      init: 'LMSInitialize',
      finish: 'LMSFinish',
      get: 'LMSGetValue',
      set: 'LMSSetValue',
      commit: 'LMSCommit',
      error: 'LMSGetLastError',
      string: 'LMSGetErrorString',
      diag: 'LMSGetDiagnostic',
      global: 'API',
    },
    2004: {
      init: 'Initialize',
      finish: 'Terminate',
      get: 'GetValue',
      set: 'SetValue',
      commit: 'Commit',
      error: 'GetLastError',
      string: 'GetErrorString',
      diag: 'GetDiagnostic',
      global: 'API_1484_11',
    },
  };

  const EXIT = {
    1.2: ['', 'suspend', 'logout', 'time-out'],
    2004: ['', 'suspend', 'normal', 'logout', 'time-out'],
  };
  const RESULT = {
    1.2: ['correct', 'wrong', 'unanticipated', 'neutral'],
    2004: ['correct', 'incorrect', 'unanticipated', 'neutral'],
  };
  const SESSION_TIME = {
    1.2: /^\d{2,4}:\d{2}:\d{2}(\.\d{1,2})?$/,
    2004: /^P(?!$)(\d+Y)?(\d+M)?(\d+D)?(T(?=\d)(\d+H)?(\d+M)?(\d+(\.\d{1,2})?S)?)?$/,
  };

  const lms = {
    config,
    calls: [],
    violations: [],
    apis: {},
    counts: {},
    /** Commits the LMS accepted, per version. */
    commits: { 1.2: 0, 2004: 0 },
    terminated: { 1.2: false, 2004: false },
  };
  window.__lms = lms;
  const count = (name) => (lms.counts[name] = (lms.counts[name] || 0) + 1);
  const violation = (version, message) => lms.violations.push(`[${version}] ${message}`);

  function busyWait(ms) {
    const until = performance.now() + ms;
    while (performance.now() < until) {
      /* a synchronous save, as Moodle's can be */
    }
  }

  function strictApi(version) {
    const api =
      version === '2004' ? new window.Scorm2004API(settings) : new window.Scorm12API(settings);
    if (config.cmi && Object.keys(config.cmi).length)
      api.loadFromJSON({ cmi: config.cmi[version] || config.cmi }, '');
    lms.apis[version] = api;
    const n = NAMES[version];
    let initialized = false;
    let terminated = false;
    const wrapped = {};
    const real = (name, args) => String(api[name].apply(api, args));
    const lastError = () => String(api[n.error]());

    const check = (name, args) => {
      const isErrorCall = name === n.error || name === n.string || name === n.diag;
      if (terminated && !isErrorCall)
        violation(version, `${name}(${args.join(', ')}) after ${n.finish}`);
      if (!initialized && !isErrorCall && name !== n.init)
        violation(version, `${name}(${args.join(', ')}) before ${n.init}`);
      if (name === n.init && initialized) violation(version, `${n.init} called twice`);
      if (name !== n.set) return;
      const [element, value] = args;
      if (typeof value !== 'string')
        violation(version, `SetValue(${element}) with a ${typeof value}, not a string`);
      const v = String(value);
      if (version === '1.2' && element === 'cmi.suspend_data' && v.length > 4096)
        violation(version, `suspend_data of ${v.length} characters (> 4096)`);
      if (
        element === (version === '1.2' ? 'cmi.core.session_time' : 'cmi.session_time') &&
        !SESSION_TIME[version].test(v)
      ) {
        violation(version, `session_time ${JSON.stringify(v)} is not in the ${version} format`);
      }
      if (
        element === (version === '1.2' ? 'cmi.core.exit' : 'cmi.exit') &&
        !EXIT[version].includes(v)
      ) {
        violation(version, `exit ${JSON.stringify(v)} is not allowed`);
      }
      if (
        /^cmi\.interactions\.\d+\.result$/.test(element) &&
        !RESULT[version].includes(v) &&
        !/^-?\d+(\.\d+)?$/.test(v)
      ) {
        violation(version, `interaction result ${JSON.stringify(v)} is not ${version} vocabulary`);
      }
    };

    for (const key of ['init', 'finish', 'get', 'set', 'commit', 'error', 'string', 'diag']) {
      const name = n[key];
      wrapped[name] = (...args) => {
        args = args.map((a) => (a === undefined ? '' : a));
        check(name, args);
        if (key === 'commit' && faults.commitDelayMs) busyWait(faults.commitDelayMs);
        const result = real(name, args);
        const error = key === 'error' || key === 'string' || key === 'diag' ? '0' : lastError();
        lms.calls.push({
          version,
          method: name,
          args: args.map(String),
          result,
          error,
          at: Date.now(),
        });
        count(name);
        if (key === 'init' && result === 'true') initialized = true;
        if (key === 'finish') terminated = true;
        if (key === 'finish' && result === 'true') lms.terminated[version] = true;
        if (key === 'commit' && result === 'true') lms.commits[version]++;
        if (
          (key === 'set' || key === 'commit' || key === 'init' || key === 'finish') &&
          (result !== 'true' || error !== '0')
        ) {
          violation(
            version,
            `${name}(${args.map((a) => JSON.stringify(String(a).slice(0, 60))).join(', ')}) → ${result}, error ${error}`,
          );
        }
        return result;
      };
    }
    return wrapped;
  }

  /** Fault injection outside the checker: injected failures are the LMS's, not the course's. */
  function faulty(version, api) {
    const n = NAMES[version];
    let forced = null;
    const out = Object.assign({}, api);
    out[n.commit] = (...args) => {
      if (faults.commitFailures > 0) {
        faults.commitFailures--;
        forced = '391';
        lms.calls.push({
          version,
          method: n.commit,
          args: [],
          result: 'false',
          error: forced,
          injected: true,
          at: Date.now(),
        });
        count(`${n.commit}:injected`);
        return 'false';
      }
      forced = null;
      return api[n.commit](...args);
    };
    out[n.set] = (...args) => {
      if (faults.setValueFailures > 0) {
        faults.setValueFailures--;
        forced = version === '2004' ? '351' : '101';
        lms.calls.push({
          version,
          method: n.set,
          args: args.map(String),
          result: 'false',
          error: forced,
          injected: true,
          at: Date.now(),
        });
        count(`${n.set}:injected`);
        return 'false';
      }
      forced = null;
      return api[n.set](...args);
    };
    out[n.get] = (...args) => {
      if (faults.getValueFailures > 0 && new RegExp(faults.getValueFailElement).test(args[0])) {
        faults.getValueFailures--;
        lms.calls.push({
          version,
          method: n.get,
          args: args.map(String),
          result: faults.getValueFault === 'throws' ? 'throw' : '',
          error: version === '2004' ? '301' : '101',
          injected: true,
          at: Date.now(),
        });
        count(`${n.get}:injected`);
        if (faults.getValueFault === 'throws') {
          forced = null;
          throw new Error('Fallo simulado del LMS al leer');
        }
        forced = version === '2004' ? '301' : '101';
        return '';
      }
      forced = null;
      return api[n.get](...args);
    };
    out[n.error] = (...args) => (forced !== null ? forced : api[n.error](...args));
    out[n.string] = (code) =>
      forced !== null && String(code) === forced ? 'Fallo simulado del LMS' : api[n.string](code);
    return out;
  }

  /** CMI as plain JSON (write-only elements included: this is the LMS's own view). */
  lms.cmi = (version) => JSON.parse(JSON.stringify(lms.apis[version || versions[0]].cmi));

  /**
   * What an LMS keeps for the next launch, with cmi.entry as it would set it. With
   * { moodle: true }, what Moodle hands the next launch (decision record 0160, from
   * mod/scorm/locallib.php scorm_check_mode() and get_scorm_default(), scorm_13.js.php): mode
   * 'review' when the completion status is completed/passed/failed (unless { newAttempt: true },
   * which starts a fresh record in mode normal); 2004 hands the data back only after exit
   * suspend (else no data, entry ab-initio); 1.2 hands every element back.
   */
  lms.saved = (version, options) => {
    version = version || versions[0];
    const record = savedRecord(version);
    if (!options || !options.moodle) return record;
    const c = lms.cmi(version);
    const status = version === '1.2' ? c.core.lesson_status : c.completion_status;
    const complete = ['completed', 'passed', 'failed'].includes(status);
    const fresh = !!options.newAttempt && complete;
    const mode = complete && !fresh ? 'review' : 'normal';
    if (version === '1.2') {
      if (fresh)
        return {
          core: {
            student_id: record.core.student_id,
            student_name: record.core.student_name,
            lesson_mode: mode,
            entry: 'ab-initio',
          },
        };
      record.core.lesson_mode = mode;
      record.core.entry = !status ? 'ab-initio' : c.core.exit === 'suspend' ? 'resume' : '';
      return record;
    }
    if (fresh || c.exit !== 'suspend')
      return {
        learner_id: record.learner_id,
        learner_name: record.learner_name,
        mode,
        entry: 'ab-initio',
      };
    return Object.assign(record, { mode, entry: 'resume' });
  };

  function savedRecord(version) {
    const c = lms.cmi(version);
    const pick = (o, keys) =>
      Object.fromEntries(
        keys.filter((k) => o[k] !== undefined && o[k] !== '').map((k) => [k, o[k]]),
      );
    const records = (o) =>
      Object.fromEntries(Object.entries(o || {}).map(([k, v]) => [k, strip(v)]));
    const strip = (v) =>
      Object.fromEntries(
        Object.entries(v).filter(
          ([, x]) => x !== '' && !(x && typeof x === 'object' && !Object.keys(x).length),
        ),
      );
    if (version === '1.2') {
      const core = c.core;
      return {
        core: Object.assign(
          pick(core, ['student_id', 'student_name', 'lesson_location', 'lesson_status']),
          {
            score: pick(core.score, ['raw', 'min', 'max']),
            entry: core.exit === 'suspend' ? 'resume' : '',
          },
        ),
        suspend_data: c.suspend_data,
        objectives: records(c.objectives),
        interactions: records(c.interactions),
      };
    }
    return Object.assign(
      pick(c, [
        'learner_id',
        'learner_name',
        'location',
        'completion_status',
        'success_status',
        'suspend_data',
        'progress_measure',
      ]),
      {
        score: pick(c.score, ['raw', 'min', 'max', 'scaled']),
        entry: c.exit === 'suspend' ? 'resume' : '',
        objectives: records(c.objectives),
        interactions: records(c.interactions),
      },
    );
  }

  for (const version of versions)
    window[NAMES[version].global] = faulty(version, strictApi(version));

  const course = config.course || '/lms/index.html';
  const depth = config.depth === undefined ? 3 : config.depth;
  const otherOrigin =
    location.hostname === '127.0.0.1'
      ? `http://localhost:${location.port}`
      : `http://127.0.0.1:${location.port}`;

  /** The chain of relay frames down to the course; the middle one cross-origin when asked. */
  function frameUrl(level) {
    if (level >= depth) return course;
    const next = encodeURIComponent(
      JSON.stringify({
        depth,
        level: level + 1,
        course,
        crossAt: config.crossOrigin ? 1 : -1,
        home: location.origin,
      }),
    );
    const origin = config.crossOrigin && level + 1 === 1 ? otherOrigin : '';
    return `${origin}/harness/frame.html?relay=${next}`;
  }

  lms.closeCourse = () => {
    const frame = document.getElementById('course-frame');
    if (frame) frame.remove();
    if (lms.popup && !lms.popup.closed) lms.popup.close();
  };

  lms.launchPopup = () => {
    const size = config.popupSize || { width: 1000, height: 800 };
    lms.popup = window.open(course, 'curso', `width=${size.width},height=${size.height}`);
    return !!lms.popup;
  };

  function start() {
    if (config.popup) return; // the spec calls launchPopup() (as a learner clicks "Abrir")
    const frame = document.createElement('iframe');
    frame.id = 'course-frame';
    frame.title = 'Curso';
    frame.src = depth === 0 ? course : frameUrl(0);
    // frameSize {width, height}: the space an LMS player leaves the course (Moodle 4.4 with its
    // course index open on a 1366×768 window: 714×666). Inner relay frames fill it.
    if (config.frameSize) {
      frame.style.width = `${config.frameSize.width}px`;
      frame.style.height = `${config.frameSize.height}px`;
    }
    if (config.pageShape === 'moodle') {
      const bar = document.createElement('nav');
      bar.id = 'moodle-navbar';
      bar.textContent = 'Moodle';
      bar.style.cssText =
        'position:fixed;top:0;left:0;right:0;height:60px;box-sizing:border-box;z-index:1030;background:#fff;' +
        'box-shadow:0 2px 4px rgba(0,0,0,.08);font:16px sans-serif;padding:18px';
      const above = document.createElement('div');
      above.style.height = '260px'; // breadcrumbs, activity header, «Salir de la actividad»
      const below = document.createElement('div');
      below.style.height = '900px'; // activity navigation, footer
      document.body.append(bar, above, frame, below);
      return;
    }
    document.body.append(frame);
  }
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start);
  else start();
})();
