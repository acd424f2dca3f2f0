// The console's page shell (docs/decisions/0110-coordinator-console.md): the look of the other
// server pages (/verificar: same colours, type and focus ring), wider for tables, no script at
// all (sorting, filters and pagination are links and GET forms), usable at 768×1024 and on a
// 360-px phone (record 0274: the navigation folds into «Menú», tables fit or become cards).
import { escapeHtml } from '../routes/html-page.ts';
import { courseIdentity } from '../../course-files/read-content.ts';
import { esConsole as T } from './strings/es-console.ts';

export { escapeHtml };

const STYLE = `
:root{color-scheme:light;--brand:#0b4f6c;--accent:#f2b705;--ink:#1d2b36;--soft:#46545f;--line:#c9cfd3;--ok:#1b6b3a;--bad:#a4262c;--warn:#7a4b00;--bg:#f3f5f6}
*{box-sizing:border-box}
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif;font-size:1rem;line-height:1.5;color:var(--ink);background:var(--bg)}
.skip{position:absolute;left:-999px;top:.5rem;background:#fff;color:var(--brand);padding:.5rem 1rem;z-index:2}
.skip:focus{left:.5rem}
header{background:var(--brand);color:#fff;border-bottom:4px solid var(--accent);padding:.6rem 1rem;position:relative}
.bar{max-width:72rem;margin:0 auto;display:flex;flex-wrap:wrap;align-items:center;gap:.5rem 1.25rem}
.bar p{margin:0;font-weight:700;letter-spacing:.04em;font-size:.9rem}
details.menu{flex:1 1 auto}
@media (min-width:48.01rem){details.menu>summary{display:none}details.menu::details-content{content-visibility:visible}}
.menu-body{display:flex;flex-wrap:wrap;align-items:center;gap:.5rem 1.25rem}
nav ul{list-style:none;margin:0;padding:0;display:flex;flex-wrap:wrap;gap:.25rem .9rem}
nav a{color:#fff;text-decoration:none;padding:.35rem .1rem;display:inline-block;border-bottom:2px solid transparent}
nav a[aria-current=page]{border-bottom-color:var(--accent);font-weight:700}
nav a:hover{text-decoration:underline}
.who{margin-left:auto;display:flex;flex-wrap:wrap;gap:.5rem;align-items:center;font-size:.9rem}
.who button{background:transparent;color:#fff;border:1px solid #fff;border-radius:6px;padding:.3rem .7rem;font:inherit;cursor:pointer}
main{max-width:72rem;margin:1.25rem auto;padding:1.25rem;background:#fff;border:1px solid var(--line);border-radius:8px;overflow-wrap:break-word}
@media (max-width:74rem){main{margin:0;border-radius:0;border-left:0;border-right:0}}
@media (max-width:48rem){
header{padding:.45rem .75rem}
.bar{flex-wrap:nowrap;gap:.75rem}
.bar p{flex:1 1 auto;min-width:0;font-size:.85rem;line-height:1.3;letter-spacing:.02em}
details.menu{flex:none}
details.menu>summary{display:block;list-style:none;cursor:pointer;font-weight:700;border:1px solid #fff;border-radius:6px;padding:.4rem .9rem;min-height:2.75rem;line-height:1.8}
details.menu>summary::-webkit-details-marker{display:none}
details.menu>summary::after{content:" ▾"}details.menu[open]>summary::after{content:" ▴"}
details.menu[open] .menu-body{position:absolute;left:0;right:0;top:100%;z-index:3;background:var(--brand);border-bottom:4px solid var(--accent);padding:.25rem .75rem .75rem;flex-direction:column;align-items:stretch;gap:.5rem}
nav ul{flex-direction:column;gap:0}
nav a{display:block;padding:.7rem .25rem;border-bottom:1px solid rgb(255 255 255 / .25)}
nav a[aria-current=page]{border-bottom:3px solid var(--accent)}
.who{margin-left:0;justify-content:space-between}
main{padding:1rem .75rem}
h1{font-size:1.3rem}
.table-wrap{max-width:100%}
pre.result{overflow-wrap:anywhere}
}
h1{font-size:1.5rem;line-height:1.25;margin:0 0 1rem}
h2{font-size:1.2rem;margin:1.75rem 0 .6rem}
a{color:var(--brand)}
:focus-visible{outline:3px solid var(--accent);outline-offset:2px}
.cards{display:grid;grid-template-columns:repeat(auto-fit,minmax(9.5rem,1fr));gap:.75rem;margin:0;padding:0;list-style:none}
.cards li{border:1px solid var(--line);border-radius:8px;padding:.75rem;background:#fafbfb}
.cards .n{display:block;font-size:1.75rem;font-weight:700;color:var(--brand)}
.cards .late .n{color:var(--bad)}.cards .soon .n{color:var(--warn)}
.table-wrap{overflow-x:auto;border:1px solid var(--line);border-radius:6px}
table.answers tbody th{font-weight:400;min-width:16rem}
td.details{overflow-wrap:anywhere;min-width:10rem}
table{border-collapse:collapse;width:100%;font-size:.95rem}
caption{text-align:left;font-weight:700;padding:.5rem .6rem;caption-side:top}
th,td{padding:.45rem .6rem;border-bottom:1px solid var(--line);text-align:left;vertical-align:top}
thead th{background:#eef2f4;white-space:nowrap}
td.num,th.num{text-align:right}
tbody tr:nth-child(even){background:#fafbfb}
form.filters{display:grid;grid-template-columns:repeat(auto-fit,minmax(11rem,1fr));gap:.6rem .9rem;align-items:end;margin-bottom:1rem}
label{display:block;font-weight:600;margin-bottom:.25rem;font-size:.92rem}
input,select,textarea{font:inherit;padding:.45rem .55rem;border:1px solid var(--soft);border-radius:6px;width:100%;min-width:0;background:#fff;color:var(--ink)}
input[type=file]{padding:.35rem}
label.check{display:flex;gap:.5rem;align-items:flex-start;font-weight:400}label.check input{width:auto;flex:none;margin:.2rem 0 0}
button,.button{font:inherit;font-weight:700;padding:.5rem 1rem;border:0;border-radius:6px;background:var(--brand);color:#fff;cursor:pointer;text-decoration:none;display:inline-block}
.button.secondary,button.secondary{background:#fff;color:var(--brand);border:1px solid var(--brand)}
button.danger{background:var(--bad)}
.actions{display:flex;flex-wrap:wrap;gap:.5rem;align-items:center;margin:.75rem 0}
.actions form:has(.confirm){display:flex;flex-direction:column;align-items:flex-start;gap:.35rem}.actions .confirm{display:flex;gap:.5rem;align-items:flex-start;max-width:32rem;font-size:.95rem;font-weight:400}.actions .confirm input{width:auto;flex:none;margin:.2rem 0 0}
.field{margin-bottom:.85rem;max-width:32rem}
.hint{font-size:.88rem;color:var(--soft);margin:.2rem 0 0}
.field-error{color:var(--bad);font-weight:600;font-size:.92rem;margin:.3rem 0 0}
fieldset{border:1px solid var(--line);border-radius:6px;padding:.6rem .8rem;margin:0 0 1rem;max-width:34rem}fieldset.plain{border:0;padding:0;margin:0;max-width:none}
legend{font-weight:700;padding:0 .3rem}
ul.links{padding-left:1.1rem}ul.links li{margin:.45rem 0}
.notice{border-left:4px solid var(--brand);background:#eef6f9;padding:.6rem .8rem;margin:0 0 1rem}
.notice.ok{border-color:var(--ok);background:#edf7f0}.notice.bad{border-color:var(--bad);background:#fbeeee}
.secret{font-family:ui-monospace,Consolas,monospace;font-size:1.2rem;font-weight:700;letter-spacing:.05em}
.pager{display:flex;flex-wrap:wrap;gap:.75rem;align-items:center;margin-top:.75rem}
dl.facts{display:grid;grid-template-columns:repeat(auto-fit,minmax(14rem,1fr));gap:0 1.25rem;margin:0}
dl.facts div{padding:.45rem 0;border-bottom:1px solid var(--line)}
dt{font-size:.82rem;color:var(--soft);text-transform:uppercase;letter-spacing:.05em}
dd{margin:.1rem 0 0;font-weight:600;overflow-wrap:anywhere}
.code{font-family:ui-monospace,Consolas,monospace}
.ok{color:var(--ok)}.bad{color:var(--bad)}
pre.result{white-space:pre-wrap;background:#f6f8f9;border:1px solid var(--line);border-radius:6px;padding:.75rem;font-size:.9rem;max-height:28rem;overflow:auto}
.sort{color:inherit}
.sr{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
.phone-only{display:none}
table.learners .pick input{width:1.5rem;height:1.5rem;margin:0}
@media (max-width:40rem){table.learners .wide{display:none}.phone-only{display:block}table.learners td.estado{font-weight:600}
table.learners th,table.learners td{padding:.45rem .3rem;white-space:normal}table.learners{font-size:.85rem}}
@media (max-width:40rem){
.table-wrap:has(>table.stack){border:0;overflow:visible}
table.stack,table.stack tbody,table.stack tr,table.stack th,table.stack td{display:block}
table.stack caption{display:block;padding:0 0 .5rem}
table.stack thead{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0)}
table.stack tbody tr,table.stack tbody tr:nth-child(even){border:1px solid var(--line);border-radius:8px;padding:.6rem .75rem;margin-bottom:.75rem;background:#fff}
table.stack th,table.stack td{border:0;padding:.15rem 0;overflow-wrap:anywhere;text-align:left;min-width:0}
table.stack td:empty{display:none}
table.stack th{font-size:1.05rem}
table.stack [data-label]::before{content:attr(data-label) ": ";color:var(--soft);font-size:.9rem;font-weight:400}
table.answers.stack tbody th{min-width:0}
table.stack td.num{display:flow-root;text-align:right;border-bottom:1px dotted var(--line)}
table.stack td.num[data-label]::before{content:attr(data-label);float:left;margin-right:1rem}
table.sheet td.send{display:flex;flex-wrap:wrap;gap:.5rem;margin-top:.5rem}
table.sheet td.send a{font-weight:700;padding:.5rem 1rem;border-radius:6px;background:var(--brand);color:#fff;text-decoration:none}
}
progress{width:100%;max-width:32rem;height:1.25rem}
footer{max-width:72rem;margin:0 auto 2rem;padding:0 1rem;font-size:.9rem;color:var(--soft)}
`;

