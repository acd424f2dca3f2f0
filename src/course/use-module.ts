// Loads a module's page bodies (one lazy chunk per module), cached for the session, with its
// texts filled for the learner's obra in the standalone app (decision 0078: the controller's
// fillModule, which only the web entry sets).
import { useEffect, useState } from 'react';
import { loadModule } from 'virtual:course-modules';
import type { Module } from '../domain/content/types.ts';
import { useCourse, useCourseController } from './course-context.tsx';

const cache = new Map<string, Promise<Module>>();

function load(id: string): Promise<Module> {
  let p = cache.get(id);
  if (!p) {
    p = loadModule(id);
    p.catch(() => cache.delete(id)); // a failed chunk (network) may be retried
    cache.set(id, p);
  }
  return p;
}

export type ModuleLoad =
  | { status: 'loading' }
  | { status: 'ready'; module: Module }
  | { status: 'error'; retry: () => void };

export function useModule(id: string | undefined): ModuleLoad {
  const obra = useCourse().learner.obra;
  const { fillModule } = useCourseController();
  const state = useLoadedModule(id);
  return state.status === 'ready' ? { ...state, module: fillModule(state.module, obra) } : state;
}

function useLoadedModule(id: string | undefined): ModuleLoad {
  // The state remembers which module it holds: when the id changes (one topic screen to another
  // module's, the component kept), the old module is never returned for the new id.
  const [held, setState] = useState<ModuleLoad & { id?: string }>({ status: 'loading' });
  const state: ModuleLoad = held.id === id ? held : { status: 'loading' };
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (!id) return;
    let alive = true;
    setState({ status: 'loading', id });
    load(id).then(
      (module) => alive && setState({ status: 'ready', module, id }),
      (e) => {
        console.error('[curso-sst] no se pudo cargar el módulo', id, e);
        if (alive) setState({ status: 'error', retry: () => setAttempt((a) => a + 1), id });
      },
    );
    return () => {
      alive = false;
    };
  }, [id, attempt]);
  return state;
}

/** Starts loading a module ahead of time (e.g. the next one). */
export function prefetchModule(id: string) {
  void load(id).catch(() => undefined);
}
