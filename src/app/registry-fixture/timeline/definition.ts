// A made-up screen type for src/app/registry.test.tsx: its domain entry.
import { defineScreenType } from '../../../domain/registry/define.ts';

export const timeline = defineScreenType({
  type: 'timeline',
  segment: 'linea-de-tiempo',
  check(t, need) {
    for (const item of t.items ?? [])
      need(item.label, `timeline: el hito "${item.title}" necesita label`);
  },
});
