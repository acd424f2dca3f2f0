declare module 'virtual:course' {
  import type { CourseOutline } from './domain/content/outline.ts';
  export const outline: CourseOutline;
}
declare module 'virtual:course-modules' {
  import type { Module } from './domain/content/types.ts';
  export function loadModule(id: string): Promise<Module>;
}
