// Per-learner filling of the standalone app (decision 0078): the web build ships the
// course unfilled plus the placeholder values of every obra of the configuration, and the app
// fills the outline and each module for the signed-in learner's obra. The LMS build is filled
// at build time for its one obra (decision 0075) and does not use this.
import type { CompanyConfig } from '../config/index.ts';
import type { CourseOutline } from './outline.ts';
import {
  fillFields,
  fillModule,
  fillTemplate,
  placeholderValues,
  type PlaceholderValues,
} from './placeholders.ts';
import type { Course, Module } from './types.ts';

/**
 * The values of every obra, small enough for the first chunk: the names shared by the whole
 * company once, and per obra slug only its `obra.*` names.
 */
export interface CompanyObras {
  /** Slug of the configuration's first obra: the one of learners without an obra. */
  first: string;
  company: PlaceholderValues;
  obras: Readonly<Record<string, PlaceholderValues>>;
}

const isObraName = (name: string) => name.startsWith('obra.');

export function companyObras(config: CompanyConfig, course: Pick<Course, 'hours'>): CompanyObras {
  const split = (all: PlaceholderValues, keep: (name: string) => boolean) =>
    Object.fromEntries(Object.entries(all).filter(([k, v]) => keep(k) && v !== undefined));
  const first = config.obras[0]!;
  return {
    first: first.slug,
    company: split(placeholderValues(config, first, course), (n) => !isObraName(n)),
    obras: Object.fromEntries(
      config.obras.map((o) => [o.slug, split(placeholderValues(config, o, course), isObraName)]),
    ),
  };
}

/** The values for a learner's obra; an unknown or missing slug gets the first obra's. */
export function valuesForObra(
  all: CompanyObras,
  slug: string | null | undefined,
): PlaceholderValues {
  const own = slug && Object.hasOwn(all.obras, slug) ? all.obras[slug] : undefined;
  return { ...all.company, ...(own ?? all.obras[all.first]) };
}

/**
 * The outline with its texts filled, as the LMS build's outline is when built from the filled
 * course (introduction, module names/titles/alts, page titles).
 */
export function fillOutline(outline: CourseOutline, values: PlaceholderValues): CourseOutline {
  return {
    ...outline,
    introduction: fillFields(outline.introduction, values),
    modules: outline.modules.map((m) => ({
      ...m,
      name: fillTemplate(m.name, values),
      title: fillTemplate(m.title, values, { html: false }),
      alt: fillTemplate(m.alt, values, { html: false }),
      pages: m.pages.map((p) => ({ ...p, title: fillTemplate(p.title, values) })),
    })),
  };
}

/** A loaded module filled for one obra (see fillModule). */
export const fillModuleForObra = <M extends Module>(
  module: M,
  all: CompanyObras,
  slug: string | null | undefined,
): M => fillModule(module, valuesForObra(all, slug));
