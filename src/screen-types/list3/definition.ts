// Screen type "list3" (/lista3/<id>); what it shows is described in content/README.md.
import { defineScreenType } from '../../domain/registry/define.ts';

export const list3 = defineScreenType({
  type: 'list3',
  segment: 'lista3',
  check(t, need) {
    need(t.items?.length, 'una pantalla list3 necesita items');
  },
});
