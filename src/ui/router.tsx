// The course's router (decision 0252): a few routes, absolute paths, hash routing in the LMS
// build and history routing in the web build, an in-memory history for tests. It keeps the
// behaviour of the declarative React Router it replaces: a navigation renders in a transition (a
// lazily loaded screen keeps the previous one until it can show), a link to the current address
// replaces instead of pushing, `<Navigate>` navigates after rendering, and the same element at
// the same place keeps its state across addresses.
import {
  createContext,
  startTransition,
  useCallback,
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useState,
  type AnchorHTMLAttributes,
  type MouseEvent,
  type ReactNode,
} from 'react';

export interface Location {
  pathname: string;
  search: string;
  hash: string;
  /** What the navigation carried (`{ state }`), kept by the browser's history across reloads. */
  state: unknown;
  key: string;
}

export interface NavigateOptions {
  replace?: boolean;
  state?: unknown;
}

export type NavigateFunction = (to: string, options?: NavigateOptions) => void;

export interface RouteObject {
  /** Relative to the parent route; `:name` is a parameter, `*` the rest of the address. */
  path?: string;
  /** Matches the parent's own address. */
  index?: boolean;
  element?: ReactNode;
  children?: RouteObject[];
}

/** Where the router reads and writes addresses: the browser's history, or memory in tests. */
export interface History {
  location(): Location;
  push(path: string, state: unknown): void;
  replace(path: string, state: unknown): void;
  /** The `href` of a link to `path`. */
  href(path: string): string;
  /** Called after every change, ours (push, replace) and the browser's (back, forward). */
  listen(listener: () => void): () => void;
}

const newKey = () => Math.random().toString(36).slice(2, 10);

/** `/a/b?c#d` → its parts (the path always starts with '/'). */
export function parsePath(path: string): Pick<Location, 'pathname' | 'search' | 'hash'> {
  let rest = path;
  let hash = '';
  let search = '';
  const h = rest.indexOf('#');
  if (h >= 0) [rest, hash] = [rest.slice(0, h), rest.slice(h)];
  const q = rest.indexOf('?');
  if (q >= 0) [rest, search] = [rest.slice(0, q), rest.slice(q)];
  return { pathname: rest.startsWith('/') ? rest : `/${rest}`, search, hash };
}

const fullPath = (l: Pick<Location, 'pathname' | 'search' | 'hash'>) =>
  l.pathname + l.search + l.hash;

interface EntryState {
  usr: unknown;
  key: string;
}

function readEntryState(raw: unknown): EntryState {
  const s = raw as Partial<EntryState> | null;
  return { usr: s?.usr ?? null, key: typeof s?.key === 'string' ? s.key : 'default' };
}

