// The placeholder values of a configuration file (by default the demo, config/ejemplo.json), for
// the Node-side content tools: the readability gate of content:check, scripts/readability.ts
// and the content tests (decision 0105).
import { readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { loadCompanyConfig, selectObra } from '../../src/domain/config/index.ts';
import {
  placeholderValues,
  type PlaceholderValues,
} from '../../src/domain/content/placeholders.ts';
import type { Course } from '../../src/domain/content/types.ts';
import { ROOT } from '../../course-files/read-content.ts';

export const DEMO_CONFIG = join(ROOT, 'config', 'ejemplo.json');

/** Values of one obra of a configuration, or the reason (in Spanish) it cannot be read. */
export function configValues(
  course: Pick<Course, 'hours'>,
  configPath: string = DEMO_CONFIG,
  obraSlug?: string,
): { values: PlaceholderValues; error: null } | { values: null; error: string } {
  const path = resolve(configPath);
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch {
    return { values: null, error: `No se pudo leer la configuración ${path}` };
  }
  const loaded = loadCompanyConfig(text, relative(ROOT, path), {
    readFile: (p) => {
      try {
        return readFileSync(join(dirname(path), p), 'utf8');
      } catch {
        return null;
      }
    },
  });
  if (!loaded.config) return { values: null, error: loaded.errors.join('\n') };
  const selected = selectObra(loaded.config, obraSlug);
  if (!selected.obra) return { values: null, error: selected.error };
  return { values: placeholderValues(loaded.config, selected.obra, course), error: null };
}
