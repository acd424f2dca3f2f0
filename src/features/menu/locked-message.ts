// The locked-module modal's text: «Este módulo no está habilitado.», then which module to finish
// first (docs/decisions/0027-routes-page-ids-and-navigation.md).
import type { CourseController } from '../../course/course-controller.ts';
import { es } from '../../strings/es.ts';

export function lockedModuleHtml(controller: CourseController, index: number): string {
  const modules = controller.outline.modules;
  // The first module before this one that is not complete yet is the one that opens the way.
  const todo = modules.slice(0, index).find((_, k) => controller.moduleState(k) !== 'viewed');
  return todo
    ? `<p>${es.moduleLocked}</p><p>${es.finishFirst(todo.number, todo.title)}</p>`
    : `<p>${es.moduleLocked}</p>`;
}
