// Accessible modal dialog on the native <dialog> element: showModal() makes the rest of the
// page inert (focus stays inside) and we put focus back where it was on close. Our modals are
// not dismissed by Escape or a backdrop click (decision 0028): only their own buttons close them.
import { useEffect, useRef, type ReactNode } from 'react';
import './dialog.css';
import { revealInEmbedders } from './frame-reveal.ts';

export interface DialogProps {
  open: boolean;
  /** Accessible name: the id of the heading inside, or a label. */
  labelledBy?: string;
  label?: string;
  className?: string;
  /**
   * Escape closes only dialogs that pass this (the glossary, decision 0106); the course modals
   * are closed by their own buttons only.
   */
  onEscape?: () => void;
  children: ReactNode;
}

export function Dialog({ open, labelledBy, label, className, onEscape, children }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog || !open) return;
    const previous = document.activeElement as HTMLElement | null;
    // Closing gives the page back where it was: focus returns without scrolling, and the scroll
    // position is put back if opening or closing moved it (decision 0227).
    const scrollX = window.scrollX;
    const scrollY = window.scrollY;
    if (!dialog.open) dialog.showModal();
    // In an LMS frame inside a scrolled page: the dialog and its buttons in view (decision 0161).
    revealInEmbedders(dialog);
    const autofocus = dialog.querySelector<HTMLElement>('[data-autofocus]');
    autofocus?.focus();
    return () => {
      if (dialog.open) dialog.close();
      if (previous && previous.isConnected) previous.focus({ preventScroll: true });
      if (window.scrollX !== scrollX || window.scrollY !== scrollY)
        window.scrollTo(scrollX, scrollY);
    };
  }, [open]);
  if (!open) return null;
  return (
    <dialog
      ref={ref}
      className={`ui-dialog ${className ?? ''}`}
      aria-labelledby={labelledBy}
      aria-label={label}
      aria-modal="true"
      onCancel={(e) => {
        e.preventDefault();
        onEscape?.();
      }}
    >
      {children}
    </dialog>
  );
}
