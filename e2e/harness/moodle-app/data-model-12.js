/* global window */
// The SCORM 1.2 data model of the official Moodle app, re-written for the harness from its rules
// (not its code). Modelled on moodlehq/moodleapp:
//   src/addons/mod/scorm/classes/data-model-12.ts   (elements, formats, ranges, r/w modes, error
//                                                     codes, the _count rebuild, storeData)
//   src/addons/mod/scorm/services/scorm-offline.ts  (the offline tracks store, getScormUserData:
//                                                     entry, defaults, user data from stored rows)
// What it reproduces:
//   - value formats and limits under both `scormstandard` settings (strict: CMIString256 is at
//     most 255 characters and suspend_data 4096; relaxed: both 64000);
//   - read-only (403), write-only (404, e.g. cmi.core.exit, every cmi.interactions.n.* element),
//     keyword (402), unknown (201), type/range (405) errors;
//   - an indexed element is refused (201) when its index is beyond the collection's _count; at
//     the count it adds one;
//   - on launch, _count is rebuilt from the stored rows read in element-name order
//     (cmi.interactions_0…, _1, _10, _11, _2 …): a row at the count adds one, a row beyond it
//     sets the count to its index minus one (12 stored records → 10);
//   - rows are stored with `_n.` instead of `.n.` (cmi.interactions_3.id), one per element,
//     written at LMSCommit and LMSFinish when the value differs from the one last stored;
//   - entry: ab-initio without a status, resume after exit suspend, '' otherwise.
(function () {
  'use strict';

  const INDEX = /[._](\d+)\./g;
  const string = (max) => new RegExp(`^[\\u0000-\\uFFFF]{0,${max}}$`);
  const TIME = /^([0-2][0-9]):([0-5][0-9]):([0-5][0-9])(\.[0-9]{1,2})?$/;
  const TIMESPAN = /^([0-9]{2,4}):([0-9]{2}):([0-9]{2})(\.[0-9]{1,2})?$/;
  const SINTEGER = /^-?([0-9]+)$/;
  const DECIMAL = /^-?([0-9]{0,3})(\.[0-9]*)?$/;
  const IDENTIFIER = /^[\u0021-\u007E]{0,255}$/;
  const STATUS = /^(passed|completed|failed|incomplete|browsed)$/;
  const STATUS_2 = /^(passed|completed|failed|incomplete|browsed|not attempted)$/;
  const EXIT = /^(time-out|suspend|logout|)$/;
  const TYPE = /^(true-false|choice|fill-in|matching|performance|sequencing|likert|numeric)$/;
  const RESULT = /^(correct|wrong|unanticipated|neutral|([0-9]{0,3})?(\.[0-9]*)?)$/;

  function model(standard) {
    const s256 = standard ? string(255) : string(64000);
    const s4096 = standard ? string(4096) : string(64000);
    const r = (value) => ({ mod: 'r', value });
    const rw = (format, range) => ({ mod: 'rw', format, range });
    const w = (format, range) => ({ mod: 'w', format, range });
    return {
      'cmi._children': r(),
      'cmi._version': r('3.4'),
      'cmi.core._children': r(),
      'cmi.core.student_id': r(),
      'cmi.core.student_name': r(),
      'cmi.core.lesson_location': rw(s256),
      'cmi.core.credit': r(),
      'cmi.core.lesson_status': rw(STATUS),
      'cmi.core.entry': r(),
      'cmi.core.score._children': r(),
      'cmi.core.score.raw': rw(DECIMAL, [0, 100]),
      'cmi.core.score.max': rw(DECIMAL, [0, 100]),
      'cmi.core.score.min': rw(DECIMAL, [0, 100]),
      'cmi.core.total_time': r(),
      'cmi.core.lesson_mode': r(),
      'cmi.core.exit': w(EXIT),
      'cmi.core.session_time': w(TIMESPAN),
      'cmi.suspend_data': rw(s4096),
      'cmi.launch_data': r(),
      'cmi.comments': rw(s4096),
      'cmi.comments_from_lms': r(),
      'cmi.objectives._children': r(),
      'cmi.objectives._count': r(),
      'cmi.objectives.n.id': rw(IDENTIFIER),
      'cmi.objectives.n.score._children': r(),
      'cmi.objectives.n.score.raw': rw(DECIMAL, [0, 100]),
      'cmi.objectives.n.score.min': rw(DECIMAL, [0, 100]),
      'cmi.objectives.n.score.max': rw(DECIMAL, [0, 100]),
      'cmi.objectives.n.status': rw(STATUS_2),
      'cmi.student_data._children': r(),
      'cmi.student_data.mastery_score': r(),
      'cmi.student_data.max_time_allowed': r(),
      'cmi.student_data.time_limit_action': r(),
      'cmi.student_preference._children': r(),
      'cmi.student_preference.audio': rw(SINTEGER, [-1, 100]),
      'cmi.student_preference.language': rw(s256),
      'cmi.student_preference.speed': rw(SINTEGER, [-100, 100]),
      'cmi.student_preference.text': rw(SINTEGER, [-1, 1]),
      'cmi.interactions._children': r(),
      'cmi.interactions._count': r(),
      'cmi.interactions.n.id': w(IDENTIFIER),
      'cmi.interactions.n.objectives._count': r(),
      'cmi.interactions.n.objectives.n.id': w(IDENTIFIER),
      'cmi.interactions.n.time': w(TIME),
      'cmi.interactions.n.type': w(TYPE),
      'cmi.interactions.n.correct_responses._count': r(),
      'cmi.interactions.n.correct_responses.n.pattern': w(s256),
      'cmi.interactions.n.weighting': w(DECIMAL, [-100, 100]),
      'cmi.interactions.n.student_response': w(s256),
      'cmi.interactions.n.result': w(RESULT),
      'cmi.interactions.n.latency': w(TIMESPAN),
      'nav.event': w(/^(previous|continue)$/),
    };
  }

  /** 'cmi.interactions_3.objectives_0.id' (stored) ⇄ 'cmi.interactions.3.objectives.0.id'. */
  const toDots = (element) => element.replace(INDEX, '.$1.');
  const toStored = (element) => element.replace(INDEX, '_$1.');
  const generic = (element) => element.replace(INDEX, '.n.');

  /** The collection whose _count an indexed element counts, and the element's index in it. */
  function counterOf(dotted) {
    const sub = /^(cmi\.interactions\.\d+\.(?:objectives|correct_responses))\.(\d+)\./.exec(dotted);
    if (sub) return { counter: `${sub[1]}._count`, index: Number(sub[2]) };
    const top = /^(cmi\.(?:objectives|interactions))\.(\d+)\./.exec(dotted);
    return top ? { counter: `${top[1]}._count`, index: Number(top[2]) } : null;
  }

  /**
   * A data model for one launch. `rows` are the stored tracks ({ element, value }) read in
   * element-name order; `learner` is { id, name } (the site's username and full name).
   * Not the app's behaviour, for the opposite fault: `reportHigher` > 0 counts the stored
   * interactions exactly and then reports that many more in cmi.interactions._count than
   * there are (the index rule still applies to the true count).
   */
  function DataModel12({ rows, learner, standard, onStore, reportHigher = 0 }) {
    const defs = model(standard);
    const stored = new Map(rows.map((row) => [row.element, row.value]));
    const get = (element, fallback = '') => (stored.has(element) ? stored.get(element) : fallback);
    const status = get('cmi.core.lesson_status');
    const data = {
      'cmi._version': '3.4',
      'cmi.core.student_id': learner.id,
      'cmi.core.student_name': learner.name,
      'cmi.core.lesson_location': get('cmi.core.lesson_location'),
      'cmi.core.credit': 'credit',
      'cmi.core.lesson_status': status || 'not attempted',
      'cmi.core.entry':
        status === '' ? 'ab-initio' : get('cmi.core.exit') === 'suspend' ? 'resume' : '',
      'cmi.core.score.raw': get('cmi.core.score.raw'),
      'cmi.core.score.max': get('cmi.core.score.max'),
      'cmi.core.score.min': get('cmi.core.score.min'),
      'cmi.core.total_time': get('cmi.core.total_time', '00:00:00'),
      'cmi.core.lesson_mode': 'normal',
      'cmi.core.exit': get('cmi.core.exit'),
      'cmi.core.session_time': '00:00:00',
      'cmi.suspend_data': get('cmi.suspend_data'),
      'cmi.launch_data': '',
      'cmi.comments': get('cmi.comments'),
      'cmi.student_data.mastery_score': '',
      'cmi.objectives._count': 0,
      'cmi.interactions._count': 0,
    };
    // What was stored last, so a commit stores only what changed.
    const last = new Map(rows.map((row) => [toDots(row.element), row.value]));
    // Indexed rows, in the order they were read, rebuild the counts.
    for (const { element, value } of rows) {
      if (!element.match(INDEX)) continue;
      const dotted = toDots(element);
      data[dotted] = value;
      const c = counterOf(dotted);
      if (!c) continue;
      const before = data[c.counter];
      if (before === undefined) {
        // A collection met for the first time (an interaction's objectives): it starts at 0
        // and this row does not count, as in the app.
        data[c.counter] = 0;
        continue;
      }
      if (c.index === Number(before)) data[c.counter] = Number(before) + 1;
      if (c.index > Number(before)) data[c.counter] = c.index - 1;
    }

    if (reportHigher > 0) {
      let records = 0;
      for (const { element } of rows) {
        const m = /^cmi\.interactions_(\d+)\./.exec(element);
        if (m) records = Math.max(records, Number(m[1]) + 1);
      }
      data['cmi.interactions._count'] = records;
    }

    let initialized = false;
    let error = '0';
    const api = {
      LMSInitialize(param) {
        error = '0';
        if (param !== '') return ((error = '201'), 'false');
        if (initialized) return ((error = '101'), 'false');
        initialized = true;
        return 'true';
      },
      LMSFinish(param) {
        error = '0';
        if (param !== '') return ((error = '201'), 'false');
        if (!initialized) return ((error = '301'), 'false');
        initialized = false;
        if (data['cmi.core.lesson_status'] === 'not attempted')
          data['cmi.core.lesson_status'] = 'completed';
        store();
        return 'true';
      },
      LMSCommit(param) {
        error = '0';
        if (param !== '') return ((error = '201'), 'false');
        if (!initialized) return ((error = '301'), 'false');
        store();
        return 'true';
      },
      LMSGetValue(element) {
        error = '0';
        if (!initialized) return ((error = '301'), '');
        if (!element) return ((error = '201'), '');
        const def = defs[generic(element)];
        if (def) {
          if (def.mod === 'w') return ((error = '404'), '');
          if (element === 'cmi.interactions._count' && reportHigher > 0)
            return data[element] + reportHigher;
          return data[element] === undefined ? '' : data[element];
        }
        if (element.endsWith('._children')) error = '202';
        else if (element.endsWith('._count')) error = '203';
        else error = '201';
        return '';
      },
      LMSSetValue(element, value) {
        error = '0';
        if (!initialized) return ((error = '301'), 'false');
        if (!element) return ((error = '201'), 'false');
        const def = defs[generic(element)];
        if (!def) return ((error = '201'), 'false');
        if (def.mod === 'r')
          return ((error = /\._(children|count)$/.test(element) ? '402' : '403'), 'false');
        value = String(value);
        if (!def.format.test(value)) return ((error = '405'), 'false');
        // Every collection on the way: at its count it grows; beyond it the element is refused.
        const parts = element.split('.');
        let path = 'cmi';
        for (let i = 1; i < parts.length - 1; i++) {
          if (/^\d+$/.test(parts[i + 1])) {
            const counter = `${path}.${parts[i]}._count`;
            if (data[counter] === undefined) data[counter] = 0;
            const index = Number(parts[i + 1]);
            if (index === Number(data[counter])) data[counter] = Number(data[counter]) + 1;
            else if (index > Number(data[counter])) return ((error = '201'), 'false');
            path += `.${parts[i]}.${parts[i + 1]}`;
            i++;
          } else path += `.${parts[i]}`;
        }
        if (def.range) {
          const n = Number(value);
          if (!(n >= def.range[0] && n <= def.range[1])) return ((error = '405'), 'false');
        }
        // Ranged elements are kept as numbers (GetValue then answers a number).
        data[element] = def.range ? Number(value) : value;
        return 'true';
      },
      LMSGetLastError: () => error,
      LMSGetErrorString: (code) => ERRORS[code] || '',
      LMSGetDiagnostic: (code) => code || error,
    };

    function store() {
      const tracks = [];
      for (const element of Object.keys(data)) {
        if (!element.startsWith('cmi') || element === 'cmi.core.session_time') continue;
        const def = defs[generic(element)];
        if (!def || def.mod === 'r') continue;
        const value = data[element];
        if (last.has(element) && last.get(element) === value) continue;
        last.set(element, value);
        tracks.push({ element: toStored(element), value });
      }
      if (data['cmi.core.session_time'])
        tracks.push({ element: 'cmi.core.session_time', value: data['cmi.core.session_time'] });
      onStore(tracks);
    }

    return api;
  }

  const ERRORS = {
    0: 'No error',
    101: 'General exception',
    201: 'Invalid argument error',
    202: 'Element cannot have children',
    203: 'Element not an array - cannot have count',
    301: 'Not initialized',
    401: 'Not implemented error',
    402: 'Invalid set value, element is a keyword',
    403: 'Element is read only',
    404: 'Element is write only',
    405: 'Incorrect data type',
  };

  window.MoodleAppDataModel12 = DataModel12;
})();
