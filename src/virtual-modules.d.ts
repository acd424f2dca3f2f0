// Virtual modules served by scripts/vite-content-plugin.ts (the validated course content).
// Ambient module declarations cannot use relative `import type`, hence import() types.
/* eslint-disable @typescript-eslint/consistent-type-imports */
declare module 'virtual:course' {
  export const outline: import('./domain/content/outline.ts').CourseOutline;
  /** Intrinsic [width, height] of each illustration the course names, by file name. */
  export const imageSizes: Record<string, [number, number]>;
  /** A short hash of the unfilled course (docs/decisions/0125-content-version-and-data-notice.md). */
  export const contentVersion: string;
}
declare module 'virtual:course-modules' {
  export function loadModule(id: string): Promise<import('./domain/content/types.ts').Module>;
}
declare module 'virtual:course-glossary' {
  const glossary: import('./domain/content/glossary.ts').GlossaryEntry[];
  export default glossary;
}
declare module 'virtual:company' {
  export const company: import('./domain/config/company-info.ts').CompanyInfo;
  /** Web build: the hash of the learner's company shown (record 0291); null elsewhere. */
  export const companyConfig: string | null;
}
declare module 'virtual:company-bundled' {
  /** What the build bundles: the installation file's company (the web app's fallback, 0291). */
  export const company: import('./domain/config/company-info.ts').CompanyInfo;
  export const obras: import('./domain/content/fill-per-obra.ts').CompanyObras | null;
  /** Web build: learnerCompanyHash() of the bundled company; null elsewhere. */
  export const companyConfig: string | null;
}
declare module 'virtual:company-obras' {
  /** Web build: the values of every obra (decision 0078). LMS build: null (filled when built). */
  export const obras: import('./domain/content/fill-per-obra.ts').CompanyObras | null;
}
declare module 'virtual:data-notice-version' {
  /** dataNoticeVersion() of the build's configuration, alone (record 0213). */
  export const version: string;
}
declare module 'virtual:data-notice' {
  /** The habeas-data notice of the build's configuration (paragraphs split by a blank line). */
  export const text: string;
  /** dataNoticeVersion() of the same configuration. */
  export const version: string;
}
