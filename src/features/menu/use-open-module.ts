// Opening a module from the menu or the side menu: its first page, or the locked-module modal
// ('Este módulo no está habilitado.', SPEC.md §4) when it is not unlocked yet.
import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { useCourseController } from '../../course/course-context.tsx';
import { pagePath } from '../../domain/progress/navigation.ts';
import { es } from '../../strings/es.ts';
import { modals } from '../modals/index.ts';

export function useOpenModule(): (index: number) => boolean {
  const controller = useCourseController();
  const navigate = useNavigate();
  return useCallback(
    (index: number) => {
      const first = controller.outline.modules[index]?.pages[0];
      if (!first) return false;
      if (!controller.canOpen(index)) {
        modals.openMessage(`<p>${es.moduleLocked}</p>`, 'alert');
        return false;
      }
      navigate(pagePath(first));
      return true;
    },
    [controller, navigate],
  );
}
