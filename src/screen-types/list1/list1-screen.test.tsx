// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { List1Screen } from './list1-screen.tsx';
import { makeItems, makeTopic } from '../../screen-kit/test-fixtures.ts';

// jsdom has no showModal()/close(): reflect them on the open attribute.
beforeAll(() => {
  const proto = HTMLDialogElement.prototype;
  proto.showModal ??= function (this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  proto.close = function (this: HTMLDialogElement) {
    this.removeAttribute('open');
  };
});
afterEach(cleanup);

describe('List1Screen, inline (div)', () => {
  const topic = makeTopic('list1', {
    text: '<p>Abre cada tema.</p>',
    list1: { open: 'div', items: makeItems(3) },
  });

  it('expands and collapses an item in place', async () => {
    const user = userEvent.setup();
    render(<List1Screen topic={topic} assetBase="img/" />);
    expect(screen.getByText('Abre cada tema.')).toBeTruthy();
    const button = screen.getByRole('button', { name: /Título 2/ });
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('region', { name: /Título 2/ })).toBeNull();

    await user.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    const region = screen.getByRole('region', { name: /Título 2/ });
    expect(region.id).toBe(button.getAttribute('aria-controls'));
    expect(within(region).getByText('Texto 2')).toBeTruthy();

    await user.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('region', { name: /Título 2/ })).toBeNull();
  });

  it('works from the keyboard, and items open independently', async () => {
    const user = userEvent.setup();
    render(<List1Screen topic={topic} assetBase="img/" />);
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: /Título 1/ }));
    await user.keyboard('{Enter}');
    await user.tab();
    await user.keyboard(' ');
    expect(screen.getByRole('region', { name: /Título 1/ })).toBeTruthy();
    expect(screen.getByRole('region', { name: /Título 2/ })).toBeTruthy();
    // Titles are headings, so screen-reader users can jump between them.
    expect(screen.getAllByRole('heading', { level: 2 })).toHaveLength(3);
  });
});

describe('List1Screen, modal', () => {
  const topic = makeTopic('list1', {
    list1: {
      open: 'modal',
      items: makeItems(3, (i) => (i === 0 ? { img: 'a.svg', alt: 'Dibujo A' } : {})),
    },
  });

  it('opens the item in a dialog and ACEPTAR closes it, returning focus', async () => {
    const user = userEvent.setup();
    render(<List1Screen topic={topic} assetBase="img/" />);
    const opener = screen.getByRole('button', { name: /Título 1/ });
    await user.click(opener);

    const dialog = screen.getByRole('dialog', { name: 'Título 1' });
    expect(within(dialog).getByText('Texto 1')).toBeTruthy();
    expect(within(dialog).getByRole('img', { name: 'Dibujo A' }).getAttribute('src')).toBe(
      'img/a.svg',
    );
    expect(within(dialog).getByRole('heading', { name: 'Título 1' })).toBe(document.activeElement);

    await user.click(within(dialog).getByRole('button', { name: 'ACEPTAR' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it('the close icon button (Cerrar) closes it too', async () => {
    const user = userEvent.setup();
    render(<List1Screen topic={topic} assetBase="img/" />);
    const opener = screen.getByRole('button', { name: /Título 3/ });
    opener.focus();
    await user.keyboard('{Enter}');
    const dialog = screen.getByRole('dialog', { name: 'Título 3' });
    await user.click(within(dialog).getByRole('button', { name: 'Cerrar' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });
});

describe('List1Screen: items opened once say «visto» (record 0246)', () => {
  it('inline: the item stays marked after it is closed again', async () => {
    const user = userEvent.setup();
    const topic = makeTopic('list1', { list1: { open: 'div', items: makeItems(3) } });
    render(<List1Screen topic={topic} assetBase="img/" />);
    const second = screen.getByRole('button', { name: /Título 2/ });
    expect(second.textContent).not.toContain('visto');
    await user.click(second);
    await user.click(second);
    expect(second.getAttribute('aria-expanded')).toBe('false');
    expect(second.textContent).toContain('visto');
    expect(screen.getByRole('button', { name: /Título 1/ }).textContent).not.toContain('visto');
  });

  it('modal: the card opened is marked', async () => {
    const user = userEvent.setup();
    const topic = makeTopic('list1', { list1: { open: 'modal', items: makeItems(2) } });
    render(<List1Screen topic={topic} assetBase="img/" />);
    await user.click(screen.getByRole('button', { name: /Título 1/ }));
    await user.click(screen.getByRole('button', { name: 'ACEPTAR' }));
    expect(screen.getByRole('button', { name: /Título 1/ }).textContent).toContain('visto');
    expect(screen.getByRole('button', { name: /Título 2/ }).textContent).not.toContain('visto');
  });
});
