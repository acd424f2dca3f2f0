// @vitest-environment jsdom
// What the learner of the standalone app sees with no signal (decision record 0141): the calm
// notice while progress waits on the device, and «Cerrar sesión» refused — in plain Spanish —
// while that progress is not sent; with nothing pending the sign-out goes through offline.
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { outline } from 'virtual:course';
import { CourseProvider } from '../course/course-context.tsx';
import { CourseController } from '../course/course-controller.ts';
import { TrackingNotice } from '../features/shell/tracking-notice.tsx';
import { MessageModalHost, modals } from '../features/modals/index.ts';
import { configureHttp, createHttpTracking, STORAGE_KEYS } from '../tracking/http/index.ts';
import type { TrackingHealth, TrackingPort } from '../tracking/port.ts';
import { esOffline, es } from '../strings/es.ts';
import { signOutOrExplain } from './server-mode.tsx';

beforeAll(() => {
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    this.removeAttribute('open');
  };
});
beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  modals.closeMessage();
});

/** A tracking port whose health the test sets. */
function fakePort() {
  const listeners = new Set<(h: TrackingHealth) => void>();
  const port: TrackingPort = {
    mode: 'server',
    capabilities: {
      certificate: 'server',
      learnerIdMayBeDocument: false,
      runtimeNamesLearner: false,
      certificateAsScreen: false,
      answerTexts: true,
      localOnly: false,
      acceptanceInLmsComments: false,
    },
    start: async () => ({
      learner: { id: '7', name: 'Ana' },
      score: 0,
      viewed: null,
      bookmark: null,
    }),
    save: () => undefined,
    recordAnswer: () => undefined,
    flush: () => undefined,
    finish: () => undefined,
    onHealth: (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
  };
  return { port, emit: (h: TrackingHealth) => listeners.forEach((l) => l(h)) };
}

describe('the offline notice', () => {
  it('says calmly that progress is kept on the phone, and says so when it is sent', () => {
    const { port, emit } = fakePort();
    const controller = new CourseController(outline, port);
    render(
      <CourseProvider controller={controller}>
        <TrackingNotice offlineText={esOffline.pending} screen="/menu" />
      </CourseProvider>,
    );
    const status = screen.getByRole('status');
    expect(status.textContent).toBe('');
    act(() => emit('offline'));
    expect(status.textContent).toBe(
      'Sin conexión. Tu avance está guardado en este teléfono y se enviará cuando vuelva la señal.',
    );
    act(() => emit('retrying'));
    expect(status.textContent).toBe(es.lmsRetrying);
    act(() => emit('ok'));
    expect(status.textContent).toBe(es.connectionRecovered);
  });

  it('takes its place in the page, closes, holds still while a pointer is down, and the recovery goes with the screen', () => {
    const { port, emit } = fakePort();
    const controller = new CourseController(outline, port);
    const at = (path: string) => (
      <CourseProvider controller={controller}>
        <TrackingNotice offlineText={esOffline.pending} screen={path} />
      </CourseProvider>
    );
    const { rerender, container } = render(at('/menu'));
    act(() => emit('offline'));
    // In the page's flow (decision 0225): inside the rendered tree, not floating on <body>.
    expect(container.contains(screen.getByRole('status'))).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: es.connectionNoticeClose }));
    expect(screen.getByRole('status').textContent).toBe('');
    // A drag under way: the recovery waits for the release.
    fireEvent.pointerDown(document.body);
    act(() => emit('ok'));
    expect(screen.getByRole('status').textContent).toBe('');
    fireEvent.pointerUp(document.body);
    expect(screen.getByRole('status').textContent).toBe(es.connectionRecovered);
    rerender(at('/modulo-1/tema-1'));
    expect(screen.getByRole('status').textContent).toBe('');
  });
});

describe('«Cerrar sesión» with no signal', () => {
  const offlineFetch = vi.fn(async () => {
    throw new TypeError('Failed to fetch');
  });

  function signedInController(pending: boolean) {
    localStorage.setItem(STORAGE_KEYS.token, 'token-a');
    localStorage.setItem(
      STORAGE_KEYS.user,
      JSON.stringify({ id: 7, name: 'Ana', url_certificate: null }),
    );
    if (pending)
      localStorage.setItem(
        STORAGE_KEYS.pending,
        JSON.stringify({ userId: '7', score: 20, route: '0,1', bookmark: null, finalTerms: false }),
      );
    const navigate = vi.fn();
    const api = configureHttp({
      fetch: offlineFetch as unknown as typeof fetch,
      navigate,
      log: () => undefined,
    });
    const tracking = createHttpTracking({ api, events: null, retryDelays: [60_000] });
    return { controller: new CourseController(outline, tracking), navigate, tracking };
  }

  it('is refused while progress is not sent: the learner is told why and stays signed in', async () => {
    const { controller, navigate, tracking } = signedInController(true);
    render(<MessageModalHost />);
    await act(() => signOutOrExplain(controller));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('Todavía no puedes cerrar sesión.');
    expect(dialog.textContent).toContain('Tu avance aún no se ha enviado');
    expect(navigate).not.toHaveBeenCalled();
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe('token-a');
    tracking.finish();
  });

  it('goes through when nothing is pending: the learner data leaves this browser', async () => {
    const { controller, navigate } = signedInController(false);
    render(<MessageModalHost />);
    await act(() => signOutOrExplain(controller));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(navigate).toHaveBeenCalledWith('/');
    expect(localStorage.length).toBe(0);
  });
});
