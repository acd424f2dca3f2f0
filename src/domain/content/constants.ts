// Business constants of the course content (decision 0023).

export const MODULE_COUNT = 5;
/** Questions in each module's quiz, in module order. */
export const QUESTION_COUNTS = [3, 3, 3, 3, 2] as const;
/** Quiz type of each module: modules 1 and 3 drag-answer, 2, 4 and 5 select-answer. */
export const ACTIVITY_TYPE_BY_MODULE = [
  'drag-answer',
  'select-answer',
  'drag-answer',
  'select-answer',
  'select-answer',
] as const;
/** Module titles, exactly as the course names them (decision 0023). */
export const MODULE_TITLES = [
  'Generalidades',
  'Políticas',
  'Gestión de peligros',
  'Estrategia de seguridad vial',
  'Emergencia',
] as const;
export const activityTitle = (moduleNumber: number) => `PONTE A PRUEBA MÓDULO ${moduleNumber}`;
