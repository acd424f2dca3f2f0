// «Escuchar» for text a screen type opens itself (a window, a card). Read-aloud is a feature,
// above the plug-ins, so a type never imports it: the topic page provides the control here and a
// type only asks for it where it wants one (no control when none is provided, e.g. in tests).
import { createContext, useContext, type ComponentType, type RefObject } from 'react';

export type ListenControl = ComponentType<{ target: RefObject<HTMLElement | null> }>;

const ListenContext = createContext<ListenControl | null>(null);

/** Given by the topic page: the read-aloud control screen types may place. */
export const ListenProvider = ListenContext.Provider;

/** The read-aloud control for `target`, where the topic page provides one. */
export function ListenHere({ target }: { target: RefObject<HTMLElement | null> }) {
  const Control = useContext(ListenContext);
  return Control ? <Control target={target} /> : null;
}
