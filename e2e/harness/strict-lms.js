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
//                 suspend_data) throw ('throws') or answer '' with an error code ('error'); lastErrorAlways:
//                 GetLastError answers this code after every call, the ones that worked too
//                 (decision record 0265)
//   apiDelayMs  the API is put on this window only this long after the page loaded (an LMS
//               player that builds its API late; record 0265)
//   course      launch URL (default /lms/index.html)
//   pageShape   'moodle': the LMS page as Moodle 4.4 draws its player at 1366×768 — a fixed
//               60-px navigation bar, the course frame 260 px down the page, more page below it
//               (so page and frame both scroll); use with frameSize
//   popupSize   {width, height} of the popup window (default 1000×800)
//   lmsModel    'chamilo': Chamilo 1.11's 1.2 player instead of scorm-again (chamiloApi below,
//               decision record 0190); cmi is then its stored record (lms.chamiloSaved() shape).
//               'moodle' (2004 only): Moodle's store beside scorm-again (moodleStore below,
//               record 0268); moodleDb is then what Moodle's tracks hold (element → value), cmi
//               what it hands the launch
//
// lms.closePage() closes the page as a learner closes the tab: in the Chamilo model its own
// beforeunload save first, then the course's pagehide, whose LMSFinish is lost (record 0268).
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
    /** The faults still to inject: a spec may change them mid-run (the LMS recovering). */
    faults,
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

  /**
   * What Moodle keeps of a 2004 attempt (record 0268), from mod/scorm/datamodels/scorm_13.js and
   * datamodel.php: every Commit and Terminate posts what was set; Terminate also posts
   * cmi.total_time = AddTime(the total_time it handed back, the session_time set) — in any mode,
   * so a review where nothing was handed back stores 'P' (AddTime of two zero defaults).
   */
  const moodle =
    config.lmsModel === 'moodle'
      ? (() => {
          const db = Object.assign({}, config.moodleDb || {});
          const set = {};
          const handed = (config.cmi && config.cmi.total_time) || 'PT0H0M0S';
          lms.moodleDb = db;
          return {
            set: (element, value) => (set[element] = value),
            store(terminate) {
              Object.assign(db, set);
              if (terminate)
                db['cmi.total_time'] = addTime(handed, set['cmi.session_time'] || 'PT0H0M0S');
            },
          };
        })()
      : null;

  /** Moodle's AddTime: a sum of two durations, 'P' when it is zero (no T part at all). */
  function addTime(a, b) {
    const parts = (t) => {
      const m =
        /^P(?:(\d+)Y)?(?:(\d+)M)?(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+(?:\.\d+)?)S)?)?$/.exec(
          t,
        ) || [];
      return [1, 2, 3, 4, 5, 6].map((i) => Number(m[i] || 0));
    };
    const [ya, moa, da, ha, mia, sa] = parts(a);
    const [yb, mob, db, hb, mib, sb] = parts(b);
    let secs = Math.round((sa + sb) * 100) / 100;
    let mins = mia + mib + Math.floor(secs / 60);
    secs = Math.round((secs % 60) * 100) / 100;
    let hours = ha + hb + Math.floor(mins / 60);
    mins %= 60;
    const days = da + db + Math.floor(hours / 24);
    hours %= 24;
    let out = 'P';
    if (ya + yb) out += `${ya + yb}Y`;
    if (moa + mob) out += `${moa + mob}M`;
    if (days) out += `${days}D`;
    if (hours || mins || secs)
      out += `T${hours ? `${hours}H` : ''}${mins ? `${mins}M` : ''}${secs ? `${secs}S` : ''}`;
    return out;
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
        if (moodle && version === '2004' && result === 'true') {
          if (key === 'set') moodle.set(args[0], String(args[1]));
          if (key === 'commit') moodle.store(false);
          if (key === 'finish') moodle.store(true);
        }
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
    out[n.error] = (...args) =>
      faults.lastErrorAlways
        ? String(faults.lastErrorAlways)
        : forced !== null
          ? forced
          : api[n.error](...args);
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

  /**
   * Chamilo 1.11's SCORM player in miniature (decision record 0190), from its own code
   * (chamilo/chamilo-lms, main/lp/, unchanged through 1.11.32):
   * - No 2004 API: scorm_api.php declares `var API = new APIobject()` and has
   *   `//var API_1484_11 = new APIobject();` commented out.
   * - Interactions rebuilt blank at every launch: initialize_item() (lp_initialize_item.inc.php;
   *   lp_ajax_initialize.php in 1.11) writes `olms.interactions` as `[i,'','','','','','','']`
   *   for i < get_interactions_count(): `_count` (LMSGetValue → olms.interactions.length) is kept,
   *   ids and values are empty. correct_responses of such a record is an empty string, so
   *   LMSSetValue's `olms.interactions[n][4][length] = val` stores nothing.
   * - Every save posts all of olms.interactions once any interaction was set this session
   *   (xajax_save_item_scorm: `interact[i]=[…]` for each record), and save_item()
   *   (lp_ajax_save_item.php) writes them over the stored rows by index: blanks included.
   * - session_time: LMSSetValue keeps it in olms.session_time and marks it in
   *   updatable_vars_list; LMSCommit() does not clear that list (its
   *   `//reinit_updatable_vars_list();` is commented out), LMSFinish() does after saving; every
   *   save that carries `t=` calls learnpathItem::set_time(), which adds it to the total with
   *   «Acumular tiempo de sesión SCORM» (scorm_cumulative_session_time, default true).
   * - `cmi.interactions.n.objectives.*` matches neither LMSSetValue's interactions regex
   *   (id|time|type|correct_responses|weighting|student_response|result|latency) nor
   *   `cmi.objectives.`: G_NotImplementedError (401).
   * - cmi.core.entry is 'ab-initio' when olms.lms_item_core_exit is 'none' (LMSGetValue);
   *   Chamilo 1.11.16 was seen never to keep a `suspend` exit, so entry is always ab-initio.
   * - Objectives: `cmi.objectives.n` beyond item_objectives.length → 201.
   */
  function chamiloApi(seed) {
    seed = seed || {};
    const db = {
      student_id: seed.student_id || 'u1',
      student_name: seed.student_name || 'Apellido, Nombre',
      lesson_status: seed.lesson_status || 'not attempted',
      score: seed.score || '',
      lesson_location: seed.lesson_location || '',
      suspend_data: seed.suspend_data || '',
      objectives: (seed.objectives || []).map((o) => o.slice()),
      interactions: (seed.interactions || []).map((r) => r.slice()),
      totalSeconds: seed.totalSeconds || 0,
      /** Every session_time posted by a save (what set_time() added up). */
      timePosts: [],
    };
    lms.chamilo = db;
    const olms = {
      lesson_status: db.lesson_status,
      score: db.score,
      lesson_location: db.lesson_location,
      suspend_data: db.suspend_data,
      session_time: '',
      core_exit: 'none',
      interactions: db.interactions.map((_, i) => [String(i), '', '', '', '', '', '', '']),
      // olms.total_time = $oItem->get_scorm_time('js'): the total as stored at launch.
      total_time: hms(db.totalSeconds),
      objectives: db.objectives.map((o) => o.slice()),
      updatable: new Set(),
      lastError: 0,
      initialized: false,
      finished: false,
    };
    function hms(total) {
      const s = Math.floor(total);
      const two = (n) => String(n).padStart(2, '0');
      return `${two(Math.floor(s / 3600))}:${two(Math.floor(s / 60) % 60)}:${two(s % 60)}`;
    }
    const seconds = (t) => {
      const m = /^(\d+):(\d\d):(\d\d(?:\.\d+)?)$/.exec(String(t));
      return m ? Number(m[1]) * 3600 + Number(m[2]) * 60 + Number(m[3]) : 0;
    };
    // A save's request: what savedata() posts at the moment it is called.
    function post() {
      return {
        updatable: new Set(olms.updatable),
        session_time: olms.session_time,
        lesson_status: olms.lesson_status,
        score: olms.score,
        lesson_location: olms.lesson_location,
        suspend_data: olms.suspend_data,
        interactions: olms.interactions.map((r) =>
          r.map((x) => (Array.isArray(x) ? x.slice() : x)),
        ),
        objectives: olms.objectives.map((o) => o.slice()),
      };
    }
    // lp_ajax_save_item.php → save_item(): only what was set since the list was cleared.
    function land(p) {
      const u = p.updatable;
      if (u.has('cmi.core.session_time') && p.session_time !== '') {
        db.timePosts.push(p.session_time);
        db.totalSeconds += seconds(p.session_time);
      }
      if (u.has('cmi.core.lesson_status')) db.lesson_status = p.lesson_status;
      if (u.has('cmi.core.score.raw')) db.score = p.score;
      if (u.has('cmi.core.lesson_location')) db.lesson_location = p.lesson_location;
      if (u.has('cmi.suspend_data')) db.suspend_data = p.suspend_data;
      if (u.has('interactions'))
        p.interactions.forEach((r, i) => {
          db.interactions[i] = r;
        });
      if (p.objectives.length) db.objectives = p.objectives;
    }
    /**
     * The page is closing (lms.closePage()): saves made from now on are in flight together; the
     * course's LMSFinish never reaches the server, and Chamilo's own beforeunload save, taken
     * before the course's pagehide, lands last (its PHP handles them in parallel).
     */
    let closing = null;
    function save(kind) {
      if (!closing) return land(post());
      if (kind === 'finish') {
        closing.lost.push(post());
        for (const p of closing.inFlight) land(p);
        land(closing.unloadSave);
        closing.landed = true;
        return;
      }
      closing.inFlight.push(post());
    }
    lms.chamiloClosing = () => {
      // scorm_api.php addListeners(): $(window).on('beforeunload', … savedata(…)).
      closing = { unloadSave: post(), inFlight: [], lost: [], landed: false };
    };
    const INTERACTION =
      /^cmi\.interactions\.(\d+)\.(id|time|type|correct_responses|weighting|student_response|result|latency)(.*)$/;
    const FIELD = {
      id: 0,
      type: 1,
      time: 2,
      weighting: 3,
      student_response: 5,
      result: 6,
      latency: 7,
    };
    const api = {
      LMSInitialize() {
        olms.initialized = true;
        olms.updatable = new Set();
        return 'true';
      },
      LMSFinish() {
        save('finish'); // answers "true" even when its request is lost
        olms.updatable = new Set();
        olms.finished = true;
        lms.terminated['1.2'] = true;
        return 'true';
      },
      LMSCommit() {
        save(); // the list of changed values is kept (LMSCommit's reinit is commented out)
        lms.commits['1.2']++;
        return 'true';
      },
      LMSGetLastError: () => String(olms.lastError),
      LMSGetErrorString: () => '',
      LMSGetDiagnostic: () => '',
      LMSGetValue(param) {
        olms.lastError = 0;
        switch (param) {
          case 'cmi.core.entry':
            return olms.core_exit === 'none'
              ? 'ab-initio'
              : olms.core_exit === 'suspend'
                ? 'resume'
                : '';
          case 'cmi.core.lesson_status':
            return olms.lesson_status;
          case 'cmi.core.student_id':
            return db.student_id;
          case 'cmi.core.student_name':
            return db.student_name;
          case 'cmi.core.lesson_location':
            return olms.lesson_location;
          case 'cmi.core.score.raw':
            return olms.score;
          case 'cmi.core.lesson_mode':
            return 'normal';
          case 'cmi.core.total_time':
            return olms.total_time;
          case 'cmi.suspend_data':
            return olms.suspend_data;
          case 'cmi.interactions._count':
            return String(olms.interactions.length);
          case 'cmi.objectives._count':
            return String(olms.objectives.length);
        }
        const o = /^cmi\.objectives\.(\d+)\.(id|status)$/.exec(param);
        if (o) {
          const row = olms.objectives[Number(o[1])];
          if (!row) return o[2] === 'status' ? 'not attempted' : '';
          return o[2] === 'id' ? row[0] : row[1] || 'not attempted';
        }
        olms.lastError = 201;
        return '';
      },
      LMSSetValue(param, val) {
        olms.lastError = 0;
        val = String(val);
        const simple = {
          'cmi.core.score.raw': 'score',
          'cmi.core.lesson_location': 'lesson_location',
          'cmi.core.lesson_status': 'lesson_status',
          'cmi.core.session_time': 'session_time',
          'cmi.suspend_data': 'suspend_data',
          'cmi.core.exit': 'core_exit_sent',
        };
        if (param === 'cmi.core.score.max' || param === 'cmi.core.score.min') {
          olms.updatable.add(param);
          return 'true';
        }
        if (simple[param]) {
          olms[simple[param]] = val;
          olms.updatable.add(param);
          return 'true';
        }
        const i = INTERACTION.exec(param);
        if (i) {
          olms.updatable.add('interactions');
          const n = Number(i[1]);
          if (n > olms.interactions.length)
            olms.interactions[0] = ['0', '', '', '', '', '', '', ''];
          if (olms.interactions[n] == null) olms.interactions[n] = ['', '', '', '', [], '', '', ''];
          if (i[2] === 'correct_responses') {
            const list = olms.interactions[n][4];
            if (Array.isArray(list)) list.push(val); // a rebuilt record's '' keeps nothing
          } else olms.interactions[n][FIELD[i[2]]] = val;
          return 'true';
        }
        const o = /^cmi\.objectives\.(\d+)\.(id|score|status)(.*)$/.exec(param);
        if (o) {
          const n = Number(o[1]);
          if (n > olms.objectives.length) {
            olms.lastError = 201;
            return 'false';
          }
          olms.objectives[n] = olms.objectives[n] || ['', '', '', '', ''];
          if (o[2] === 'id') olms.objectives[n][0] = val;
          if (o[2] === 'status') olms.objectives[n][1] = val;
          return 'true';
        }
        olms.lastError = 401;
        return 'false';
      },
    };
    // Every call recorded, as the strict harness does; a call before Initialize or after
    // Finish is the course's fault (a violation); Chamilo's own refusals are not.
    const out = {};
    for (const name of Object.keys(api)) {
      out[name] = (...args) => {
        args = args.map((a) => (a === undefined ? '' : a));
        const isError = /^LMSGet(LastError|ErrorString|Diagnostic)$/.test(name);
        if (olms.finished && !isError)
          violation('1.2', `${name}(${args.join(', ')}) after LMSFinish`);
        if (!olms.initialized && !isError && name !== 'LMSInitialize')
          violation('1.2', `${name}(${args.join(', ')}) before LMSInitialize`);
        const result = api[name](...args);
        lms.calls.push({
          version: '1.2',
          method: name,
          args: args.map(String),
          result: String(result),
          error: String(olms.lastError),
          at: Date.now(),
        });
        count(name);
        return result;
      };
    }
    return out;
  }

  if (config.lmsModel === 'chamilo') {
    // The record as the next launch starts from it (the seed's shape).
    lms.chamiloSaved = () => JSON.parse(JSON.stringify(lms.chamilo));
    window.API = chamiloApi(config.cmi);
  } else {
    const attach = () => {
      for (const version of versions)
        window[NAMES[version].global] = faulty(version, strictApi(version));
    };
    if (config.apiDelayMs) window.setTimeout(attach, config.apiDelayMs);
    else attach();
  }

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

  lms.closePage = () => {
    if (lms.chamiloClosing) lms.chamiloClosing();
    lms.closeCourse();
  };

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
