// What the store modules (store.ts and the *-store.ts it re-exports) share: the default course
// of every query, and a timestamp read from the database as ISO text.
import { courseIdentity } from '../../course-files/read-content.ts';

/** The course this server ships (content/es/course.json): the default course of every query. */
export const shippedCourseId = (): string => courseIdentity().id;

export const iso = (value: Date | string | null) =>
  value === null ? null : new Date(value).toISOString();
