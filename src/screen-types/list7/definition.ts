// Screen type "list7" (/lista7/<id>): every item has a short label.
import { defineScreenType } from '../../domain/registry/define.ts';

export const list7 = defineScreenType({
  type: 'list7',
  segment: 'lista7',
  check(t, need) {
    need(t.items?.length, 'una pantalla list7 necesita items');
    for (const item of t.items ?? [])
      need(item.label, `list7: el elemento "${item.title}" necesita label`);
  },
});
