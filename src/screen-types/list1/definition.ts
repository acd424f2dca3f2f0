// Screen type "list1": items opened one at a time, in a modal or inline (/lista1/<id>).
import { defineScreenType } from '../../domain/registry/define.ts';
import { imagesOf, itemTexts, joinTexts, ownTexts } from '../../domain/content/topic-texts.ts';

export const list1 = defineScreenType({
  type: 'list1',
  segment: 'lista1',
  // Its entries sit under its own field, with how they open: in a modal or inline.
  fields: (f) => ({
    text: f.html.optional(),
    img: f.image.optional(),
    alt: f.z.string().optional(),
    list1: f.z.strictObject({ open: f.z.enum(['modal', 'div']), items: f.items }).optional(),
  }),
  clickToReveal: true,
  texts: (t) => joinTexts(ownTexts(t, ['text']), itemTexts('list1.items', t.list1?.items)),
  images: (t) => imagesOf(t, t.list1?.items),
  check(t, need) {
    need(t.list1, 'una pantalla list1 necesita list1 {open, items}');
  },
});
