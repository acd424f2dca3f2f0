// Reads and validates content/es/glosario.json (decision 0106): build, content check, tests.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadGlossary, type GlossaryEntry } from '../../src/domain/content/glossary.ts';
import { CONTENT_DIR } from '../../course-files/read-content.ts';

export const GLOSSARY_FILE = 'glosario.json';

export function readGlossary(contentDir = CONTENT_DIR): {
  glossary: GlossaryEntry[] | null;
  issues: string[];
  file: string;
} {
  const file = join(contentDir, GLOSSARY_FILE);
  let data: unknown;
  try {
    data = JSON.parse(readFileSync(file, 'utf8'));
  } catch (e) {
    return { glossary: null, issues: [`${GLOSSARY_FILE}: ${(e as Error).message}`], file };
  }
  const { glossary, issues } = loadGlossary(data);
  return { glossary, issues: issues.map((i) => `${GLOSSARY_FILE}: ${i}`), file };
}
