// Resolves the :id of a course route: its outline entry, its module (loaded lazily) and
// whether the learner may see it (its module unlocked).
import { useEffect } from 'react';
import { useNavigate, useParams } from '../../ui/router.tsx';
import { useCourse, useCourseController } from '../../course/course-context.tsx';
import { useModule, type ModuleLoad } from '../../course/use-module.ts';
import type { PageRef } from '../../domain/content/outline.ts';
import { lockedModuleHtml } from '../menu/index.ts';
import { modals } from '../modals/index.ts';

export function usePage(): { ref: PageRef | undefined; load: ModuleLoad; allowed: boolean } {
  const { id } = useParams();
  const controller = useCourseController();
  const { ready } = useCourse();
  const navigate = useNavigate();
  const ref = id ? controller.pages.get(id) : undefined;
  const moduleId = ref ? controller.outline.modules[ref.moduleIndex]?.id : undefined;
  const load = useModule(moduleId);
  const allowed = !!ref && controller.canOpen(ref.moduleIndex);
  useEffect(() => {
    if (ready && ref && !allowed) {
      modals.openMessage(lockedModuleHtml(controller, ref.moduleIndex), 'alert');
      navigate('/menu', { replace: true });
    }
  }, [ready, ref, allowed, navigate, controller]);
  return { ref, load, allowed };
}
