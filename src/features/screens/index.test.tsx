// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { TOPIC_SCREEN_TYPES } from '../../domain/content/types.ts';
import { topicScreens } from './index.ts';
import { makeItems, makeTopic } from '../../screen-kit/test-fixtures.ts';

afterEach(cleanup);

describe('topicScreens', () => {
  it('has a screen for every topic screen type, each ending with the Recuerda boxes', () => {
    for (const type of TOPIC_SCREEN_TYPES) {
      const Screen = topicScreens[type];
      const items = makeItems(2, (i) => ({ points: [`Punto ${i}`], x: 50, y: 50 }));
      const topic = makeTopic(type, {
        text: '<p>Intro</p>',
        items,
        list1: { open: 'div', items },
        remember: [{ title: `Regla ${type}`, text: '<p>Importante</p>' }],
      });
      const { unmount } = render(<Screen topic={topic} assetBase="img/" />);
      expect(screen.getByRole('complementary', { name: `Recuerda Regla ${type}` })).toBeTruthy();
      expect(screen.getByText('Intro')).toBeTruthy();
      unmount();
    }
  });

  it('starts a new topic fresh even when the same screen component is reused', async () => {
    const user = userEvent.setup();
    const Screen = topicScreens.list5;
    const a = makeTopic('list5', { id: 'modulo1-tema1', items: makeItems(3) });
    const b = makeTopic('list5', { id: 'modulo1-tema2', items: makeItems(2) });
    const { rerender } = render(<Screen topic={a} assetBase="" />);
    await user.click(screen.getByRole('button', { name: 'Ir a la diapositiva 3' }));
    rerender(<Screen topic={b} assetBase="" />);
    expect(screen.getByRole('group').textContent).toContain('1 de 2');
  });
});
