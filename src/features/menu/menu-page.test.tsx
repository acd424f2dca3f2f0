// @vitest-environment jsdom
// «Reglas que salvan vidas» one tap from the menu (decision record 0270): the page course.json
// names in `lifeRules` is linked above the module cards for every learner, a new one included
// (module 1 is always open); the link opens that screen. No link when the course names no such
// page, nor while the page's module is still locked.
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { outline } from 'virtual:course';
import { CourseProvider } from '../../course/course-context.tsx';
import { CourseController } from '../../course/course-controller.ts';
import type { CourseOutline } from '../../domain/content/outline.ts';
import { pagePath } from '../../domain/progress/navigation.ts';
import { createLocalTracking, memoryStore } from '../../tracking/memory/local-tracking.ts';
import { MemoryRouter, Routes } from '../../ui/router.tsx';
import { MenuPage } from './menu-page.tsx';

afterEach(cleanup);

const LIFE_RULES = 'Reglas que salvan vidas';
const pageOf = (id: string) => outline.modules.flatMap((m) => m.pages).find((p) => p.id === id)!;

/** The menu of a new learner (no progress) on the given outline. */
async function menu(course: CourseOutline = outline) {
  const controller = new CourseController(course, createLocalTracking('menu-test', memoryStore()));
  await controller.start();
  const rules = pageOf('modulo1-tema9');
  render(
    <CourseProvider controller={controller}>
      <MemoryRouter initialEntries={['/menu']}>
        <Routes
          routes={[
            { path: '/menu', element: <MenuPage assetBase="/img/" /> },
            { path: pagePath(rules), element: <p>PANTALLA modulo1-tema9</p> },
          ]}
        />
      </MemoryRouter>
    </CourseProvider>,
  );
  return { user: userEvent.setup() };
}

describe('the menu link to «Reglas que salvan vidas»', () => {
  it('the course names modulo1-tema9, a screen of module 1', () => {
    expect(outline.lifeRules).toBe('modulo1-tema9');
    expect(pageOf('modulo1-tema9')).toMatchObject({ title: LIFE_RULES, moduleIndex: 0 });
  });

  it('a new learner sees the link on the menu, and it opens that screen', async () => {
    const { user } = await menu();
    const link = await screen.findByRole('link', { name: LIFE_RULES });
    expect(link.getAttribute('href')).toContain('/modulo1-tema9');
    await user.click(link);
    expect(await screen.findByText('PANTALLA modulo1-tema9')).toBeTruthy();
  });

  it('no link when the course names no life-rules page', async () => {
    const { lifeRules: _omitted, ...withoutLifeRules } = outline;
    await menu(withoutLifeRules);
    expect(await screen.findByRole('heading', { level: 1 })).toBeTruthy();
    expect(screen.queryByRole('link', { name: LIFE_RULES })).toBeNull();
  });

  it('no link while the named page’s module is locked', async () => {
    const lockedPage = outline.modules[2]!.pages[0]!;
    await menu({ ...outline, lifeRules: lockedPage.id });
    expect(await screen.findByRole('heading', { level: 1 })).toBeTruthy();
    expect(screen.queryByRole('link', { name: lockedPage.title })).toBeNull();
    expect(screen.queryByRole('link')).toBeNull();
  });
});
