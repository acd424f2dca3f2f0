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

const panelText = () => screen.getByRole('tabpanel').textContent;

describe('List2Screen (tabs)', () => {
  it('shows the first tab selected with its panel', () => {
    render(<List2Screen topic={topic} assetBase="img/" />);
    const tabs = screen.getAllByRole('tab');
    expect(tabs.map((t) => t.textContent)).toEqual(['Pestaña 1', 'Pestaña 2', 'Pestaña 3']);
    expect(tabs[0]?.getAttribute('aria-selected')).toBe('true');
    expect(tabs.map((t) => t.tabIndex)).toEqual([0, -1, -1]);
    const panel = screen.getByRole('tabpanel', { name: 'Pestaña 1' });
    expect(panel.textContent).toContain('Texto 1');
    expect(tabs[0]?.getAttribute('aria-controls')).toBe(panel.id);
  });

  it('moves between tabs with the arrow keys, Home and End (wrapping round)', async () => {
    const user = userEvent.setup();
    render(<List2Screen topic={topic} assetBase="img/" />);
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Pestaña 1' }));

    await user.keyboard('{ArrowRight}');
    const second = screen.getByRole('tab', { name: 'Pestaña 2' });
    expect(document.activeElement).toBe(second);
    expect(second.getAttribute('aria-selected')).toBe('true');
    expect(second.tabIndex).toBe(0);
    expect(panelText()).toContain('Texto 2');

    await user.keyboard('{End}');
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Pestaña 3' }));
    expect(panelText()).toContain('Texto 3');

    await user.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Pestaña 1' }));

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
    await user.click(screen.getByRole('tab', { name: 'Título 2' }));
    expect(screen.getByRole('tabpanel', { name: 'Título 2' }).textContent).toContain('Texto 2');
    expect(screen.getByRole('heading', { level: 2, name: 'Título 2' })).toBeTruthy();
  });
});
