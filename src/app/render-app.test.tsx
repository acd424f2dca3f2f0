// @vitest-environment jsdom
// The web build's app replaces the static sign-in form (decision 0249): what was typed there is in
// the app's form, and the static form is gone, by the time renderApp returns — read and replaced
// in one task, so no key press can fall between the two and be lost. The LMS build's sliced
// takeover (decision 0098) leaves the static screen in place until React has built the app.
import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { outline } from 'virtual:course';
import { renderApp } from './render-app.tsx';
import { afterFirstScreen, serverRouteOptions } from './server-mode.tsx';
import { CourseController } from '../course/course-controller.ts';
import { createLocalTracking, memoryStore } from '../tracking/memory/local-tracking.ts';
import { es } from '../strings/es.ts';

const STATIC_FORM =
  '<div id="root"><main id="first-screen-form"><form>' +
  '<label for="first-screen-document">Número de documento o correo</label>' +
  '<input id="first-screen-document" value="1012345678">' +
  '<label for="first-screen-password">Contraseña</label>' +
  '<input id="first-screen-password" type="password" value="clave-de-obra">' +
  '</form></main></div>';

function staticPage() {
  localStorage.clear();
  window.history.replaceState(null, '', '/');
  document.body.innerHTML = STATIC_FORM;
  return new CourseController(outline, createLocalTracking('render-app-test', memoryStore()));
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe('the app taking over the static sign-in form', () => {
  it('at once (web build): the typed values are in the app’s form as soon as it is rendered', async () => {
    const controller = staticPage();
    await afterFirstScreen({ user: null, kind: null, choice: null, accepting: null });
    renderApp(
      { controller, routing: 'history', routeOptions: serverRouteOptions(controller) },
      'at-once',
    );
    expect(document.getElementById('first-screen-form')).toBeNull();
    expect(screen.getByRole('heading', { level: 1, name: es.signIn.title })).toBeTruthy();
    expect(screen.getByLabelText('Número de documento o correo')).toHaveProperty(
      'value',
      '1012345678',
    );
    expect(screen.getByLabelText('Contraseña')).toHaveProperty('value', 'clave-de-obra');
  });

  it('sliced (LMS build): the static screen stays until React has built the app', async () => {
    const controller = staticPage();
    renderApp({ controller, routing: 'hash' });
    expect(document.getElementById('first-screen-form')).not.toBeNull();
    await waitFor(() => expect(document.getElementById('first-screen-form')).toBeNull());
  });
});
