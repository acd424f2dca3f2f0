// React access to the course controller. Screens read state with useCourse() and act through
// the controller's methods; they never talk to a tracking adapter.
import { createContext, useContext, useSyncExternalStore, type ReactNode } from 'react';
import type { CourseController, CourseState } from './course-controller.ts';

const CourseContext = createContext<CourseController | null>(null);

export function CourseProvider({
  controller,
  children,
}: {
  controller: CourseController;
  children: ReactNode;
}) {
  return <CourseContext.Provider value={controller}>{children}</CourseContext.Provider>;
}

export function useCourseController(): CourseController {
  const controller = useContext(CourseContext);
  if (!controller) throw new Error('useCourseController fuera de CourseProvider');
  return controller;
}

export function useCourse(): CourseState {
  const controller = useCourseController();
  return useSyncExternalStore(controller.subscribe, controller.getState, controller.getState);
}
