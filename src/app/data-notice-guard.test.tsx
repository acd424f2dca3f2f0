// @vitest-environment jsdom
// The web build's guard with the habeas-data notice (record 0127): a signed-in learner whose
// acceptance the server has not recorded sees the notice before anything of the course;
// «Acepto» posts accept-data-notice with the notice's version and the course opens; once
// accepted it is not shown again; «Salir» signs out.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { outline } from 'virtual:course';
import { version } from 'virtual:data-notice';
import { App } from './app.tsx';
import { serverRouteOptions } from './server-mode.tsx';
import { CourseController } from '../course/course-controller.ts';
import { configureHttp, createHttpTracking } from '../tracking/http/index.ts';
import { es } from '../strings/es.ts';
import { esDataNotice } from '../strings/es-data-notice.ts';

const user = (acceptedAt: string | null) => ({
  id: 7,
  name: 'Ana Ruiz',
  document: '123',
  score: 0,
  route: '',
  current_location: null,
  url_certificate: null,
  cycle: 1,
  dataNoticeAcceptedAt: acceptedAt,
});

function server(initiallyAccepted: string | null) {
  let accepted = initiallyAccepted;
  const calls: { path: string; body: string }[] = [];
  const json = (body: unknown) =>
    new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
  const fetch = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const path = String(input).replace(/^.*\/api\/v1\//, '');
    if (path === 'csrf-cookie') {
      document.cookie = 'XSRF-TOKEN=x; path=/';
      return new Response(null, { status: 204 });
    }
    calls.push({ path, body: typeof init.body === 'string' ? init.body : '' });
    if (path === 'accept-data-notice') {
      accepted ??= '2026-11-23T18:00:00.000Z';
      return json({ success: true, user: user(accepted) });
    }
    if (path === 'logout') return json({ success: true });
    return json({ success: true, user: user(accepted) });
  });
  return { fetch: fetch as unknown as typeof globalThis.fetch, calls };
}

async function open(fake: ReturnType<typeof server>, navigate = vi.fn()) {
  const api = configureHttp({ fetch: fake.fetch, navigate, log: () => undefined });
  const controller = new CourseController(
    outline,
    createHttpTracking({ api, events: null, visibility: null }),
  );
  await controller.start();
  render(<App controller={controller} routeOptions={serverRouteOptions(controller)} />);
  return { navigate };
}

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem('token', 't');
  window.location.hash = '#/introduccion';
});
afterEach(cleanup);

describe('the habeas-data notice after sign-in', () => {
  it('comes before the course; «Acepto» records it and the course opens; not shown again', async () => {
    localStorage.setItem('user', JSON.stringify(user(null)));
    const fake = server(null);
    await open(fake);
    const heading = await screen.findByRole('heading', { level: 1, name: esDataNotice.title });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    // Nothing of the course behind it: no course navigation, no introduction.
    expect(screen.queryByRole('contentinfo')).toBeNull();
    expect(screen.queryByRole('link', { name: es.next })).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: esDataNotice.accept }));
    await waitFor(() => expect(screen.queryByText(esDataNotice.title)).toBeNull());
    expect(await screen.findByRole('link', { name: es.next })).toBeTruthy();
    const accepted = fake.calls.filter((c) => c.path === 'accept-data-notice');
    expect(accepted.map((c) => JSON.parse(c.body))).toEqual([{ noticeVersion: version }]);
    expect(version).toMatch(/^aviso-/);

    // A new page load: the server has the acceptance; the course opens straight away.
    cleanup();
    await open(server('2026-11-23T18:00:00.000Z'));
    expect(await screen.findByRole('link', { name: es.next })).toBeTruthy();
    expect(screen.queryByText(esDataNotice.title)).toBeNull();
  });

  it('is not shown when the server does not ask (an older server without the field)', async () => {
    const { dataNoticeAcceptedAt: _omitted, ...old } = user(null);
    localStorage.setItem('user', JSON.stringify(old));
    const fake = server(null);
    fake.fetch = (async () =>
      new Response(JSON.stringify({ success: true, user: old }), {
        headers: { 'content-type': 'application/json' },
      })) as unknown as typeof globalThis.fetch;
    await open(fake);
    expect(await screen.findByRole('link', { name: es.next })).toBeTruthy();
    expect(screen.queryByText(esDataNotice.title)).toBeNull();
  });

  it('«Salir» signs out without accepting', async () => {
    localStorage.setItem('user', JSON.stringify(user(null)));
    const fake = server(null);
    const { navigate } = await open(fake);
    await userEvent.click(await screen.findByRole('button', { name: esDataNotice.leave }));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/'));
    expect(fake.calls.map((c) => c.path)).toContain('logout');
    expect(fake.calls.map((c) => c.path)).not.toContain('accept-data-notice');
    expect(localStorage.getItem('token')).toBeNull();
  });
});
