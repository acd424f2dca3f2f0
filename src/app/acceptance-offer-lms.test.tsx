// @vitest-environment jsdom
// The LMS build offers «Confirma tu inducción» after completion while the attempt is in normal
// mode, and never in review mode, where the course writes nothing (records 0160, 0262); an
// acceptance the LMS already holds is not offered again. A completed attempt is seeded in
// scorm-again; the app is the LMS build's (hash routing, the SCORM port found on the window).
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { App } from './app.tsx';
import { connectLmsOrLocal, createController } from './boot.ts';
import { lms2004 } from '../tracking/scorm/test-support.ts';
import { es } from '../strings/es.ts';

afterEach(() => {
  cleanup();
  delete (window as unknown as Record<string, unknown>).API_1484_11;
  localStorage.clear();
});

const COMPLETED = {
  learner_id: 'u-77',
  learner_name: 'Pérez, Ana',
  completion_status: 'completed',
  success_status: 'passed',
  score: { raw: '100', min: '0', max: '100' },
};

async function openMenu(cmi: Record<string, unknown>) {
  (window as unknown as Record<string, unknown>).API_1484_11 = lms2004(cmi);
  const controller = createController(connectLmsOrLocal(window));
  await controller.start();
  window.location.hash = '#/menu';
  render(<App controller={controller} />);
  await screen.findByRole('heading', { level: 1, name: es.menuTitle });
}

const offer = () => screen.queryByRole('button', { name: es.acceptance.title });

describe('the acceptance offered in an LMS', () => {
  it('normal mode, completed, no acceptance yet: the menu offers it', async () => {
    await openMenu({ ...COMPLETED, mode: 'normal', entry: 'resume' });
    await waitFor(() => expect(offer()).toBeTruthy());
    expect(screen.getAllByText(es.acceptance.offerLine).length).toBeGreaterThan(0);
  });

  it('review mode: nothing offered (the course writes nothing, record 0160)', async () => {
    await openMenu({ ...COMPLETED, mode: 'review' });
    expect(screen.getByText(/Estás repasando el curso/)).toBeTruthy();
    expect(offer()).toBeNull();
    expect(screen.queryByText(es.acceptance.offerLine)).toBeNull();
  });

  it('normal mode with the acceptance already in the LMS comments: nothing offered', async () => {
    await openMenu({
      ...COMPLETED,
      mode: 'normal',
      entry: 'resume',
      comments_from_learner: {
        0: {
          comment: 'Acepto la inducción (texto mostrado abc): …',
          location: 'aceptacion-induccion',
        },
      },
    });
    expect(offer()).toBeNull();
  });
});
