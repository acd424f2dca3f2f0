// Screen type "list8": columns of points side by side (/lista8/<id>).
import { defineScreenType } from '../../domain/registry/define.ts';

export const list8 = defineScreenType({
  type: 'list8',
  segment: 'lista8',
  check(t, need) {
    need(t.items?.length, 'una pantalla list8 necesita items');
    for (const item of t.items ?? [])
      need(item.points?.length, `list8: la columna "${item.title}" necesita points`);
  },
});
