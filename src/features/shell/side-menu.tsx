// Small-screen side menu: the modules with number and image (SPEC.md §2).
import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { useCourse, useCourseController } from '../../course/course-context.tsx';
import { es } from '../../strings/es.ts';
import { useOpenModule } from '../menu/index.ts';

export function SideMenu({ assetBase }: { assetBase: string }) {
  const [open, setOpen] = useState(false);
  const controller = useCourseController();
  useCourse();
  const location = useLocation();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLElement>(null);
  useEffect(() => setOpen(false), [location.pathname]);
  useEffect(() => {
    if (!open) return;
    panelRef.current?.querySelector<HTMLElement>('button')?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        setOpen(false);
        buttonRef.current?.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);

  const openModuleAt = useOpenModule();
  const openModule = (index: number) => {
    if (!openModuleAt(index)) setOpen(false);
  };

  return (
    <div className="side-menu">
      <button
        ref={buttonRef}
        type="button"
        className="side-menu-toggle"
        aria-expanded={open}
        aria-controls="side-menu-panel"
        onClick={() => setOpen((o) => !o)}
      >
        <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
          <path
            d="M4 6h16M4 12h16M4 18h16"
            stroke="currentColor"
            strokeWidth="2.5"
            strokeLinecap="round"
          />
        </svg>
        <span className="visually-hidden">{es.openModules}</span>
      </button>
      <nav
        id="side-menu-panel"
        ref={panelRef}
        className="side-menu-panel"
        hidden={!open}
        aria-label={es.modulesNav}
      >
        <ul>
          {controller.outline.modules.map((m, i) => (
            <li key={m.id}>
              <button type="button" onClick={() => openModule(i)}>
                <img src={assetBase + m.img} alt="" width="40" height="40" loading="lazy" />
                <span className="side-menu-number">{m.number}</span>
                <span className="side-menu-name">{m.title}</span>
                <span className="visually-hidden">
                  ,{' '}
                  {controller.canOpen(i)
                    ? es.moduleState[controller.moduleState(i)]
                    : es.moduleState.locked}
                </span>
              </button>
            </li>
          ))}
        </ul>
      </nav>
    </div>
  );
}
