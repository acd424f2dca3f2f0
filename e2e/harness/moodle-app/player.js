/* global window, document, location, localStorage, URLSearchParams */
// The Moodle app's SCORM player, as the harness plays it (e2e/moodle-app.spec.ts). Modelled on
// moodlehq/moodleapp:
//   src/addons/mod/scorm/pages/player/player.ts  (window.API = the data model on the app's top
//                                                  window; the SCO in an iframe; leaving the
//                                                  player empties the iframe's src)
//   src/core/singletons/iframe.ts                 (window.open in the frame and links with a
//                                                  target are handed to the system browser)
//   src/addons/mod/scorm/services/scorm-offline.ts (tracks kept in an offline store, one row per
//                                                  element, read back in element-name order)
// Here the system browser does not exist: what would go to it is recorded and refused. Nothing
// saves downloads in the app's WebView: a link with `download` or a blob: URL is recorded and
// does nothing. The offline store is localStorage of this origin (http://localhost).
//
// Query: ?sco=<launch URL of the SCO>&standard=1|0 (the site's scormstandard setting)
//        &userid=…&fullname=… (the site user), &reportHigher=N (a wrong _count N too high).
// Before the page loads, window.__seedTracks (rows) may fill an empty offline store.
// window.__moodleApp: rows(), calls, refused, handedToSystem, downloads, closePlayer().
(function () {
  'use strict';
  const STORE = 'moodle-app-offline-tracks';
  const params = new URLSearchParams(location.search);
  const standard = params.get('standard') !== '0';

  /** The offline tracks table: rows { element, value }, read in element-name order. */
  function readRows() {
    const all = JSON.parse(localStorage.getItem(STORE) || '{}');
    return Object.keys(all)
      .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
      .map((element) => ({ element, value: all[element] }));
  }
  function saveTracks(tracks) {
    const all = JSON.parse(localStorage.getItem(STORE) || '{}');
    for (const { element, value } of tracks) all[element] = value;
    localStorage.setItem(STORE, JSON.stringify(all));
  }

  if (window.__seedTracks && !localStorage.getItem(STORE)) saveTracks(window.__seedTracks);

  const calls = [];
  const refused = [];
  const handedToSystem = [];
  const downloads = [];
  const model = window.MoodleAppDataModel12({
    rows: readRows(),
    learner: { id: params.get('userid') || 'ana.perez', name: params.get('fullname') || '' },
    standard,
    reportHigher: Number(params.get('reportHigher') || 0),
    onStore: saveTracks,
  });
  // The app puts the data model on its own (top) window as API.
  const api = {};
  for (const name of Object.keys(model)) {
    api[name] = (...args) => {
      const result = model[name](...args);
      calls.push({ method: name, args, result: String(result) });
      if (name === 'LMSSetValue' && result !== 'true')
        refused.push(`${args[0]}=${JSON.stringify(args[1])} → ${model.LMSGetLastError()}`);
      return result;
    };
  }
  window.API = api;

  const frame = document.createElement('iframe');
  frame.id = 'scorm_object';
  frame.title = 'SCORM';

  function treatFrame() {
    let win;
    let doc;
    try {
      win = frame.contentWindow;
      doc = frame.contentDocument;
    } catch {
      return;
    }
    if (!win || !doc) return;
    const open = win.open;
    win.open = (url, name) => {
      if (name === '_self') return open.call(win, url, name);
      handedToSystem.push({ how: 'window.open', url: String(url), target: String(name || '') });
      return null;
    };
    doc.addEventListener(
      'click',
      (event) => {
        let el = event.target;
        while (el && el.tagName !== 'A') el = el.parentElement;
        if (!el || el.__treated) return;
        el.__treated = true;
        el.addEventListener('click', (e) => {
          if (e.defaultPrevented) return;
          const href = el.getAttribute('href');
          if (el.hasAttribute('download') || /^blob:/.test(el.href)) {
            // The WebView has no download handler: the file goes nowhere.
            downloads.push({ href: el.href, download: el.getAttribute('download') });
            e.preventDefault();
            return;
          }
          if (!el.target || el.target === '_self' || !href || href === '#') return;
          if (/^javascript:/i.test(el.href)) return;
          handedToSystem.push({ how: 'link', url: el.href, target: el.target });
          e.preventDefault();
        });
      },
      { capture: true },
    );
  }
  frame.addEventListener('load', treatFrame);

  window.__moodleApp = {
    rows: readRows,
    calls,
    refused,
    handedToSystem,
    downloads,
    standard,
    /** Leaving the player: the app empties the iframe's src so the SCO unloads. */
    closePlayer() {
      frame.src = 'about:blank';
    },
  };

  document.addEventListener('DOMContentLoaded', () => {
    document.body.append(frame);
    frame.src = params.get('sco');
    treatFrame();
  });
})();
