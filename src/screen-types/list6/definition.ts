// Screen type "list6": a picture with numbered points (/lista6/<id>).
import { defineScreenType } from '../../domain/registry/define.ts';
import { imagesOf, itemTexts, joinTexts, ownTexts } from '../../domain/content/topic-texts.ts';

export const list6 = defineScreenType({
  type: 'list6',
  segment: 'lista6',
  fields: (f) => ({
    text: f.html.optional(),
    img: f.image.optional(),
    alt: f.z.string().optional(),
    // Its points: list entries with their place on the picture, x and y in % (only list6's).
    items: f.z
      .array(
        f.item.extend({
          x: f.z.number().min(0).max(100).optional(),
          y: f.z.number().min(0).max(100).optional(),
        }),
      )
      .min(1)
      .optional(),
  }),
  clickToReveal: true,
  texts: (t) => joinTexts(ownTexts(t, ['text']), itemTexts('items', t.items)),
  images: (t) => imagesOf(t, t.items),
  check(t, need) {
    need(t.items?.length, 'una pantalla list6 necesita items');
    need(t.img, 'una pantalla list6 (imagen con puntos) necesita img');
    for (const item of t.items ?? [])
      need(
        item.x !== undefined && item.y !== undefined,
        `list6: el punto "${item.title}" necesita x e y`,
      );
  },
});