/** The browser's history: the address after the '#' (`hash`) or the path itself (`history`). */
export function createBrowserHistory(mode: 'hash' | 'history', win: Window = window): History {
  const listeners = new Set<() => void>();
  const notify = () => listeners.forEach((l) => l());
  const href = (path: string) => (mode === 'hash' ? `#${path}` : path);
  const write = (method: 'pushState' | 'replaceState', path: string, state: unknown) => {
    win.history[method]({ usr: state, key: newKey() } satisfies EntryState, '', href(path));
    notify();
  };
  return {
    location() {
      const entry = readEntryState(win.history.state);
      const parts =
        mode === 'hash'
          ? parsePath(win.location.hash.replace(/^#/, '') || '/')
          : {
              pathname: win.location.pathname,
              search: win.location.search,
              hash: win.location.hash,
            };
      return { ...parts, state: entry.usr, key: entry.key };
    },
    push: (path, state) => write('pushState', path, state),
    replace: (path, state) => write('replaceState', path, state),
    href,
    listen(listener) {
      listeners.add(listener);
      // Back and forward, and a hash changed by hand (a fragment navigation fires popstate).
      win.addEventListener('popstate', listener);
      return () => {
        listeners.delete(listener);
        win.removeEventListener('popstate', listener);
      };
    },
  };
}

/** A history in memory (tests): `entries` are paths, the last one is current. */
export function createMemoryHistory(entries: string[] = ['/']): History {
  const stack: Location[] = entries.map((p) => ({
    ...parsePath(p),
    state: null,
    key: newKey(),
  }));
  let index = stack.length - 1;
  const listeners = new Set<() => void>();
  const set = (path: string, state: unknown, replace: boolean) => {
    const location = { ...parsePath(path), state, key: newKey() };
    if (replace) stack[index] = location;
    else stack.splice(++index, stack.length, location);
    listeners.forEach((l) => l());
  };
  return {
    location: () => stack[index]!,
    push: (path, state) => set(path, state, false),
    replace: (path, state) => set(path, state, true),
    href: (path) => path,
    listen(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

interface RouterContextValue {
  history: History;
  location: Location;
  navigate: NavigateFunction;
}

const RouterContext = createContext<RouterContextValue | null>(null);

function useRouter(): RouterContextValue {
  const router = useContext(RouterContext);
  if (!router) throw new Error('router hooks need a <Router> above them');
  return router;
}

/** Absolute paths only: our routes never link relatively. */
const absolute = (to: string) => (to.startsWith('/') ? to : `/${to}`);

export function Router({ history, children }: { history: History; children?: ReactNode }) {
  const [location, setLocation] = useState(() => history.location());
  useLayoutEffect(() => {
    const update = () => {
      const next = history.location();
      startTransition(() => setLocation(next));
    };
    const stop = history.listen(update);
    // A change between the first render and this effect (a static link tapped meanwhile).
    if (fullPath(history.location()) !== fullPath(location)) update();
    return stop;
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only the history's changes matter
  }, [history]);
  const navigate = useCallback<NavigateFunction>(
    (to, options = {}) => {
      const path = absolute(to);
      if (options.replace) history.replace(path, options.state ?? null);
      else history.push(path, options.state ?? null);
    },
    [history],
  );
  const value = useMemo(() => ({ history, location, navigate }), [history, location, navigate]);
  return <RouterContext.Provider value={value}>{children}</RouterContext.Provider>;
}

/** The LMS build's router: the address after the '#', so it runs from any LMS folder. */
export function HashRouter({ children }: { children?: ReactNode }) {
  const [history] = useState(() => createBrowserHistory('hash'));
  return <Router history={history}>{children}</Router>;
}

/** The web build's router: real paths, served by our server. */
export function BrowserRouter({ children }: { children?: ReactNode }) {
  const [history] = useState(() => createBrowserHistory('history'));
  return <Router history={history}>{children}</Router>;
}

export function MemoryRouter({
  initialEntries,
  children,
}: {
  initialEntries?: string[];
  children?: ReactNode;
}) {
  const [history] = useState(() => createMemoryHistory(initialEntries));
  return <Router history={history}>{children}</Router>;
}

export const useLocation = (): Location => useRouter().location;
export const useNavigate = (): NavigateFunction => useRouter().navigate;

interface RouteContextValue {
  params: Readonly<Record<string, string>>;
  outlet: ReactNode;
}

const RouteContext = createContext<RouteContextValue>({ params: {}, outlet: null });

export const useParams = (): Readonly<Record<string, string | undefined>> =>
  useContext(RouteContext).params;

/** Where a layout route shows its matched child. */
export function Outlet() {
  return <>{useContext(RouteContext).outlet}</>;
}

interface RouteMatch {
  route: RouteObject;
  params: Record<string, string>;
}

const segmentsOf = (path: string) => path.split('/').filter(Boolean);

function decode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/**
 * The first route, in the order given, whose path matches `pathname`, with its parents (routes
 * are tried in order, so a catch-all `*` goes last). Static segments ignore case, as before.
 */
export function matchRoutes(routes: RouteObject[], pathname: string): RouteMatch[] | null {
  return matchSegments(routes, segmentsOf(pathname), {});
}

function matchSegments(
  routes: RouteObject[],
  segments: string[],
  parentParams: Record<string, string>,
): RouteMatch[] | null {
  for (const route of routes) {
    if (route.index) {
      if (segments.length === 0) return [{ route, params: parentParams }];
      continue;
    }
    const params = { ...parentParams };
    const pattern = segmentsOf(route.path ?? '');
    let used = 0;
    let matched = true;
    for (const part of pattern) {
      if (part === '*') {
        params['*'] = segments.slice(used).map(decode).join('/');
        used = segments.length;
        break;
      }
      const segment = segments[used];
      if (segment === undefined) matched = false;
      else if (part.startsWith(':')) params[part.slice(1)] = decode(segment);
      else if (part.toLowerCase() !== decode(segment).toLowerCase()) matched = false;
      if (!matched) break;
      used++;
    }
    if (!matched) continue;
    const rest = segments.slice(used);
    if (route.children?.length) {
      const inner = matchSegments(route.children, rest, params);
      if (inner) return [{ route, params }, ...inner];
    }
    if (rest.length === 0) return [{ route, params }];
  }
  return null;
}

/** The element of the route matching the current address, its parents around it. */
export function useRoutes(routes: RouteObject[]): ReactNode {
  const { pathname } = useLocation();
  const matches = useMemo(() => matchRoutes(routes, pathname), [routes, pathname]);
  if (!matches) return null;
  return matches.reduceRight<ReactNode>(
    (outlet, { route, params }) => (
      <RouteContext.Provider value={{ params, outlet }}>
        {route.element === undefined ? <Outlet /> : route.element}
      </RouteContext.Provider>
    ),
    null,
  );
}

export function Routes({ routes }: { routes: RouteObject[] }) {
  return <>{useRoutes(routes)}</>;
}

/** Navigates once rendered (a redirect). */
export function Navigate({ to, replace, state }: { to: string } & NavigateOptions) {
  const navigate = useNavigate();
  useEffect(() => {
    navigate(to, { replace, state });
  }, [navigate, to, replace, state]);
  return null;
}

export interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  to: string;
  replace?: boolean;
  state?: unknown;
}

const modified = (e: MouseEvent) => e.metaKey || e.altKey || e.ctrlKey || e.shiftKey;

/** A real link (`href`, opens in a new tab with a modifier); a plain click navigates in place. */
export function Link({ to, replace, state, onClick, target, ...rest }: LinkProps) {
  const { history, location, navigate } = useRouter();
  const path = absolute(to);
  return (
    <a
      {...rest}
      href={history.href(path)}
      target={target}
      onClick={(event) => {
        onClick?.(event);
        if (event.defaultPrevented || event.button !== 0 || modified(event)) return;
        if (target && target !== '_self') return;
        event.preventDefault();
        // A link to where the learner already is does not add a history entry.
        navigate(path, { replace: replace ?? path === fullPath(location), state });
      }}
    />
  );
}
