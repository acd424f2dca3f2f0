// The course glossary (decision 0106): content/es/glosario.json, course-level data
// opened from the shell, not a topic screen. Validated here at build time like the rest of the
// content; the browser receives it already validated, in its own lazy chunk.
import { z } from 'zod';

/** Each definition is one plain sentence under 20 words (decision 0106). */
export const MAX_DEFINITION_WORDS = 19;

export const glossaryEntrySchema = z.strictObject({
  sigla: z
    .string()
    .regex(/^\p{Lu}[\p{Lu}\d]*(-\p{Lu}[\p{Lu}\d]*)*$/u, 'debe ir en mayúsculas (p. ej. SG-SST)'),
  significado: z.string().trim().min(1, 'está vacío'),
  definicion: z.string().trim().min(1, 'está vacía'),
});

export const glossarySchema = z.array(glossaryEntrySchema).min(1, 'el glosario está vacío');

export type GlossaryEntry = z.infer<typeof glossaryEntrySchema>;

export const wordCount = (text: string) =>
  text.split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w)).length;

/** The glossary, or its problems in Spanish (each naming the sigla or the position). */
export function loadGlossary(
  data: unknown,
): { glossary: GlossaryEntry[]; issues: [] } | { glossary: null; issues: string[] } {
  const parsed = glossarySchema.safeParse(data);
  if (!parsed.success)
    return {
      glossary: null,
      issues: parsed.error.issues.map(
        (i) => `${i.path.length ? `[${i.path.join('.')}] ` : ''}${i.message}`,
      ),
    };
  const issues: string[] = [];
  const seen = new Set<string>();
  parsed.data.forEach((e, i) => {
    if (seen.has(e.sigla)) issues.push(`${e.sigla}: está repetida`);
    seen.add(e.sigla);
    const words = wordCount(e.definicion);
    if (words > MAX_DEFINITION_WORDS)
      issues.push(
        `${e.sigla}: la definición tiene ${words} palabras (máximo ${MAX_DEFINITION_WORDS})`,
      );
    const previous = parsed.data[i - 1];
    if (previous && previous.sigla.localeCompare(e.sigla, 'es') > 0)
      issues.push(`${e.sigla}: va antes de ${previous.sigla} (orden alfabético)`);
  });
  return issues.length ? { glossary: null, issues } : { glossary: parsed.data, issues: [] };
}
