// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { List7Screen } from './list7-screen.tsx';
import { makeItems, makeTopic } from '../../screen-kit/test-fixtures.ts';

afterEach(cleanup);

describe('List7Screen (timeline)', () => {
  it('lists the events in order with their time marker, title and text', () => {
    const topic = makeTopic('list7', {
      items: makeItems(3, (i) => ({ label: ['De inmediato', '2 días hábiles', '15 días'][i] })),
    });
    render(<List7Screen topic={topic} assetBase="img/" />);
    const events = screen.getAllByRole('listitem');
    expect(events).toHaveLength(3);
    expect(events[0]?.closest('ol')).not.toBeNull();
    expect(within(events[1] as HTMLElement).getByText('2 días hábiles')).toBeTruthy();
    expect(
      within(events[1] as HTMLElement).getByRole('heading', { level: 2, name: 'Título 2' }),
    ).toBeTruthy();
    expect(events[2]?.textContent).toContain('Texto 3');
  });
});
