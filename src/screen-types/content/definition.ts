// Screen type "content": text with an optional picture (/contenido/<id>).
import { defineScreenType } from '../../domain/registry/define.ts';
import { imagesOf, ownTexts } from '../../domain/content/topic-texts.ts';

export const content = defineScreenType({
  type: 'content',
  segment: 'contenido',
  fields: (f) => ({
    text: f.html.optional(),
    text1: f.html.optional(),
    text2: f.html.optional(),
    img: f.image.optional(),
    alt: f.z.string().optional(),
  }),
  clickToReveal: false,
  texts: (t) => ownTexts(t, ['text', 'text1', 'text2']),
  images: (t) => imagesOf(t),
  check(t, need) {
    need(t.text, 'una pantalla content necesita text');
  },
});
