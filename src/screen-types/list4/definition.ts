// Screen type "list4" (/lista4/<id>); what it shows is described in content/README.md.
import { defineScreenType } from '../../domain/registry/define.ts';
import { imagesOf, itemTexts, joinTexts, ownTexts } from '../../domain/content/topic-texts.ts';

export const list4 = defineScreenType({
  type: 'list4',
  segment: 'lista4',
  fields: (f) => ({
    text: f.html.optional(),
    img: f.image.optional(),
    alt: f.z.string().optional(),
    items: f.items.optional(),
  }),
  clickToReveal: false,
  texts: (t) => joinTexts(ownTexts(t, ['text']), itemTexts('items', t.items)),
  images: (t) => imagesOf(t, t.items),
  check(t, need) {
    need(t.items?.length, 'una pantalla list4 necesita items');
  },
});
