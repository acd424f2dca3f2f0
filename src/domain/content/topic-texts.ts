// Where a screen type's text and images sit (decision record 0200): each type's definition.ts
// says it with these helpers, and the placeholder check, readability, the honest hours and the
// loader's image checks read every type through them, naming none.

/** One entry of a list screen, as the helpers read it. */
export interface ItemText {
  title: string;
  text: string;
  img?: string;
  alt?: string;
  label?: string;
  points?: string[];
}

export interface TopicTexts {
  /** Every text field that may hold placeholders, with its path (alt texts included). */
  fields: Array<[path: string, text: string | undefined]>;
  /** The visible text in reading order, as HTML fragments (readability, hours; no alt texts). */
  read: string[];
}

export interface TopicImageRef {
  img: string;
  alt?: string;
  /** The list entry's title when the image belongs to one. */
  item?: string;
}

/** The named text fields of a topic, then its `alt` (a field, but not read). */
export function ownTexts(topic: object, keys: readonly string[]): TopicTexts {
  const value = (k: string) => (topic as Record<string, unknown>)[k];
  const text = (k: string) => (typeof value(k) === 'string' ? (value(k) as string) : undefined);
  return {
    fields: [...keys, 'alt'].map((k): [string, string | undefined] => [k, text(k)]),
    read: keys.map(text).filter((t): t is string => !!t),
  };
}

/** A list's entries under `path`: each line «label: title», its text, its points. */
export function itemTexts(path: string, items: readonly ItemText[] = []): TopicTexts {
  const fields: TopicTexts['fields'] = [];
  items.forEach((it, i) => {
    for (const key of ['title', 'text', 'label', 'alt'] as const)
      fields.push([`${path}[${i}].${key}`, it[key]]);
    (it.points ?? []).forEach((p, j) => fields.push([`${path}[${i}].points[${j}]`, p]));
  });
  const read = items.flatMap((it) => [
    it.label ? `${it.label}: ${it.title}` : it.title,
    it.text,
    ...(it.points ?? []),
  ]);
  return { fields, read: read.filter((f) => f !== '') };
}

export const joinTexts = (...parts: TopicTexts[]): TopicTexts => ({
  fields: parts.flatMap((p) => p.fields),
  read: parts.flatMap((p) => p.read),
});

/** The topic's own image, then each entry's. */
export function imagesOf(
  topic: { img?: string; alt?: string },
  items: readonly ItemText[] = [],
): TopicImageRef[] {
  return [
    ...(topic.img ? [{ img: topic.img, ...(topic.alt ? { alt: topic.alt } : {}) }] : []),
    ...items
      .filter((it) => it.img)
      .map((it) => ({ img: it.img!, ...(it.alt ? { alt: it.alt } : {}), item: it.title })),
  ];
}
