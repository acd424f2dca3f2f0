// Which course page a path shows, if any (/contenido/modulo1-tema2 → 'modulo1-tema2').
const PAGE_PATH =
  /^\/(contenido|lista[1-8]|arrastra-la-pregunta|seleccionar-pregunta)\/([^/]+)\/?$/;

export function pageIdFromPath(pathname: string): string | null {
  const m = PAGE_PATH.exec(pathname);
  return m ? decodeURIComponent(m[2]!) : null;
}
