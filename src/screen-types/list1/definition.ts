// Screen type "list1": items opened one at a time, in a modal or inline (/lista1/<id>).
import { defineScreenType } from '../../domain/registry/define.ts';

export const list1 = defineScreenType({
  type: 'list1',
  segment: 'lista1',
  check(t, need) {
    need(t.list1, 'una pantalla list1 necesita list1 {open, items}');
  },
});
