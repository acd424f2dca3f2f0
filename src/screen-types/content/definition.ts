// Screen type "content": text with an optional picture (/contenido/<id>).
import { defineScreenType } from '../../domain/registry/define.ts';

export const content = defineScreenType({
  type: 'content',
  segment: 'contenido',
  check(t, need) {
    need(t.text, 'una pantalla content necesita text');
  },
});
