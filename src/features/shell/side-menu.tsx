// The side menu: a drawer with the modules, their number, picture, state and progress.
// A native modal <dialog> (docs/decisions/0027-routes-page-ids-and-navigation.md):
// the page beneath is inert (no tap or focus reaches it), the backdrop, «Cerrar» and Escape close
// it, and focus returns to the button that opened it.
import { useEffect, useId, useRef, useState } from 'react';
import { useLocation } from '../../ui/router.tsx';
import { useCourse, useCourseController } from '../../course/course-context.tsx';
import { es } from '../../strings/es.ts';
import { AcceptanceOffer } from '../acceptance/index.ts';
import { CloseIcon } from '../../screen-kit/icons.tsx';
import { ModuleProgress, ModuleTopics, moduleFigures, useOpenModule } from '../menu/index.ts';
import { revealInEmbedders } from '../../ui/frame-reveal.ts';

export function SideMenu({ assetBase }: { assetBase: string }) {
  const [open, setOpen] = useState(false);
  const controller = useCourseController();
  const { viewed } = useCourse();
  const location = useLocation();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const dialogRef = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => setOpen(false), [location.pathname]);
  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      dialog.showModal();
      revealInEmbedders(dialog); // decision 0161
      dialog.querySelector<HTMLElement>('.drawer-close')?.focus();
    } else if (!open && dialog.open) {
      dialog.close();
      if (document.activeElement === document.body || !document.activeElement)
        buttonRef.current?.focus();
    }
  }, [open]);

  const close = () => {
    setOpen(false);
    buttonRef.current?.focus();
  };
  const openModuleAt = useOpenModule();
  const openModule = (index: number) => {
    // A locked module: its modal opens above the page, so the drawer closes first.
    setOpen(false);
    if (!openModuleAt(index)) buttonRef.current?.focus();
  };
  const figures = moduleFigures(viewed, controller.shape.topicCounts);

  return (
    <div className="side-menu">
      <button
        ref={buttonRef}
        type="button"
        className="side-menu-toggle"
        aria-haspopup="dialog"
        aria-expanded={open}
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
      <dialog
        ref={dialogRef}
        className="drawer"
        aria-labelledby={titleId}
        onCancel={(e) => {
          e.preventDefault();
          close();
        }}
        onClick={(e) => {
          // A click on the dialog box itself (not its content) is a click on the backdrop.
          if (e.target === e.currentTarget) close();
        }}
      >
        <div className="drawer-inner">
          <div className="drawer-head">
            <h2 id={titleId} className="drawer-title">
              {es.drawerTitle}
            </h2>
            <button type="button" className="btn drawer-close" onClick={close}>
              <CloseIcon size={18} />
              {es.close}
            </button>
          </div>
          {/* Until «Acepto», once the course is complete (record 0262). */}
          <AcceptanceOffer className="drawer-acceptance" />
          <nav aria-label={es.modulesNav}>
            <ul className="drawer-list">
              {controller.outline.modules.map((m, i) => {
                const locked = !controller.canOpen(i);
                const state = locked ? 'locked' : controller.moduleState(i);
                const f = figures[i];
                return (
                  <li key={m.id} className={`drawer-item drawer-item--${state}`}>
                    <button type="button" onClick={() => openModule(i)}>
                      <img
                        src={m.inlineImg ?? assetBase + m.img}
                        alt=""
                        width="40"
                        height="40"
                        loading="lazy"
                      />
                      <span className="drawer-text">
                        <span className="drawer-name">
                          <span className="side-menu-number">{m.number}.</span> {m.title}
                        </span>
                        <span className="drawer-state">{es.moduleState[state]}</span>
                        {f && <ModuleProgress figures={f} />}
                      </span>
                    </button>
                    {!locked && (
                      <ModuleTopics
                        module={m}
                        seen={viewed[i] ?? []}
                        currentPath={location.pathname}
                        onChoose={() => setOpen(false)}
                      />
                    )}
                  </li>
                );
              })}
            </ul>
          </nav>
        </div>
      </dialog>
    </div>
  );
}
