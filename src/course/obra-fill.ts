// The standalone app fills the course for the signed-in learner's obra (decision
// 0078): every obra's values of the learner's company (virtual:company-obras: in the web build
// the live value of src/app/learner-company.ts — the bundled company's, or the learner's company
// taken at run time, record 0291) and the course unfilled. Only the web entry (src/app/main-web.tsx) imports this file and hands it to the
// controller; the LMS build is filled when built and never bundles it (decision 0207).
import { obras } from 'virtual:company-obras';
import type { CourseOutline } from '../domain/content/outline.ts';
import type { Module } from '../domain/content/types.ts';
import {
  fillModuleForObra,
  fillOutline,
  valuesForObra,
  type CompanyObras,
} from '../domain/content/fill-per-obra.ts';
import type { PlaceholderValues } from '../domain/content/placeholders.ts';

/**
 * Values of obras added in the console after the build (decision 0215): the server sends them
 * with the learner (`obra_values`), and they are used like the bundled ones.
 */
const consoleObras: Record<string, PlaceholderValues> = {};

export function rememberObraValues(slug: ObraSlug, values: PlaceholderValues | undefined): void {
  if (slug && values && !Object.hasOwn(obras?.obras ?? {}, slug)) consoleObras[slug] = values;
}

const withConsoleObras = (all: CompanyObras): CompanyObras =>
  Object.keys(consoleObras).length ? { ...all, obras: { ...consoleObras, ...all.obras } } : all;

/** The learner's obra slug; null/undefined = the configuration's first obra. */
export type ObraSlug = string | null | undefined;

export function outlineForObra(outline: CourseOutline, obra: ObraSlug): CourseOutline {
  if (!obras) return outline;
  return fillOutline(outline, valuesForObra(withConsoleObras(obras), obra));
}

/** Per company's values (another company's are another object), per module, per obra. */
const filledModules = new WeakMap<CompanyObras, WeakMap<Module, Map<string, Module>>>();

/** A loaded module filled for the obra, kept per company, module and obra for the session. */
export function moduleForObra(module: Module, obra: ObraSlug): Module {
  if (!obras) return module;
  const key = obra ?? '';
  let byModule = filledModules.get(obras);
  if (!byModule) filledModules.set(obras, (byModule = new WeakMap()));
  let byObra = byModule.get(module);
  if (!byObra) byModule.set(module, (byObra = new Map()));
  let filled = byObra.get(key);
  if (!filled) byObra.set(key, (filled = fillModuleForObra(module, withConsoleObras(obras), obra)));
  return filled;
}
