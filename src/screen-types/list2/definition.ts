// Screen type "list2" (/lista2/<id>): every item has a short label.
import { defineScreenType } from '../../domain/registry/define.ts';

export const list2 = defineScreenType({
  type: 'list2',
  segment: 'lista2',
  check(t, need) {
    need(t.items?.length, 'una pantalla list2 necesita items');
    for (const item of t.items ?? [])
      need(item.label, `list2: el elemento "${item.title}" necesita label`);
  },
});
