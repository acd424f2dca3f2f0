// Loads a module's page bodies (one lazy chunk per module), cached for the session.
import { useEffect, useState } from 'react';
import { loadModule } from 'virtual:course-modules';
import type { Module } from '../domain/content/types.ts';

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
  const [state, setState] = useState<ModuleLoad>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (!id) return;
    let alive = true;
    setState({ status: 'loading' });
    load(id).then(
      (module) => alive && setState({ status: 'ready', module }),
      (e) => {
        console.error('[curso-sst] no se pudo cargar el módulo', id, e);
        if (alive) setState({ status: 'error', retry: () => setAttempt((a) => a + 1) });
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
