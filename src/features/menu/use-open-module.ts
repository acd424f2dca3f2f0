// Opening a module from the menu or the side menu: its first page, or the locked-module modal
// ('Este módulo no está habilitado.') when it is not unlocked yet (decisions 0015 and 0027).
import { useCallback } from 'react';
import { useNavigate } from '../../ui/router.tsx';
import { useCourseController } from '../../course/course-context.tsx';
import { pagePath } from '../../domain/progress/navigation.ts';
import { modals } from '../modals/index.ts';
import { lockedModuleHtml } from './locked-message.ts';

export function useOpenModule(): (index: number) => boolean {
  const controller = useCourseController();
  const navigate = useNavigate();
  return useCallback(
    (index: number) => {
      const first = controller.outline.modules[index]?.pages[0];
      if (!first) return false;
      if (!controller.canOpen(index)) {
        modals.openMessage(lockedModuleHtml(controller, index), 'alert');
        return false;
      }
      navigate(pagePath(first));
      return true;
    },
    [controller, navigate],
  );
}
