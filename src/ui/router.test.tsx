// @vitest-environment jsdom
// The router keeps what the screens rely on (decision 0252): routes matched in order with their
// parameters, links with real hrefs that navigate in place, redirects, back, and a screen that
// keeps its state when only its address changes.
import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { lazy, Suspense, useState, type ReactElement } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import {
  BrowserRouter,
  HashRouter,
  Link,
  matchRoutes,
  MemoryRouter,
  Navigate,
  Outlet,
  Routes,
  useLocation,
  useParams,
  type RouteObject,
} from './router.tsx';

afterEach(() => {
  cleanup();
  window.history.replaceState(null, '', '/');
});

function Topic() {
  const { id } = useParams();
  const { state } = useLocation();
  return (
    <h1>
      Tema {id}
      {state ? ` (${JSON.stringify(state)})` : ''}
    </h1>
  );
}

function Shell() {
  return (
    <>
      <nav>
        <Link to="/menu">Menú</Link>
        <Link to="/tema/modulo1-tema2" state={{ from: 3 }}>
          Tema 2
        </Link>
      </nav>
      <main>
        <Outlet />
      </main>
    </>
  );
}

const ROUTES: RouteObject[] = [
  { path: '/auth/login', element: <h1>Ingresar</h1> },
  {
    path: '/',
    element: <Shell />,
    children: [
      { index: true, element: <Navigate to="/menu" replace /> },
      { path: 'menu', element: <h1>Menú</h1> },
      { path: 'tema/:id', element: <Topic /> },
      { path: '*', element: <h1>No encontrada</h1> },
    ],
  },
];

/** The routes above inside `Router`, starting from the current address. */
const renderCourse = (Router: typeof HashRouter) =>
  render(
    <Router>
      <Routes routes={ROUTES} />
    </Router>,
  );

describe('matchRoutes', () => {
  const ids = (path: string) =>
    matchRoutes(ROUTES, path)?.map((m) => m.route.path ?? (m.route.index ? 'index' : '?'));

  it('matches in order: a static route, the layout and its child, the index, the catch-all', () => {
    expect(ids('/auth/login')).toEqual(['/auth/login']);
    expect(ids('/')).toEqual(['/', 'index']);
    expect(ids('/menu')).toEqual(['/', 'menu']);
    expect(ids('/MENU/')).toEqual(['/', 'menu']);
    expect(ids('/tema/x')).toEqual(['/', 'tema/:id']);
    expect(ids('/tema/x/y')).toEqual(['/', '*']);
    expect(ids('/auth')).toEqual(['/', '*']);
  });

  it('gives the parameters decoded, and the rest of the address to a catch-all', () => {
    expect(matchRoutes(ROUTES, '/tema/a%20b')?.at(-1)?.params).toEqual({ id: 'a b' });
    expect(matchRoutes(ROUTES, '/tema/%E0%A4%A')?.at(-1)?.params).toEqual({ id: '%E0%A4%A' });
    expect(matchRoutes(ROUTES, '/x/y')?.at(-1)?.params).toEqual({ '*': 'x/y' });
    expect(matchRoutes([{ path: '/a', element: null }], '/b')).toBeNull();
  });
});

describe('HashRouter', () => {
  it('reads the address after the #, redirects the index, and links are #/ hrefs', async () => {
    renderCourse(HashRouter);
    await screen.findByRole('heading', { name: 'Menú' });
    expect(window.location.hash).toBe('#/menu');
    expect(screen.getByRole('link', { name: 'Tema 2' }).getAttribute('href')).toBe(
      '#/tema/modulo1-tema2',
    );
  });

  it('a click shows the new screen with its state; back shows the previous one', async () => {
    window.history.replaceState(null, '', '/#/menu');
    const user = userEvent.setup();
    renderCourse(HashRouter);
    const before = window.history.length;
    await user.click(screen.getByRole('link', { name: 'Tema 2' }));
    await screen.findByRole('heading', { name: 'Tema modulo1-tema2 ({"from":3})' });
    expect(window.location.hash).toBe('#/tema/modulo1-tema2');
    expect(window.history.length).toBe(before + 1);

    // A link to the current address replaces instead of adding an entry.
    await user.click(screen.getByRole('link', { name: 'Tema 2' }));
    expect(window.history.length).toBe(before + 1);

    const back = new Promise((resolve) =>
      window.addEventListener('popstate', resolve, { once: true }),
    );
    act(() => window.history.back());
    await back;
    await screen.findByRole('heading', { name: 'Menú' });
  });

  it('a modified click is left to the browser', async () => {
    window.history.replaceState(null, '', '/#/menu');
    renderCourse(HashRouter);
    const link = screen.getByRole('link', { name: 'Tema 2' });
    const event = new MouseEvent('click', { bubbles: true, cancelable: true, ctrlKey: true });
    link.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(false);
    expect(window.location.hash).toBe('#/menu');
  });
});

describe('BrowserRouter and MemoryRouter', () => {
  it('BrowserRouter uses real paths', async () => {
    window.history.replaceState(null, '', '/tema/modulo2-tema1');
    const user = userEvent.setup();
    renderCourse(BrowserRouter);
    await screen.findByRole('heading', { name: 'Tema modulo2-tema1' });
    expect(screen.getByRole('link', { name: 'Menú' }).getAttribute('href')).toBe('/menu');
    await user.click(screen.getByRole('link', { name: 'Menú' }));
    await screen.findByRole('heading', { name: 'Menú' });
    expect(window.location.pathname).toBe('/menu');
  });

  it('MemoryRouter starts at its last entry and never touches the address bar', async () => {
    render(
      <MemoryRouter initialEntries={['/menu', '/nada']}>
        <Routes routes={ROUTES} />
      </MemoryRouter>,
    );
    await screen.findByRole('heading', { name: 'No encontrada' });
    expect(window.location.pathname).toBe('/');
  });

  it('a screen keeps its state when only the address changes', async () => {
    let mounts = 0;
    function Counted() {
      const [n] = useState(() => ++mounts);
      return <h1>Tema montado {n}</h1>;
    }
    const user = userEvent.setup();
    render(
      <MemoryRouter initialEntries={['/tema/a']}>
        <Routes
          routes={[
            {
              path: '/',
              element: <Shell />,
              children: [{ path: 'tema/:id', element: <Counted /> }],
            },
          ]}
        />
      </MemoryRouter>,
    );
    await screen.findByRole('heading', { name: 'Tema montado 1' });
    await user.click(screen.getByRole('link', { name: 'Tema 2' }));
    await screen.findByRole('heading', { name: 'Tema montado 1' });
    expect(mounts).toBe(1);
  });

  it('a navigation is a transition: a screen still loading leaves the previous one in place', async () => {
    let arrive: () => void = () => {};
    const Slow = lazy(
      () =>
        new Promise<{ default: () => ReactElement }>((resolve) => {
          arrive = () => resolve({ default: () => <h1>Tema lento</h1> });
        }),
    );
    const user = userEvent.setup();
    render(
      <MemoryRouter initialEntries={['/menu']}>
        <Suspense fallback={<p>Cargando…</p>}>
          <Routes
            routes={[
              { path: '/menu', element: <Link to="/lento">Ir</Link> },
              { path: '/lento', element: <Slow /> },
            ]}
          />
        </Suspense>
      </MemoryRouter>,
    );
    await user.click(screen.getByRole('link', { name: 'Ir' }));
    expect(screen.queryByText('Cargando…')).toBeNull();
    expect(screen.getByRole('link', { name: 'Ir' })).toBeTruthy();
    act(() => arrive());
    await screen.findByRole('heading', { name: 'Tema lento' });
  });
});
