// Screen type "list4" (/lista4/<id>); what it shows is described in content/README.md.
import { defineScreenType } from '../../domain/registry/define.ts';

export const list4 = defineScreenType({
  type: 'list4',
  segment: 'lista4',
  check(t, need) {
    need(t.items?.length, 'una pantalla list4 necesita items');
  },
});
