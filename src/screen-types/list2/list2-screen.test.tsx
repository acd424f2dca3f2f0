// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { List2Screen } from './list2-screen.tsx';
import { makeItems, makeTopic } from '../../screen-kit/test-fixtures.ts';

afterEach(cleanup);

const topic = makeTopic('list2', {
  text: '<p>Revisa cada pestaña.</p>',
  items: makeItems(3, (i) => ({ label: `Pestaña ${i + 1}` })),
});

/** The text shown in the panel (not the invisible copies that keep its height, record 0246). */
const shownText = (panel: HTMLElement) => panel.querySelector('.scr-stack-shown')?.textContent;
const panelText = () => shownText(screen.getByRole('tabpanel'));
const tab = (name: string) => screen.getByRole('tab', { name: new RegExp(`^${name}`) });

describe('List2Screen (tabs)', () => {
  it('shows the first tab selected with its panel', () => {
    render(<List2Screen topic={topic} assetBase="img/" />);
    const tabs = screen.getAllByRole('tab');
    expect(tabs.map((t) => t.textContent)).toEqual(['Pestaña 1, visto', 'Pestaña 2', 'Pestaña 3']);
    expect(tabs[0]?.getAttribute('aria-selected')).toBe('true');
    expect(tabs.map((t) => t.tabIndex)).toEqual([0, -1, -1]);
    const panel = screen.getByRole('tabpanel', { name: 'Pestaña 1, visto' });
    expect(shownText(panel)).toContain('Texto 1');
    expect(shownText(panel)).not.toContain('Texto 2');
    expect(tabs[0]?.getAttribute('aria-controls')).toBe(panel.id);
  });

  it('moves between tabs with the arrow keys, Home and End (wrapping round)', async () => {
    const user = userEvent.setup();
    render(<List2Screen topic={topic} assetBase="img/" />);
    await user.tab();
    expect(document.activeElement).toBe(tab('Pestaña 1'));

    await user.keyboard('{ArrowRight}');
    const second = tab('Pestaña 2');
    expect(document.activeElement).toBe(second);
    expect(second.getAttribute('aria-selected')).toBe('true');
    expect(second.tabIndex).toBe(0);
    expect(panelText()).toContain('Texto 2');

    await user.keyboard('{End}');
    expect(document.activeElement).toBe(tab('Pestaña 3'));
    expect(panelText()).toContain('Texto 3');

    await user.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(tab('Pestaña 1'));

    await user.keyboard('{ArrowLeft}');
    expect(panelText()).toContain('Texto 3');

    await user.keyboard('{Home}');
    expect(panelText()).toContain('Texto 1');

    // Tab leaves the tab list for the panel (roving tabindex: one tab stop).
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('tabpanel'));
  });

  it('switches tab on click and falls back to the title when there is no label', async () => {
    const user = userEvent.setup();
    render(<List2Screen topic={makeTopic('list2', { items: makeItems(2) })} assetBase="img/" />);
    await user.click(tab('Título 2'));
    expect(shownText(screen.getByRole('tabpanel', { name: 'Título 2, visto' }))).toContain(
      'Texto 2',
    );
    expect(screen.getByRole('heading', { level: 2, name: 'Título 2' })).toBeTruthy();
  });

  it('marks each tab read with «visto» (record 0246)', async () => {
    const user = userEvent.setup();
    render(<List2Screen topic={topic} assetBase="img/" />);
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual([
      'Pestaña 1, visto',
      'Pestaña 2',
      'Pestaña 3',
    ]);
    await user.click(tab('Pestaña 3'));
    await user.click(tab('Pestaña 1'));
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual([
      'Pestaña 1, visto',
      'Pestaña 2',
      'Pestaña 3, visto',
    ]);
  });

  it('keeps every tab text in the panel as hidden copies, so its height is the tallest', () => {
    render(<List2Screen topic={topic} assetBase="img/" />);
    const sizers = screen.getByRole('tabpanel').querySelectorAll('.scr-stack-sizer');
    expect(sizers).toHaveLength(3);
    for (const s of sizers) {
      expect(s.getAttribute('aria-hidden')).toBe('true');
      expect(s.hasAttribute('inert')).toBe(true);
      expect(s.hasAttribute('data-listen-skip')).toBe(true);
    }
  });
});
