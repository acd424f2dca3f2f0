// Screen type "list5" (/lista5/<id>); what it shows is described in content/README.md.
import { defineScreenType } from '../../domain/registry/define.ts';

export const list5 = defineScreenType({
  type: 'list5',
  segment: 'lista5',
  check(t, need) {
    need(t.items?.length, 'una pantalla list5 necesita items');
  },
});
