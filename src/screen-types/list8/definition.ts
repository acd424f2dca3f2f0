// Screen type "list8": columns of points side by side (/lista8/<id>).
import { defineScreenType } from '../../domain/registry/define.ts';
import { imagesOf, itemTexts, joinTexts, ownTexts } from '../../domain/content/topic-texts.ts';

export const list8 = defineScreenType({
  type: 'list8',
  segment: 'lista8',
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
    need(t.items?.length, 'una pantalla list8 necesita items');
    for (const item of t.items ?? [])
      need(item.points?.length, `list8: la columna "${item.title}" necesita points`);
  },
});
