// The zod building blocks of the content files: what a screen type's definition.ts composes its
// own fields from (decision record 0200). Only the content schema (schema.ts) imports this
// module and hands it to each type's `fields(kit)`, so zod never reaches the app's bundle.
import { z } from 'zod';

const html = z.string().min(1, 'está vacío');
const imageName = z
  .string()
  .regex(
    /^[a-z0-9][a-z0-9-]*\.svg$/,
    'debe ser el nombre de un SVG en public/img (p. ej. modulo1.svg)',
  );

const listItem = z.strictObject({
  title: z.string().min(1),
  text: z.string(),
  img: imageName.optional(),
  alt: z.string().optional(),
  label: z.string().optional(),
  points: z.array(html).optional(),
});

/** What a type's `fields(kit)` receives: zod itself and the shapes the content files share. */
export const fieldKit = {
  z,
  /** A non-empty HTML fragment. */
  html,
  /** The file name of an SVG in public/img. */
  image: imageName,
  /** One entry of a list screen (title, text, optional img/alt/label/points); extend it for more. */
  item: listItem,
  /** A non-empty list of entries. */
  items: z.array(listItem).min(1),
};

export type FieldKit = typeof fieldKit;