export type NavKey =
  'resumen' | 'aprendices' | 'agregar' | 'importar' | 'obras' | 'registro' | 'auditoria' | 'lti';

const NAV: [NavKey, string, string][] = [
  ['resumen', '/consola', T.nav.resumen],
  ['aprendices', '/consola/aprendices', T.nav.aprendices],
  ['agregar', '/consola/agregar', T.nav.agregar],
  ['importar', '/consola/importar', T.nav.importar],
  ['obras', '/consola/obras', T.nav.obras],
  ['registro', '/consola/registro', T.nav.registro],
  ['auditoria', '/consola/auditoria', T.nav.auditoria],
  // Record 0295: auditors read the registrations too; only coordinators change them.
  ['lti', '/consola/lti', T.nav.lti],
];

export interface Viewer {
  name: string;
  role: 'coordinador' | 'auditor';
  /** Token for this session's forms (hidden _xsrf field). */
  formToken: string;
}

export const hiddenToken = (viewer: { formToken: string }) =>
  `<input type="hidden" name="_xsrf" value="${escapeHtml(viewer.formToken)}">`;

export function consolePage(
  title: string,
  body: string,
  options: { viewer?: Viewer; current?: NavKey; refreshSeconds?: number } = {},
): string {
  const { viewer, current, refreshSeconds } = options;
  // On a phone the navigation folds into «Menú» (record 0274): a <details>, so it opens without
  // a script; wider, the CSS shows its content and hides the summary.
  const nav = viewer
    ? `<details class="menu"><summary>${T.menu}</summary><div class="menu-body"><nav aria-label="${T.navLabel}"><ul>${NAV.filter(
        ([key]) => viewer.role === 'coordinador' || (key !== 'agregar' && key !== 'importar'),
      )
        .map(
          ([key, href, label]) =>
            `<li><a href="${href}"${key === current ? ' aria-current="page"' : ''}>${label}</a></li>`,
        )
        .join('')}</ul></nav>
<form class="who" method="post" action="/consola/salir"><span>${escapeHtml(viewer.name)} (${viewer.role})</span>${hiddenToken(viewer)}<button type="submit">${T.signOut}</button></form></div></details>`
    : '';
  return `<!doctype html>
<html lang="es">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
${refreshSeconds ? `<meta http-equiv="refresh" content="${refreshSeconds}">\n` : ''}<title>${escapeHtml(title)}${T.titleSuffix}</title>
<style>${STYLE}</style>
</head>
<body>
<a class="skip" href="#contenido">${T.skipToContent}</a>
<header><div class="bar"><p>${escapeHtml(courseIdentity().header)}${T.headerSuffix}</p>${nav}</div></header>
<main id="contenido" tabindex="-1">
${body}
</main>
<footer><p>${T.footer}</p></footer>
</body>
</html>`;
}

const DATE_FORMAT = new Intl.DateTimeFormat('es-CO', {
  timeZone: 'America/Bogota',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
});
const DATE_TIME_FORMAT = new Intl.DateTimeFormat('es-CO', {
  timeZone: 'America/Bogota',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hour12: false,
});

/** dd/mm/aaaa in Colombia's time zone; '' for null. */
export const shortDate = (iso: string | Date | null | undefined) =>
  iso ? DATE_FORMAT.format(new Date(iso)) : '';
export const dateTime = (iso: string | Date | null | undefined) =>
  iso ? DATE_TIME_FORMAT.format(new Date(iso)) : '';
/** A date-only value (aaaa-mm-dd) as dd/mm/aaaa, without time-zone shifts. */
export const plainDate = (ymd: string | null | undefined) =>
  ymd ? ymd.slice(0, 10).split('-').reverse().join('/') : '';

export function duration(seconds: number): string {
  const h = Math.floor(seconds / 3600);
  const m = Math.round((seconds % 3600) / 60);
  return h ? `${h} h ${m} min` : `${m} min`;
}
