// The standalone app fills the course for the signed-in learner's obra (decision
// 0078): the web build bundles every obra's values (virtual:company-obras) and the course
// unfilled. Only the web entry (src/app/main-web.tsx) imports this file and hands it to the
// controller; the LMS build is filled when built and never bundles it (decision 0207).
import { obras } from 'virtual:company-obras';
import type { CourseOutline } from '../domain/content/outline.ts';
import type { Module } from '../domain/content/types.ts';
import { fillModuleForObra, fillOutline, valuesForObra } from '../domain/content/fill-per-obra.ts';

/** The learner's obra slug; null/undefined = the configuration's first obra. */
export type ObraSlug = string | null | undefined;

export function outlineForObra(outline: CourseOutline, obra: ObraSlug): CourseOutline {
  if (!obras) return outline;
  return fillOutline(outline, valuesForObra(obras, obra));
}

const filledModules = new WeakMap<Module, Map<string, Module>>();

/** A loaded module filled for the obra, kept per module and obra for the session. */
export function moduleForObra(module: Module, obra: ObraSlug): Module {
  if (!obras) return module;
  const key = obra ?? '';
  let byObra = filledModules.get(module);
  if (!byObra) filledModules.set(module, (byObra = new Map()));
  let filled = byObra.get(key);
  if (!filled) byObra.set(key, (filled = fillModuleForObra(module, obras, obra)));
  return filled;
}
