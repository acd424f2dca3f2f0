// Screen type "list2" (/lista2/<id>): every item has a short label.
import { defineScreenType } from '../../domain/registry/define.ts';
import { imagesOf, itemTexts, joinTexts, ownTexts } from '../../domain/content/topic-texts.ts';

export const list2 = defineScreenType({
  type: 'list2',
  segment: 'lista2',
  fields: (f) => ({
    text: f.html.optional(),
    img: f.image.optional(),
    alt: f.z.string().optional(),
    items: f.items.optional(),
  }),
  clickToReveal: true,
  texts: (t) => joinTexts(ownTexts(t, ['text']), itemTexts('items', t.items)),
  images: (t) => imagesOf(t, t.items),
  check(t, need) {
    need(t.items?.length, 'una pantalla list2 necesita items');
    for (const item of t.items ?? [])
      need(item.label, `list2: el elemento "${item.title}" necesita label`);
  },
});
