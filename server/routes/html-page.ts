// The shell of the few pages the server renders itself (/verificar, a missing certificate file):
// Spanish, readable on a phone, self-contained — inline CSS only (the CSP allows inline styles,
// not scripts), no fonts or images to fetch, so it works on a slow site-office link.
import { courseIdentity } from '../../course-files/read-content.ts';

export const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

const STYLE = `
:root{color-scheme:light;--brand:#0b4f6c;--accent:#f2b705;--ink:#1d2b36;--soft:#46545f;--line:#c9cfd3;--ok:#1b6b3a;--bad:#a4262c}
*{box-sizing:border-box}
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif;font-size:1.0625rem;line-height:1.5;color:var(--ink);background:#f3f5f6}
header{background:var(--brand);color:#fff;border-bottom:4px solid var(--accent);padding:.75rem 1rem}
header p{margin:0 auto;max-width:40rem;font-weight:700;letter-spacing:.04em;font-size:.9rem}
main{max-width:40rem;margin:1.5rem auto;padding:1.25rem;background:#fff;border:1px solid var(--line);border-radius:8px}
@media (max-width:42rem){main{margin:0;border-radius:0;border-left:0;border-right:0}}
h1{font-size:1.5rem;line-height:1.25;margin:0}
.status{display:flex;align-items:center;gap:.75rem;margin-bottom:1rem}
.icon{flex:none;display:inline-grid;place-items:center;width:2.5rem;height:2.5rem;border-radius:50%;color:#fff;font-weight:700;font-size:1.3rem}
.status-ok .icon{background:var(--ok)}.status-ok h1{color:var(--ok)}
.status-bad .icon{background:var(--bad)}.status-bad h1{color:var(--bad)}
dl{margin:1rem 0 0;border-top:1px solid var(--line)}
dl div{padding:.6rem 0;border-bottom:1px solid var(--line)}
dt{font-size:.85rem;color:var(--soft);text-transform:uppercase;letter-spacing:.05em}
dd{margin:.1rem 0 0;font-weight:600;overflow-wrap:anywhere}
dd.name{font-size:1.25rem}
.code{font-family:ui-monospace,Consolas,monospace;overflow-wrap:anywhere}
.lookup{margin-top:1.25rem}
.lookup label{display:block;font-weight:600;margin-bottom:.35rem}
.row{display:flex;flex-wrap:wrap;gap:.5rem}
.row input{flex:1 1 12rem;min-width:0;font:inherit;padding:.55rem .7rem;border:1px solid var(--soft);border-radius:6px;text-transform:uppercase}
.row button{font:inherit;font-weight:700;padding:.55rem 1.1rem;border:0;border-radius:6px;background:var(--brand);color:#fff;cursor:pointer}
:focus-visible{outline:3px solid var(--accent);outline-offset:2px}
a{color:var(--brand)}
footer{max-width:40rem;margin:0 auto 2rem;padding:0 1rem;font-size:.9rem;color:var(--soft)}
`;

export function htmlPage(title: string, body: string): string {
  return `<!doctype html>
<html lang="es">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<title>${escapeHtml(title)} — Curso SST</title>
<style>${STYLE}</style>
</head>
<body>
<header><p>${escapeHtml(courseIdentity().header)}</p></header>
<main>
${body}
</main>
<footer><p><a href="/">Ir al curso</a></p></footer>
</body>
</html>`;
}
