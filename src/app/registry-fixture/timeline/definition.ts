// A made-up screen type for src/app/registry.test.tsx: its domain entry. Its «hitos» field is
// one no other type has: declared here, checked by the content schema, read by the placeholder
// check, readability and the honest hours with no central edit (decision record 0200).
import { defineScreenType } from '../../../domain/registry/define.ts';

export const timeline = defineScreenType({
  type: 'timeline',
  segment: 'linea-de-tiempo',
  fields: (f) => ({
    text: f.html.optional(),
    hitos: f.z.array(f.z.strictObject({ fecha: f.z.string().min(1), text: f.html })).min(1),
    img: f.image.optional(),
    alt: f.z.string().optional(),
  }),
  clickToReveal: true,
  texts: (t) => ({
    fields: [
      ['text', t.text],
      ...t.hitos.flatMap((h, i): Array<[string, string]> => [
        [`hitos[${i}].fecha`, h.fecha],
        [`hitos[${i}].text`, h.text],
      ]),
      ['alt', t.alt],
    ],
    read: [t.text ?? '', ...t.hitos.flatMap((h) => [h.fecha, h.text])].filter(Boolean),
  }),
  images: (t) => (t.img ? [{ img: t.img, ...(t.alt ? { alt: t.alt } : {}) }] : []),
  check(t, need) {
    for (const h of t.hitos)
      need(!/^\d{4}$/.test(h.fecha) || Number(h.fecha) >= 1900, `timeline: fecha "${h.fecha}"`);
  },
});
