// A screen type and a quiz type are each one folder plus one line in the domain registry and one
// in the feature registry. That a made-up type joins the engine by exactly those lines is
// src/plugin-fixtures/plugin-fixtures.test.tsx (record 0271); here, that every real type is
// registered so.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../../course-files/read-content.ts';

describe('the registered types', () => {
  const lines = (file: string) =>
    readFileSync(join(ROOT, file), 'utf8')
      .split('\n')
      .filter((l) => l.startsWith('export '));

  it.each([
    ['screen-types', 'src/domain/registry/screen-types.ts', 'src/features/screens/registry.ts'],
    ['quiz-types', 'src/domain/registry/quiz-types.ts', 'src/features/quiz/registry.ts'],
  ])('each %s folder has a definition and a feature entry, one registry line each', (dir, d, f) => {
    const folders = readdirSync(join(ROOT, 'src', dir));
    for (const folder of folders) {
      const files = readdirSync(join(ROOT, 'src', dir, folder));
      expect(files).toEqual(expect.arrayContaining(['definition.ts', 'feature.ts']));
      expect(lines(d).filter((l) => l.includes(`/${folder}/definition.ts'`))).toHaveLength(1);
      expect(lines(f).filter((l) => l.includes(`/${folder}/feature.ts'`))).toHaveLength(1);
    }
    expect(lines(d)).toHaveLength(folders.length);
    expect(lines(f)).toHaveLength(folders.length);
  });
});
