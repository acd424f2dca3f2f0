// The LMS stand-in the bench loads: a scorm-again SCORM 1.2 API in the top window and the SCO in
// a frame, as Moodle's player does it. Kept as small as possible, because the frame shares this
// page's JS heap and the heap figure subtracts this page measured alone.
// Every API call is recorded in window.__bench.calls with its time on the wall clock (ms, high
// resolution: performance.timeOrigin + performance.now()), so Node can place it on the course
// frame's own timeline (the frame's performance.timeOrigin) as well as on the top page's.

export const FRAME_TITLE = 'Curso';

export interface ApiCall {
  method: string;
  element: string | null;
  value: string | null;
  /** Wall-clock ms (high resolution). */
  at: number;
}

export interface HostRecord {
  /** The top page's performance.timeOrigin. */
  timeOrigin: number;
  calls: ApiCall[];
}

const METHODS = ['LMSInitialize', 'LMSFinish', 'LMSGetValue', 'LMSSetValue', 'LMSCommit'];

/** `scoUrl` null: the harness alone (an empty frame), the heap baseline. */
export function hostPage(scoUrl: string | null): string {
  const src = JSON.stringify(scoUrl ?? 'about:blank');
  return `<!doctype html>
<html lang="es"><head><meta charset="utf-8"><title>LMS</title><link rel="icon" href="data:,">
<style>html,body{margin:0;height:100%}iframe{display:block;border:0;width:100%;height:100vh}</style>
</head><body><script>
window.__bench = { timeOrigin: performance.timeOrigin, calls: [] };
var s = document.createElement('script');
s.src = '/scorm-again/scorm12.min.js';
s.onload = function () {
  var api = new window.Scorm12API({ autocommit: false, lmsCommitUrl: false, logLevel: 5 });
  ${JSON.stringify(METHODS)}.forEach(function (name) {
    var original = api[name].bind(api);
    api[name] = function (a, b) {
      var at = performance.timeOrigin + performance.now();
      window.__bench.calls.push({ method: name, element: typeof a === 'string' ? a : null,
        value: typeof b === 'string' ? b : null, at: at });
      return original.apply(null, arguments);
    };
  });
  window.API = api;
  var frame = document.createElement('iframe');
  frame.title = ${JSON.stringify(FRAME_TITLE)};
  frame.src = ${src};
  document.body.append(frame);
};
document.head.append(s);
</script></body></html>
`;
}
